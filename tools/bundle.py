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

__all__ = [
    "BUNDLES", "CLASSIC", "ESBUILD", "MINIFIED", "PAGE_BUNDLES", "SPLIT", "bundle", "language_files", "split_files"
]

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
# Bundled with each module it imports with import() in a file of its own beside it (named
# as that module): app.js's other languages (web/i18n/catalogs.js), which a first visit in
# English need not download. Only those: a module both files import would go to a third
# file, one more request before the page can start, and the build refuses that.
SPLIT = {"app.js"}
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
        *(["--splitting", f"--outdir={dist}", "--entry-names=[name]", "--chunk-names=[name]"]
          if entry in SPLIT else [f"--outfile={target}"]),
    )
    if status != 0:
        sys.exit(f"[build] esbuild could not bundle web/{entry}")
    shared = _outputs(entry, shared=True)
    if shared:
        sys.exit(f"[build] web/{entry} and a module it imports with import() share code, "
                 f"bundled apart in {', '.join(shared)}: one more file before the page starts")
    # The metafile names inputs relative to the folder esbuild ran in (the project's).
    inputs = json.loads(metafile.read_text())["inputs"]
    held = {(ROOT / name).resolve() for name in inputs if not name.startswith("<")}
    sources = {p.relative_to(WEB).as_posix() for p in held if p.is_relative_to(WEB)}
    return target, sources - {entry}


def split_files(entry: str) -> list[str]:
    """The files beside the bundle of `entry` that its last build split out (names in
    dist/, without source maps): each module it imports with import(). None unless
    `entry` is in SPLIT."""
    return _outputs(entry, shared=False) if entry in SPLIT else []


def _outputs(entry: str, shared: bool) -> list[str]:
    """The names of the files besides the bundle itself that the last build of `entry`
    wrote: the modules split out (shared=False), or code they share with it (True), which
    esbuild's metafile lists without an entry point."""
    metafile = ROOT / "build" / f"{BUNDLES[entry]}.meta.json"
    outputs = json.loads(metafile.read_text())["outputs"]
    return sorted(
        Path(name).name for name, output in outputs.items()
        if not name.endswith(".map") and Path(name).name != BUNDLES[entry]
        and ("entryPoint" not in output) == shared
    )


def language_files(names: list[str]) -> dict[str, str]:
    """{language: file} of the catalogs among split files (web/i18n/catalog-<lang>.js).

    >>> language_files(["catalog-zh.js", "other.js"])
    {'zh': 'catalog-zh.js'}
    """
    return {name[len("catalog-"):-len(".js")]: name for name in names
            if name.startswith("catalog-") and name.endswith(".js")}
