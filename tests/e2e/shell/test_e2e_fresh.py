"""End to end on fresh pages: the board before Python, shared links, bad parameters."""

from __future__ import annotations

from typing import Any

from knight_py import validate

from ..conftest import ARTIFACTS, App, route_rewritten_bytecode, wait_app


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


def test_a_copied_link_gives_the_same_path(app: App, fresh_app: App) -> None:
    app.set_size(8, 8)
    app.page.check("#closed-tour")
    app.click_square("e4")
    original = app.wait_result()
    assert original["status"] == "found"
    app.page.click("#copy-link")
    app.wait_until("document.querySelector('#copy-result').textContent.includes('copied')")
    link = app.page.evaluate("() => navigator.clipboard.readText()")
    assert link == app.page.input_value("#link")
    assert "start=e4" in link and "closed=1" in link and "tour=" in link
    app.page.check("#open-tour")

    fresh_app.open(link)  # the tour travels in the link: shown before Python is ready
    state = fresh_app.state()
    assert state["status"] == "found"
    assert state["path"] == original["path"]
    settings_only = link.split("&tour=")[0]
    fresh_app.open(settings_only)  # the settings alone reproduce it too
    state = fresh_app.wait_result()
    assert state["path"] == original["path"]
    validate(8, 8, [tuple(sq) for sq in state["path"]], closed=True)


def test_bad_parameters_show_their_messages(fresh_app: App) -> None:
    fresh_app.goto(
        "?rows=0&cols=6&start=<img src=x onerror=alert(1)>&closed=maybe&method=magic"
        "&holes=b2,zz99&rule=bishop&tour=!!&colour=red"
    )
    page = fresh_app.page
    messages = {
        li.get_attribute("data-param"): li.text_content()
        for li in page.locator("#param-errors li").all()
    }
    assert set(messages) == {"rows", "start", "closed", "method", "holes", "rule", "tour", "colour"}
    assert "1 to 1000" in messages["rows"]
    assert "auto" in messages["method"] and "warnsdorff" in messages["method"]
    assert "zz99" in messages["holes"]
    assert "<img" in messages["start"]  # shown as text, never as markup
    assert page.locator("#param-errors img").count() == 0
    state = fresh_app.state()
    # Only the bad parameters fall back: cols=6 is kept.
    assert (state["rows"], state["cols"], state["closed"], state["method"]) == (8, 6, False, "auto")
    assert (state["holes"], state["rule"], state["start"]) == ([], "knight", None)
    assert page.is_visible("#param-errors")
    # window.knightTour is a read-only snapshot.
    after = page.evaluate(
        """() => {
             try { window.knightTour = null; } catch {}
             try { window.knightTour.status = 'found'; } catch {}
             try { window.knightTour.path.push([0, 0]); } catch {}
             return [window.knightTour.status, window.knightTour.path.length];
           }"""
    )
    assert after == [state["status"], 0]


def test_stop_restarts_the_worker_where_python_cannot_be_interrupted(
    fresh_app: App, plain_host_url: str
) -> None:
    fresh_app.base_url = plain_host_url
    fresh_app.goto("?rows=8&cols=8&method=backtrack&start=d4")
    assert fresh_app.page.evaluate("() => crossOriginIsolated") is False
    fresh_app.wait_python()
    fresh_app.wait_until("window.knightTour.status === 'solving'")
    fresh_app.page.click("#stop")
    assert fresh_app.state()["status"] == "cancelled"
    fresh_app.wait_until("!window.knightTour.pythonReady")  # a fresh worker is starting
    assert fresh_app.page.is_visible("#loading")
    fresh_app.page.select_option("#method", "auto")
    fresh_app.click_square("a1")
    state = fresh_app.wait_result()
    assert state["status"] == "found" and state["start"] == [7, 0]
    validate(8, 8, [tuple(sq) for sq in state["path"]])


def test_canvas_is_sharp_on_high_dpi_screens(browser: Any, base_url: str, watch: Any) -> None:
    context = browser.new_context(viewport={"width": 900, "height": 800}, device_scale_factor=2)
    context.on("request", watch.request)
    page = context.new_page()
    watch.attach(page)
    try:
        page.goto(base_url + "?rows=5&cols=7")
        wait_app(page)
        canvas = page.locator("canvas.layer-board")
        css = canvas.bounding_box()
        assert canvas.evaluate("c => [c.width, c.height]") == [
            round(css["width"] * 2),
            round(css["height"] * 2),
        ]
        page.screenshot(path=str(ARTIFACTS / "high_dpi_board.png"))
    finally:
        context.close()


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
