"""End to end for issue 12's views: zoom and pan, export, and the accessible board."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from knight_py import validate
from knight_py.cli import main as cli_main

from ..conftest import ARTIFACTS, App, wait_app

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def frame(app: App) -> None:
    """Wait until the page has drawn the latest state (panels sync once per frame)."""
    app.page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")


def show_tour(app: App, query: str) -> dict[str, Any]:
    app.goto(query)
    state = app.wait_result()
    assert state["status"] == "found", state["status"]
    app.page.click("#show-all")
    app.wait_until(f"window.knightTour.shown === {state['tourLength']}")
    frame(app)
    return app.state()


# --- zoom and pan -------------------------------------------------------------------------


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
    context = browser.new_context(viewport={"width": 800, "height": 900}, has_touch=True)
    context.on("request", watch.request)
    page = context.new_page()
    watch.attach(page)
    try:
        page.goto(base_url + "?rows=100&cols=100")
        wait_app(page)
        box = page.locator("canvas.layer-overlay").bounding_box()
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        cdp = context.new_cdp_session(page)

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
    finally:
        context.close()


# --- export -------------------------------------------------------------------------------


def download(page: Any, fmt: str) -> bytes:
    with page.expect_download() as info:
        page.click(f"#export-list button[data-format='{fmt}']")
    return Path(info.value.path()).read_bytes()


def parse_board(text: str) -> tuple[int, int, list[int]]:
    """The posts' numbered board back to (rows, cols, path of flat indices)."""
    grid = [line.split() for line in text.strip().splitlines()]
    rows, cols = len(grid), len(grid[0])
    where = {int(cell): r * cols + c for r, line in enumerate(grid) for c, cell in enumerate(line) if cell.isdigit()}
    return rows, cols, [where[n] for n in range(1, len(where) + 1)]


def test_text_exports_read_back_through_the_validator(app: App, capsys: pytest.CaptureFixture[str]) -> None:
    state = show_tour(app, "?rows=8&cols=8&start=b1&closed=1")
    page = app.page
    path = [tuple(sq) for sq in state["path"]]
    rows, cols, indices = parse_board(download(page, "board").decode())
    assert (rows, cols) == (8, 8)
    validate(8, 8, indices, closed=True)  # the one validator has the last word
    assert [divmod(i, 8) for i in indices] == path
    moves = download(page, "moves").decode().split()
    assert moves[0] == "b1" and len(moves) == 64
    validate(8, 8, moves, closed=True)
    data = json.loads(download(page, "json"))
    assert cli_main(["8x8", "--start", "b1", "--closed", "--format", "json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert list(data) == list(cli)  # the command line's schema, key for key
    assert [tuple(p) for p in data["path"]] == path
    assert data["moves"] == moves and data["closed"] is True
    assert "saved" in page.text_content("#export-result").lower()


# Board colours: a pixel on the path is neither.
LIGHT, DARK = (240, 217, 181), (181, 136, 99)


def image_pixels(page: Any, data: bytes, mime: str, points: list[tuple[float, float]]) -> dict[str, Any]:
    """Open the file as an image (as a browser would) and read pixels at image coordinates."""
    import base64

    url = f"data:{mime};base64,{base64.b64encode(data).decode()}"
    return dict(page.evaluate(
        """async ([url, points]) => {
             const img = new Image();
             img.src = url;
             await img.decode();
             const c = document.createElement('canvas');
             c.width = img.naturalWidth; c.height = img.naturalHeight;
             const ctx = c.getContext('2d');
             ctx.drawImage(img, 0, 0);
             return { width: c.width, height: c.height,
                      pixels: points.map(([x, y]) => Array.from(ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data)) };
           }""",
        [url, points],
    ))


def path_midpoints(path: list[tuple[int, int]], x0: float, y0: float, cell: float) -> list[tuple[float, float]]:
    """Points halfway along the first moves, in image pixels (never on a move number)."""
    out = []
    for (r1, c1), (r2, c2) in pairwise(path[:9]):
        out.append((x0 + ((c1 + c2) / 2 + 0.5) * cell, y0 + ((r1 + r2) / 2 + 0.5) * cell))
    return out


def on_path(pixel: list[int]) -> bool:
    rgb = tuple(pixel[:3])
    return all(sum(abs(a - b) for a, b in zip(rgb, board, strict=True)) > 60 for board in (LIGHT, DARK))


@pytest.mark.parametrize("numbers", [True, False])
def test_png_and_svg_downloads_open_as_images_and_show_the_path(app: App, numbers: bool) -> None:
    state = show_tour(app, "?rows=8&cols=8&start=a1")
    page = app.page
    path = [tuple(sq) for sq in state["path"]]
    if page.is_checked("#export-numbers") != numbers:
        page.click("#export-numbers")
    png = download(page, "png")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    # raster.js: 48 px squares, a 29 px label strip on the left, 4 px padding.
    seen = image_pixels(page.context.new_page(), png, "image/png", path_midpoints(path, 4 + 29, 4, 48))
    assert (seen["width"], seen["height"]) == (8 * 48 + 29 + 8, 8 * 48 + 29 + 8)
    assert all(on_path(p) for p in seen["pixels"]), seen["pixels"]
    svg = download(page, "svg")
    text = svg.decode()
    assert text.startswith("<svg") and "<title id=\"title\">Knight's tour, 8 x 8</title>" in text
    assert (">64</text>" in text) == numbers
    # svg.js: one user unit per square, board at (0.6, 0.1), 40 px per unit.
    other = page.context.new_page()
    seen = image_pixels(other, svg, "image/svg+xml", path_midpoints(path, 0.6 * 40, 0.1 * 40, 40))
    assert seen["width"] == round((8 + 0.7) * 40)
    assert all(on_path(p) for p in seen["pixels"]), seen["pixels"]
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"export{'_numbers' if numbers else ''}.png").write_bytes(png)
    for extra in page.context.pages:
        if extra is not page:
            extra.close()


def test_big_boards_say_what_each_export_makes_and_how_large(app: App) -> None:
    app.goto("?rows=1000&cols=1000")
    frame(app)
    notes = {li.locator("button").get_attribute("data-format"): li.text_content() for li in app.page.locator("#export-list li").all()}
    assert "8.0 MB" in notes["board"]
    assert "without numbers" in notes["svg"] and "MB" in notes["svg"]
    assert re.search(r"4008 x 4008 px, 4 px per square, without numbers", notes["png"])
    assert app.page.is_disabled("#export-list button[data-format='png']")  # no tour yet


def test_print_shows_the_board_and_the_numbered_table_without_controls(app: App) -> None:
    show_tour(app, "?rows=6&cols=6&start=a1")
    page = app.page
    page.emulate_media(media="print")
    try:
        for hidden in ("#settings", ".playback .buttons", "#export-list", ".zoom-controls", "#copy-link"):
            assert not page.is_visible(hidden), hidden
        for shown in ("canvas.layer-board", "#squares", "#move-list"):
            assert page.is_visible(shown), shown
        assert page.locator("#squares td[role='gridcell']").count() == 36
        pdf = page.pdf()
        assert pdf[:5] == b"%PDF-" and len(pdf) > 10_000
    finally:
        page.emulate_media(media="screen")


# --- the accessible board -----------------------------------------------------------------


def focused_name(page: Any) -> str:
    """The accessible name of the focused node, read from the accessibility tree."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    for node in nodes:
        props = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
        role = node.get("role", {}).get("value")
        if props.get("focused") and role not in ("RootWebArea", "WebArea"):
            return str(node.get("name", {}).get("value", ""))
    raise AssertionError("nothing focused")


def test_a_screen_reader_user_reads_the_whole_tour_by_keyboard(app: App) -> None:
    state = show_tour(app, "?rows=8&cols=8&start=a1")
    page = app.page
    # Reach the table by Tab from the slider, as a keyboard user would.
    page.focus("#position")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.getAttribute('role') === 'gridcell'"):
            break
    assert page.evaluate("() => document.activeElement.getAttribute('role')") == "gridcell"
    page.keyboard.press("Control+Home")  # a8
    frame(app)
    read: dict[int, tuple[int, int]] = {}
    for rank in range(8):
        page.keyboard.press("Home")
        for file in range(8):
            if file:
                page.keyboard.press("ArrowRight")
            frame(app)
            name = focused_name(page)
            match = re.fullmatch(r"([a-h])([1-8]), move (\d+)(, .*)?", name)
            assert match, name
            assert (match.group(1), int(match.group(2))) == ("abcdefgh"[file], 8 - rank)
            read[int(match.group(3))] = (rank, file)
        page.keyboard.press("ArrowDown")
    path = [read[n] for n in range(1, 65)]
    assert path == [tuple(sq) for sq in state["path"]]
    validate(8, 8, path)
    # PageUp / PageDown move ten ranks (to the edge here), End the last file.
    page.keyboard.press("PageUp")
    page.keyboard.press("End")
    frame(app)
    assert focused_name(page).startswith("h8, move")
    # The move list is plain text, in order, the current move marked.
    items = page.locator("#move-list li").all_text_contents()
    assert len(items) == 64 and items[0] == "a1"
    assert page.locator("#move-list li[aria-current='step']").text_content() == items[-1]


def test_playback_and_settings_are_announced(app: App) -> None:
    show_tour(app, "?rows=6&cols=6&start=a1")
    page = app.page
    page.focus("#position")
    page.keyboard.press("Home")
    frame(app)
    assert app.state()["shown"] == 1
    page.keyboard.press("PageUp")  # ten moves on
    frame(app)
    assert app.state()["shown"] == 11
    assert re.fullmatch(r"Move 11 of 36: [a-f][1-6]\.", page.text_content("#announcer") or "")
    page.keyboard.press("End")
    frame(app)
    assert "Move 36 of 36" in (page.text_content("#announcer") or "")
    page.click("#closed-tour")
    frame(app)
    assert (page.text_content("#announcer") or "").startswith("Closed tour")
    page.click("#edit-holes")
    frame(app)
    assert "Editing holes" in (page.text_content("#announcer") or "")
    app.click_square("c3")
    frame(app)
    assert "Hole added at c3" in (page.text_content("#announcer") or "")
    app.click_square("c3")
    page.click("#edit-holes")
    page.click("#open-tour")
    frame(app)


# --- axe-core -------------------------------------------------------------------------------

VIEWS = {
    "empty board": "?rows=8&cols=8",
    "8x8 tour": "?rows=8&cols=8&start=a1",
    "bad link": "?rows=0&holes=zz9&method=magic&colour=red&rows=3",
    "1000x1000 board": "?rows=1000&cols=1000",
    # explore9's views (the `view` parameter).
    "compare view": "?rows=6&cols=6&view=compare",
    "heatmap view": "?rows=5&cols=5&view=heatmap",
    "play view": "?rows=6&cols=6&view=play",
    "learn view": "?rows=5&cols=5&view=learn",
    # The same in Chinese (the lang parameter).
    "8x8 tour in Chinese": "?rows=8&cols=8&start=a1&lang=zh",
    "compare view in Chinese": "?rows=6&cols=6&view=compare&lang=zh",
    "play view in Chinese": "?rows=6&cols=6&view=play&lang=zh",
    "learn view in Chinese": "?rows=5&cols=5&view=learn&lang=zh",
}


def axe_violations(page: Any) -> list[dict[str, Any]]:
    page.evaluate(AXE.read_text())
    result = page.evaluate(
        "async () => (await axe.run(document, { resultTypes: ['violations'] })).violations"
        ".map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))"
    )
    return list(result)


@pytest.mark.parametrize("view", list(VIEWS))
def test_axe_finds_no_serious_or_critical_violation(app: App, view: str) -> None:
    assert AXE.exists(), "npm ci installs axe-core (a dev dependency)"
    app.goto(VIEWS[view])
    if "start=" in VIEWS[view]:
        app.wait_result()
        app.page.click("#show-all")
    frame(app)
    states = [view]
    if view == "8x8 tour":
        app.page.click("#edit-holes")  # the board while editing holes
        frame(app)
        states.append("editing holes")
    bad = [v for v in axe_violations(app.page) if v["impact"] in ("serious", "critical")]
    if view == "8x8 tour":
        app.page.click("#edit-holes")
    assert not bad, f"{states}: {bad}"
