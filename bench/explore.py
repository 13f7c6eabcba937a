"""The explore views' benchmark: the heatmap of start squares in the page, with one worker
and with all workers, beside ``survey`` on CPython; measured in one run.

    python -m bench.explore          (or: python build.py bench)

Prints, for 8 x 8 with Warnsdorff's rule (64 squares) and 6 x 6 with plain backtracking
(36 squares, 100,000 nodes per square):
  * the heatmap's time in the page (headless Chromium), first run (extra workers still
    starting their Python) and a second run (every worker ready), with 1 worker and with
    all the workers the page chooses; the speed-up ratio of the second runs;
  * ``survey`` of the same board on this CPython, and the ratio page / CPython.
Goal: the 8 x 8 Warnsdorff heatmap in under 1 s once Python is ready.
One worker is had by telling the page the machine has one core
(navigator.hardwareConcurrency), the page's own rule for sizing its pool.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Any

import build
from knight_py import survey

CASES = [
    ("8x8 Warnsdorff", 8, 8, "warnsdorff", 100_000),
    ("6x6 plain backtracking", 6, 6, "backtrack", 100_000),
]
ONE_CORE = "Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 1 });"


def wait_for(page: Any, expression: str, timeout: float) -> Any:
    end = time.monotonic() + timeout
    while True:
        value = page.evaluate(f"() => {expression}")
        if value:
            return value
        if time.monotonic() > end:
            raise TimeoutError(expression)
        page.wait_for_timeout(20)


def heatmap_runs(browser: Any, base: str, rows: int, cols: int, method: str, budget: int,
                 one_worker: bool) -> dict[str, float]:
    """Times (ms, the page's own clock) of a first and a second heatmap run on one page."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    if one_worker:
        context.add_init_script(ONE_CORE)
    page = context.new_page()
    page.goto(f"{base}?rows={rows}&cols={cols}&method={method}&budget={budget}")
    wait_for(page, "window.knightTour?.pythonReady", 180)
    # The page marks "heatmap-done" each time a map is complete.
    marks = "performance.getEntriesByName('heatmap-done').length"
    page.click("#view-tabs [data-view=heatmap]")
    wait_for(page, f"{marks} >= 1", 600)
    first = page.evaluate("() => window.knightTour?.heatmap")
    if first["done"] != rows * cols:
        raise RuntimeError(f"heatmap finished {first['done']} of {rows * cols} squares")
    # The second run starts once every worker has its Python (none still loading).
    wait_for(page, "window.knightTour?.heatmap.workersReady === window.knightTour?.heatmap.workers", 600)
    page.click("#heatmap-rerun")
    wait_for(page, f"{marks} >= 2", 600)
    second = page.evaluate("() => window.knightTour?.heatmap")
    context.close()
    return {"first": float(first["ms"]), "second": float(second["ms"]), "workers": second["workers"],
            "helped": second["workersJoined"]}


def cpython_survey(rows: int, cols: int, method: str, budget: int) -> float:
    started = time.perf_counter()
    result = survey(rows, cols, method=method, max_nodes=budget)
    assert result.complete
    return (time.perf_counter() - started) * 1000


def main() -> int:
    from playwright.sync_api import sync_playwright

    build.assemble()
    server = build.make_server(0, quiet=True, isolate=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = build.url_of(server)
    rows_out = []
    goal_met = None
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
        for label, rows, cols, method, budget in CASES:
            print(f"  {label}: 1 worker, then all workers, then CPython…", flush=True)
            one = heatmap_runs(browser, base, rows, cols, method, budget, one_worker=True)
            every = heatmap_runs(browser, base, rows, cols, method, budget, one_worker=False)
            cpython = cpython_survey(rows, cols, method, budget)
            rows_out.append((label, one, every, cpython))
            if method == "warnsdorff":
                goal_met = min(one["second"], every["second"]) < 1000
        browser.close()
    server.shutdown()

    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\nHeatmap benchmark (headless Chromium; {os.cpu_count()} cores, load average {load})\n")
    header = ("board", "1 worker: 1st / 2nd run", "all workers: 1st / 2nd run", "speed-up (2nd)",
              "CPython survey", "page / CPython")
    table = [header]
    for label, one, every, cpython in rows_out:
        table.append((
            label,
            f"{one['first']:.0f} / {one['second']:.0f} ms",
            f"{every['first']:.0f} / {every['second']:.0f} ms ({every['workers']} workers, "
            f"{every['helped']} helped)",
            f"{one['second'] / every['second']:.2f}x",
            f"{cpython:.0f} ms",
            f"{every['second'] / cpython:.2f}",
        ))
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    for n, row in enumerate(table):
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))
    print(f"\nGoal: 8x8 Warnsdorff heatmap under 1 s once Python is ready: {'yes' if goal_met else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
