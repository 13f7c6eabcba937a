"""dist/: the web/ files (main.js, app.js and the workers bundled, tools/bundle.py),
Pyodide's core files (and compressed copies of the big ones, with the trimmed standard
library, that the worker fetches), the package as a zip, the memory snapshot, the service
worker stamped with the build's hash, build.json listing what the page fetches, and a
`.gz` beside every compressible file for servers that send it with Content-Encoding
(tools/compress.py)."""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import tomllib
import zipfile
from pathlib import Path
from typing import Any

from .bundle import BUNDLES, PAGE_BUNDLES, bundle, language_files, split_files
from .bytecode import bytecode_zips, merge_zips, split_zip, start_imports
from .compress import MIN_BYTES, decompressed, gzip_copy, is_compressible, smallest_copies
from .learn_exercises import add_learn_exercises
from .learn_programs import add_learn_programs
from .presets import add_presets
from .project import DIST, PACKAGE, PYODIDE, ROOT, WEB, log, pinned_pyodide, run
from .serve import CSP, MIME_TYPES, csp_for
from .snapshot import add_snapshot, snapshot_stdlib
from .stdlib import trimmed_stdlib

__all__ = [
    "BYTECODE_LATER",
    "BYTECODE_STDLIB",
    "PYODIDE_FILES",
    "SERVICE_WORKER",
    "TRIMMED_STDLIB",
    "assemble",
    "build_archive",
    "compressed_starts",
    "ensure_node_modules",
    "kept_files",
    "package_files",
    "service_worker_defines",
    "site_hash",
    "stale_node_modules",
    "start_lock",
]

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
SERVICE_WORKER = "service-worker.mjs"
TRIMMED_STDLIB = "python_stdlib-trimmed.zip"
BYTECODE_STDLIB = "python_stdlib-pyc.zip"
# The bytecode the plain start does not import (the constructions, holes, Learn's modules,
# Pyodide's console and http): fetched while Python starts, once the start's own downloads
# are whole, and appended to the standard library's zip before the first command
# (web/solver/later-modules.mjs). 0.1 MB less before Python is ready.
BYTECODE_LATER = "python_stdlib-later-pyc.zip"
# What the solver worker imports before it says it is ready (web/solver/worker.mjs).
START_MODULE = "knight_py.page"
# The files of Pyodide's start that the worker fetches compressed and decodes itself
# (tools/compress.py; not the lock file: the worker's bundle holds what the start needs of
# it, start_lock). The standard library's source serves the snapshot's start and the
# fallback; the plain start takes its bytecode (BYTECODE_STDLIB) instead.
COMPRESSED_START = ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip")


def stale_node_modules() -> list[str]:
    """The packages package-lock.json pins (directly) that node_modules lacks or has at
    another version."""
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    root = lock[""]
    stale = []
    for name in sorted({**root.get("dependencies", {}), **root.get("devDependencies", {})}):
        installed = ROOT / "node_modules" / name / "package.json"
        pinned = lock.get(f"node_modules/{name}", {}).get("version")
        if not installed.exists() or json.loads(installed.read_text()).get("version") != pinned:
            stale.append(name)
    return stale


def ensure_node_modules() -> None:
    """Run `npm ci` when a package that package-lock.json pins is absent or differs."""
    stale = stale_node_modules()
    if not stale:
        return
    log("node_modules lacks or has other versions of: " + ", ".join(stale))
    if shutil.which("npm") is None:
        sys.exit("[build] npm is missing: install Node.js 20.11+ (Debian: apt-get install nodejs npm)")
    # --include=dev: esbuild is a devDependency, and an npm set to omit those would
    # leave it out on every run.
    if run("npm", "ci", "--include=dev", "--no-audit", "--no-fund") != 0:
        sys.exit("[build] npm ci failed")


def project_metadata() -> dict[str, object]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return dict(tomllib.load(f)["project"])


# The command line never runs in the page: left in, its argparse and gettext (139 KB of
# bytecode, 36 KB of the Zstandard copy) would come with every plain start, before Python
# is ready, and sit in the snapshot's heap.
COMMAND_LINE = ("cli.py", "__main__.py")


def package_files(source: Path = PACKAGE) -> list[Path]:
    """The files of the package the page ships: its modules, subpackages included, and
    py.typed; not the command line (COMMAND_LINE)."""
    return [
        path
        for path in sorted(source.rglob("*"))
        if path.is_file()
        and (path.suffix == ".py" or path.name == "py.typed")
        and "__pycache__" not in path.parts
        and path.relative_to(source).as_posix() not in COMMAND_LINE
    ]


def build_archive(out_dir: Path, source: Path = PACKAGE) -> Path:
    """Zip the package for the page, which unpacks it into site-packages; return its path.

    The page imports the package and reads no installer metadata, so a plain zip of
    ``knight_py/`` is all it needs.  Timestamps are fixed so that the same sources give
    the same bytes.
    """
    files = package_files(source)
    if source / "__init__.py" not in files:
        sys.exit(f"[build] {source}/__init__.py is missing: nothing to put in the archive")
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"knight_py-{project_metadata()['version']}.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in files:
            arcname = "knight_py/" + path.relative_to(source).as_posix()
            info = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
    return target


def _copy_if_changed(src: Path, dst: Path) -> None:
    if dst.exists():
        s, d = src.stat(), dst.stat()
        if s.st_size == d.st_size and int(s.st_mtime) == int(d.st_mtime):
            return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)


def site_hash(dist: Path, files: list[Path]) -> str:
    """The build's content hash: every file's name and bytes (the service worker's and
    build.json's own left out, since they carry this hash)."""
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path.relative_to(dist).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def kept_files(dist: Path, manifest: dict[str, Any]) -> dict[str, str]:
    """What the service worker keeps in its cache, by the name it keeps it under ("./" is
    the page), each with the hex SHA-256 of the bytes it must serve: build.json's files
    but the compressed copies, which it keeps decoded under the name they stand for
    (web/service-worker.mjs), and build.json itself (written before this is called)."""
    compressed: dict[str, str] = manifest["compressed"]
    copies = set(compressed.values())

    def sha256(data: bytes) -> str:
        return hashlib.sha256(data).hexdigest()

    kept = {"./": sha256((dist / "index.html").read_bytes())}
    for name in manifest["files"]:
        if name not in copies:
            kept[name] = sha256((dist / name).read_bytes())
    for name, copy in compressed.items():
        kept[name] = sha256(decompressed((dist / copy).read_bytes()))
    kept["build.json"] = sha256((dist / "build.json").read_bytes())
    return kept


def service_worker_defines(dist: Path, manifest: dict[str, Any]) -> dict[str, object]:
    """The constants the service worker's bundle holds: what it keeps and each file's
    hash (kept_files), those it checks early, the copies it decodes, and the headers it serves pages and workers
    with, the same as tools/serve.py's (the service worker trusts no header stored in its
    cache: docs/security-sw.md)."""
    kept = kept_files(dist, manifest)
    # tools/serve.py's CSP for each file: the page's, but where it gives another (the
    # workers' scripts), listed by name.
    own = {name: csp_for("/" + name) for name in kept if csp_for("/" + name) != CSP}
    # What a warm start asks for (the snapshot's start: not the bytecode, which only the
    # plain start reads): the service worker checks these as soon as the page is asked for.
    snapshot: dict[str, Any] | None = manifest["snapshot"]
    early = [*COMPRESSED_START, *([snapshot["file"]] if snapshot else [])]
    return {
        "KNIGHT_FILES": kept,
        "KNIGHT_EARLY": [name for name in early if name in kept],
        "KNIGHT_DECODED": manifest["compressed"],
        "KNIGHT_POLICY": {"page": CSP, "byName": own, "types": MIME_TYPES},
    }


def start_lock(pyodide: Path = PYODIDE) -> dict[str, object]:
    """What Pyodide's start needs of its lock file, for loadPyodide's lockFileContents: the
    "info" it checks against its own build (the ABI version), and no packages. The page
    loads no package of Pyodide's distribution, and a package listed here would only name
    itself in the note of a ModuleNotFoundError; the full file is 119 KB, 26 KB gzipped."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    return {"info": lock["info"], "packages": {}}


def compressed_starts(
    dist: Path, archive: Path, with_snapshot: bool
) -> tuple[dict[str, str], dict[str, str] | None]:
    """The compressed copies the worker fetches in place of Pyodide's own files, by the
    name Pyodide asks for (tools/compress.py: Zstandard, or gzip without it); for the
    standard library the trimmed one when the snapshot's build saw what a start imports
    (else the whole library). With the trimmed library, also its bytecode with the
    package's inside (tools/bytecode.py), listed in the first dict by its own name and in
    the second as {"stdlib"}: the name the worker asks for (None when there is no
    bytecode; the reason is logged)."""
    imported = snapshot_stdlib(archive) if with_snapshot else None
    sources = {name: dist / name for name in COMPRESSED_START}
    if imported:
        sources["python_stdlib.zip"] = trimmed_stdlib(
            PYODIDE / "python_stdlib.zip", imported, dist / TRIMMED_STDLIB
        )
    copies = smallest_copies(list(sources.values()))
    files = {name: copy.name for name, copy in zip(sources, copies, strict=True)}
    bytecode = _bytecode(dist, archive) if imported else None
    for name in (bytecode or {}).values():
        [copy] = smallest_copies([dist / name])
        files[name] = copy.name
    return files, bytecode


def _bytecode(dist: Path, archive: Path) -> dict[str, str] | None:
    """The trimmed standard library's bytecode with the package's inside it, in dist/
    (tools/bytecode.py): {"stdlib": the part the plain start imports, "later": the rest};
    {"stdlib"} alone, the whole, when what the start imports could not be known; None when
    it could not be made (the reason is logged). One zip on sys.path, so the plain start
    imports knight_py from the standard library's zip: nothing to unpack into
    site-packages (~50 ms in the browser)."""
    trimmed = dist / TRIMMED_STDLIB
    stdlib, package = dist / "stdlib-part-pyc.zip", dist / "package-part-pyc.zip"
    # The package compiled as the standard library's zip holds it: its code objects name
    # the file it is imported from, as a compile from source there would.
    made = bytecode_zips([(trimmed, stdlib, "stdlib"), (archive, package, "stdlib")])
    trimmed.unlink()  # only its copy is fetched
    if isinstance(made, str):
        log(f"no bytecode ({made}); the page's Python will compile its modules from source")
        return None
    whole = merge_zips([stdlib, package], dist / "whole-pyc.zip")
    stdlib.unlink()
    package.unlink()
    imported = start_imports(whole, START_MODULE)
    if isinstance(imported, str):
        log(f"the bytecode in one zip ({imported})")
        whole.replace(dist / BYTECODE_STDLIB)
        return {"stdlib": BYTECODE_STDLIB}
    first, later = split_zip(whole, dist / BYTECODE_STDLIB, dist / BYTECODE_LATER, imported)
    whole.unlink()
    log(f"bytecode: {first} entries before Python is ready, {later} after")
    return {"stdlib": BYTECODE_STDLIB, "later": BYTECODE_LATER}


def serve_copies(dist: Path, files: set[Path]) -> set[Path]:
    """A `.gz` beside each compressible file of `files` (tools/serve.py sends it to
    browsers that accept gzip)."""
    return {
        gzip_copy(path)
        for path in files
        if is_compressible(path) and path.stat().st_size >= MIN_BYTES
    }


def assemble(dist: Path = DIST, source: Path = PACKAGE, snapshot: bool = True) -> Path:
    """Build dist/: the web/ files (main.js, app.js and the workers bundled), Pyodide's core
    files, the package's zip, the memory snapshot, the service worker (stamped with the
    build's hash) and build.json."""
    ensure_node_modules()
    dist.mkdir(parents=True, exist_ok=True)
    wanted: set[Path] = set()
    for src in sorted(WEB.rglob("*")):
        bundled = src.relative_to(WEB).as_posix() in BUNDLES
        if src.is_file() and src.name != SERVICE_WORKER and not bundled:
            dst = dist / src.relative_to(WEB)
            _copy_if_changed(src, dst)
            wanted.add(dst)
    source_maps = set()
    page_sources: set[str] = set()
    # app.js first: main.js asks for the page's language's file that app.js split out
    # (tools/bundle.py SPLIT) by the name it got.
    split: list[str] = []
    for entry in sorted(PAGE_BUNDLES, key=lambda name: name != "app.js"):
        define: dict[str, object] | None = (
            {"KNIGHT_LANGUAGE_FILES": language_files(split)} if entry == "main.js" else None
        )
        page, sources = bundle(dist, entry, define)
        page_sources |= sources
        split_out = split_files(entry)
        split = split or split_out
        # Each with its source map, for the browser's tools only: kept, not cached for offline use.
        for name in [page.name, *split_out]:
            wanted.add(dist / name)
            source_maps.add(dist / (name + ".map"))
    for name in PYODIDE_FILES:
        _copy_if_changed(PYODIDE / name, dist / name)
    archive = build_archive(dist, source)
    wanted.add(archive)
    wanted.update(add_presets(dist, archive))
    wanted.add(add_learn_programs(dist))
    wanted.add(add_learn_exercises(dist))
    snapshot_file, snapshot_entry = add_snapshot(dist, archive, "zip") if snapshot else (None, None)
    if snapshot_file:
        wanted.add(snapshot_file)
    compressed, bytecode = compressed_starts(dist, archive, snapshot_file is not None)
    # Pyodide's own files and the bytecode stay (a bare Pyodide page, a worker whose
    # copy's fetch failed, one that saw the decoded file in the service worker's cache
    # but is not under it: a hard reload) but the page fetches the compressed copies:
    # only those are listed (the service worker keeps them decoded, service-worker.mjs).
    unlisted = {dist / name for name in PYODIDE_FILES} | source_maps
    unlisted |= {dist / name for name in (bytecode or {}).values()}
    wanted.update(dist / name for name in compressed.values())
    defines = {
        "KNIGHT_SNAPSHOT": snapshot_entry,
        "KNIGHT_COMPRESSED": compressed,
        "KNIGHT_BYTECODE": bytecode,
        "KNIGHT_LOCK": start_lock(),
    }
    worker, worker_sources = bundle(dist, "solver/worker.mjs", defines)
    wanted.add(worker)
    # The Learn view's worker: its own Python from the same snapshot, with the tracer.
    learn_worker, learn_sources = bundle(dist, "learn/worker.mjs", defines)
    wanted.add(learn_worker)
    worker_sources |= learn_sources
    # The workers' own modules live only in their bundles; left beside them they would be
    # cached and never used. A module the page imports too stays: tests import the page's
    # modules one by one.
    wanted.difference_update(dist / name for name in worker_sources - page_sources)
    build_id = site_hash(dist, sorted(wanted | unlisted))
    manifest = {
        "build": build_id,
        "package": archive.name,
        "version": str(project_metadata()["version"]),
        "pyodide": pinned_pyodide(),
        "snapshot": snapshot_entry,
        # What a first visit downloads (and the service worker caches), in bytes.
        "files": {p.relative_to(dist).as_posix(): p.stat().st_size for p in sorted(wanted)},
        # What the worker fetches compressed in place of Pyodide's own files.
        "compressed": compressed,
        # The standard library and the package precompiled: the names the worker asks
        # for (in "compressed"), or null when the build could not compile them.
        "bytecode": bytecode,
    }
    (dist / "build.json").write_text(json.dumps(manifest, indent=1) + "\n")
    wanted.add(dist / "build.json")
    # Bundled (it decodes the compressed copies with the worker's decoder) with each kept
    # file's hash, then stamped with the build's.
    service_worker, _ = bundle(dist, SERVICE_WORKER, service_worker_defines(dist, manifest))
    service_worker.write_text(service_worker.read_text().replace("__BUILD__", build_id))
    wanted.add(dist / SERVICE_WORKER)
    wanted |= unlisted
    wanted |= serve_copies(dist, wanted)
    for stale in sorted(dist.rglob("*"), reverse=True):
        if stale.is_file() and stale not in wanted:
            stale.unlink()
        elif stale.is_dir() and not any(stale.iterdir()):
            stale.rmdir()
    return dist
