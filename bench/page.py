"""The page's benchmark, measured in one run in Debian's Chromium (headless).

    python -m bench.page [--runs N]      (or: python build.py bench)

Prints, with the goals beside them:
  * navigation to the board visible (goal under 300 ms);
  * navigation to Python ready, beside a bare page that only loads Pyodide in a module
    worker (goal: within 15% of it); fresh browser contexts, runs interleaved, medians;
  * click to a drawn 8 x 8 tour once Python is ready (goal under 100 ms);
  * click to a drawn 1000 x 1000 closed tour.
Each load uses a fresh browser context (empty HTTP cache) after a first request to
the origin has started its renderer process. Times come from the page's own
performance marks (square-click, tour-drawn, tour-complete, board-drawn,
python-ready), so Playwright's overhead is left out.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import build

ARGS = build.CHROMIUM_ARGS
BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="data:,"><script type="module" src="bare.js"></script></head>
<body><p>Loading Pyodide only.</p></body></html>
"""
BARE_JS = """const worker = new Worker("./bare-worker.mjs", { type: "module" });
worker.onmessage = () => { performance.mark("python-ready"); window.bareReady = true; };
"""
BARE_WORKER = """import { loadPyodide } from "./pyodide.mjs";
loadPyodide({ indexURL: new URL("./", import.meta.url).href }).then(() => postMessage("ready"));
"""


def mark(page: Any, name: str) -> float | None:
    value = page.evaluate(
        "(name) => { const m = performance.getEntriesByName(name); "
        "return m.length ? m[m.length - 1].startTime : null; }",
        name,
    )
    return None if value is None else float(value)


def wait_for(page: Any, expression: str, timeout: float) -> None:
    end = time.monotonic() + timeout
    while not page.evaluate(f"() => Boolean({expression})"):
        if time.monotonic() > end:
            raise TimeoutError(expression)
        page.wait_for_timeout(20)


def click_square(page: Any, row: int, col: int) -> None:
    board = page.locator("canvas.layer-overlay")
    box = board.bounding_box()
    left, top, cell = map(float, board.get_attribute("data-geometry").split(","))
    page.mouse.click(box["x"] + left + (col + 0.5) * cell, box["y"] + top + (row + 0.5) * cell)


def set_fastest_playback(page: Any) -> None:
    page.evaluate(
        "() => { const s = document.querySelector('#speed'); s.value = s.max;"
        " s.dispatchEvent(new Event('input')); }"
    )


def measure_page(context: Any, base: str) -> dict[str, float]:
    page = context.new_page()
    # A renderer process for the origin already running, as in a browser in use; the
    # HTTP cache is still empty (a fresh context), so every page file is fetched.
    page.goto(base + "build.json")
    page.goto(base + "?rows=8&cols=8")
    wait_for(page, "performance.getEntriesByName('board-drawn').length", 30)
    drawn = mark(page, "board-drawn") or 0.0
    paint = mark(page, "first-contentful-paint") or 0.0
    wait_for(page, "window.knightTour.pythonReady", 120)
    ready = mark(page, "python-ready") or 0.0
    set_fastest_playback(page)
    page.evaluate("() => performance.clearMarks()")
    click_square(page, 7, 0)
    wait_for(page, "performance.getEntriesByName('tour-complete').length", 60)
    click = mark(page, "square-click") or 0.0
    first = mark(page, "tour-drawn") or 0.0
    complete = mark(page, "tour-complete") or 0.0
    python_ms = page.evaluate("() => window.knightTour.pythonMs")
    page.close()
    return {
        "board": max(drawn, paint),
        "ready": ready,
        "import": float(python_ms["total"] - python_ms["pyodide"]),
        "tour8": first - click,
        "tour8_all": complete - click,
    }


def measure_bare(context: Any, base: str) -> dict[str, float]:
    page = context.new_page()
    page.goto(base + "build.json")
    page.goto(base + "bare.html")
    wait_for(page, "window.bareReady", 120)
    ready = mark(page, "python-ready") or 0.0
    paint = mark(page, "first-contentful-paint") or 0.0
    page.close()
    return {"ready": ready, "paint": paint}


def measure_large(context: Any, base: str) -> dict[str, float]:
    page = context.new_page()
    page.goto(base + "?rows=1000&cols=1000&closed=1")
    wait_for(page, "window.knightTour.pythonReady", 120)
    click_square(page, 999, 0)  # squares under a pixel: the first click zooms in there
    page.wait_for_timeout(200)
    page.evaluate("() => performance.clearMarks()")
    click_square(page, 999, 0)
    wait_for(page, "performance.getEntriesByName('tour-drawn').length", 300)
    click = mark(page, "square-click") or 0.0
    first = mark(page, "tour-drawn") or 0.0
    status = page.evaluate("() => window.knightTour.status")
    length = page.evaluate("() => window.knightTour.tourLength")
    before = page.evaluate("() => performance.now()")
    page.click("#show-all")
    wait_for(page, "performance.getEntriesByName('tour-complete').length", 120)
    complete = mark(page, "tour-complete") or 0.0
    page.close()
    if status != "found" or length != 1_000_000:
        raise RuntimeError(f"1000 x 1000 closed tour: status {status}, {length} squares")
    return {"tour1000": first - click, "show_all": complete - before}


def bare_site(dist: Path, into: Path) -> Path:
    """dist/ (by symlinks) plus a bare page that loads Pyodide and nothing else."""
    for item in dist.iterdir():
        (into / item.name).symlink_to(item.resolve())
    (into / "bare.html").write_text(BARE_HTML)
    (into / "bare.js").write_text(BARE_JS)
    (into / "bare-worker.mjs").write_text(BARE_WORKER)
    return into


def report(rows: list[tuple[str, str, str, str]]) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for n, row in enumerate(rows):
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="page loads of each kind (median)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    dist = build.assemble()
    with tempfile.TemporaryDirectory() as tmp:
        server = build.make_server(0, bare_site(dist, Path(tmp)), quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = build.url_of(server)
        ours: list[dict[str, float]] = []
        bare: list[dict[str, float]] = []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(build.CHROMIUM), args=ARGS)
            for run in range(args.runs):
                print(f"  run {run + 1}/{args.runs}: page, then bare Pyodide…", flush=True)
                for kind in ("page", "bare") if run % 2 == 0 else ("bare", "page"):
                    context = browser.new_context(viewport={"width": 1280, "height": 900})
                    if kind == "page":
                        ours.append(measure_page(context, base))
                    else:
                        bare.append(measure_bare(context, base))
                    context.close()
            print("  1000 x 1000 closed tour…", flush=True)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            large = measure_large(context, base)
            context.close()
            browser.close()
        server.shutdown()

    def med(key: str) -> float:
        return statistics.median(r[key] for r in ours)

    board, ready = med("board"), med("ready")
    bare_ready = statistics.median(r["ready"] for r in bare)
    bare_paint = statistics.median(r["paint"] for r in bare)
    ratio = ready / bare_ready

    def ok(good: bool) -> str:
        return "yes" if good else "NO"

    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\nPage benchmark (headless Chromium, medians of {args.runs} fresh loads;")
    print(f"{os.cpu_count()} cores, load average {load} while measuring)\n")
    report(
        [
            ("measure", "result", "goal", "met"),
            ("navigation -> board visible", f"{board:.0f} ms", "< 300 ms", ok(board < 300)),
            ("  bare page, first paint (machine floor)", f"{bare_paint:.0f} ms", "", ""),
            ("navigation -> Python ready", f"{ready:.0f} ms", "", ""),
            ("  of which package unpack + import knight_py", f"{med('import'):.0f} ms", "", ""),
            ("  bare page, Pyodide only", f"{bare_ready:.0f} ms", "", ""),
            ("  ratio page / bare", f"{ratio:.2f}", "<= 1.15", ok(ratio <= 1.15)),
            (
                "click -> 8x8 tour drawn (first frame)",
                f"{med('tour8'):.0f} ms",
                "< 100 ms",
                ok(med("tour8") < 100),
            ),
            ("click -> 8x8 whole tour drawn", f"{med('tour8_all'):.0f} ms", "", ""),
            ("click -> 1000x1000 closed tour drawn", f"{large['tour1000']:.0f} ms", "(report)", ""),
            ("  Show all: 1,000,000 moves drawn", f"{large['show_all']:.0f} ms", "(report)", ""),
        ]
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
