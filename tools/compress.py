"""Precompressed copies of the build's files: `name.zst` (Zstandard) for the files of
Python's start, `name.gz` (gzip) beside every compressible file.

Two readers: the solver worker fetches the big files of Python's start as their `.zst`
copies and decodes them itself (web/solver/decoded-body.mjs), so that a host that
compresses nothing still sends a third of the bytes; and tools/serve.py answers a
browser that accepts gzip with the `.gz` copy of any file and Content-Encoding: gzip.

Why Zstandard for the start (measured on this machine): level 22 with a 2 MB window
makes pyodide.asm.wasm 2.90 MB against 3.41 MB for Zopfli's gzip (the bytecode zip 0.79
against 0.96 MB, the glue code 0.22 against 0.25 MB): 0.73 MB less of the 4.6 MB a first
visit waits for, 0.65 s on fast 4G. Browsers decode neither Zstandard nor brotli in a
worker's DecompressionStream, so the worker decodes it with zstddec (Zstandard's own
decoder in WebAssembly) as the bytes come: 30-40 ms of one core for the wasm, as
gunzip. The window bounds the decoder's memory in each worker (2 MB, where the file's
own size, 9.6 MB, would save 13 KB); a 1 MB window lost 0.13 MB. Brotli (-q 11) is 0.13
MB smaller still, but its decoders are a 200 KB wasm or a dictionary of 120 KB. Without
the `zstandard` package (build.py installs it) the copies are gzip -9, which the same
reader decodes, and the build says so.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
from pathlib import Path

from .project import ROOT, log

__all__ = [
    "COMPRESSIBLE",
    "MIN_BYTES",
    "ZSTD_CACHE",
    "ZSTD_LEVEL",
    "ZSTD_WINDOW_LOG",
    "decompressed",
    "gzip_copy",
    "is_compressible",
    "smallest_copies",
    "zstd_available",
]

# What gains from gzip; .zip (deflated inside), .gz, .zst, .png already are compressed.
COMPRESSIBLE = (".html", ".css", ".js", ".mjs", ".json", ".wasm", ".webmanifest", ".svg", ".txt")
MIN_BYTES = 1024  # below this, a gzip header and a second file cost more than they save
ZSTD_LEVEL = 22  # the highest: ~6 s for the wasm, once per input (cached)
ZSTD_WINDOW_LOG = 21  # 2 MB: the decoder's memory; see above
ZSTD_CACHE = ROOT / "build" / "zstd"
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"
GZIP_MAGIC = b"\x1f\x8b"


def is_compressible(path: Path) -> bool:
    return path.suffix.lower() in COMPRESSIBLE


def gzip_copy(path: Path, target: Path | None = None, level: int = 9) -> Path:
    """Write `path` gzipped (mtime 0: same bytes for the same input) to `target` (default
    `path` + ".gz"), unless an up-to-date copy is there; return its path."""
    target = target or path.with_name(path.name + ".gz")
    if target.exists() and target.stat().st_mtime >= path.stat().st_mtime:
        return target
    target.write_bytes(gzip.compress(path.read_bytes(), compresslevel=level, mtime=0))
    return target


def zstd_available() -> bool:
    """Whether the `zstandard` package (the build's Zstandard compressor) is importable."""
    return importlib.util.find_spec("zstandard") is not None


def smallest_copies(paths: list[Path]) -> list[Path]:
    """`name.zst` beside each of `paths`: Zstandard, level ZSTD_LEVEL, cached by content in
    ZSTD_CACHE; or `name.gz` (gzip -9) without the `zstandard` package, logged."""
    if not zstd_available():
        log("gzip -9 instead of Zstandard for Python's start (no `zstandard`: pip install zstandard)")
        return [gzip_copy(path) for path in paths]
    copies = []
    for path in paths:
        data = path.read_bytes()
        cached = ZSTD_CACHE / f"{_zstd_key(data)}.zst"
        if not cached.exists():
            ZSTD_CACHE.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(".part")
            partial.write_bytes(_zstd(data))
            partial.replace(cached)  # never a half-written copy under the final name
        target = path.with_name(path.name + ".zst")
        target.write_bytes(cached.read_bytes())
        copies.append(target)
    return copies


def decompressed(data: bytes) -> bytes:
    """A copy's bytes decoded, Zstandard or gzip by their first bytes, as the worker
    reads them (web/solver/decoded-body.mjs); other bytes as they are."""
    if data[:4] == ZSTD_MAGIC:
        import zstandard

        return zstandard.ZstdDecompressor().decompressobj().decompress(data)
    if data[:2] == GZIP_MAGIC:
        return gzip.decompress(data)
    return data


def _zstd_key(data: bytes) -> str:
    digest = hashlib.sha256(f"zstd level {ZSTD_LEVEL} window {ZSTD_WINDOW_LOG}".encode())
    digest.update(hashlib.sha256(data).digest())
    return digest.hexdigest()[:20]


def _zstd(data: bytes) -> bytes:
    import zstandard  # the build's one compressor outside the standard library

    params = zstandard.ZstdCompressionParameters.from_level(
        ZSTD_LEVEL, source_size=len(data), window_log=ZSTD_WINDOW_LOG
    )
    return zstandard.ZstdCompressor(compression_params=params).compress(data)
