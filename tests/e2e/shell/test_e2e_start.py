"""End to end: how Python starts (memory snapshot or plain), offline use through the
service worker, and tours from links drawn before Python is ready."""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

import build
from knight_py import solve, validate
from tools.serve import CSP
from tools.site import BYTECODE_STDLIB

from ..conftest import PYTHON_TIMEOUT, App, Watch, copy_of, route_rewritten_bytecode


def requested_names(app: App, by_service_worker: bool = True) -> list[str]:
    """The file names the page (and its workers; the service worker's too, unless told
    otherwise) asks for from now on, as they are asked."""
    asked: list[str] = []

    def note(request: Any) -> None:
        if by_service_worker or request.service_worker is None:
            asked.append(request.url.rsplit("/", 1)[-1])

    app.page.on("request", note)
    return asked


def checked_path(app: App) -> list[tuple[int, int]]:
    """The shown tour, after the one validator has passed it here too."""
    state = app.state()
    path = [(r, c) for r, c in state["path"]]
    holes = [(r, c) for r, c in state["holes"]]
    validate(state["rows"], state["cols"], path, closed=state["closed"], blocked=holes)
    return path


def wait_tour(app: App, query: str) -> list[tuple[int, int]]:
    app.goto(query)
    state = app.wait_result(PYTHON_TIMEOUT)
    assert state["status"] == "found", app.brief()
    return checked_path(app)


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


# --- tours from links ------------------------------------------------------------------


def link_query(app: App, rows: int, cols: int, tour: list[int], **settings: Any) -> str:
    """The page's own query string for these settings and tour (url.js, tour-codec.js)."""
    return str(
        app.page.evaluate(
            """async ([rows, cols, tour, extra]) => {
                 const { toQuery } = await import('./shell/url.js');
                 const { encodeTour } = await import('./core/tour-codec.js');
                 const start = [Math.floor(tour[0] / cols), tour[0] % cols];
                 const settings = { rows, cols, start, closed: false, method: 'auto', holes: [],
                                    rule: 'knight', ...extra };
                 return toQuery(settings, encodeTour(tour, cols));
               }""",
            [rows, cols, tour, settings],
        )
    )


def test_a_tour_link_is_drawn_before_python_is_ready(app: App, fresh_app: App) -> None:
    tour = list(solve(8, 8, "a1").indices)
    query = link_query(app, 8, 8, tour)
    held: list[Any] = []
    # Python's start waits for build.json: the page must draw the tour without it.
    fresh_app.page.route("**/build.json", lambda route: held.append(route))
    fresh_app.goto(query)
    fresh_app.wait_until("window.knightTour.tourLength === 64")
    state = fresh_app.state()
    assert state["pythonReady"] is False
    assert fresh_app.page.evaluate("() => window.knightTour.state.tourCheck") == "checking"
    fresh_app.status_text("checking it")
    assert [8 * r + c for r, c in state["path"]] == tour
    held[0].continue_()
    fresh_app.wait_python()
    fresh_app.wait_until("window.knightTour.state.tourCheck === 'valid'")
    assert fresh_app.state()["status"] == "found"
    assert "checked by the validator" in str(fresh_app.page.text_content("#status-detail"))


def xiangqi_blocked_tour() -> tuple[int, int, tuple[int, int], list[int]]:
    """A knight's tour around one hole that a xiangqi horse could not ride: some move's
    leg crosses the hole. The page's own checks pass it; only the validator refuses it."""
    for rows, cols in ((5, 5), (6, 6), (5, 6), (7, 7)):
        for hole in ((2, 2), (1, 1), (2, 1), (1, 2), (3, 3)):
            found = solve(rows, cols, "a1", blocked=[hole], method="auto")
            if found.status != "found":
                continue
            path = list(found.indices)
            squares = [divmod(i, cols) for i in path]
            try:
                validate(rows, cols, squares, blocked=[hole], rule="xiangqi")
            except ValueError:
                return rows, cols, hole, path
    raise AssertionError("no knight's tour with a blocked horse leg among the boards tried")


def test_a_bad_tour_link_is_taken_down_with_the_validators_message(
    app: App, fresh_app: App
) -> None:
    rows, cols, hole, path = xiangqi_blocked_tour()
    query = link_query(app, rows, cols, path, holes=[list(hole)], rule="xiangqi")
    fresh_app.goto(query)
    # Drawn at once (the page's own checks pass it), then refused by the validator.
    fresh_app.wait_python()
    fresh_app.wait_until("window.knightTour.state.paramErrors.some(e => e.param === 'tour')")
    errors = fresh_app.page.evaluate("() => window.knightTour.state.paramErrors")
    message = next(e["message"] for e in errors if e["param"] == "tour")
    assert "xiangqi" in message and "hole" in message, message
    assert fresh_app.page.evaluate("() => window.knightTour.state.tourFrom") != "link"
    fresh_app.wait_until("document.querySelector('#param-errors').textContent.includes('xiangqi')")
    # The page then searches under the link's rule; whatever it shows, the validator passes.
    state = fresh_app.wait_result()
    if state["status"] == "found":
        assert state["rule"] == "xiangqi"
        validate(rows, cols, checked_path(fresh_app), blocked=[hole], rule="xiangqi")


# --- offline -----------------------------------------------------------------------------


class Site:
    """A copy of dist/ (files linked, not copied) on a server of its own that can stop."""

    def __init__(self, root: Path) -> None:
        self.root = root
        for item in build.DIST.iterdir():
            (root / item.name).symlink_to(item.resolve())
        self.server: Any = None

    def start(self) -> str:
        self.server = build.make_server(0, self.root, quiet=True)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return build.url_of(self.server)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def new_build(self) -> str:
        """A changed file makes a new build: new content hash, build.json, service worker
        (with the new hashes of the changed files, which it checks)."""
        style = self.root / "style.css"
        before = {"style.css": sha256_of(style), "build.json": sha256_of(self.root / "build.json")}
        text = style.read_text() + "\n/* a newer build */\n"
        style.unlink()
        style.write_text(text)
        manifest = json.loads((self.root / "build.json").read_text())
        old = manifest["build"]
        manifest["files"]["style.css"] = style.stat().st_size
        files = [self.root / name for name in manifest["files"]]
        manifest["build"] = build.site_hash(self.root, files)
        (self.root / "build.json").unlink()
        (self.root / "build.json").write_text(json.dumps(manifest))
        # The built service worker (a bundle) stamped with the new build instead.
        worker = (self.root / build.SERVICE_WORKER).read_text()
        assert worker.count(f'"{old}"') == 1, "the build's hash is stamped in one place"
        worker = worker.replace(f'"{old}"', f'"{manifest["build"]}"')
        for name, digest in before.items():
            assert worker.count(f'"{digest}"') == 1, f"{name}'s hash is stamped in one place"
            worker = worker.replace(f'"{digest}"', f'"{sha256_of(self.root / name)}"')
        (self.root / build.SERVICE_WORKER).unlink()
        (self.root / build.SERVICE_WORKER).write_text(worker)
        return str(manifest["build"])


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def site(tmp_path: Path, base_url: str) -> Iterator[Site]:
    site = Site(tmp_path)
    yield site
    if site.server:
        site.stop()


def until_settled(app: App, expression: str) -> None:
    """Wait for `expression` across navigations the page makes by itself."""
    end = time.monotonic() + PYTHON_TIMEOUT
    while True:
        try:
            if app.page.evaluate(f"() => {expression}"):
                return
        except PlaywrightError as exc:
            if "context was destroyed" not in str(exc):
                raise
        assert time.monotonic() < end, f"timed out waiting for {expression}"
        app.page.wait_for_timeout(50)


def settle(app: App, promise: str, seconds: float = 30.0) -> Any:
    """The value of the page's `promise` (a JavaScript expression), or a failure after
    `seconds`: Playwright's evaluate has no time limit, and a service worker can leave a
    promise pending for ever."""
    ms = int(seconds * 1000)
    late = f"new Promise((_, no) => setTimeout(() => no(new Error('pending after {ms} ms')), {ms}))"
    return app.page.evaluate(
        f"() => Promise.race([Promise.resolve().then(() => {promise}), {late}])"
    )


def saved_offline(app: App) -> None:
    app.wait_until("window.knightTour.state.offlineCache.status === 'saved'", PYTHON_TIMEOUT)
    settle(app, "navigator.serviceWorker.ready.then(() => true)")


def test_an_offline_reload_after_one_visit_gives_a_validated_tour(
    site: Site, offline_context: Any
) -> None:
    app = App(offline_context.new_page(), site.start())
    first = wait_tour(app, "?rows=8&cols=8&start=a1")
    saved_offline(app)
    assert "Saved for offline use" in str(app.page.text_content("#python-start"))
    site.stop()  # the network is gone
    site.server = None
    second = wait_tour(app, "?rows=8&cols=8&start=a1")
    assert second == first
    wait_tour(app, "?rows=6&cols=6&start=c3&closed=1")
    assert app.state()["pythonStart"] == "snapshot"


def test_a_new_build_replaces_the_old_cache(site: Site, offline_context: Any) -> None:
    base = site.start()
    app = App(offline_context.new_page(), base)
    wait_tour(app, "?rows=5&cols=5&start=a1")
    saved_offline(app)
    old = json.loads((site.root / "build.json").read_text())["build"]
    assert settle(app, "caches.keys()") == [f"knight-py-{old}"]
    new = site.new_build()
    # The running page keeps its build: the new one installs beside it and waits.
    app.page.reload()
    app.wait_until("window.knightTour.state.offlineCache.status === 'update'", PYTHON_TIMEOUT)
    assert "/* a newer build */" not in settle(app, "fetch('style.css').then((r) => r.text())")
    # While another window runs the old build, no page switches: a new window opens on
    # the old build too, and so does the next load of the first one.
    other = App(offline_context.new_page(), base).goto("?rows=6&cols=6&start=c3")
    until_settled(other, "window.knightTour && window.knightTour.pythonReady")
    app.goto("?rows=5&cols=5&start=a1")
    until_settled(app, "window.knightTour && window.knightTour.pythonReady")
    for page in (app, other):
        assert "/* a newer build */" not in settle(page, "fetch('style.css').then((r) => r.text())")
        assert settle(page, "fetch('build.json').then((r) => r.json()).then((j) => j.build)") == old
        page.wait_until("window.knightTour.state.offlineCache.status === 'update'")
    other.page.close()
    # The next load of the only page switches to the new build (through a page that loads
    # no file of either build); the old cache is deleted.
    app.goto("?rows=5&cols=5&start=a1")
    until_settled(app, "window.knightTour && window.knightTour.status === 'found'")
    checked_path(app)
    end = time.monotonic() + PYTHON_TIMEOUT
    while settle(app, "caches.keys().then((k) => k.join())") != f"knight-py-{new}":
        assert time.monotonic() < end, "the old build's cache was not deleted"
        app.page.wait_for_timeout(100)
    assert settle(app, "fetch('build.json').then((r) => r.json()).then((j) => j.build)") == new
    assert "/* a newer build */" in settle(app, "fetch('style.css').then((r) => r.text())")
    saved_offline(app)
