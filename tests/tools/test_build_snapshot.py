"""The memory snapshot (tools/snapshot.py, run by build.py): made once per input, and never a
reason for the build to fail."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import build
from tests.node_scripts import failing_node_script
from tools import snapshot


@pytest.fixture
def snapshot_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The snapshot cache in a temporary folder (the real one stays as it is)."""
    monkeypatch.setattr(snapshot, "SNAPSHOT_CACHE", tmp_path / "cache")
    return tmp_path


def test_a_failed_snapshot_leaves_a_site_without_one(
    snapshot_dirs: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(snapshot, "SNAPSHOT_SCRIPT", failing_node_script(snapshot_dirs, "the heap grew"))
    dist = build.assemble(snapshot_dirs / "dist")
    manifest = json.loads((dist / "build.json").read_text())
    assert manifest["snapshot"] is None
    assert not list(dist.glob("snapshot-*.bin.gz"))
    assert "no memory snapshot" in capsys.readouterr().out
    # The worker's bundle names no snapshot either: it starts Python the plain way at once.
    worker = (dist / "worker.mjs").read_text()
    assert not re.search(r"snapshot-[0-9a-f]+\.bin\.gz", worker)
    assert re.search(r"BUILT_SNAPSHOT = .*\bnull\b", worker), "the define is null"
    # Still a whole site: every file build.json lists is there, and the service worker
    # carries this build's hash.
    assert all((dist / name).is_file() for name in manifest["files"])
    assert manifest["build"] in (dist / build.SERVICE_WORKER).read_text()


def test_without_node_the_reason_is_given(
    snapshot_dirs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    archive = build.build_archive(snapshot_dirs)
    assert snapshot.make_snapshot(archive, "zip") == "node is not installed"


def test_the_snapshot_is_made_once_per_input(
    snapshot_dirs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = build.build_archive(snapshot_dirs)
    key = snapshot.snapshot_inputs_key(archive)
    cache = snapshot.SNAPSHOT_CACHE
    cache.mkdir(parents=True)
    raw = b"\x00snp" + bytes(100)
    (cache / f"{key}.bin.gz").write_bytes(gzip.compress(raw))
    (cache / f"{key}.json").write_text(json.dumps({"bytes": len(raw), "initialHeapBytes": 64}))

    def no_node(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("node ran although the inputs did not change")

    monkeypatch.setattr(subprocess, "run", no_node)
    made, entry = snapshot.add_snapshot(snapshot_dirs, archive, "zip")
    assert made is not None and made.name.startswith("snapshot-")
    assert entry == {
        "file": made.name,
        "bytes": made.stat().st_size,
        "rawBytes": 104,
        "heapLimit": 64,
    }
    # Another package is another key: the cached snapshot does not fit it.
    other = snapshot_dirs / "other.zip"
    other.write_bytes(archive.read_bytes() + b"\0")
    assert snapshot.snapshot_inputs_key(other) != key


def test_the_built_snapshot_imported_every_module_the_worker_calls() -> None:
    """The restored heap has no files to import from later: knight_py.page, through which
    the solver worker calls the package, was imported before the snapshot was taken."""
    manifest = json.loads((build.DIST / "build.json").read_text())
    if manifest["snapshot"] is None:
        pytest.skip("this build has no snapshot")
    key = snapshot.snapshot_inputs_key(build.DIST / manifest["package"])
    facts = json.loads((snapshot.SNAPSHOT_CACHE / f"{key}.json").read_text())
    assert {"knight_py", "knight_py.page", "knight_py.learn.tracer"} <= set(facts["modules"])
    assert not any(name.startswith("knight_py.cases") for name in facts["modules"])
