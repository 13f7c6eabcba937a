"""Stand-ins for the build's Node scripts (tools/*.mjs), for the tests of what the build
does when one fails."""

from __future__ import annotations

import json
from pathlib import Path

__all__ = ["failing_node_script"]


def failing_node_script(folder: Path, message: str, status: int = 1) -> Path:
    """A Node script in `folder` that prints `message` on stderr and exits with `status`."""
    script = folder / "failing.mjs"
    script.write_text(f"console.error({json.dumps(message)}); process.exit({status});\n")
    return script
