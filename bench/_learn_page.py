"""The page served from a fresh build and opened in Debian's Chromium, with the CPU slowed
down `rate` times (Chrome's CPU throttling, Emulation.setCPUThrottlingRate: 4x stands for
a phone): what the benchmarks that time Learn in the page share, and their command line
(`--repeats`, `--rates`, one report per CPU slowdown).

    with learn_page(4, "?view=learn&lang=en", "window.knightTour?.learn?.ready") as page:
        ...
"""

from __future__ import annotations

import argparse
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import build
from bench.page import wait_for

__all__ = ["at_each_rate", "learn_page"]


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


def at_each_rate(argv: list[str] | None, description: str, what: str, report: Callable[[int, int], None]) -> int:
    """The command line of a benchmark measured at several CPU slowdowns: `report(rate,
    repeats)` measures and prints one slowdown's figures; the time of all is said last."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--repeats", type=int, default=3, help=f"{what} per program and speed")
    parser.add_argument("--rates", default="1,4", help="CPU slowdowns to measure at")
    args = parser.parse_args(argv)
    began = time.monotonic()
    for rate in (int(r) for r in args.rates.split(",")):
        report(rate, args.repeats)
    print(f"  ({time.monotonic() - began:.0f} s in all)")
    return 0
