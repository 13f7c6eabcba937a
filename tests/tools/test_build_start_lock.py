"""Pyodide's lock file as the page's start needs it (tools/site.py, start_lock): written
into the workers' bundles for loadPyodide's lockFileContents, so the lock file itself is
neither fetched nor cached."""

from __future__ import annotations

import json

import build
from tools import site
from tools.project import PYODIDE


def test_the_start_lock_has_pyodides_info_and_no_packages() -> None:
    full = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    lock = site.start_lock()
    # loadPyodide refuses a lock file whose ABI version is not its own.
    assert lock["info"] == full["info"] and full["info"]["abi_version"]
    assert lock["packages"] == {}
    assert len(full["packages"]) > 100, "the full file lists Pyodide's whole distribution"


def test_both_workers_carry_the_lock_and_the_build_ships_no_copy_to_fetch() -> None:
    manifest = json.loads((build.DIST / "build.json").read_text())
    assert "pyodide-lock.json" not in manifest["compressed"]
    assert not [name for name in manifest["files"] if name.startswith("pyodide-lock")]
    abi = json.dumps(site.start_lock()["info"]["abi_version"])
    for worker in ("worker.mjs", "learn-worker.js"):
        text = (build.DIST / worker).read_text()
        assert f"abi_version: {abi}" in text, worker
        assert "lockFileContents: BUILT_LOCK" in text, worker
