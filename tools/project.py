"""Where build.py's parts find the project: its folders, the pinned Pyodide, the log line."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

__all__ = ["DIST", "PACKAGE", "PYODIDE", "ROOT", "WEB", "log", "node_exit", "pinned_pyodide", "run"]

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
PACKAGE = ROOT / "knight_py"
PYODIDE = ROOT / "node_modules" / "pyodide"


def log(message: str) -> None:
    """One line of the build's own output, marked as such."""
    print(f"[build] {message}", flush=True)


def run(*cmd: str) -> int:
    """Run ``cmd`` in the project folder, echoing it first; its exit status."""
    log("$ " + " ".join(cmd))
    return subprocess.call(cmd, cwd=ROOT)


def node_exit(status: int, output: str) -> str:
    """Why a build script in Node failed, in one line: its exit status and the last line
    it wrote (stderr, else stdout), cut to 300 characters.

    >>> node_exit(3, "loading\\nout of memory\\n")
    'node exited with 3: out of memory'
    """
    lines = output.strip().splitlines() or ["no output"]
    return f"node exited with {status}: {lines[-1][:300]}"


def pinned_pyodide() -> str:
    """The Pyodide version package-lock.json pins."""
    lock = json.loads((ROOT / "package-lock.json").read_text())
    return str(lock["packages"]["node_modules/pyodide"]["version"])
