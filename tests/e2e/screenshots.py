"""This run's screenshots folder: fresh, temporary, outside the repository.

Its own module because pytest loads tests/e2e/conftest.py under a name of its own
(`e2e.conftest`) while the test files import `tests.e2e.conftest`: two copies of that
module, which must still agree on one folder.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

__all__ = ["ARTIFACTS"]

ARTIFACTS = Path(tempfile.mkdtemp(prefix="knight_py-screenshots-"))
