"""The README's screenshots, taken from the built page: the Tour view and the Learn view.

    python3 -m tools.screenshots            (writes docs/img/tour.png and docs/img/learn.png)

It builds dist/ (``build.assemble``), serves it, and drives Debian's Chromium with
Playwright: an 8 x 8 tour from a1 played to its end, and the backtracking program traced
on 5 x 5 from a1 and shown at a step where it backs off.
"""

from __future__ import annotations

import argparse
import threading
from pathlib import Path
from typing import Any

import build
from bench.page import click_square, wait_for

__all__ = ["IMAGES", "main", "take"]

IMAGES = build.ROOT / "docs" / "img"
VIEWPORT: Any = {"width": 1280, "height": 800}


def _tour(page: Any, base: str, into: Path) -> None:
    page.goto(base + "?rows=8&cols=8&lang=en")
    wait_for(page, "window.knightTour?.pythonReady", 120)
    click_square(page, 7, 0)
    wait_for(page, "window.knightTour?.status === 'found'", 120)
    page.evaluate("() => { const s = document.querySelector('#position');"
                  " if (s) { s.value = s.max; s.dispatchEvent(new Event('input')); } }")
    page.wait_for_timeout(500)
    page.screenshot(path=str(into / "tour.png"))


def _learn(page: Any, base: str, into: Path) -> None:
    page.goto(base + "?view=learn&program=backtrack&rows=5&cols=5&start=a1&lang=en")
    wait_for(page, "window.knightTour?.learn?.ready", 180)
    page.click("#learn-run")
    wait_for(page, "window.knightTour?.learn.status !== 'running'"
                   " && window.knightTour?.learn.steps > 0", 300)
    page.evaluate("() => { const s = document.getElementById('learn-position');"
                  " s.value = '600'; s.dispatchEvent(new Event('input', { bubbles: true })); }")
    page.wait_for_timeout(500)
    page.screenshot(path=str(into / "learn.png"))


def take(into: Path = IMAGES) -> list[Path]:
    """Build and serve the site, and write both screenshots into ``into``."""
    from playwright.sync_api import sync_playwright

    into.mkdir(parents=True, exist_ok=True)
    dist = build.assemble()
    server = build.make_server(0, dist, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(build.CHROMIUM),
                                         args=build.CHROMIUM_ARGS)
            try:
                page = browser.new_context(viewport=VIEWPORT).new_page()
                base = build.url_of(server)
                _tour(page, base, into)
                _learn(page, base, into)
            finally:
                browser.close()
    finally:
        server.shutdown()
    return [into / "tour.png", into / "learn.png"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--into", type=Path, default=IMAGES, help="folder for the PNGs")
    args = parser.parse_args(argv)
    for path in take(args.into):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
