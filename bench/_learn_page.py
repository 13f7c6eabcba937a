"""The page served from a fresh build and opened in Debian's Chromium, with the CPU slowed
down `rate` times (Chrome's CPU throttling, Emulation.setCPUThrottlingRate: 4x stands for
a phone): what the benchmarks that time Learn in the page share.

    with learn_page(4, "?view=learn&lang=en", "window.knightTour?.learn?.ready") as page:
        ...
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import build
from bench.page import wait_for

__all__ = ["learn_page"]


@contextmanager
def learn_page(rate: int, query: str, ready: str, timeout: float = 180) -> Iterator[Any]:
    """The page at `query`, once the expression `ready` holds, at CPU slowdown `rate`."""
    from playwright.sync_api import sync_playwright

    dist = build.assemble()
    server = build.make_server(0, dist, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.goto(build.url_of(server) + query)
            wait_for(page, ready, timeout)
            if rate > 1:
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            yield page
            browser.close()
    finally:
        server.shutdown()
