#!/usr/bin/env python3
"""The project's one entry point: build, serve, test and benchmark knight_py's page.

    python build.py serve [--port N]   build dist/ and serve it on 127.0.0.1
    python build.py test [pytest args] install what is missing, build, lint, type-check, test
    python build.py bench              run every benchmark in bench/
    python build.py wire               write web/learn/wire.js from knight_py's trace format

Standard library only, so it runs on a fresh clone before anything is installed.  The
commands are here; their parts are in tools/: site.py assembles dist/, bundle.py has
esbuild bundle the page and the worker, snapshot.py makes the memory snapshot,
serve.py is the static server.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import IO

from tools.project import DIST, ROOT, WEB, log, run
from tools.serve import Handler, Server, make_server, url_of
from tools.site import SERVICE_WORKER, assemble, build_archive, site_hash

# What the tests and benchmarks use of the build (tools' parts re-exported for them).
__all__ = [
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "DIST",
    "ROOT",
    "SERVICE_WORKER",
    "WEB",
    "Handler",
    "Server",
    "assemble",
    "build_archive",
    "main",
    "make_server",
    "site_hash",
    "url_of",
]

# The Python that ruff checks: the package, its tests and benchmarks, and the build itself.
LINTED = ("knight_py", "tests", "bench", "tools", "build.py")
# Checked with mypy --strict: the package and the build's own code (the tests are not).
TYPED = ("knight_py", "bench", "tools", "build.py")
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


# --- installing what the tests need -------------------------------------------------------


def ensure_test_dependencies() -> None:
    """pip-install the `test` extra unless all of it is importable already."""
    wanted = ("zstandard", "pytest", "hypothesis", "mypy", "ruff", "playwright",
              "pytest_playwright", "pytest_timeout", "pytest_rerunfailures", "xdist", "selenium")
    missing = [name for name in wanted if importlib.util.find_spec(name) is None]
    if missing and run(sys.executable, "-m", "pip", "install", "-q", "-e", ".[test]") != 0:
        sys.exit("[build] pip install -e '.[test]' failed")


def ensure_build_dependencies() -> None:
    """pip-install the `build` extra (the Zstandard compressor) unless it is importable;
    without it the build still works, with gzip copies (tools/compress.py says so)."""
    if importlib.util.find_spec("zstandard") is not None:
        return
    with open(ROOT / "pyproject.toml", "rb") as file:
        wanted = tomllib.load(file)["project"]["optional-dependencies"]["build"]
    if run(sys.executable, "-m", "pip", "install", "-q", *wanted) != 0:
        log("pip could not install " + ", ".join(wanted) + "; building with gzip copies")
    importlib.invalidate_caches()


# The browsers of the end-to-end tests, from Debian's packages (`playwright install` cannot
# download browsers on this network): each engine a student uses (tests/e2e/engines/engines.py).
# WebKitGTK's MiniBrowser has no headless mode: it runs on an Xvfb display. A font with
# Chinese glyphs (Noto Sans CJK, the second family in style.css), as a reader's phone has:
# without one the tests' screenshots show boxes, and each engine searches every installed
# font for the glyphs of the language switch's "中文" (Chromium's first layout took 15-30 ms
# longer, measured with bench.main_thread's traces).
BROWSERS = {
    "chromium": CHROMIUM,
    "firefox-esr": Path("/usr/bin/firefox-esr"),
    "webkit2gtk-driver": Path("/usr/bin/WebKitWebDriver"),
    "xvfb": Path("/usr/bin/Xvfb"),
    "xauth": Path("/usr/bin/xauth"),
    "fonts-noto-cjk": Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
}


def ensure_browsers() -> None:
    """apt-get install the browsers (Xvfb, the Chinese font) that are missing, as root."""
    missing = [package for package, path in BROWSERS.items() if not path.exists()]
    if not missing:
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        run("apt-get", "update", "-q")
        run("apt-get", "install", "-y", "-q", *missing)
        missing = [package for package, path in BROWSERS.items() if not path.exists()]
        if not missing:
            return
    sys.exit(
        f"[build] the end-to-end tests need Debian's {', '.join(missing)}.\n"
        f"        Install them as root:  apt-get update && apt-get install -y {' '.join(missing)}\n"
        "        (`playwright install` cannot download browsers on this network)."
    )


# --- commands -----------------------------------------------------------------------------


def cmd_serve(args: argparse.Namespace) -> int:
    ensure_build_dependencies()
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


# The end-to-end tests' workers (tests/e2e/conftest.py builds dist/ once for them).
E2E_TOGETHER = ("-n", "2", "--dist", "loadfile")


def run_together(checks: list[tuple[str, list[str]]]) -> list[str]:
    """Run independent checks at once, each its own process (both of a small machine's
    cores busy); each one's output is printed whole when it has ended, in the order given.
    The names of those that failed."""
    failed = []
    with contextlib.ExitStack() as files:
        started: list[tuple[str, subprocess.Popen[bytes], IO[bytes]]] = []
        for name, cmd in checks:
            log("$ " + " ".join(cmd))
            out = files.enter_context(tempfile.TemporaryFile())
            started.append((name, subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT), out))
        for name, process, output in started:
            status = process.wait()
            output.seek(0)
            sys.stdout.flush()
            sys.stdout.buffer.write(output.read())
            sys.stdout.flush()
            if status != 0:
                failed.append(name)
    return failed


def cmd_test(args: argparse.Namespace) -> int:
    ensure_test_dependencies()
    ensure_browsers()
    assemble()
    # The lint, the types, the page's pure modules (tests/web/**/*.test.mjs, node's own
    # runner) and, for a whole run, pytest's tests outside tests/e2e need no page: run
    # together, both cores busy. The end-to-end tests come after, without them: they time
    # the page's answers. Two test files at a time (pytest-xdist, each file whole on one
    # worker, its pages kept for it): a browser spends much of a test waiting on its page;
    # the few that time the page run after, alone.
    # Arguments given: pytest runs them as given, after the rest.
    whole = not args.pytest_args
    together = [
        ("ruff", [sys.executable, "-m", "ruff", "check", *LINTED]),
        ("mypy", [sys.executable, "-m", "mypy", "--strict", *TYPED]),
        ("node", ["node", "--test", "tests/web/"]),
    ]
    if whole:
        together.append(("pytest (outside tests/e2e)", [sys.executable, "-m", "pytest", "--ignore=tests/e2e"]))
    failures = run_together(together)
    # The tests that time the page (marked `alone`) run last, with no second browser.
    runs = [["tests/e2e", *E2E_TOGETHER, "-m", "not alone"], ["tests/e2e", "-m", "alone"]] if whole else [args.pytest_args]
    for pytest_args in runs:
        if run(sys.executable, "-m", "pytest", *pytest_args) != 0 and "pytest" not in failures:
            failures.append("pytest")
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


def cmd_wire(args: argparse.Namespace) -> int:
    from tools.wire import FILE, write

    log(f"{FILE.relative_to(ROOT)}: {'written' if write() else 'already current'}")
    return 0


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
    wire = sub.add_parser("wire", help="write web/learn/wire.js from knight_py.learn.trace_format")
    wire.set_defaults(func=cmd_wire)
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["test"] and not {"-h", "--help"} & set(argv[1:2]):
        # Everything after `test` goes to pytest verbatim, options included.
        return cmd_test(argparse.Namespace(pytest_args=argv[1:]))
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
