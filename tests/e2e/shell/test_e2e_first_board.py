"""On a slow link the page's first script (main.js) draws the link's board before the rest
of the page's script (app.js) has come; app.js then takes it over: the same board, pixel
for pixel, and a square clicked on the first board is where the knight starts. On a fast
link app.js draws the first board. The page's first layout holds the header and the board
only; app.js shows the controls and the panel a frame apart. index.html's English words wait hidden for a reader of
another language until app.js has translated them. Until Python is ready, the board is
drawn and clickable by JavaScript alone."""

from __future__ import annotations

import time
from typing import Any

from ..conftest import App, wait_app

FIRST_CANVAS = "() => document.querySelectorAll('#board canvas').length"
BOARD_PIXELS = "() => document.querySelector('#board canvas.layer-board').toDataURL()"


def hold_app(app: App) -> list[Any]:
    """Hold app.js back: the page shows main.js's board until the routes continue."""
    held: list[Any] = []
    app.page.route(lambda url: url.endswith("/app.js"), lambda route: held.append(route))
    return held


def late(route: Any) -> None:
    time.sleep(0.4)  # index.html then comes after 180 ms: a slow link's page
    route.continue_()


def first_board(app: App, query: str) -> list[Any]:
    """Load `query` as over a slow link, with app.js held; return the held routes once
    main.js drew its board."""
    held = hold_app(app)
    app.page.route(lambda url: url.endswith(query), late)
    app.page.goto(app.base_url + query, wait_until="commit")  # "load" waits for app.js
    for _ in range(200):
        if app.page.evaluate("() => performance.getEntriesByName('board-drawn').length") and held:
            return held
        app.page.wait_for_timeout(25)
    raise AssertionError("main.js drew no board while app.js was held")


def release(app: App, held: list[Any]) -> None:
    for route in held:
        route.continue_()
    app.page.unroute_all()
    wait_app(app.page)


def test_the_first_board_is_the_page_board_in_the_view_layout(fresh_app: App) -> None:
    held = first_board(fresh_app, "?rows=7&cols=5&holes=a1,e7,c4&view=play")
    page = fresh_app.page
    assert page.evaluate("() => window.knightTour") is None  # the app has not run
    assert page.evaluate(FIRST_CANVAS) == 1
    assert page.evaluate("() => document.body.dataset.view") == "play"
    first = page.evaluate(BOARD_PIXELS)
    box = page.locator("#board canvas").bounding_box()
    release(fresh_app, held)
    # The app's layers replaced the first canvas, and its board layer draws the same pixels.
    assert page.evaluate(FIRST_CANVAS) > 1
    assert page.evaluate(BOARD_PIXELS) == first
    assert page.locator("#board canvas.layer-board").bounding_box() == box
    state = fresh_app.state()
    assert (state["rows"], state["cols"], state["view"]) == (7, 5, "play")


def test_a_bad_size_falls_back_as_the_page_does(fresh_app: App) -> None:
    held = first_board(fresh_app, "?rows=0&cols=6&holes=a1,zz9")
    first = fresh_app.page.evaluate(BOARD_PIXELS)
    release(fresh_app, held)
    state = fresh_app.state()
    assert (state["rows"], state["cols"]) == (8, 6)
    assert fresh_app.page.evaluate(BOARD_PIXELS) == first  # no holes: one was not a square
    assert {e["param"] for e in fresh_app.page.evaluate("() => window.knightTour.state.paramErrors")} >= {
        "rows", "holes"}


def test_a_square_clicked_on_the_first_board_starts_the_tour_there(fresh_app: App) -> None:
    held = first_board(fresh_app, "?rows=6&cols=6")
    canvas = fresh_app.page.locator("#board canvas")
    box = canvas.bounding_box()
    assert box is not None
    fresh_app.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    release(fresh_app, held)
    left, top, cell = map(float, str(
        fresh_app.page.locator("canvas.layer-overlay").get_attribute("data-geometry")).split(","))
    col = int((box["width"] / 2 - left) // cell)
    row = int((box["height"] / 2 - top) // cell)
    state = fresh_app.wait_result()
    assert state["status"] == "found"
    assert state["path"][0] == [row, col]
    assert len(state["path"]) == 36


VISIBLE = "(selector) => getComputedStyle(document.querySelector(selector)).visibility"


def test_words_in_another_language_wait_hidden_for_app_js(fresh_app: App) -> None:
    held = first_board(fresh_app, "?rows=6&cols=6&lang=zh")
    page = fresh_app.page
    # index.html's English is not shown to a reader of Chinese; the board is.
    assert page.evaluate(VISIBLE, "h1") == "hidden"
    assert page.evaluate(VISIBLE, ".tabs") == "hidden"
    assert page.evaluate(VISIBLE, "#board canvas") == "visible"
    release(fresh_app, held)
    assert page.evaluate(VISIBLE, "h1") == "visible"
    assert "马踏棋盘" in str(page.text_content("h1"))
    assert page.evaluate("() => document.documentElement.dataset.words") is None


def test_english_words_show_with_the_first_board(fresh_app: App) -> None:
    held = first_board(fresh_app, "?rows=6&cols=6")
    assert fresh_app.page.evaluate(VISIBLE, "h1") == "visible"
    assert fresh_app.page.text_content("h1") == "Knight's tour"
    release(fresh_app, held)


LAID_OUT = "(selector) => [...document.querySelectorAll(selector)].map((el) => el.getClientRects().length > 0)"
# Each frame until the page is ready: which of the held parts are laid out in it.
FRAMES_SHOWN = """
window.__shownByFrame = [];
const look = () => {
  const shown = (selector) => [...document.querySelectorAll(selector)].some((el) => el.getClientRects().length > 0);
  if (document.body) window.__shownByFrame.push({ playback: shown(".stage > .playback"), panel: shown(".layout > .panel") });
  if (!performance.getEntriesByName("app-ready").length) requestAnimationFrame(look);
};
requestAnimationFrame(look);
"""


def test_on_a_fast_link_app_js_draws_the_first_board(fresh_app: App) -> None:
    held = hold_app(fresh_app)
    fresh_app.page.add_init_script(FRAMES_SHOWN)
    fresh_app.page.goto(fresh_app.base_url + "?rows=6&cols=6", wait_until="commit")
    for _ in range(200):
        if fresh_app.page.evaluate("() => document.documentElement.dataset.link") == "fast" and held:
            break
        fresh_app.page.wait_for_timeout(25)
    fresh_app.page.wait_for_timeout(300)  # main.js has run by now, app.js held
    assert fresh_app.page.evaluate(FIRST_CANVAS) == 0
    assert fresh_app.page.evaluate("() => performance.getEntriesByName('board-drawn').length") == 0
    # The page's first layout holds the header, the tabs and the board's place, not the
    # controls under the board, the panel or the text views (index.html's data-later).
    page = fresh_app.page
    assert page.evaluate(LAID_OUT, "h1, .tabs, #board") == [True, True, True]
    assert not any(page.evaluate(LAID_OUT, ".stage > .playback, .layout > .panel, .layout > .as-text"))
    release(fresh_app, held)
    assert fresh_app.page.evaluate(FIRST_CANVAS) > 1
    assert fresh_app.page.evaluate("() => performance.getEntriesByName('board-drawn').length") == 1
    # Shown once the page is ready, the controls a frame before the panel.
    assert page.evaluate("() => document.documentElement.dataset.later") is None
    assert page.is_visible("#play") and page.is_visible("#rows")
    frames = page.evaluate("() => window.__shownByFrame")
    first = {part: next(i for i, f in enumerate(frames) if f[part]) for part in ("playback", "panel")}
    assert first["playback"] < first["panel"], frames


def test_an_app_that_cannot_load_leaves_the_words_shown(fresh_app: App, watch: Any) -> None:
    errors_before = len(watch.errors)
    fresh_app.page.route(lambda url: url.endswith("/app.js"), lambda route: route.abort())
    fresh_app.page.route(lambda url: url.endswith("lang=zh"), late)  # a slow link's page
    fresh_app.page.goto(fresh_app.base_url + "?rows=6&cols=6&lang=zh")
    for _ in range(200):
        if fresh_app.page.evaluate("() => document.documentElement.dataset.words") is None:
            break
        fresh_app.page.wait_for_timeout(25)
    assert fresh_app.page.evaluate(VISIBLE, "h1") == "visible"
    assert fresh_app.page.evaluate("() => performance.getEntriesByName('board-drawn').length") == 1
    # index.html's controls and panel are shown too, not held for an app that never comes.
    assert all(fresh_app.page.evaluate(LAID_OUT, ".stage > .playback[data-views~=tour], .layout > .panel"))
    # The browser logs the failed request itself; nothing else went wrong.
    new = watch.errors[errors_before:]
    assert new and all("ERR_FAILED" in error for error in new), new
    del watch.errors[errors_before:]


def test_board_shows_before_python_is_ready(fresh_app: App) -> None:
    fresh_app.goto("?rows=8&cols=8")
    state = fresh_app.state()
    assert state["status"] == "loading"
    assert state["pythonReady"] is False
    assert fresh_app.page.is_visible("#loading")
    assert fresh_app.page.is_visible("canvas.layer-board")
    # a1 (bottom-left) is a dark square, drawn by JavaScript alone.
    x, y = fresh_app.square_center("a1")
    box = fresh_app.page.locator("canvas.layer-board").bounding_box()
    pixel = fresh_app.page.evaluate(
        """([x, y]) => Array.from(document.querySelector('canvas.layer-board')
              .getContext('2d').getImageData(x, y, 1, 1).data)""",
        [x - box["x"], y - box["y"]],
    )
    assert pixel[:3] == [0xB5, 0x88, 0x63]
    assert "Click any square" in fresh_app.page.text_content("#hint")
