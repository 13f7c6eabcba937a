"""This run's screenshots folder: fresh, temporary, outside the repository.

Its own module because pytest loads tests/e2e/conftest.py under a name of its own
(`e2e.conftest`) while the test files import `tests.e2e.conftest`: two copies of that
module, which must still agree on one folder. Under pytest-xdist the run's first process
makes the folder and its workers, started after, find it in their environment.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["ARTIFACTS"]

if "KNIGHT_SCREENSHOTS" not in os.environ:
    os.environ["KNIGHT_SCREENSHOTS"] = tempfile.mkdtemp(prefix="knight_py-screenshots-")
ARTIFACTS = Path(os.environ["KNIGHT_SCREENSHOTS"])
