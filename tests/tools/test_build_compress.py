"""The compressed copies of the files a first visit waits for (tools/compress.py):
Zstandard that decodes to the file, smaller than gzip -9's, made once per input, with a
window fzstd keeps small; gzip -9 without the `zstandard` package."""

from __future__ import annotations

import gzip
import random
from pathlib import Path
from typing import Any

import pytest
import zstandard
from hypothesis import given, settings
from hypothesis import strategies as st

from tools import compress


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The Zstandard cache in a temporary folder (the real one stays as it is)."""
    monkeypatch.setattr(compress, "ZSTD_CACHE", tmp_path / "cache")
    return tmp_path / "cache"


def sample(path: Path, seed: int, words: int = 20_000) -> Path:
    """A compressible file: words drawn from a small vocabulary."""
    rng = random.Random(seed)
    vocabulary = [f"knight{n}" for n in range(50)]
    path.write_text(" ".join(rng.choice(vocabulary) for _ in range(words)))
    return path


def test_copies_decode_to_their_files_and_are_made_once(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = [sample(tmp_path / f"f{n}.wasm", n) for n in range(3)]
    copies = compress.smallest_copies(files)
    assert copies == [f.with_name(f.name + ".zst") for f in files]
    for original, copy in zip(files, copies, strict=True):
        packed = copy.read_bytes()
        assert packed[:4] == compress.ZSTD_MAGIC
        assert compress.decompressed(packed) == original.read_bytes()
        assert len(packed) < len(gzip.compress(original.read_bytes(), compresslevel=9))
    assert len(list(cache.glob("*.zst"))) == 3
    assert not list(cache.glob("*.part")), "no half-written copy is kept"

    def no_compressor(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("compressed again although the inputs did not change")

    monkeypatch.setattr(compress, "_zstd", no_compressor)
    first = [c.read_bytes() for c in copies]
    for copy in copies:
        copy.unlink()
    compress.smallest_copies(files)
    assert [c.read_bytes() for c in copies] == first
    # A changed input is compressed anew.
    sample(files[0], 99)
    with pytest.raises(AssertionError, match="compressed again"):
        compress.smallest_copies(files[:1])


def test_the_window_bounds_the_decoders_memory(tmp_path: Path, cache: Path) -> None:
    """A file larger than the window is framed with ZSTD_WINDOW_LOG's window (what the
    page's decoder allocates), not one the size of the file."""
    big = sample(tmp_path / "big.wasm", 5, words=600_000)  # ~5 MB
    assert big.stat().st_size > 2 << compress.ZSTD_WINDOW_LOG
    [copy] = compress.smallest_copies([big])
    frame = zstandard.get_frame_parameters(copy.read_bytes())
    assert frame.window_size == 1 << compress.ZSTD_WINDOW_LOG
    assert frame.content_size == big.stat().st_size


def test_without_zstandard_the_copies_are_gzip_9_and_the_build_says_so(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(compress, "zstd_available", lambda: False)
    original = sample(tmp_path / "g.wasm", 7)
    [copy] = compress.smallest_copies([original])
    assert copy.name == "g.wasm.gz"
    assert gzip.decompress(copy.read_bytes()) == original.read_bytes()
    assert compress.decompressed(copy.read_bytes()) == original.read_bytes()
    assert "gzip -9 instead of Zstandard" in capsys.readouterr().out
    assert not cache.exists(), "nothing cached"


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=3000))
def test_decompressed_reads_back_either_format_and_passes_the_rest(data: bytes) -> None:
    assert compress.decompressed(compress._zstd(data)) == data
    assert compress.decompressed(gzip.compress(data)) == data
    if data[:2] != compress.GZIP_MAGIC and data[:4] != compress.ZSTD_MAGIC:
        assert compress.decompressed(data) == data
