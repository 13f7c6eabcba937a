"""End to end, zoom and pan on the board: clicks on squares under a pixel zoom
in, the wheel, keys, dragging and two fingers zoom and pan without choosing squares."""

from __future__ import annotations

from typing import Any

from ..conftest import App, frame, show_tour, wait_app, watched_page


def test_zoom_in_on_1000_by_1000_and_click_a1_and_h8(fresh_app: App) -> None:
    page = fresh_app.page
    fresh_app.goto("?rows=1000&cols=1000")
    geometry = page.get_attribute("canvas.layer-overlay", "data-geometry")
    assert float(geometry.split(",")[2]) < 1  # squares under a pixel: a click cannot hit one
    # A click on squares too small to hit zooms in there instead of choosing a square.
    box = page.locator("canvas.layer-overlay").bounding_box()
    left, top, cell = map(float, geometry.split(","))
    page.mouse.click(box["x"] + left + 2, box["y"] + top + 1000 * cell - 2)
    frame(fresh_app)
    assert fresh_app.state()["start"] is None
    zoomed = float(page.get_attribute("canvas.layer-overlay", "data-geometry").split(",")[2])
    assert zoomed >= 12
    # The wheel zooms about the pointer; then a1 and h8 are clicked like any square.
    x, y = fresh_app.square_center("a1")
    page.mouse.move(x, y)
    for _ in range(3):
        page.mouse.wheel(0, -200)
    frame(fresh_app)
    assert float(page.get_attribute("canvas.layer-overlay", "data-geometry").split(",")[2]) > zoomed
    fresh_app.click_square("a1")
    fresh_app.wait_until("window.knightTour.start !== null")
    assert fresh_app.state()["start"] == [999, 0]
    fresh_app.click_square("h8")
    fresh_app.wait_until("window.knightTour.start && window.knightTour.start[1] === 7")
    assert fresh_app.state()["start"] == [992, 7]
    # The overview shows where the window is; 0 brings the whole board back.
    assert page.is_visible("#overview")
    page.focus("canvas.layer-overlay")
    page.keyboard.press("0")
    frame(fresh_app)
    assert float(page.get_attribute("canvas.layer-overlay", "data-geometry").split(",")[2]) < 1
    assert not page.is_visible("#overview")
    assert page.text_content("#zoom-level") == "Whole board"


def test_drag_pans_and_keys_zoom_without_choosing_squares(app: App) -> None:
    show_tour(app, "?rows=50&cols=50&start=a1")
    page = app.page
    page.focus("canvas.layer-overlay")
    for _ in range(4):
        page.keyboard.press("+")
    frame(app)
    before = list(map(float, page.get_attribute("canvas.layer-overlay", "data-geometry").split(",")))
    assert before[2] > 20  # 50 x 50 squares grew
    box = page.locator("canvas.layer-overlay").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 60, cy + 40, steps=6)
    page.mouse.up()
    frame(app)
    after = list(map(float, page.get_attribute("canvas.layer-overlay", "data-geometry").split(",")))
    assert after[2] == before[2]
    assert (after[0] - before[0], after[1] - before[1]) != (0, 0)  # the board moved with the drag
    assert app.state()["start"] == [49, 0]  # and the drag chose no square
    page.click("#zoom-fit")
    frame(app)


def test_two_fingers_pinch_to_zoom(browser: Any, base_url: str, watch: Any) -> None:
    with watched_page(browser, watch, viewport={"width": 800, "height": 900}, has_touch=True) as page:
        page.goto(base_url + "?rows=100&cols=100")
        wait_app(page)
        box = page.locator("canvas.layer-overlay").bounding_box()
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        cdp = page.context.new_cdp_session(page)

        def touch(kind: str, spread: float) -> None:
            points = [] if kind == "touchEnd" else [
                {"x": cx - spread, "y": cy, "id": 1}, {"x": cx + spread, "y": cy, "id": 2}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        touch("touchStart", 20)
        for step in range(1, 11):
            touch("touchMove", 20 + step * 15)
        touch("touchEnd", 0)
        page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")
        cell = float(page.get_attribute("canvas.layer-overlay", "data-geometry").split(",")[2])
        zoom = page.evaluate("() => window.knightTour.state.zoom && window.knightTour.state.zoom.zoom")
        assert zoom and zoom > 3, zoom  # fingers 40 px -> 340 px apart: the board grew with them
        assert cell > 20
        assert page.evaluate("() => window.knightTour.start") is None  # a pinch chooses no square
