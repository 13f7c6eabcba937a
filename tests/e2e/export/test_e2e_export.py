"""End to end, the export: text, JSON, PNG and SVG downloads read back (the text
through the validator), the notes on big boards, and printing."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from knight_py import validate
from knight_py.cli import main as cli_main

from ..conftest import ARTIFACTS, App, frame, show_tour


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
