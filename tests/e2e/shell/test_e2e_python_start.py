"""End to end: how Python starts. From the build's memory snapshot, or plainly (with the
build's bytecode, or its source when the bytecode is refused), and saying which; the
loading progress; who starts the worker and how the wasm's download is shared between
the page and the worker; and a solver that cannot load at all."""

from __future__ import annotations

import json
import time
from functools import partial
from typing import Any

import pytest

import build
from tools.serve import CSP
from tools.site import BYTECODE_LATER, BYTECODE_STDLIB

from ..conftest import PYTHON_TIMEOUT, App, Watch, copy_of, route_rewritten_bytecode, wait_tour


def requested_names(app: App, by_service_worker: bool = True) -> list[str]:
    """The file names the page (and its workers; the service worker's too, unless told
    otherwise) asks for from now on, as they are asked."""
    asked: list[str] = []

    def note(request: Any) -> None:
        if by_service_worker or request.service_worker is None:
            asked.append(request.url.rsplit("/", 1)[-1])

    app.page.on("request", note)
    return asked


# --- the snapshot ---------------------------------------------------------------------


def test_python_starts_from_the_build_snapshot(fresh_app: App) -> None:
    manifest = json.loads((build.DIST / "build.json").read_text())
    assert manifest["snapshot"], "build.py made no snapshot (see its log)"
    asked = requested_names(fresh_app)
    wait_tour(fresh_app, "?rows=8&cols=8&start=a1")
    state = fresh_app.state()
    assert (state["pythonStart"], state["snapshotFallback"]) == ("snapshot", "")
    # The lock file comes with the worker's bundle (lockFileContents), not on its own.
    assert manifest["snapshot"]["file"] in asked
    assert not [name for name in asked if name.startswith("pyodide-lock")], asked
    fresh_app.wait_until("!document.querySelector('#python-start').hidden")
    assert "from the saved snapshot" in str(fresh_app.page.text_content("#python-start"))


def corrupt(route: Any) -> None:
    """The snapshot's first bytes, then noise: gzip's checks catch it while it streams."""
    response = route.fetch()
    body = response.body()
    route.fulfill(response=response, body=body[:100_000] + bytes(range(256)) * 400)


@pytest.mark.parametrize(
    ("fault", "handler", "reason"),
    [
        ("missing", lambda route: route.fulfill(status=404, body="gone"), "HTTP 404"),
        ("corrupt", corrupt, "corrupt"),
    ],
)
def test_a_bad_snapshot_falls_back_to_the_plain_start_and_says_so(
    fresh_app: App, watch: Watch, fault: str, handler: Any, reason: str
) -> None:
    errors_before = len(watch.errors)
    fresh_app.page.route("**/snapshot-*.bin.gz", handler)
    wait_tour(fresh_app, "?rows=6&cols=6&start=c3&closed=1")
    state = fresh_app.state()
    assert state["pythonStart"] == "plain"
    assert reason in state["snapshotFallback"], state["snapshotFallback"]
    fresh_app.wait_until("!document.querySelector('#python-start').hidden")
    note = str(fresh_app.page.text_content("#python-start"))
    assert "without the snapshot" in note and reason in note
    # Only the browser's own line about the 404 may reach the console.
    new = watch.errors[errors_before:]
    assert all("404" in e for e in new), new
    del watch.errors[errors_before:]


def test_loading_progress_names_the_start_and_counts_bytes(fresh_app: App) -> None:
    """While Python starts: which start, and the bytes of what downloads (from build.json)."""
    held: list[Any] = []
    # Hold the snapshot's bytes back: the page must be caught while it loads.
    fresh_app.page.route("**/snapshot-*.bin.gz", lambda route: held.append(route))
    fresh_app.goto("?rows=8&cols=8")
    fresh_app.wait_until("window.knightTour.state.python.files.length > 0")
    python = fresh_app.page.evaluate("() => window.knightTour.state.python")
    manifest = json.loads((build.DIST / "build.json").read_text())
    files = {f["file"]: f["bytes"] for f in python["files"]}
    assert python["start"] == "snapshot" and not python["ready"]
    assert files[manifest["snapshot"]["file"]] == manifest["snapshot"]["bytes"]
    # Pyodide's wasm travels compressed (the worker decodes it): its copy is counted.
    wasm = manifest["compressed"]["pyodide.asm.wasm"]
    assert wasm == "pyodide.asm.wasm.zst" and files[wasm] == manifest["files"][wasm]
    # Which start, in the folded notes; the line in view says what the reader waits for.
    assert "from its saved snapshot" in str(fresh_app.page.text_content("#loading-detail"))
    assert "Getting the solver ready" in str(fresh_app.page.text_content("#loading-text"))
    assert "MB downloaded" in str(fresh_app.page.text_content("#loading-files"))
    held[0].continue_()
    fresh_app.wait_python()
    assert fresh_app.state()["pythonStart"] == "snapshot"


# Who started the solver worker: [None] for index.html's inline script, ["app.js"] else.
WORKER_STARTED = "() => performance.getEntriesByName('worker-start').map((m) => m.detail)"


def test_on_a_slow_page_load_app_js_starts_the_worker(fresh_app: App) -> None:
    """A page that took long to arrive (a slow link) leaves the worker to app.js, so that
    its script does not share the link with the page's own; Python starts all the same."""

    def late(route: Any) -> None:
        time.sleep(0.4)  # the inline script then runs after its 180 ms
        route.continue_()

    fresh_app.page.route(lambda url: url.endswith("start=a1"), late)
    wait_tour(fresh_app, "?rows=5&cols=5&start=a1")
    assert fresh_app.page.evaluate(WORKER_STARTED) == ["app.js"]  # not index.html's inline script
    assert fresh_app.state()["pythonReady"] is True
    # Without the wait, the inline script starts it.
    fresh_app.page.unroute_all()
    wait_tour(fresh_app, "?rows=5&cols=5&start=b2&closed=0")
    assert fresh_app.page.evaluate(WORKER_STARTED) == [None]


WASM_COPY = "pyodide.asm.wasm.zst"  # the name index.html's inline script fetches


def _counted(requests: list[str], route: Any, r: Any) -> None:
    requests.append(r.request.url)
    if route is None:
        r.continue_()
    else:
        route(r, requests)


def early_start(app: App, query: str, route: Any = None, attempts: int = 4) -> list[str]:
    """Load `query` until index.html's inline script started the worker (it does when the
    page came within 180 ms, which a loaded machine can miss: then app.js starts it and
    the page fetches no wasm); return the wasm's requests of that load. `route(route,
    requests)` handles each, given the load's requests so far."""
    for _ in range(attempts):
        requests: list[str] = []
        app.page.unroute_all()
        # One argument: Playwright hands a two-argument handler the request as well.
        app.page.route(f"**/{WASM_COPY}", partial(_counted, requests, route))
        app.goto(query)
        app.wait_python()
        if app.page.evaluate(WORKER_STARTED) == [None]:
            return requests
    raise AssertionError(f"the page never came within 180 ms in {attempts} loads")


def test_the_page_begins_the_wasms_download_for_the_worker(fresh_app: App) -> None:
    """index.html's inline script fetches the wasm's compressed copy (the name the build
    gives it) as the page loads and hands its body to the worker, which downloads it no more."""
    assert copy_of("pyodide.asm.wasm") == WASM_COPY
    # Until Python is ready, one download of it (the service worker's copy comes after).
    assert len(early_start(fresh_app, "?rows=8&cols=8")) == 1
    # The page's own resource timing has it: the page fetched it, not the worker.
    fetched = f"() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/{WASM_COPY}'))"
    assert fresh_app.page.evaluate(fetched) is True


def test_a_worker_whose_csp_refuses_the_decoder_fetches_the_files_themselves(
    fresh_app: App, watch: Watch
) -> None:
    """zstddec loads its WebAssembly from a data: URL. A host whose policy for the
    worker's script refuses it (connect-src 'self' only) still gets Python: the worker
    fetches Pyodide's own files instead of their Zstandard copies."""
    errors_before = len(watch.errors)
    asked = requested_names(fresh_app, by_service_worker=False)  # it keeps its own copies

    def strict(route: Any) -> None:
        response = route.fetch()
        headers = dict(response.headers)
        # The page's policy without data: in connect-src (which the page's own now has,
        # for the Learn sandbox's decoder).
        strict_csp = CSP.replace("connect-src 'self' data:", "connect-src 'self'")
        headers["content-security-policy"] = strict_csp
        assert "data:" not in strict_csp.split("connect-src")[1].split(";")[0]
        route.fulfill(response=response, headers=headers)

    fresh_app.page.route("**/worker.mjs", strict)
    refuse_snapshot(fresh_app)
    wait_tour(fresh_app, "?rows=6&cols=6&start=c3&closed=1")
    state = fresh_app.state()
    assert (state["pythonStart"], state["pythonBytecode"]) == ("plain", True)
    assert "pyodide.asm.mjs" in asked and "python_stdlib-pyc.zip" in asked, asked
    assert "pyodide.asm.mjs.zst" not in asked and copy_of(BYTECODE_STDLIB) not in asked, asked
    # The browser reports the refused data: URL (and the snapshot's 404); nothing else.
    assert all("404" in e or "data:" in e or "Content Security Policy" in e
               for e in watch.errors[errors_before:]), watch.errors[errors_before:]
    del watch.errors[errors_before:]


def test_the_worker_waits_for_the_wasm_the_page_announced(fresh_app: App) -> None:
    """However slowly the page's download of the wasm comes, the worker waits for it
    rather than downloading it again."""

    def first_late(route: Any, requests: list[str]) -> None:
        if len(requests) == 1:  # the page's, made first
            time.sleep(2)
        route.continue_()

    assert len(early_start(fresh_app, "?rows=6&cols=6", first_late)) == 1


def test_when_the_pages_wasm_download_fails_the_worker_fetches_it(
    fresh_app: App, watch: Watch
) -> None:
    errors_before = len(watch.errors)

    def first_fails(route: Any, requests: list[str]) -> None:
        if len(requests) == 1:
            route.abort()
        else:
            route.continue_()

    tried = early_start(fresh_app, "?rows=6&cols=6", first_fails)
    assert len(tried) == 2, "after the page's failed download, the worker's own"
    # Only the browser's own line about a failed download reaches the console.
    assert all("ERR_FAILED" in e for e in watch.errors[errors_before:])
    del watch.errors[errors_before:]


# --- the plain start's bytecode ------------------------------------------------------------


def refuse_snapshot(app: App) -> None:
    app.page.route("**/snapshot-*.bin.gz", lambda route: route.fulfill(status=404, body="no"))


def test_the_plain_start_imports_the_builds_bytecode(fresh_app: App, watch: Watch) -> None:
    manifest = json.loads((build.DIST / "build.json").read_text())
    assert manifest["bytecode"], "build.py made no bytecode (see its log)"
    errors_before = len(watch.errors)
    asked = requested_names(fresh_app)
    refuse_snapshot(fresh_app)
    wait_tour(fresh_app, "?rows=8&cols=8&start=a1")
    state = fresh_app.state()
    assert (state["pythonStart"], state["pythonBytecode"], state["bytecodeFallback"]) == (
        "plain", True, "")
    # The precompiled standard library came; knight_py was imported from inside it: no
    # zip of the package was fetched (or unpacked).
    assert copy_of(manifest["bytecode"]["stdlib"]) in asked
    assert not [name for name in asked if name.startswith("pyodide-lock")], asked
    assert not [name for name in asked if name.startswith("knight_py")], asked
    assert all("404" in e for e in watch.errors[errors_before:])
    del watch.errors[errors_before:]


def test_the_plain_starts_later_bytecode_comes_after_its_own_and_every_method_works(
    fresh_app: App, watch: Watch
) -> None:
    """The bytecode the start does not import is asked for once the wasm and the start's
    zip are whole, and appended before a request runs: a construction, a board with holes
    and a thin board, whose modules are all in that later part, are each found."""
    errors_before = len(watch.errors)
    events: list[tuple[str, str]] = []  # ("asked" | "finished", file name), in order
    page = fresh_app.page
    page.on("request", lambda request: events.append(("asked", request.url.rsplit("/", 1)[-1])))
    page.on("requestfinished", lambda request: events.append(("finished", request.url.rsplit("/", 1)[-1])))
    refuse_snapshot(fresh_app)
    for query, squares in (
        ("?rows=30&cols=30&start=a1&method=construct", 900),
        ("?rows=8&cols=8&start=a1&holes=d4,d5", 62),
        ("?rows=50&cols=3&start=a1", 150),
    ):
        path = wait_tour(fresh_app, query)
        assert len(path) == squares, query
    assert fresh_app.state()["pythonStart"] == "plain"
    later = copy_of(BYTECODE_LATER)
    first_later = events.index(("asked", later))
    # Asked only after both of the start's big downloads had finished: never sharing the link.
    for name in (copy_of(BYTECODE_STDLIB), copy_of("pyodide.asm.wasm")):
        assert ("finished", name) in events[:first_later], (name, events[: first_later + 1])
    assert all("404" in e for e in watch.errors[errors_before:])
    del watch.errors[errors_before:]


def test_the_learn_views_plain_start_imports_the_package_from_the_bytecode(fresh_app: App, watch: Watch) -> None:
    """The Learn view's worker shares the start: with the snapshot refused, it imports
    knight_py (and its tracer, knight_py.learn) from the precompiled standard library, and
    traces a program; nothing of the package is fetched on its own."""
    errors_before = len(watch.errors)
    asked = requested_names(fresh_app)
    refuse_snapshot(fresh_app)
    fresh_app.goto("?view=learn&rows=5&cols=5&start=a1&program=warnsdorff")
    fresh_app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    fresh_app.page.click("#learn-run")
    fresh_app.wait_until("['done', 'stopped', 'error'].includes(window.knightTour.learn.status)", 60)
    learn = fresh_app.page.evaluate("() => JSON.parse(JSON.stringify(window.knightTour.learn))")
    assert learn["status"] == "done" and learn["answer"]["valid"], learn["status"]
    assert "learn-worker.js" in asked and copy_of(BYTECODE_STDLIB) in asked
    assert not [name for name in asked if name.startswith(("knight_py", "pyodide-lock"))], asked
    # The page fetches the sandbox's files for it: the refused snapshot is its 404 now.
    assert all("404" in e for e in watch.errors[errors_before:])
    del watch.errors[errors_before:]


def another_pythons(name: str, data: bytes) -> bytes:
    """A .pyc marked as another Python's (its magic number): this Python refuses it."""
    return b"\x00\x00\r\n" + data[4:] if name.endswith(".pyc") else data


def test_refused_bytecode_falls_back_to_the_source_and_says_so(
    fresh_app: App, watch: Watch
) -> None:
    errors_before = len(watch.errors)
    refuse_snapshot(fresh_app)
    route_rewritten_bytecode(fresh_app.page, another_pythons)
    wait_tour(fresh_app, "?rows=6&cols=6&start=c3&closed=1")
    state = fresh_app.state()
    assert (state["pythonStart"], state["pythonBytecode"]) == ("plain", False)
    assert state["bytecodeFallback"], "the reason the bytecode was not used"
    fresh_app.wait_until("!document.querySelector('#python-start').hidden")
    note = str(fresh_app.page.text_content("#python-start"))
    assert "compiled them from source" in note and state["bytecodeFallback"] in note, note
    # Python's own words, not Pyodide's exit status; and kept out of the console.
    assert "bad magic number" in state["bytecodeFallback"], state["bytecodeFallback"]
    assert watch.errors[errors_before:] == []


# --- a solver that cannot start -----------------------------------------------------------


def test_a_solver_that_cannot_load_is_reported(fresh_app: App, watch: Any) -> None:
    errors_before = len(watch.errors)
    # The package: its source zip missing, and its bytecode taken out of the precompiled
    # standard library (not Pyodide's python_stdlib.zip); and the snapshot too: from it,
    # Python starts with knight_py already imported.
    for missing in ("**/knight_py-*", "**/snapshot-*.bin.gz"):
        fresh_app.page.route(missing, lambda route: route.fulfill(status=404, body="missing"))
    route_rewritten_bytecode(
        fresh_app.page, lambda name, data: None if name.startswith("knight_py/") else data
    )
    fresh_app.goto("?rows=6&cols=6&start=a1")
    fresh_app.wait_until("window.knightTour.status === 'error'", 90)
    message = fresh_app.state()["message"]
    assert "could not start" in message and "404" in message
    assert "could not start" in fresh_app.page.text_content("#loading")
    assert fresh_app.page.is_visible("canvas.layer-board")  # the board stays usable
    # The browser logs the 404 itself; nothing else may have gone wrong.
    new = watch.errors[errors_before:]
    assert all("404" in e for e in new), new
    del watch.errors[errors_before:]
