"""End to end in every engine a student uses: Chromium, Firefox (firefox-esr) and WebKit
(WebKitGTK: Safari's engine, every iPhone's). One test body per check runs on each, through
engines.py's adapter; the server is the project's own, with faults the test turns on.

Which engines: all three by default; `-k webkit` picks one, KNIGHT_ENGINES=firefox,webkit
a list. Off CI an engine whose browser is missing is skipped; on CI (CI=true) it fails.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import threading
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

import build
from knight_py import validate
from knight_py.learn.trace_format import MAX_DEPTH
from knight_py.squares import square_name
from tests.e2e.learn.phone_checks import CONTROLS, EDITOR, SCREEN
from tests.e2e.screenshots import ARTIFACTS
from tools.serve import Handler, Server

from .engines import ENGINES, Engine, launch, missing

PYTHON_S = 90.0
WANTED = [e for e in os.environ.get("KNIGHT_ENGINES", ",".join(ENGINES)).split(",") if e]


# --- the server, with faults a test turns on ----------------------------------------------


class Faults:
    """What the server does wrong, for the start paths a test forces."""

    def __init__(self) -> None:
        self.document_delay = 0.0  # seconds before index.html: the slow link's start
        self.refused: tuple[str, ...] = ()  # names answered 404 (the snapshot: the plain start)


def serve(root: Path, faults: Faults) -> Server:
    class FaultyHandler(Handler):
        quiet = True

        def do_GET(self) -> None:
            path = self.path.split("?")[0]
            if path in ("/", "/index.html") and faults.document_delay:
                self.late_document()
                return
            if any(path.rsplit("/", 1)[-1].startswith(name) for name in faults.refused):
                self.send_error(404)
                return
            super().do_GET()

        def late_document(self) -> None:
            """index.html's head up to its inline script, then a pause: the script runs
            late by the page's own clock in every engine (WebKit's starts at the
            response, so a late response alone is not a slow page there)."""
            html = (Path(self.directory) / "index.html").read_bytes()
            cut = html.index(b"<script>")
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(html)))
            self.end_headers()
            self.wfile.write(html[:cut])
            self.wfile.flush()
            time.sleep(faults.document_delay)
            self.wfile.write(html[cut:])

    server = Server(("127.0.0.1", 0), partial(FaultyHandler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture(scope="module")
def faults() -> Faults:
    return Faults()


@pytest.fixture(autouse=True)
def no_faults(faults: Faults) -> Iterator[None]:
    yield
    faults.__init__()  # type: ignore[misc]


@pytest.fixture(scope="module")
def origin(faults: Faults, assembled: None) -> Iterator[str]:
    server = serve(build.DIST, faults)
    yield build.url_of(server)
    server.shutdown()
    server.server_close()


# --- the engines ------------------------------------------------------------------------


@pytest.fixture(scope="module", params=ENGINES)
def engine(request: pytest.FixtureRequest) -> Iterator[Engine]:
    name = request.param
    if name not in WANTED:
        pytest.skip(f"KNIGHT_ENGINES leaves out {name}")
    lacking = missing(name)
    if lacking:
        message = f"{name} needs {lacking} (python3 build.py test installs them)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    chromium = request.getfixturevalue("browser") if name == "chromium" else None
    browser = launch(name, chromium)
    browser.new_page()
    yield browser
    browser.close()


@pytest.fixture(autouse=True)
def page_errors(request: pytest.FixtureRequest) -> Iterator[list[str]]:
    """After each test: no uncaught error in the page (HOOKS) nor, where the driver reports
    them, in the console. A test that provokes an expected one removes it from the list."""
    allowed: list[str] = []
    yield allowed
    if "engine" not in request.fixturenames:
        return
    engine: Engine = request.getfixturevalue("engine")
    seen = engine.errors()
    # A page gone (a server stopped on purpose) has nothing to add.
    with contextlib.suppress(Exception):
        seen += list(engine.evaluate("globalThis.knightErrors ? knightErrors.splice(0) : []"))
    unexpected = [e for e in seen if not any(word in e for word in allowed)]
    assert not unexpected, f"{engine.name}: {unexpected}"


# --- helpers -----------------------------------------------------------------------------


def wait(engine: Engine, expression: str, timeout: float = 60.0) -> Any:
    """Poll `expression` in the page until it is truthy (across a load); its value."""
    end = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < end:
        try:
            value = engine.evaluate(expression)
        except Exception as exc:  # between two documents
            value, last = None, exc
        if value:
            return value
        time.sleep(0.05)
    state = engine.evaluate(
        "window.knightTour ? JSON.stringify({status: knightTour.status, "
        "python: knightTour.state.python, learn: knightTour.learn && {status: knightTour.learn.status,"
        " ready: knightTour.learn.ready, steps: knightTour.learn.steps, error: knightTour.learn.error},"
        " errors: globalThis.knightErrors}) : 'no knightTour'"
    )
    raise AssertionError(f"{engine.name}: timed out on {expression} ({last}); {state}")


def load(engine: Engine, url: str, fresh: bool = True) -> float:
    """Open `url` (in a fresh page: no worker or cache of the last); wait for app.js's
    controls; the seconds the load took."""
    if fresh:
        engine.new_page()
    began = time.monotonic()
    engine.goto(url)
    wait(engine, "performance.getEntriesByName('app-ready').length > 0")
    return time.monotonic() - began


def python_ready(engine: Engine) -> dict[str, Any]:
    """Wait until Python is ready (or a failure is shown: then fail, saying it)."""
    wait(engine, "window.knightTour && (knightTour.pythonReady || knightTour.state.python.failed)", PYTHON_S)
    python = engine.evaluate("JSON.parse(JSON.stringify(knightTour.state.python))")
    assert not python["failed"], f"{engine.name}: Python failed: {python['failed']}"
    return dict(python)


def start_path(engine: Engine) -> dict[str, Any]:
    """Which start the page took: who started the worker (index.html's inline script or
    app.js), who fetched the wasm (the page, handing its body over; or the worker), and
    Python's start (the snapshot or plain)."""
    return dict(engine.evaluate(
        "({worker: performance.getEntriesByName('worker-start').map((m) => m.detail || 'index.html'),"
        " wasm: document.documentElement.dataset.wasm || 'worker',"
        " python: knightTour.pythonStart, fallback: knightTour.snapshotFallback,"
        " controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)})"
    ))


def square_center(engine: Engine, name: str) -> tuple[float, float]:
    """Viewport coordinates of square `name` ("a1") on the board's canvas."""
    col = ord(name[0]) - 97
    row_from_bottom = int(name[1:])
    x, y = engine.evaluate(
        f"""(() => {{
          const canvas = document.querySelector('canvas.layer-overlay');
          const box = canvas.getBoundingClientRect();
          const [left, top, cell] = canvas.dataset.geometry.split(',').map(Number);
          const row = knightTour.rows - {row_from_bottom};
          return [box.x + left + ({col} + 0.5) * cell, box.y + top + (row + 0.5) * cell];
        }})()"""
    )
    return float(x), float(y)


def checked_tour(engine: Engine) -> list[tuple[int, int]]:
    state = engine.evaluate("JSON.parse(JSON.stringify({rows: knightTour.rows, cols: knightTour.cols,"
                            " path: knightTour.path, closed: knightTour.closed, holes: knightTour.holes}))")
    path = [(r, c) for r, c in state["path"]]
    validate(state["rows"], state["cols"], path, closed=state["closed"],
             blocked=[(r, c) for r, c in state["holes"]])
    return path


def click_tour(engine: Engine, square: str = "c3") -> list[tuple[int, int]]:
    """Click `square` once Python is ready; the validated tour shown."""
    python_ready(engine)
    engine.click(*square_center(engine, square))
    wait(engine, "['found', 'none', 'gave-up', 'error'].includes(knightTour.status)", 60)
    assert engine.evaluate("knightTour.status") == "found"
    return checked_tour(engine)


def click_run(engine: Engine) -> None:
    """Learn's Run, clicked until a run begins: in WebKit, under load, a first click was
    seen to leave Learn idle (reported; Learn is being rewritten), as a person would retry."""
    for _ in range(6):
        engine.evaluate("document.getElementById('learn-run').click()")
        with contextlib.suppress(AssertionError):
            wait(engine, "knightTour.learn.status !== 'idle' || knightTour.learn.steps > 0", 15)
            break
    wait(engine, "knightTour.learn.steps > 0", PYTHON_S)


def viewport_is(engine: Engine, width: int, height: int) -> None:
    """The page lays out at `width` x `height`: its viewport and its media queries say so."""
    seen = engine.evaluate(f"[innerWidth, innerHeight, matchMedia('(width: {width}px) and (height: {height}px)').matches]")
    assert seen == [width, height, True], f"{engine.name}: asked {width} x {height}, the page has {seen}"


def no_sideways_scroll(engine: Engine) -> dict[str, Any]:
    """The page's width and the widest control against its panel."""
    measured = dict(engine.evaluate(
        """(() => {
          const panel = document.querySelector('.panel').getBoundingClientRect();
          const wide = [...document.querySelectorAll('.panel select, .panel fieldset, .panel input, .panel button')]
            .filter((el) => el.getClientRects().length)
            .map((el) => [el.id || el.tagName, el.getBoundingClientRect().right - panel.right])
            .filter(([, over]) => over > 1);
          return {scroll: document.documentElement.scrollWidth, width: innerWidth, wide};
        })()"""
    ))
    assert measured["scroll"] <= measured["width"], f"{engine.name}: {measured}"
    assert not measured["wide"], f"{engine.name}: wider than the panel: {measured['wide']}"
    return measured


def shot(engine: Engine, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    engine.screenshot(ARTIFACTS / f"engines-{engine.name}-{name}.png")


# --- the checks, on every engine -----------------------------------------------------------


def test_load_board_and_python_from_a_fast_link(engine: Engine, origin: str) -> None:
    load(engine, origin + "?rows=8&cols=8")
    assert engine.evaluate("document.querySelector('canvas.layer-overlay').getBoundingClientRect().width") > 100
    python_ready(engine)
    path = start_path(engine)
    # Not under a service worker: the wasm's body goes to the worker only where a stream
    # can be handed over (Chromium, Firefox); WebKit's worker fetches it itself.
    if "index.html" in path["worker"]:
        assert path["wasm"] == ("worker" if engine.name == "webkit" else "page"), path
    # The snapshot, unless the link probe found this busy machine's server slow.
    assert path["python"] == "snapshot" or "link" in path["fallback"], path


def test_python_starts_on_a_slow_link(engine: Engine, origin: str, faults: Faults) -> None:
    """The page came late (after the inline script's 180 ms): app.js starts the worker."""
    faults.document_delay = 0.4
    load(engine, origin + "?rows=6&cols=6&slow")
    python_ready(engine)
    assert start_path(engine)["worker"] == ["app.js"]


def test_python_starts_plain_without_the_snapshot(engine: Engine, origin: str, faults: Faults,
                                                  page_errors: list[str]) -> None:
    faults.refused = ("snapshot-",)
    page_errors.append("404")  # the browser's own line about the refused snapshot
    load(engine, origin + "?rows=6&cols=6&plain")
    python_ready(engine)
    path = start_path(engine)
    # Plain either way: the snapshot refused, or judged not worth it on a busy machine's link.
    assert path["python"] == "plain" and path["fallback"], path


def test_a_clicks_tour_is_validated(engine: Engine, origin: str) -> None:
    load(engine, origin + "?rows=8&cols=8")
    # The board's first drawings (board/first-drawings.js) were made, at the board's own
    # square size, on a canvas that never joined the page.
    wait(engine, "performance.getEntriesByName('first-drawings').length > 0")
    cell = engine.evaluate("performance.getEntriesByName('first-drawings')[0].detail")
    assert cell == engine.evaluate("Number(document.querySelector('canvas.layer-overlay').dataset.geometry.split(',')[2])")
    strays = "[...document.querySelectorAll('canvas')].filter((c) => !c.closest('#board') && !['overview', 'depth-canvas'].includes(c.id)).length"
    assert engine.evaluate(strays) == 0
    # The pointer over a square, no button: the square a click would start from.
    engine.point(*square_center(engine, "c3"))
    wait(engine, "JSON.stringify(knightTour.state.hover) === '[5,2]'")
    path = click_tour(engine, "c3")
    assert len(path) == 64 and path[0] == (5, 2)
    shot(engine, "tour")


def test_a_shared_link_shows_its_tour(engine: Engine, origin: str) -> None:
    load(engine, origin + "?rows=6&cols=6")
    first = click_tour(engine, "a1")
    link = engine.evaluate("location.href")
    assert "tour=" in link or "start=" in link, link
    load(engine, link)
    wait(engine, "knightTour.tourLength === 36", PYTHON_S)
    python_ready(engine)
    assert checked_tour(engine) == first


def test_learn_runs_backtracking_and_steps(engine: Engine, origin: str) -> None:
    # Its default board (knight_py.learn.programs.DEFAULTS): it ends by itself within its budget.
    load(engine, origin + "?view=learn&rows=5&cols=5&start=e1&program=backtrack")
    wait(engine, "knightTour.learn && knightTour.learn.ready", PYTHON_S)
    click_run(engine)
    wait(engine, "['done', 'stopped', 'error'].includes(knightTour.learn.status)", 120)
    learn = engine.evaluate("JSON.parse(JSON.stringify(knightTour.learn))")
    assert learn["status"] == "done" and learn["answer"]["valid"], learn["status"]
    # Step from the start: one step forward, then another.
    engine.evaluate("(() => { const i = document.getElementById('learn-position'); i.value = '0';"
                    " i.dispatchEvent(new Event('input', {bubbles: true})); })()")
    wait(engine, "knightTour.learn.step === 0")
    engine.evaluate("document.getElementById('learn-forward').click()")
    wait(engine, "knightTour.learn.step === 1")
    engine.evaluate("document.getElementById('learn-forward').click()")
    wait(engine, "knightTour.learn.step === 2")
    assert engine.evaluate("knightTour.learn.line") > 0
    shot(engine, "learn")


def test_learn_judges_a_bug_program_and_the_page_s_nesting_limit_itself(engine: Engine, origin: str) -> None:
    load(engine, origin + "?view=learn&rows=5&cols=5&start=a1&program=bug_repeats")
    wait(engine, "knightTour.learn && knightTour.learn.ready", PYTHON_S)
    click_run(engine)
    wait(engine, "knightTour.learn.status === 'done' && knightTour.learn.answer !== null", 120)
    # To the last step through the slider (its input, as a drag ends).
    engine.evaluate("(() => { const i = document.getElementById('learn-position'); i.max = String(knightTour.learn.steps - 1);"
                    " i.value = i.max; i.dispatchEvent(new Event('input', {bubbles: true})); })()")
    wait(engine, "knightTour.learn.step === knightTour.learn.steps - 1")
    learn = engine.evaluate("JSON.parse(JSON.stringify(knightTour.learn))")
    assert learn["answer"]["code"] == "repeat", learn["answer"]
    assert learn["counts"]["back"] > 0 and learn["counts"]["backtracks"] == 0, learn["counts"]
    wait(engine, "document.getElementById('learn-answer').textContent.includes('went back without clearing')")
    source = "def visit(n):\n    return visit(n + 1)\n\ndef tour(rows, cols, start):\n    return visit(0)\n"
    engine.evaluate(f"(() => {{ const d = document.querySelector('.learn-edit'); d.open = true;"
                    f" const c = document.getElementById('learn-code'); c.value = {source!r};"
                    f" c.dispatchEvent(new Event('input', {{bubbles: true}})); }})()")
    wait(engine, "knightTour.learn.edited && knightTour.learn.status === 'idle'")
    click_run(engine)
    wait(engine, "knightTour.learn.status === 'limit'", 120)
    limit = engine.evaluate("JSON.parse(JSON.stringify(knightTour.learn.limit))")
    assert limit == {"depth": MAX_DEPTH, "line": 2}, limit


def click_in_view(engine: Engine, selector: str) -> None:
    """Scroll `selector` into the window if it is not there (as a thumb would), then click it."""
    engine.evaluate(f"(() => {{ const el = document.querySelector({selector!r}); const r = el.getBoundingClientRect();"
                    " if (r.top < 0 || r.bottom > innerHeight) el.scrollIntoView({block: 'center'}); })()")
    click_element(engine, selector)


def learn_controls_named_and_big(engine: Engine, where: str) -> None:
    controls = engine.evaluate(CONTROLS)
    assert controls, where
    bad = [c for c in controls if not c["name"] or c["width"] < 43.5 or c["height"] < 43.5]
    assert not bad, f"{engine.name}, {where}: unnamed or under 44 x 44 px: {bad}"


def editor_takes_the_screen(engine: Engine, where: str) -> dict[str, Any]:
    """The editor all in view under the row with Run, 12 lines or more, reached at its middle."""
    box: dict[str, Any] = {}
    with contextlib.suppress(AssertionError):  # the layout follows a frame or two after the change
        wait(engine, f"(() => {{ const b = {EDITOR}; return b.focused && b.reached && b.lines >= 12"
                     " && b.top >= b.pinned - 1 && b.bottom <= b.seen + 1; })()", 10)
    box = dict(engine.evaluate(EDITOR))
    assert box["focused"] and box["reached"] and box["lines"] >= 12, f"{engine.name}, {where}: {box}"
    assert box["top"] >= box["pinned"] - 1 and box["bottom"] <= box["seen"] + 1, f"{engine.name}, {where}: {box}"
    return box


def test_learn_on_a_phone_typed_run_and_stepped(engine: Engine, origin: str) -> None:
    """Learn at 390 px: a click into the editor gives it the screen, also with the window
    shrunk to 430 px as a keyboard shrinks it; a program typed there runs from Run, pinned
    above it, and steps from the step bar; every control of Learn named and 44 x 44 px."""
    load(engine, origin + "?view=learn&rows=5&cols=5&start=a1")
    engine.resize(390, 844)
    try:
        viewport_is(engine, 390, 844)
        wait(engine, "knightTour.learn && knightTour.learn.ready", PYTHON_S)
        wait(engine, f"{SCREEN} === 'choosing'")
        learn_controls_named_and_big(engine, "choosing")
        click_in_view(engine, ".learn-edit summary")
        wait(engine, "document.querySelector('.learn-edit').open")
        click_in_view(engine, "#learn-code")
        wait(engine, f"{SCREEN} === 'typing'")
        editor_takes_the_screen(engine, "typing")
        engine.resize(390, 430)
        viewport_is(engine, 390, 430)
        box = editor_takes_the_screen(engine, "keyboard open")
        engine.click(box["x"], box["y"])
        source = "def tour(rows, cols, start):\n    board = [[0] * cols for _ in range(rows)]\n    board[0][0] = 1\n    return board\n"
        engine.evaluate(f"(() => {{ const c = document.getElementById('learn-code'); c.value = {source!r};"
                        " c.dispatchEvent(new Event('input', {bubbles: true})); })()")
        wait(engine, "knightTour.learn.edited")
        learn_controls_named_and_big(engine, "typing, keyboard open")
        shot(engine, "learn-phone-keyboard")
        click_element(engine, "#learn-run")  # pinned at the top while typing
        engine.resize(390, 844)
        wait(engine, "['done', 'stopped', 'error', 'limit'].includes(knightTour.learn.status)", 120)
        wait(engine, f"{SCREEN} === 'stepping'")
        assert engine.evaluate("knightTour.learn.status") == "done"
        assert engine.evaluate("document.activeElement.id") != "learn-code"
        before = engine.evaluate("knightTour.learn.step")
        click_element(engine, "#learn-forward")
        wait(engine, f"knightTour.learn.step > {before}")
        learn_controls_named_and_big(engine, "stepping")
        shot(engine, "learn-phone-stepping")
    finally:
        engine.resize(1280, 900)


def test_compare_runs_every_method(engine: Engine, origin: str) -> None:
    load(engine, origin + "?view=compare&rows=5&cols=5")
    python_ready(engine)
    engine.click(*square_center(engine, "a1"))
    wait(engine, "knightTour.comparisonStatus === 'done'", 120)
    rows = engine.evaluate("JSON.parse(JSON.stringify(knightTour.comparison))")
    assert [r["method"] for r in rows] == ["auto", "warnsdorff", "backtrack", "exhaustive", "construct"]
    assert all(r["status"] for r in rows), rows


def test_the_heatmap_fills_every_square(engine: Engine, origin: str) -> None:
    load(engine, origin + "?view=heatmap&rows=5&cols=5")
    python_ready(engine)
    wait(engine, "Number(document.getElementById('heatmap-progress').value) >= 1", 180)
    workers = engine.evaluate("document.getElementById('heatmap-workers').textContent")
    assert workers, "the pool says how many workers"
    if engine.name != "chromium":  # no navigator.deviceMemory: few workers, whatever the cores
        assert engine.evaluate("navigator.deviceMemory === undefined")
        count = re.search(r"(\d+) workers? \(", workers)
        assert count and int(count.group(1)) <= 2, workers


def test_a_heatmap_square_clicked_shows_its_tour_and_clicked_again_clears(engine: Engine, origin: str) -> None:
    load(engine, origin + "?view=heatmap&rows=5&cols=5&method=backtrack")
    python_ready(engine)
    wait(engine, "knightTour.heatmap && knightTour.heatmap.status === 'done'", 180)
    inked = ("(() => { const c = document.querySelector('canvas.layer-lines');"
             " const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
             " let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n += 1; return n; })()")
    engine.click(*square_center(engine, "e5"))
    wait(engine, "knightTour.status === 'found' && knightTour.shown === 25", 60)
    wait(engine, "document.getElementById('heatmap-square').textContent.startsWith('e5')")
    wait(engine, f"{inked} > 0")
    shot(engine, "heatmap-selected")
    engine.click(*square_center(engine, "e5"))
    wait(engine, f"knightTour.path.length === 0 && {inked} === 0")


def chinese(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


# The hint's words come from the Chinese file itself (catalog-zh.js), not the shell's part
# that app.js holds.
HINT = "document.getElementById('hint-text').textContent"
CHINESE_FETCHED = "performance.getEntriesByType('resource').some((e) => e.name.endsWith('/catalog-zh.js'))"


def click_element(engine: Engine, selector: str) -> None:
    box = engine.evaluate(f"JSON.parse(JSON.stringify(document.querySelector({selector!r}).getBoundingClientRect()))")
    engine.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_chinese(engine: Engine, origin: str) -> None:
    load(engine, origin + "?lang=zh&rows=8&cols=8")
    python_ready(engine)
    assert engine.evaluate("document.documentElement.lang").startswith("zh")
    heading = engine.evaluate("document.querySelector('h1').textContent")
    assert chinese(heading), heading
    assert chinese(engine.evaluate(HINT)), engine.evaluate(HINT)


def test_english_fetches_the_chinese_words_only_when_asked(engine: Engine, origin: str) -> None:
    load(engine, origin + "?rows=8&cols=8")
    python_ready(engine)
    assert not chinese(engine.evaluate(HINT))
    assert not engine.evaluate(CHINESE_FETCHED), f"{engine.name}: an English visit fetched the Chinese words"
    click_element(engine, "#language-switch [data-lang=zh]")
    wait(engine, "knightTour.state.lang === 'zh'")
    wait(engine, f"/[\u4e00-\u9fff]/.test({HINT})")
    assert engine.evaluate(CHINESE_FETCHED)
    assert engine.evaluate("document.getElementById('language-note').hidden")


def test_chinese_words_that_cannot_be_fetched_are_said_and_asked_for_again(
    engine: Engine, origin: str, faults: Faults, page_errors: list[str]
) -> None:
    """A Chinese link whose words' file fails: the page starts in English, says in Chinese
    beside the switch why, and a press on 中文 once the file can be had brings them."""
    faults.refused = ("catalog-zh",)
    page_errors.extend(["catalog-zh", "404", "dynamically imported module", "module script failed", "Importing a module"])
    load(engine, origin + "?lang=zh&rows=8&cols=8")
    wait(engine, "knightTour.state.langLoad.error !== ''")
    assert engine.evaluate("knightTour.state.lang") == "en"
    assert not chinese(engine.evaluate(HINT))
    note = engine.evaluate("document.getElementById('language-note').textContent")
    assert "中文文字没能加载" in note, note
    assert engine.evaluate("document.getElementById('language-note').lang").startswith("zh")
    shot(engine, "language-file-refused")
    faults.refused = ()
    click_element(engine, "#language-switch [data-lang=zh]")
    wait(engine, f"/[\u4e00-\u9fff]/.test({HINT})")
    assert engine.evaluate("knightTour.state.lang") == "zh"
    assert engine.evaluate("document.getElementById('language-note').hidden")


@pytest.mark.parametrize("width", [1280, 390])
def test_no_sideways_scroll(engine: Engine, origin: str, width: int) -> None:
    load(engine, origin + "?rows=8&cols=8")
    engine.resize(width, 844 if width < 500 else 900)
    viewport_is(engine, width, 844 if width < 500 else 900)
    # The new size laid out: two frames drawn since the resize.
    engine.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(1))))")
    try:
        no_sideways_scroll(engine)
    finally:
        engine.resize(1280, 900)


def test_the_service_workers_reload_and_an_offline_one(engine: Engine, faults: Faults,
                                                       tmp_path: Path, page_errors: list[str]) -> None:
    """A site on a server of its own: one visit keeps it, a reload starts from the cache,
    and with the server stopped (no network: Firefox's offline mode does not reach the
    service worker) a reload still gives a validated tour."""
    for item in build.DIST.iterdir():
        (tmp_path / item.name).symlink_to(item.resolve())
    server = serve(tmp_path, Faults())
    base = build.url_of(server)
    try:
        load(engine, base + "?rows=8&cols=8&start=a1")
        python_ready(engine)
        wait(engine, "knightTour.state.offlineCache.status === 'saved'", PYTHON_S)
        wait(engine, "navigator.serviceWorker.ready.then(() => true)")
        first = checked_tour(engine)
        load(engine, base + "?rows=8&cols=8&start=a1", fresh=False)
        python_ready(engine)
        path = start_path(engine)
        assert path["controlled"] and path["python"] == "snapshot", path
    finally:
        server.shutdown()
        server.server_close()
    page_errors.extend(["Failed to fetch", "NetworkError", "ERR_CONNECTION_REFUSED"])
    load(engine, base + "?rows=8&cols=8&start=a1", fresh=False)
    python_ready(engine)
    wait(engine, "knightTour.status === 'found'", PYTHON_S)
    assert checked_tour(engine) == first


# Other leapers, one page per engine and language: a giraffe's tour from a link, a camel
# chosen from the piece menu and its colour proof, a zebra played; each looked at in 1280
# and 390 px windows (docs/leapers.md).
LEAPER_WORDS = {
    "en": {"giraffe": "the giraffe (1, 4)", "camel": "the camel (1, 3)", "colour": "colour", "zebra": "the zebra (2, 3)"},
    "zh": {"giraffe": "长颈鹿（1, 4）", "camel": "骆驼（1, 3）", "colour": "颜色", "zebra": "斑马（2, 3）"},
}
ENDED = "knightTour.pythonReady && !['loading', 'ready', 'solving'].includes(knightTour.status)"


def choose_piece(engine: Engine, piece: str, rule: str) -> None:
    """The piece menu set as a person's choice sets it (its change event)."""
    engine.evaluate(f"(() => {{ const s = document.getElementById('piece'); s.value = {piece!r};"
                    " s.dispatchEvent(new Event('change', {bubbles: true})); })()")
    wait(engine, f"knightTour.rule === {rule!r}")


# True once the page has not scrolled for 10 frames (false after 300 frames of scrolling).
SCROLL_STILL = ("new Promise((done) => { let last = scrollY, still = 0, frames = 0; const tick = () => {"
                " frames += 1; still = scrollY === last ? still + 1 : 0; last = scrollY;"
                " if (still >= 10 || frames > 300) done(still >= 10); else requestAnimationFrame(tick); };"
                " requestAnimationFrame(tick); })")


def click_square_when_still(engine: Engine, name: str) -> None:
    """Click square `name` once the page stands still: the page scrolls a tap's answer
    into view, smoothly (shell/reveal-panel.js), and a square measured mid-scroll is missed."""
    assert engine.evaluate(SCROLL_STILL), f"{engine.name}: the page kept scrolling"
    engine.click(*square_center(engine, name))


# Pairs of controls shown that overlap by more than a pixel each way (a label and its own
# field, or a control inside another, aside).
OVERLAPPING = """(() => {
  const shown = [...document.querySelectorAll('button, select, input, a, summary, label')]
    .filter((el) => el.getClientRects().length && !el.closest('[hidden]') && getComputedStyle(el).visibility !== 'hidden');
  const out = [];
  for (const [i, a] of shown.entries()) for (const b of shown.slice(i + 1)) {
    if (a.contains(b) || b.contains(a) || a.htmlFor === b.id || b.htmlFor === a.id) continue;
    const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
    const w = Math.min(r.right, s.right) - Math.max(r.left, s.left), h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    if (w > 1 && h > 1 && r.width > 2 && s.width > 2) out.push([a.id || a.textContent.slice(0, 20), b.id || b.textContent.slice(0, 20)]);
  }
  return out;
})()"""


def look(engine: Engine, name: str, selector: str) -> None:
    """At 1280 and 390 px: no sideways scroll, no control past its panel, no two controls
    overlapping, and `selector`'s text not cut (nothing scrolled out of its box); a
    screenshot with it in view, named by the width the page had."""
    for width in (1280, 390):
        engine.resize(width, 844 if width < 500 else 900)
        viewport_is(engine, width, 844 if width < 500 else 900)
        engine.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(1))))")
        no_sideways_scroll(engine)
        overlapping = engine.evaluate(OVERLAPPING)
        assert not overlapping, f"{engine.name}, {name} at {width} px: controls overlap: {overlapping}"
        cut = engine.evaluate(f"(() => {{ const el = document.querySelector({selector!r});"
                              " el.scrollIntoView({block: 'center'});"
                              " return el.scrollWidth > el.clientWidth + 1 ? [el.scrollWidth, el.clientWidth] : null; })()")
        assert cut is None, f"{engine.name}, {name} at {width} px: {selector} cut {cut}"
        shot(engine, f"{name}-{engine.evaluate('innerWidth')}")
    engine.resize(1280, 900)
    engine.evaluate("scrollTo(0, 0)")  # the board back in view for the next click


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_leapers_a_giraffe_link_a_camel_s_proof_and_a_zebra_played(engine: Engine, origin: str, lang: str) -> None:
    words = LEAPER_WORDS[lang]
    # A giraffe's tour from a link (5 x 8: found; on 8 x 8 the search gives up), validated
    # with the giraffe's jumps.
    load(engine, origin + f"?rows=5&cols=8&rule=giraffe&start=a1&lang={lang}")
    python_ready(engine)
    wait(engine, ENDED, 60)
    assert engine.evaluate("knightTour.status") == "found"
    assert engine.evaluate("[knightTour.rule, document.getElementById('piece').value]") == ["leaper:1,4", "giraffe"]
    state = engine.evaluate("JSON.parse(JSON.stringify({path: knightTour.path, closed: knightTour.closed}))")
    path = [(r, c) for r, c in state["path"]]
    assert len(path) == 40 and path[0] == (4, 0)
    validate(5, 8, path, closed=state["closed"], rule="giraffe")
    look(engine, f"leaper-giraffe-{lang}", "#piece")
    # The camel chosen from the menu: a click on a1 is answered with the colour proof.
    choose_piece(engine, "camel", "leaper:1,3")
    wait(engine, "knightTour.path.length === 0")
    click_square_when_still(engine, "a1")
    wait(engine, ENDED, 60)
    assert engine.evaluate("knightTour.status") == "impossible"
    proof = wait(engine, f"(() => {{ const t = document.getElementById('status').textContent;"
                         f" return t.includes({words['camel']!r}) && t; }})()")
    assert words["colour"] in proof, proof
    look(engine, f"leaper-camel-{lang}", "#status")
    # The zebra played: from a1 it reaches c4 and d3, and Play says so.
    click_in_view(engine, "#tab-play")
    wait(engine, "knightTour.state.view === 'play'")
    choose_piece(engine, "zebra", "leaper:2,3")
    click_square_when_still(engine, "a1")
    wait(engine, "knightTour.play && knightTour.play.path.length === 1")
    legal = engine.evaluate("JSON.parse(JSON.stringify(knightTour.play.legal))")
    assert sorted(square_name(tuple(sq), 5) for sq in legal) == ["c4", "d3"], legal
    moves = wait(engine, f"(() => {{ const t = document.getElementById('play-moves').textContent;"
                         f" return t.includes({words['zebra']!r}) && t; }})()")
    assert "c4" in moves and "d3" in moves, moves
    click_square_when_still(engine, "d3")
    wait(engine, "knightTour.play.path.length === 2")
    look(engine, f"leaper-zebra-{lang}", "#play-moves")


# Programs nested `DEPTH` calls deep under the tracer: a search frame's plain recursion, and
# recursion through a builtin (each level a C call into Python again: the JavaScript stack).
DEPTH_PROGRAMS = {
    "plain": ("def visit(n, board):\n    for step in (1, 2):\n        if n >= DEPTH:\n"
              "            return True\n        if visit(n + 1, board):\n            return True\n"
              "    return False\n\ndef tour(rows, cols, start):\n    board = [[0] * cols for _ in range(rows)]\n"
              "    visit(2, board)\n    return None\n"),
    "builtin": ("def visit(n):\n    return n >= DEPTH or any(visit(n + 1) for _ in (0,))\n\n"
                "def tour(rows, cols, start):\n    visit(2)\n    return None\n"),
}
# Depths tried, each only while the one before ran (a failure ends the shape's search).
DEPTH_TRIED = {"plain": (1_000, 5_000, 20_000, 55_000),
               "builtin": (400, 600, 800, 1_000, 1_200, 1_600, 2_400, 3_200)}
# For this measurement only, the page's runs go past its nesting limit: every run message
# carries max_depth window.probeDepth, the worker's chunks are kept from the page (which
# refuses calls deeper than its limit) and its endings noted in window.probeEnded.
PROBE_SCRIPT = """(() => {
  if (window.probeEnded) return;
  window.probeEnded = [];
  const post = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (message, transfer) {
    if (message && message.type === "run" && window.probeDepth) message = { ...message, max_depth: window.probeDepth };
    return post.call(this, message, transfer);
  };
  const handler = Object.getOwnPropertyDescriptor(MessagePort.prototype, "onmessage");
  Object.defineProperty(MessagePort.prototype, "onmessage", {
    configurable: true,
    get() { return handler.get.call(this); },
    set(fn) {
      handler.set.call(this, fn && ((event) => {
        const data = event.data;
        if (window.probeDepth && data && data.type === "chunk") return;
        if (window.probeDepth && data && data.type === "ended") window.probeEnded.push(data.result);
        fn(event);
      }));
    },
  });
})()"""


def _probe_depth(engine: Engine, source: str, depth: int) -> str:
    """Run `source` nested `depth` calls deep under the worker's tracer: its ending
    ("done", or "error: Python's name and words"), or "silent" when nothing ended."""
    # A level of recursion through a builtin is two program frames (the function, the generator).
    engine.evaluate(f"(window.probeDepth = {2 * depth + 10}, window.probeEnded.length = 0)")
    program = source.replace("DEPTH", str(depth))
    engine.evaluate(f"(() => {{ const d = document.querySelector('.learn-edit'); d.open = true;"
                    f" const c = document.getElementById('learn-code'); c.value = {program!r};"
                    f" c.dispatchEvent(new Event('input', {{bubbles: true}})); }})()")
    wait(engine, "knightTour.learn.edited && !['running'].includes(knightTour.learn.status) && knightTour.learn.ready", PYTHON_S)
    # Clicked until a run begins (a first click was seen to leave Learn idle: click_run);
    # the page shows no step of a probe (its chunks are kept from it).
    for _ in range(4):
        engine.evaluate("document.getElementById('learn-run').click()")
        with contextlib.suppress(AssertionError):
            wait(engine, "knightTour.learn.status !== 'idle' || window.probeEnded.length > 0", 15)
            break
    try:
        wait(engine, "window.probeEnded.length > 0", 60)
    except AssertionError:
        return "silent"
    finally:
        wait(engine, "knightTour.learn.status !== 'running'", 60)  # the page ends the silent run
    result = engine.evaluate("JSON.parse(JSON.stringify(window.probeEnded[0]))")
    if result["status"] == "error":
        return f"error: {result['error']['name']}: {result['error']['text']}"[:160]
    return str(result["status"])


@pytest.mark.skipif(not os.environ.get("KNIGHT_MEASURE"), reason=(
    "a measurement (a few minutes an engine, its figures in docs/learn.md), run on demand: "
    "KNIGHT_MEASURE=1 python -m pytest tests/e2e/engines -k measure_learn_depth -s"))
def test_measure_learn_depth(engine: Engine, origin: str, page_errors: list[str]) -> None:
    """How deep the Learn worker's Python nests calls under the tracer in this engine
    (printed, for docs/learn.md: run with -s): the page's limit must be below it for
    recursion through a builtin, the shallower kind."""
    # The probes past the JavaScript stack are logged by the engines (Firefox: an error handle).
    page_errors.extend(["stack", "recursion", "Maximum call", "fatal error", "JSHandle@error"])
    load(engine, origin + "?view=learn&rows=5&cols=5&start=a1&program=backtrack")
    wait(engine, "knightTour.learn && knightTour.learn.ready", PYTHON_S)
    engine.evaluate(PROBE_SCRIPT)
    # A first run of the page was seen to end silent in every engine: one, not counted.
    _probe_depth(engine, DEPTH_PROGRAMS["builtin"], 10)
    figures: dict[str, dict[str, str]] = {}
    for shape, source in DEPTH_PROGRAMS.items():
        figures[shape] = {}
        for depth in DEPTH_TRIED[shape]:
            ending = _probe_depth(engine, source, depth)
            figures[shape][str(depth)] = ending
            if ending != "done":
                break
    engine.evaluate("window.probeDepth = 0")
    print(f"{engine.name}: {json.dumps(figures)}")
    assert figures["builtin"][str(DEPTH_TRIED["builtin"][0])] == "done", figures
