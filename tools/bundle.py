"""The page's two scripts and its workers, each as one file: esbuild (pinned in package.json)
bundles web/main.js (the board) and web/app.js (the rest), each with everything it imports,
into dist/, and web/solver/worker.mjs with its imports (Pyodide's loader from
node_modules/pyodide among them) into dist/worker.mjs, as learn/worker.mjs and the
service worker (which decodes compressed copies as the worker does).

Why: a cold visit to the unbundled page made ~80 module requests, and handling them kept
Chromium's main thread busy for ~250 ms before the board could be drawn, while the solver
worker's requests queued behind them; the worker then loaded its own modules in three
rounds before its first download. With one file each, the board is drawn sooner and
Python's downloads start at once; the worker's bundle also holds build.json's entry for
the snapshot, so its download need not wait for build.json. The other page modules are
still copied beside the bundle (tests import single modules in the page); web/ stays the
source of truth.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .project import ROOT, WEB, run

__all__ = ["BUNDLES", "CLASSIC", "ESBUILD", "MINIFIED", "PAGE_BUNDLES", "bundle"]

# The entry points in web/ and the names dist/ holds them under, bundled. The worker sits
# at dist/'s root beside Pyodide's files, which it finds relative to its own address.
BUNDLES = {
    "main.js": "main.js",
    "app.js": "app.js",
    "solver/worker.mjs": "worker.mjs",
    # The Learn sandbox's worker: the page reads it as text and hands it to the sandbox
    # frame, which starts it as a classic worker from a blob: URL (web/learn/sandbox-frame.js).
    "learn/worker.mjs": "learn-worker.js",
    # A classic script (registered without type: "module"): its bundle has no import or
    # export left.
    "service-worker.mjs": "service-worker.mjs",
}
# The page's two scripts, in index.html's order: the board (main.js, 7.5 KB), then the
# rest (app.js), each a bundle of its own, so that the board does not wait for the rest.
PAGE_BUNDLES = ("main.js", "app.js")
# Minified, with a source map beside each for the browser's tools: the page's scripts,
# which a first visit waits for before the page works (397 KB -> 264 KB, 102 KB -> 80 KB
# gzipped: a tenth of a second on slow 4G). The workers stay as they are: readable, and
# 2 KB apart gzipped.
MINIFIED = {"main.js", "app.js"}
# Bundled as a classic script (an IIFE), not a module: started as a classic worker.
CLASSIC = {"learn/worker.mjs"}
# First in a classic bundle: Pyodide's loader, as its module is evaluated, takes a worker
# whose importScripts works for a classic one and refuses it; tried with a data: URL
# that the sandbox's policy blocks, which Firefox reports as the worker's error. Hidden
# before any module of the bundle runs.
CLASSIC_BANNER = 'Object.defineProperty(self, "importScripts", { value: undefined, configurable: true });'

ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"


def bundle(
    dist: Path, entry: str, define: dict[str, object] | None = None
) -> tuple[Path, set[str]]:
    """Write web/`entry` (a key of BUNDLES) into dist/ bundled; return its path and the
    other files of web/ it holds (paths relative to web/, from esbuild's metafile).

    `define` names globals the bundle holds as constants (JSON values), such as the
    worker's KNIGHT_SNAPSHOT. The entries of MINIFIED are minified, with a linked source
    map (`name.map`, not part of build.json's files); the others stay readable in the
    browser's tools (each module marked by a comment with its path).
    """
    if not ESBUILD.exists():
        sys.exit("[build] node_modules/.bin/esbuild is missing: run `npm ci --include=dev`")
    target = dist / BUNDLES[entry]
    metafile = ROOT / "build" / f"{BUNDLES[entry]}.meta.json"
    metafile.parent.mkdir(parents=True, exist_ok=True)
    defines = [f"--define:{name}={json.dumps(value)}" for name, value in (define or {}).items()]
    status = run(
        str(ESBUILD),
        str((WEB / entry).relative_to(ROOT)),
        "--bundle",
        *(["--format=iife", f"--banner:js={CLASSIC_BANNER}"] if entry in CLASSIC else ["--format=esm"]),
        "--target=es2022",
        "--platform=browser",
        # Pyodide's loader imports these only when it runs in Node.
        "--external:node:*",
        "--external:ws",
        "--log-level=warning",
        *defines,
        *(["--minify", "--sourcemap=linked"] if entry in MINIFIED else []),
        # Chinese as UTF-8 (3 bytes a character) rather than \uXXXX escapes (6): main.js
        # 266 -> 243 KB, what a host that compresses nothing sends. Module scripts and
        # module workers are always read as UTF-8.
        "--charset=utf8",
        f"--metafile={metafile}",
        f"--outfile={target}",
    )
    if status != 0:
        sys.exit(f"[build] esbuild could not bundle web/{entry}")
    # The metafile names inputs relative to the folder esbuild ran in (the project's).
    inputs = json.loads(metafile.read_text())["inputs"]
    held = {(ROOT / name).resolve() for name in inputs if not name.startswith("<")}
    sources = {p.relative_to(WEB).as_posix() for p in held if p.is_relative_to(WEB)}
    return target, sources - {entry}
