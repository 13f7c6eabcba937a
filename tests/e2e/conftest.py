"""Shared fixtures for the end-to-end tests: the dist/ server, Debian's Chromium, and one
page reused by most tests so that Pyodide's cold start is paid as few times as possible."""

from __future__ import annotations

import fcntl
import gzip
import io
import json
import re
import threading
import time
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError

import build
from knight_py import validate
from tests.e2e.screenshots import ARTIFACTS  # named at the run's end (pytest_terminal_summary)
from tools.compress import decompressed
from tools.site import BYTECODE_STDLIB

ARGS = build.CHROMIUM_ARGS
PYTHON_TIMEOUT = 90.0  # Pyodide's cold start is 7-10 s on a loaded 2-core machine
SOLVE_TIMEOUT = 60.0

pytest.importorskip("playwright")
if not build.CHROMIUM.exists():
    pytest.skip("no /usr/bin/chromium: apt-get install -y chromium", allow_module_level=True)


# Resolves once the page has not scrolled for 10 frames in a row (a smooth scroll ended).
STILL_SCROLL = """() => new Promise((done) => {
  let last = scrollY, still = 0;
  const look = () => { still = scrollY === last ? still + 1 : 0; last = scrollY;
    if (still >= 10) done(true); else requestAnimationFrame(look); };
  requestAnimationFrame(look);
})"""

def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests get one more try: on a busy 2-core machine a page can miss a timeout
    that a quiet one meets by far; a test that fails twice still fails the run."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=1))


def copy_of(name: str) -> str:
    """The compressed copy the worker fetches for Pyodide's file `name` (build.json)."""
    manifest = json.loads((build.DIST / "build.json").read_text())
    return str(manifest["compressed"][name])


def route_rewritten_bytecode(page: Any, change: Callable[[str, bytes], bytes | None]) -> None:
    """Answer the page's requests for the bytecode zip's copy with the zip rewritten:
    each entry's bytes as `change(name, data)` gives them (None leaves the entry out),
    gzipped (the worker reads gzip as it reads Zstandard)."""

    def rewrite(route: Any) -> None:
        response = route.fetch()
        source = zipfile.ZipFile(io.BytesIO(decompressed(response.body())))
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
            for info in source.infolist():
                data = change(info.filename, source.read(info))
                if data is not None:
                    target.writestr(info, data)
        route.fulfill(response=response, body=gzip.compress(out.getvalue()))

    page.route(f"**/{copy_of(BYTECODE_STDLIB)}", rewrite)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": str(build.CHROMIUM), "args": ARGS}


def serve(isolate: bool) -> Iterator[str]:
    server = build.make_server(0, quiet=True, isolate=isolate)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield build.url_of(server)
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session", autouse=True)
def assembled(pytestconfig: pytest.Config, tmp_path_factory: pytest.TempPathFactory) -> None:
    """dist/ built once per run. Under pytest-xdist (`build.py test` runs this folder on
    two workers) each worker is a session of its own, and two builds at once would write
    the same files: the first worker to come builds while the other waits on a lock in the
    run's temporary folder, which both share, and then finds it done."""
    if not hasattr(pytestconfig, "workerinput"):
        build.assemble()
        return
    with open(tmp_path_factory.getbasetemp().parent / "e2e-start", "a+", encoding="utf-8") as mark:
        fcntl.flock(mark, fcntl.LOCK_EX)
        mark.seek(0)
        if not mark.read():
            build.assemble()
            mark.write("done")


@pytest.fixture(scope="session")
def base_url(assembled: None) -> Iterator[str]:
    """dist/ built and served by the same code as `python build.py serve`."""
    yield from serve(isolate=True)


@pytest.fixture(scope="session")
def plain_host_url(base_url: str) -> Iterator[str]:
    """The same dist/ without cross-origin isolation headers, like many static hosts."""
    yield from serve(isolate=False)


class Watch:
    """Console errors and requests that leave 127.0.0.1, collected across the session."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.outside: list[str] = []

    def request(self, request: Any) -> None:
        url = request.url
        if url.startswith(("data:", "blob:", "about:")):
            return
        if urlsplit(url).hostname != "127.0.0.1":
            self.outside.append(url)

    def console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def page_error(self, error: Any) -> None:
        self.errors.append(f"page error: {error}")

    def attach(self, page: Any) -> None:
        page.on("console", self.console)
        page.on("pageerror", self.page_error)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Say where this run's screenshots are (a run that took none leaves no folder)."""
    if any(ARTIFACTS.iterdir()):
        terminalreporter.write_line(f"screenshots: {ARTIFACTS}")
    else:
        ARTIFACTS.rmdir()


@pytest.fixture(scope="session")
def watch() -> Watch:
    return Watch()


@pytest.fixture(scope="session")
def e2e_context(browser: Any, base_url: str, watch: Watch) -> Iterator[Any]:
    # Service workers blocked: these pages load from the server, as on a host without
    # them, and page.route sees every request (shell/test_e2e_offline.py covers the offline cache).
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, device_scale_factor=1, service_workers="block"
    )
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    context.on("request", watch.request)
    context.on("page", watch.attach)
    yield context
    context.close()


@pytest.fixture
def offline_context(browser: Any, watch: Watch) -> Iterator[Any]:
    """A fresh browser profile with service workers allowed."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.on("request", watch.request)
    context.on("page", watch.attach)
    yield context
    context.close()


def wait_app(page: Any, timeout: float = SOLVE_TIMEOUT) -> None:
    """Wait until the page works: main.js draws the board first and loads app.js, which
    marks app-ready once its controls are bound (the page's load event comes before).
    Across a navigation the page makes by itself (a new build's switch) too."""
    end = time.monotonic() + timeout
    while True:
        try:
            if page.evaluate("() => performance.getEntriesByName('app-ready').length > 0"):
                return
        except PlaywrightError as exc:
            if "context was destroyed" not in str(exc):
                raise
        if time.monotonic() > end:
            raise AssertionError(f"app.js did not start within {timeout} s")
        page.wait_for_timeout(20)


class App:
    """The page under test, driven the way a person would, read through window.knightTour."""

    def __init__(self, page: Any, base_url: str) -> None:
        self.page = page
        self.base_url = base_url

    def goto(self, query: str = "") -> App:
        return self.open(self.base_url + query)

    def open(self, url: str) -> App:
        """Load `url` and wait until the page works (wait_app)."""
        self.page.goto(url)
        wait_app(self.page)
        return self

    def state(self) -> dict[str, Any]:
        return dict(self.page.evaluate("() => JSON.parse(JSON.stringify(window.knightTour))"))

    def wait_until(self, expression: str, timeout: float = SOLVE_TIMEOUT) -> Any:
        # Polling from Python: wait_for_function needs eval, which the page's CSP forbids.
        # Until app.js has run (a page just loaded) there is no window.knightTour to read.
        end = time.monotonic() + timeout
        while True:
            value = self.page.evaluate(f"() => window.knightTour !== undefined && ({expression})")
            if value:
                self.next_frame()  # the page's elements show a change of state at the next frame
                return value
            if time.monotonic() > end:
                raise AssertionError(f"timed out waiting for {expression}; state {self.brief()}")
            self.page.wait_for_timeout(50)

    def quiet(self) -> None:
        """Wait until the page has drawn two frames and its main thread has then been idle:
        whatever a load, a click or a message started by itself has begun by then, and the
        messages already sent to the page have been handled. For a test that checks that
        something did not happen."""
        self.page.evaluate(
            "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() =>"
            " requestIdleCallback(() => done(), { timeout: 5000 }))))"
        )

    def next_frame(self) -> None:
        """Wait until the page has drawn its next frame: the store syncs the panels then."""
        # Bounded: a page that is being replaced may never draw again.
        self.page.evaluate(
            "() => new Promise((done) => { requestAnimationFrame(() => done()); "
            "setTimeout(done, 5000); })"
        )

    def brief(self) -> dict[str, Any]:
        state = self.state()
        state["path"] = f"{len(state['path'])} squares"
        return state

    def wait_python(self) -> None:
        self.wait_until("window.knightTour.pythonReady", PYTHON_TIMEOUT)

    def wait_result(self, timeout: float = SOLVE_TIMEOUT) -> dict[str, Any]:
        """Wait until a search has ended (after Python is ready); return the state."""
        self.wait_python()
        self.wait_until(
            "!['loading', 'ready', 'solving'].includes(window.knightTour.status)", timeout
        )
        return self.state()

    def square_center(self, name: str) -> tuple[float, float]:
        state = self.state()
        match = re.fullmatch(r"([a-z]+)(\d+)", name)
        assert match, name
        col = 0
        for ch in match.group(1):
            col = col * 26 + ord(ch) - 96
        col -= 1
        row = state["rows"] - int(match.group(2))
        board = self.page.locator("canvas.layer-overlay")
        box = board.bounding_box()
        left, top, cell = map(float, board.get_attribute("data-geometry").split(","))
        return box["x"] + left + (col + 0.5) * cell, box["y"] + top + (row + 0.5) * cell

    def click_square(self, name: str) -> None:
        self.page.mouse.click(*self.square_center(name))

    def set_size(self, rows: int, cols: int) -> None:
        # Both fields at once, then one change event: one history entry, as with a preset.
        self.page.evaluate(
            """([rows, cols]) => {
                 document.querySelector('#rows').value = rows;
                 document.querySelector('#cols').value = cols;
                 document.querySelector('#cols').dispatchEvent(new Event('change'));
               }""",
            [rows, cols],
        )
        self.wait_until(f"window.knightTour.rows === {rows} && window.knightTour.cols === {cols}")

    def status_text(self, containing: str = "") -> str:
        """The status line, once it contains `containing` (it is redrawn at the next frame)."""
        if containing:
            self.wait_until(
                f"document.querySelector('#status').textContent.includes({containing!r})"
            )
        return str(self.page.text_content("#status"))


@pytest.fixture(scope="session")
def shared_page(e2e_context: Any, base_url: str) -> Iterator[Any]:
    page = e2e_context.new_page()
    yield page
    page.close()


def screenshot(page: Any, request: pytest.FixtureRequest, suffix: str = "") -> None:
    """Keep what the page looked like at the end of a test, in this run's screenshots folder (ARTIFACTS)."""
    ARTIFACTS.mkdir(exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name.replace("[chromium]", "")) + suffix
    if not page.is_closed():
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


# The test file that last used the shared page.
_shared_page_file: dict[str, str] = {}


@pytest.fixture
def app(shared_page: Any, base_url: str, request: pytest.FixtureRequest) -> Iterator[App]:
    """The shared page; tests leave it usable for the next one of their file. Each file
    starts on a freshly loaded default page (Python from the snapshot in a second or
    two), so that no file depends on what another left: a view, a play, a zoom, holes.
    A test's second try (conftest's one rerun) starts on a fresh page too."""
    app = App(shared_page, base_url)
    path = str(request.node.path)
    rerun = getattr(request.node, "execution_count", 1) > 1
    if shared_page.url == "about:blank" or _shared_page_file.get("path") != path or rerun:
        app.goto()
        _shared_page_file["path"] = path
    yield app
    screenshot(shared_page, request)


@pytest.fixture(scope="module")
def module_page(e2e_context: Any) -> Iterator[Any]:
    """A page of the test file's own, in the shared context: for a view whose workers and
    results a file keeps between its tests, apart from the shared page."""
    page = e2e_context.new_page()
    yield page
    page.close()


@pytest.fixture
def module_app(module_page: Any, base_url: str) -> App:
    return app_on(module_page, base_url)


@pytest.fixture
def fresh_app(e2e_context: Any, base_url: str, request: pytest.FixtureRequest) -> Iterator[App]:
    """A new page of its own, for what must start from a fresh load."""
    page = e2e_context.new_page()
    yield App(page, base_url)
    screenshot(page, request, "_fresh" if "app" in request.fixturenames else "")
    page.close()


# A phone's screen height, by its width in CSS pixels.
PHONE_HEIGHT = {360: 740, 390: 844}


@pytest.fixture(scope="module")
def phone(browser: Any, base_url: str) -> Iterator[Callable[..., App]]:
    """`phone(width=390, lang="en", touch=True)`: a phone's page, one browser context per
    width, language and pointer, kept for the test file (the page keeps Python started):
    with touch, a 2x screen; service workers blocked, as in every shared context."""
    contexts: dict[tuple[int, str, bool], Any] = {}

    def open_page(width: int = 390, lang: str = "en", touch: bool = True) -> App:
        key = (width, lang, touch)
        if key not in contexts:
            options: dict[str, Any] = {"viewport": {"width": width, "height": PHONE_HEIGHT.get(width, 844)},
                                       "service_workers": "block"}
            if touch:
                options.update(has_touch=True, is_mobile=True, device_scale_factor=2)
            contexts[key] = browser.new_context(**options)
        context = contexts[key]
        page = context.pages[0] if context.pages else context.new_page()
        return App(page, base_url)

    yield open_page
    for context in contexts.values():
        context.close()


@pytest.fixture(autouse=True)
def checks(watch: Watch) -> Iterator[None]:
    """After each test: fail on console errors or on requests that left 127.0.0.1."""
    errors_before = len(watch.errors)
    yield
    new_errors = watch.errors[errors_before:]
    assert not new_errors, f"console errors: {new_errors}"
    assert not watch.outside, f"requests outside 127.0.0.1: {watch.outside}"


# --- helpers that several folders' files share ---------------------------------------------


def frame(app: App) -> None:
    """Wait until the page has drawn the latest state (panels sync once per frame)."""
    app.page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")


def show_tour(app: App, query: str) -> dict[str, Any]:
    """Load `query` (which has a start), show the whole tour, and return the state."""
    app.goto(query)
    state = app.wait_result()
    assert state["status"] == "found", state["status"]
    app.page.click("#show-all")
    app.wait_until(f"window.knightTour.shown === {state['tourLength']}")
    frame(app)
    return app.state()


def checked_path(app: App) -> list[tuple[int, int]]:
    """The shown tour, after the one validator has passed it here too."""
    state = app.state()
    path = [(r, c) for r, c in state["path"]]
    holes = [(r, c) for r, c in state["holes"]]
    validate(state["rows"], state["cols"], path, closed=state["closed"], blocked=holes)
    return path


def wait_tour(app: App, query: str) -> list[tuple[int, int]]:
    """Load `query` (which has a start) and return the tour, validated."""
    app.goto(query)
    state = app.wait_result(PYTHON_TIMEOUT)
    assert state["status"] == "found", app.brief()
    return checked_path(app)


def choose_view(app: App, view: str) -> None:
    """Click the view's tab and wait until the page shows it."""
    app.page.click(f"#view-tabs [data-view={view}]")
    app.wait_until(f"window.knightTour.view === {view!r}")
    assert f"view={view}" in app.page.url or view == "tour"


def set_budget(app: App, budget: int) -> None:
    """Type the explore views' node budget."""
    app.page.fill("#budget", str(budget))
    app.page.dispatch_event("#budget", "change")
    app.wait_until(f"window.knightTour.budget === {budget}")


@contextmanager
def watched_page(browser: Any, watch: Any, **options: Any) -> Iterator[Any]:
    """A page in a context of its own (`options`: viewport, touch, scale), its requests and
    console watched like the shared page's, and the context closed afterwards."""
    context = browser.new_context(**options)
    context.on("request", watch.request)
    page = context.new_page()
    watch.attach(page)
    try:
        yield page
    finally:
        context.close()


def app_on(page: Any, base_url: str, query: str = "?rows=6&cols=6") -> App:
    """An App on a module's own page, opened at `query` with Python ready the first time."""
    app = App(page, base_url)
    if page.url == "about:blank":
        app.goto(query)
        app.wait_python()
    return app


def shot(app: App, name: str) -> None:
    """A full-page screenshot in this run's screenshots folder (ARTIFACTS)."""
    ARTIFACTS.mkdir(exist_ok=True)
    app.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
