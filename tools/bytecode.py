"""Precompiled bytecode: the trimmed standard library and the package as zips of .pyc
files, compiled by the pinned Pyodide in Node (tools/bytecode.mjs), cached per input.

Why: Pyodide's python_stdlib.zip holds source only, so a plain start compiled every
module it imports inside WebAssembly (3.3 s of a 4.3 s start in Node on these cores).
With .pyc files where the .py files were, Python reads the code and runs it.

Like the snapshot, this is an optimisation: when Node is missing or fails, the build logs
why and ships the source zips alone, and the worker starts from source.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

from .project import PYODIDE, ROOT, log, node_exit, pinned_pyodide

__all__ = [
    "BYTECODE_CACHE",
    "BYTECODE_SCRIPT",
    "BYTECODE_TIMEOUT",
    "START_SCRIPT",
    "bytecode_key",
    "bytecode_zips",
    "merge_zips",
    "split_zip",
    "start_imports",
]

BYTECODE_SCRIPT = ROOT / "tools" / "bytecode.mjs"
BYTECODE_CACHE = ROOT / "build" / "bytecode"
BYTECODE_TIMEOUT = 180  # seconds; Pyodide's start and the compiles take 5-15 s here
START_SCRIPT = ROOT / "tools" / "start_imports.mjs"


def bytecode_key(source: Path, where: str) -> str:
    """What a zip's bytecode depends on: its source zip, where it is imported from,
    Pyodide's build (its Python's magic number) and the script."""
    digest = hashlib.sha256()
    for part in (
        pinned_pyodide().encode(),
        (PYODIDE / "pyodide.mjs").read_bytes(),  # holds Pyodide's BUILD_ID
        BYTECODE_SCRIPT.read_bytes(),
        where.encode(),
        source.read_bytes(),
    ):
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:20]


def bytecode_zips(jobs: list[tuple[Path, Path, str]]) -> dict[Path, Path] | str:
    """For each (source zip, target zip, where) of `jobs`, write the target: the source's
    .py files as .pyc (`where`: "stdlib" or "site", tools/bytecode.mjs). Returns
    {source: target}, or a sentence saying why none could be made. Never raises: the
    site works from source alone."""
    cached = {source: BYTECODE_CACHE / f"{bytecode_key(source, where)}.zip" for source, _, where in jobs}
    missing = [(source, where) for source, _, where in jobs if not cached[source].exists()]
    if missing:
        made = _compile(missing, cached)
        if made:
            return made
    for source, target, _ in jobs:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(cached[source], target)
    return {source: target for source, target, _ in jobs}


def merge_zips(parts: list[Path], target: Path) -> Path:
    """Write to `target` every entry of the zips `parts` (tools/bytecode.mjs's: stored,
    fixed timestamps), sorted by name, so the same parts give the same bytes. Two parts
    with the same name are refused (ValueError): one would hide the other."""
    entries: dict[str, tuple[zipfile.ZipInfo, bytes]] = {}
    for part in parts:
        with zipfile.ZipFile(part) as zf:
            for info in zf.infolist():
                if info.filename in entries:
                    raise ValueError(f"{info.filename} is in more than one of {[p.name for p in parts]}")
                entries[info.filename] = (info, zf.read(info))
    _write_stored(target, [entries[name] for name in sorted(entries)])
    return target


def start_imports(stdlib: Path, module: str) -> list[str] | str:
    """The entries of the bytecode zip `stdlib` that Pyodide's start imports, with
    `module` imported after it (tools/start_imports.mjs), cached by the zip's bytes; or a
    sentence saying why they could not be known. Never raises."""
    digest = hashlib.sha256()
    for part in (START_SCRIPT.read_bytes(), module.encode(), stdlib.read_bytes()):
        digest.update(hashlib.sha256(part).digest())
    cached = BYTECODE_CACHE / f"{digest.hexdigest()[:20]}.start.json"
    if cached.exists():
        return [str(name) for name in json.loads(cached.read_text())]
    done = _node([str(START_SCRIPT), str(PYODIDE), str(stdlib), module])
    if isinstance(done, str):
        return done
    if done.returncode != 0:
        return node_exit(done.returncode, done.stderr or done.stdout)
    names = sorted({str(name) for name in json.loads(done.stdout.strip().splitlines()[-1])})
    BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(names))
    return names


def split_zip(source: Path, first: Path, later: Path, imported: list[str]) -> tuple[int, int]:
    """Split the zip `source` in two, stored, sorted, fixed timestamps: `first` holds the
    modules `imported` names and every entry that is not a module (py.typed), `later` the
    other modules. Returns how many entries each holds.

    The page's plain start downloads `first` before Python is ready and `later` after
    (web/solver/later-modules.mjs), which appends it to `first` in Python's file system.
    """
    wanted = set(imported)
    parts: dict[Path, list[tuple[zipfile.ZipInfo, bytes]]] = {first: [], later: []}
    with zipfile.ZipFile(source) as zf:
        for info in sorted(zf.infolist(), key=lambda i: i.filename):
            late = info.filename.endswith(".pyc") and info.filename not in wanted
            parts[later if late else first].append((info, zf.read(info)))
    for target, entries in parts.items():
        _write_stored(target, entries)
    return len(parts[first]), len(parts[later])


def _write_stored(target: Path, entries: list[tuple[zipfile.ZipInfo, bytes]]) -> None:
    """Write `entries` to the zip `target` in their order, stored (not deflated)."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
        for info, data in entries:
            out.writestr(info, data)


def _node(args: list[str]) -> subprocess.CompletedProcess[str] | str:
    """Node run on `args` in the project's folder (its output captured), or why it could
    not run: not installed, not started, or past BYTECODE_TIMEOUT."""
    if shutil.which("node") is None:
        return "node is not installed"
    try:
        return subprocess.run(["node", *args], cwd=ROOT, capture_output=True, text=True, timeout=BYTECODE_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"node failed: {exc}"


def _compile(missing: list[tuple[Path, str]], cached: dict[Path, Path]) -> str:
    """Compile `missing` into the cache in one Node run; "" or why it failed."""
    if shutil.which("node") is None:  # before the cache is emptied
        return "node is not installed"
    BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
    wanted = set(cached.values())
    for old in BYTECODE_CACHE.iterdir():  # only this build's zips are kept
        if old not in wanted:
            old.unlink()
    log("compiling the standard library and the package to bytecode (once per change)")
    args = [str(BYTECODE_SCRIPT), str(PYODIDE)]
    partial = {source: cached[source].with_suffix(".part") for source, _ in missing}
    for source, where in missing:
        args += [str(source), str(partial[source]), where]
    done = _node(args)
    if isinstance(done, str):
        return done
    if done.returncode != 0 or not all(p.exists() for p in partial.values()):
        return node_exit(done.returncode, done.stderr or done.stdout)
    facts = json.loads(done.stdout.strip().splitlines()[-1])
    log(f"bytecode for Python {facts['python']} (magic {facts['magic']}): {facts['files']} modules")
    for source, part in partial.items():
        part.replace(cached[source])  # whole files only: a cache never holds a half-written zip
    return ""
