"""End to end: the board's canvas, sharp on high-DPI screens (its pixels are the screen's)."""

from __future__ import annotations

from typing import Any

from ..conftest import ARTIFACTS, wait_app, watched_page


def test_canvas_is_sharp_on_high_dpi_screens(browser: Any, base_url: str, watch: Any) -> None:
    with watched_page(browser, watch, viewport={"width": 900, "height": 800}, device_scale_factor=2) as page:
        page.goto(base_url + "?rows=5&cols=7")
        wait_app(page)
        canvas = page.locator("canvas.layer-board")
        css = canvas.bounding_box()
        assert canvas.evaluate("c => [c.width, c.height]") == [
            round(css["width"] * 2),
            round(css["height"] * 2),
        ]
        page.screenshot(path=str(ARTIFACTS / "high_dpi_board.png"))
