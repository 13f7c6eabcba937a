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

The files a first visit waits for (the wasm, the glue code and the bytecode zips) are
gzipped by Zopfli instead (tools/zopfli.mjs): the same format, decoded by the same
DecompressionStream, 0.17 MB smaller (the wasm 3.53 -> 3.41 MB, the standard library's
bytecode 0.89 -> 0.85 MB, the glue 0.26 -> 0.25 MB), for about a minute of one core at
build time, once per input (cached in build/zopfli/, keyed by content).
"""

from __future__ import annotations

import gzip
import hashlib
import shutil
import subprocess
from pathlib import Path

from .project import ROOT, log, node_exit

__all__ = [
    "COMPRESSIBLE",
    "MIN_BYTES",
    "ZOPFLI_CACHE",
    "ZOPFLI_SCRIPT",
    "gzip_copy",
    "is_compressible",
    "smallest_gzip_copies",
]

# What gains from gzip; .zip (deflated inside), .gz, .png already are compressed.
COMPRESSIBLE = (".html", ".css", ".js", ".mjs", ".json", ".wasm", ".webmanifest", ".svg", ".txt")
MIN_BYTES = 1024  # below this, a gzip header and a second file cost more than they save
ZOPFLI_SCRIPT = ROOT / "tools" / "zopfli.mjs"
ZOPFLI_CACHE = ROOT / "build" / "zopfli"
ZOPFLI_TIMEOUT = 900  # seconds; the wasm alone takes ~50 s on one of these cores
ZOPFLI_PROCESSES = 2  # these machines have two cores


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


def smallest_gzip_copies(paths: list[Path]) -> list[Path]:
    """`name.gz` beside each of `paths`, made by Zopfli (cached by content), or by gzip -9
    where Zopfli cannot run (the reason is logged): both are gzip, read the same way."""
    cached = {path: ZOPFLI_CACHE / f"{_zopfli_key(path)}.gz" for path in paths}
    missing = [path for path in paths if not cached[path].exists()]
    if missing:
        why = _zopfli(missing, cached)
        if why:
            log(f"gzip -9 instead of Zopfli ({why})")
    copies = []
    for path in paths:
        target = path.with_name(path.name + ".gz")
        if cached[path].exists():
            shutil.copyfile(cached[path], target)
        else:
            gzip_copy(path, target)
        copies.append(target)
    return copies


def _zopfli_key(path: Path) -> str:
    digest = hashlib.sha256(ZOPFLI_SCRIPT.read_bytes())
    digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:20]


def _zopfli(missing: list[Path], cached: dict[Path, Path]) -> str:
    """Compress `missing` into the cache, in parallel processes; "" or why not."""
    zopfli = ROOT / "node_modules" / "@gfx" / "zopfli"
    if shutil.which("node") is None or not zopfli.is_dir():
        return "node or node_modules/@gfx/zopfli is missing"
    ZOPFLI_CACHE.mkdir(parents=True, exist_ok=True)
    log(f"gzipping {len(missing)} files of Python's start with Zopfli (once per change)")
    # The largest first, each to the least loaded process: the wasm alone in one.
    groups: list[list[Path]] = [[] for _ in range(min(ZOPFLI_PROCESSES, len(missing)))]
    for path in sorted(missing, key=lambda p: -p.stat().st_size):
        min(groups, key=lambda g: sum(p.stat().st_size for p in g)).append(path)
    running = []
    for group in groups:
        cmd = ["node", str(ZOPFLI_SCRIPT)]
        for path in group:
            cmd += [str(path), str(cached[path])]
        running.append(subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE))
    failures = []
    for process in running:
        try:
            _, err = process.communicate(timeout=ZOPFLI_TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            failures.append(f"timed out after {ZOPFLI_TIMEOUT} s")
            continue
        if process.returncode != 0:
            failures.append(node_exit(process.returncode, err.decode(errors="replace")))
    return "; ".join(failures)
