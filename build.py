#!/usr/bin/env python3
"""The project's one entry point: build, serve, test and benchmark knight_py's page.

    python build.py serve [--port N]   build dist/ and serve it on 127.0.0.1
    python build.py test [pytest args] install what is missing, build, lint, type-check, test
    python build.py bench              run every benchmark in bench/

Standard library only, so it runs on a fresh clone before anything is installed.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import http.server
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
PACKAGE = ROOT / "knight_py"
PYODIDE = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
SNAPSHOT_SCRIPT = ROOT / "tools" / "snapshot.mjs"
SNAPSHOT_CACHE = ROOT / "build" / "snapshot"
SNAPSHOT_TIMEOUT = 180  # seconds; a Pyodide start in Node takes 3-10 s on 2 busy cores
SERVICE_WORKER = "service-worker.mjs"
CHROMIUM = Path("/usr/bin/chromium")
# Headless Debian Chromium for the page's tests and benchmark; without the
# background-networking flags it keeps trying hosts outside this machine.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Only the page's own origin; WebAssembly compilation needs 'wasm-unsafe-eval'.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "connect-src 'self'; img-src 'self' data:; style-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
}


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(*cmd: str) -> int:
    log("$ " + " ".join(cmd))
    return subprocess.call(cmd, cwd=ROOT)


# --- installing what is missing -------------------------------------------------------


def pinned_pyodide() -> str:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    return str(lock["packages"]["node_modules/pyodide"]["version"])


def ensure_node_modules() -> None:
    """Run `npm ci` when Pyodide is absent or differs from the version package-lock pins."""
    installed = PYODIDE / "package.json"
    if installed.exists():
        if json.loads(installed.read_text()).get("version") == pinned_pyodide():
            return
        log("node_modules/pyodide is stale")
    if shutil.which("npm") is None:
        sys.exit("[build] npm is missing: install Node.js 18+ (Debian: apt-get install nodejs npm)")
    if run("npm", "ci", "--no-audit", "--no-fund") != 0:
        sys.exit("[build] npm ci failed")


def ensure_test_dependencies() -> None:
    """pip-install the `test` extra unless all of it is importable already."""
    wanted = ("pytest", "hypothesis", "mypy", "ruff", "playwright", "pytest_playwright",
              "pytest_timeout", "pytest_rerunfailures")
    missing = [name for name in wanted if importlib.util.find_spec(name) is None]
    if missing and run(sys.executable, "-m", "pip", "install", "-q", "-e", ".[test]") != 0:
        sys.exit("[build] pip install -e '.[test]' failed")


def ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        run("apt-get", "update", "-q")
        if run("apt-get", "install", "-y", "-q", "chromium") == 0 and CHROMIUM.exists():
            return
    sys.exit(
        "[build] the end-to-end tests need Debian's Chromium at /usr/bin/chromium.\n"
        "        Install it as root:  apt-get update && apt-get install -y chromium\n"
        "        (`playwright install` cannot download browsers on this network)."
    )


# --- the package's archive and dist/ ----------------------------------------------------------------


def project_metadata() -> dict[str, object]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return dict(tomllib.load(f)["project"])


def package_files(source: Path = PACKAGE) -> list[Path]:
    """The files the package ships: its modules, subpackages included, and py.typed."""
    return [
        path
        for path in sorted(source.rglob("*"))
        if path.is_file()
        and (path.suffix == ".py" or path.name == "py.typed")
        and "__pycache__" not in path.parts
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


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def snapshot_inputs_key(archive: Path) -> str:
    """What the snapshot depends on: the package archive, Pyodide's build and the script."""
    parts = [
        pinned_pyodide().encode(),
        (PYODIDE / "pyodide.mjs").read_bytes(),  # holds Pyodide's BUILD_ID
        SNAPSHOT_SCRIPT.read_bytes(),
        archive.read_bytes(),
    ]
    return _sha256(b"\0".join(_sha256(p).encode() for p in parts))[:20]


def make_snapshot(archive: Path, archive_format: str) -> tuple[Path, dict[str, object]] | str:
    """The gzipped memory snapshot for `archive` (cached under build/snapshot/) and its
    facts, or a sentence saying why none could be made. Never raises: the site works
    without a snapshot (the page then starts Python the plain way)."""
    key = snapshot_inputs_key(archive)
    cached, facts_file = SNAPSHOT_CACHE / f"{key}.bin.gz", SNAPSHOT_CACHE / f"{key}.json"
    if cached.exists() and facts_file.exists():
        return cached, dict(json.loads(facts_file.read_text()))
    if shutil.which("node") is None:
        return "node is not installed"
    SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
    for old in SNAPSHOT_CACHE.iterdir():  # one build's snapshot is enough to keep
        old.unlink()
    raw = SNAPSHOT_CACHE / f"{key}.bin"
    log("making the Pyodide memory snapshot (once per package or Pyodide change)")
    cmd = ["node", str(SNAPSHOT_SCRIPT), str(PYODIDE), str(archive), archive_format, str(raw)]
    try:
        done = subprocess.run(
            cmd, cwd=ROOT, capture_output=True, text=True, timeout=SNAPSHOT_TIMEOUT
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"node failed: {exc}"
    if done.returncode != 0 or not raw.exists():
        lines = (done.stderr or done.stdout).strip().splitlines() or ["no output"]
        return f"node exited with {done.returncode}: {lines[-1][:300]}"
    facts = dict(json.loads(done.stdout.strip().splitlines()[-1]))
    data = raw.read_bytes()
    raw.unlink()
    # Level 6: 1% larger than level 9 and four times faster (1.2 s against 5 s).
    cached.write_bytes(gzip.compress(data, compresslevel=6, mtime=0))
    facts_file.write_text(json.dumps(facts))
    return cached, facts


def add_snapshot(dist: Path, archive: Path, archive_format: str) -> tuple[Path | None, object]:
    """Copy the snapshot into dist/ under a content-hashed name; returns (path, manifest
    entry). The entry is None when there is no snapshot (the reason is logged)."""
    made = make_snapshot(archive, archive_format)
    if isinstance(made, str):
        log(f"no memory snapshot ({made}); the page will start Python without one")
        return None, None
    cached, facts = made
    data = cached.read_bytes()
    target = dist / f"snapshot-{_sha256(data)[:16]}.bin.gz"
    if not target.exists() or target.stat().st_size != len(data):
        target.write_bytes(data)
    entry = {
        "file": target.name,
        "bytes": len(data),
        "rawBytes": facts["bytes"],
        "heapLimit": facts["initialHeapBytes"],
    }
    return target, entry


def site_hash(dist: Path, files: list[Path]) -> str:
    """The build's content hash: every file's name and bytes (the service worker's and
    build.json's own left out, since they carry this hash)."""
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path.relative_to(dist).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def assemble(dist: Path = DIST, source: Path = PACKAGE, snapshot: bool = True) -> Path:
    """Build dist/: the web/ files, Pyodide's core files, the package's zip, the memory snapshot,
    the service worker (stamped with the build's hash) and build.json."""
    ensure_node_modules()
    dist.mkdir(parents=True, exist_ok=True)
    wanted: set[Path] = set()
    for src in sorted(WEB.rglob("*")):
        if src.is_file() and src.name != SERVICE_WORKER:
            dst = dist / src.relative_to(WEB)
            _copy_if_changed(src, dst)
            wanted.add(dst)
    for name in PYODIDE_FILES:
        _copy_if_changed(PYODIDE / name, dist / name)
        wanted.add(dist / name)
    archive = build_archive(dist, source)
    wanted.add(archive)
    snapshot_file, snapshot_entry = add_snapshot(dist, archive, "zip") if snapshot else (None, None)
    if snapshot_file:
        wanted.add(snapshot_file)
    build_id = site_hash(dist, sorted(wanted))
    manifest = {
        "build": build_id,
        "package": archive.name,
        "version": str(project_metadata()["version"]),
        "pyodide": pinned_pyodide(),
        "snapshot": snapshot_entry,
        # What a first visit downloads (and the service worker caches), in bytes.
        "files": {p.relative_to(dist).as_posix(): p.stat().st_size for p in sorted(wanted)},
    }
    (dist / "build.json").write_text(json.dumps(manifest, indent=1) + "\n")
    wanted.add(dist / "build.json")
    worker = (WEB / SERVICE_WORKER).read_text().replace("__BUILD__", build_id)
    (dist / SERVICE_WORKER).write_text(worker)
    wanted.add(dist / SERVICE_WORKER)
    for stale in sorted(dist.rglob("*"), reverse=True):
        if stale.is_file() and stale not in wanted:
            stale.unlink()
        elif stale.is_dir() and not any(stale.iterdir()):
            stale.rmdir()
    return dist


# --- serving ------------------------------------------------------------------------------


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit MIME types, the CSP and cross-origin isolation headers."""

    protocol_version = "HTTP/1.1"  # keep-alive: one connection serves many small modules
    quiet = False
    isolate = True

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        if self.isolate:
            # Cross-origin isolation lets Stop interrupt Python instead of restarting it.
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        known = MIME_TYPES.get(Path(path).suffix.lower())
        return known or super().guess_type(path)

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        # A browser that drops a connection (navigating away) is not an error worth a trace.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(
    port: int = 0, directory: Path = DIST, quiet: bool = False, isolate: bool = True
) -> http.server.ThreadingHTTPServer:
    """A server for `directory` on 127.0.0.1 (port 0: any free port); call serve_forever.

    `isolate=False` leaves out the cross-origin isolation headers, as many static hosts
    do; the page then stops a search by restarting its worker.
    """
    handler = type("DistHandler", (Handler,), {"quiet": quiet, "isolate": isolate})
    return Server(("127.0.0.1", port), partial(handler, directory=str(directory)))


def url_of(server: http.server.ThreadingHTTPServer) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/"


# --- commands -----------------------------------------------------------------------------


def cmd_serve(args: argparse.Namespace) -> int:
    assemble()
    try:
        server = make_server(args.port)
    except OSError as exc:
        sys.exit(f"[build] cannot listen on 127.0.0.1:{args.port} ({exc}); try --port 0")
    print(f"\n  Open {url_of(server)} in your browser  (Ctrl+C stops the server)\n", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def cmd_test(args: argparse.Namespace) -> int:
    ensure_test_dependencies()
    ensure_chromium()
    assemble()
    failures = []
    checks = [
        ("ruff", [sys.executable, "-m", "ruff", "check", "knight_py"]),
        ("mypy", [sys.executable, "-m", "mypy", "--strict", "knight_py"]),
        # The page's pure modules (tests/web/*.test.mjs), with node's own runner.
        ("node", ["node", "--test", "tests/web/"]),
        ("pytest", [sys.executable, "-m", "pytest", *args.pytest_args]),
    ]
    for name, cmd in checks:
        if run(*cmd) != 0:
            failures.append(name)
    if failures:
        log("FAILED: " + ", ".join(failures))
        return 1
    log("all checks passed")
    return 0


def bench_modules() -> list[str]:
    """bench/*.py as module names: the solver's first, the page's last."""
    order = {"solver": 0, "large": 1, "page": 3}
    names = [p.stem for p in (ROOT / "bench").glob("*.py") if not p.stem.startswith("_")]
    return [f"bench.{n}" for n in sorted(names, key=lambda n: (order.get(n, 2), n))]


def cmd_bench(args: argparse.Namespace) -> int:
    failures = []
    for module in bench_modules():
        print(f"\n=== {module} ===", flush=True)
        if run(sys.executable, "-m", module) != 0:
            failures.append(module)
    if failures:
        log("FAILED: " + ", ".join(failures))
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="build dist/ and serve it on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000, 0: any)")
    serve.set_defaults(func=cmd_serve)
    test = sub.add_parser("test", help="install what is missing, build, run every check")
    test.add_argument("pytest_args", nargs="*", help="passed on to pytest (e.g. -k e2e)")
    test.set_defaults(func=cmd_test)
    bench = sub.add_parser("bench", help="run the benchmarks in bench/")
    bench.set_defaults(func=cmd_bench)
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["test"] and not {"-h", "--help"} & set(argv[1:2]):
        # Everything after `test` goes to pytest verbatim, options included.
        return cmd_test(argparse.Namespace(pytest_args=argv[1:]))
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
