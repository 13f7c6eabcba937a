"""The Zopfli copies of the files a first visit waits for (tools/compress.py): gzip that
gunzips to the file, no larger than gzip -9's, made once per input, and gzip -9 where
Zopfli cannot run."""

from __future__ import annotations

import gzip
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from node_scripts import failing_node_script

from tools import compress


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The Zopfli cache in a temporary folder (the real one stays as it is)."""
    monkeypatch.setattr(compress, "ZOPFLI_CACHE", tmp_path / "cache")
    return tmp_path / "cache"


def sample(path: Path, seed: int) -> Path:
    """A compressible file: words drawn from a small vocabulary."""
    rng = random.Random(seed)
    words = [f"knight{n}" for n in range(50)]
    path.write_text(" ".join(rng.choice(words) for _ in range(20_000)))
    return path


def test_copies_gunzip_to_their_files_and_are_made_once(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = [sample(tmp_path / f"f{n}.wasm", n) for n in range(3)]  # two processes, three files
    copies = compress.smallest_gzip_copies(files)
    assert copies == [f.with_name(f.name + ".gz") for f in files]
    for original, copy in zip(files, copies, strict=True):
        packed = copy.read_bytes()
        assert gzip.decompress(packed) == original.read_bytes()
        assert len(packed) <= len(gzip.compress(original.read_bytes(), compresslevel=9))
    assert len(list(cache.glob("*.gz"))) == 3

    def no_node(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("node ran although the inputs did not change")

    monkeypatch.setattr(subprocess, "Popen", no_node)
    first = [c.read_bytes() for c in copies]
    for copy in copies:
        copy.unlink()
    compress.smallest_gzip_copies(files)
    assert [c.read_bytes() for c in copies] == first


def test_without_node_the_copies_are_gzip_9_and_the_reason_is_logged(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    original = sample(tmp_path / "g.wasm", 7)
    [copy] = compress.smallest_gzip_copies([original])
    assert gzip.decompress(copy.read_bytes()) == original.read_bytes()
    assert "gzip -9 instead of Zopfli (node or node_modules/@gfx/zopfli is missing)" in (
        capsys.readouterr().out
    )
    assert not list(cache.glob("*.gz")), "nothing cached: the next build tries Zopfli again"


def test_a_failing_compressor_leaves_gzip_9_and_no_half_written_file(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(compress, "ZOPFLI_SCRIPT", failing_node_script(tmp_path, "out of memory", 3))
    original = sample(tmp_path / "h.wasm", 8)
    [copy] = compress.smallest_gzip_copies([original])
    assert gzip.decompress(copy.read_bytes()) == original.read_bytes()
    assert "node exited with 3: out of memory" in capsys.readouterr().out
    assert not list(cache.iterdir())
