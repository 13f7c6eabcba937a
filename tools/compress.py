"""Precompressed copies of the build's files: `name.gz` beside `name`.

Two readers: the solver worker fetches the big files of Python's start as `.gz` and
gunzips them itself (DecompressionStream), so that a host that compresses nothing still
sends a third of the bytes; and tools/serve.py answers a browser that accepts gzip with
the `.gz` copy of any file and Content-Encoding: gzip.

Why gzip and not brotli (measured with Node's zlib): brotli -q 11 makes pyodide.asm.wasm
2.77 MB against gzip -9's 3.59 MB (pyodide.asm.mjs 0.21 against 0.26 MB), but took 112 s
to compress, and browsers decode brotli only as a Content-Encoding, never in a worker's
DecompressionStream. Even native brotli decoding took 247 ms for the wasm against 138 ms
for gunzip; a JavaScript decoder is several times slower than native, so on these 2
cores it would spend about as much CPU as the 0.8 MB saves on a 9 Mbps link, and more
on faster ones. gzip -9 (zlib) is decoded natively by every browser.
"""

from __future__ import annotations

import gzip
from pathlib import Path

__all__ = ["COMPRESSIBLE", "MIN_BYTES", "gzip_copy", "is_compressible"]

# What gains from gzip; .zip (deflated inside), .gz, .png already are compressed.
COMPRESSIBLE = (".html", ".css", ".js", ".mjs", ".json", ".wasm", ".webmanifest", ".svg", ".txt")
MIN_BYTES = 1024  # below this, a gzip header and a second file cost more than they save


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
