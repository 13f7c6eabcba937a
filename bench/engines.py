"""The same figures in the three engines, in one sitting: Chromium, Firefox ESR and WebKitGTK.

    python -m bench.engines [--runs N] [--engines chromium,firefox,webkit] [--learn-steps S]

Each engine runs the page and a bare page that only loads Pyodide in a worker (its own
anchor: how fast that engine starts Pyodide here), runs interleaved, medians printed:

  * navigation -> board visible (the page's `board-drawn` mark);
  * navigation -> Python ready, the page and the bare page, and their ratio;
  * which start the page took (the snapshot or the plain one, and why), and Python ready
    on the same server without the snapshot file (the plain start, all the engine has
    left): the start the page chose on this fast link should be the faster one;
  * a click on a1 of 8 x 8 -> the tour drawn (`square-click` -> `tour-drawn`), the pointer
    over the page first as a person's is; and the same on a fresh page with the pointer
    arriving with the click, as a driver's click does;
  * Learn: 8 x 8 backtracking from a1 run for S steps, steps per second;
  * Compare: its tab clicked on 6 x 6 from a1 -> every method's row done;
  * requestAnimationFrame callbacks in the second after Python is ready.

Then each engine's ratio to Chromium's, against the goal: WebKit / Chromium <= 1.5x for
the board, a click and Learn's steps, and for Python ready <= 1.5x the bare pages' ratio
(the page should feel the same in Safari; the bare pages measure the engines alone).
Times are the page's own marks and `performance.now()`, not the drivers' round trips.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import build
from bench._served import ServedFolder
from bench.page import bare_site, report

__all__ = ["main", "measure_engine"]

FIGURES = ("board", "ready", "plain", "bare", "click", "click_arriving", "learn_rate", "compare", "frames")

# A promise, in the page: the milliseconds until `test()` holds (polled every 10 ms).
UNTIL = """new Promise((done, fail) => {{
  const began = performance.now();
  {before};
  const look = () => {{
    let ok = false;
    try {{ ok = Boolean({test}); }} catch (e) {{}}
    if (ok) return done(performance.now() - began);
    if (performance.now() - began > {limit}) return fail(new Error('timed out: {what}'));
    setTimeout(look, 10);
  }};
  look();
}})"""

FRAMES = """new Promise((done) => {
  let n = 0; const began = performance.now();
  const tick = () => { n += 1; if (performance.now() - began < 1000) requestAnimationFrame(tick); else done(n); };
  requestAnimationFrame(tick);
})"""


def until(engine: Any, test: str, limit_s: float, what: str, before: str = "") -> float:
    """Milliseconds, timed in the page, from `before` (a JS statement run first) until
    `test` (a JS expression) is truthy."""
    script = UNTIL.format(test=test, limit=int(limit_s * 1000), what=what.replace("'", ""), before=before)
    return float(engine.evaluate(script))


def mark(engine: Any, name: str) -> float:
    return float(engine.evaluate(
        f"(performance.getEntriesByName('{name}').at(-1) || {{startTime: -1}}).startTime"
    ))


# The page's background work after Python is ready has ended: the service worker has
# kept the build (shell/session.js OFFLINE_AFTER_MS, then its install: fetched, decoded,
# hashed, and compiled by Chromium for its code cache), or could not.
SETTLED = "['saved', 'update', 'failed', 'unsupported'].includes(knightTour.state.offlineCache.status)"


def settle(engine: Any) -> None:
    """Wait until the page's start is over (the offline copy kept), then a quiet second:
    the interactive figures are the steady page's, in every engine alike (docs/engines.md
    gives the first seconds' cost apart)."""
    until(engine, SETTLED, 120, "kept for offline")
    engine.evaluate("new Promise((done) => setTimeout(() => done(1), 1000))")


def page_visit(engine: Any, base: str, learn_steps: int) -> dict[str, Any]:
    """One fresh visit: board, Python ready, the start taken, frames, a click's tour,
    then Compare's exhaustive row and a Learn run (each a fresh page)."""
    from tests.e2e.engines.test_e2e_engines import square_center

    engine.new_page()
    engine.goto(base + "?rows=8&cols=8")
    until(engine, "window.knightTour && (knightTour.pythonReady || knightTour.state.python.failed)", 180, "Python")
    out: dict[str, Any] = {
        "board": mark(engine, "board-drawn"),
        "ready": mark(engine, "python-ready"),
        "start": engine.evaluate("[knightTour.pythonStart, knightTour.snapshotFallback || '']"),
    }
    print("    ready", flush=True)
    settle(engine)
    out["frames"] = float(engine.evaluate(FRAMES))
    # A person's pointer is over the page before they click: it arrives, then the click
    # comes. In WebKitGTK here a pointer's first arrival over a scrollable page sets its
    # compositor to work for ~0.8 s (docs/engines.md), which a click at the same moment
    # waits behind: that is the next figure's, not this one's.
    engine.point(*square_center(engine, "h8"))
    engine.evaluate("new Promise((done) => setTimeout(() => done(1), 1500))")
    out["click"] = click_time(engine, square_center(engine, "a1"), "click")
    # The same first click on a fresh page, the pointer arriving with it (a driver's click).
    engine.new_page()
    engine.goto(base + "?rows=8&cols=8")
    until(engine, "window.knightTour && knightTour.pythonReady", 180, "Python")
    settle(engine)
    out["click_arriving"] = click_time(engine, square_center(engine, "a1"), "click, the pointer arriving")
    engine.new_page()
    engine.goto(base + "?rows=6&cols=6&start=a1")
    until(engine, "window.knightTour && knightTour.pythonReady", 180, "Python")
    # The Compare tab chosen, timed in the page from the click to every method's row done.
    out["compare"] = until(engine, "knightTour.comparisonStatus === 'done'", 120, "Compare",
                           before="document.getElementById('tab-compare').click()")
    out["compare_rows"] = engine.evaluate("JSON.parse(JSON.stringify(knightTour.comparison))")

    print("    compare", flush=True)
    engine.new_page()
    engine.goto(base + "?view=learn&rows=8&cols=8&start=a1&program=backtrack")
    until(engine, "window.knightTour && knightTour.learn && knightTour.learn.ready && knightTour.pythonReady", 180, "Learn ready")
    settle(engine)
    engine.evaluate(
        f"(() => {{ const b = document.getElementById('learn-budget'); b.value = '{learn_steps}';"
        " b.dispatchEvent(new Event('change', { bubbles: true })); return 1; })()"
    )
    ms = until(engine, "knightTour.learn.status !== 'running' && knightTour.learn.steps > 0", 600, "Learn run",
               before="document.getElementById('learn-run').click()")
    steps = float(engine.evaluate("knightTour.learn.steps"))
    out["learn_rate"] = steps / (ms / 1000)
    return out


def click_time(engine: Any, at: tuple[float, float], what: str) -> float:
    """A click at `at` -> the tour drawn, in ms (the page's `square-click` and `tour-drawn`
    marks), printed with when the solver's answer came."""
    engine.evaluate("(performance.clearMarks('square-click'), performance.clearMarks('tour-drawn'), 1)")
    engine.click(*at)
    until(engine, "performance.getEntriesByName('tour-drawn').length", 60, "tour drawn")
    ms = mark(engine, "tour-drawn") - mark(engine, "square-click")
    answered = mark(engine, "solver-solve-answered") - mark(engine, "square-click")
    print(f"    {what} {ms:.0f} ms (the solver's answer at {answered:.0f} ms)", flush=True)
    return ms


def bare_visit(engine: Any, base: str) -> float:
    engine.new_page()
    engine.goto(base + "bare.html")
    until(engine, "window.bareReady", 180, "bare Pyodide")
    return mark(engine, "python-ready")


def plain_visit(engine: Any, base: str) -> tuple[float, str]:
    """Python ready on a server without the snapshot file: the plain start's time, and the
    start the page reports (it must say plain)."""
    engine.new_page()
    engine.goto(base + "?rows=8&cols=8")
    until(engine, "window.knightTour && (knightTour.pythonReady || knightTour.state.python.failed)", 180, "Python (plain)")
    return mark(engine, "python-ready"), str(engine.evaluate("knightTour.pythonStart"))


def without_snapshot(site: Path, into: Path) -> Path:
    """`site` (by symlinks) without the memory snapshot's file: the page can only start plain."""
    snapshot = json.loads((site / "build.json").read_text())["snapshot"]["file"]
    for item in site.iterdir():
        if not item.name.startswith(snapshot):
            (into / item.name).symlink_to(item.resolve())
    return into


def measure_engine(engine: Any, base: str, learn_steps: int, plain_base: str | None = None) -> dict[str, Any]:
    """One run of every figure in `engine` (page, then the plain start, then bare)."""
    figures = page_visit(engine, base, learn_steps)
    if plain_base:
        figures["plain"], figures["plain_start"] = plain_visit(engine, plain_base)
    figures["bare"] = bare_visit(engine, base)
    return figures


class QuietHandler(build.Handler):
    quiet = True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engines", default="chromium,firefox,webkit")
    parser.add_argument("--learn-steps", type=int, default=200_000)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from tests.e2e.engines.engines import launch, missing

    names = [n for n in args.engines.split(",") if not missing(n)]
    dist = build.assemble()
    results: dict[str, list[dict[str, Any]]] = {n: [] for n in names}
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as tmp_plain, sync_playwright() as pw:
        site = ServedFolder(bare_site(dist, Path(tmp)), QuietHandler)
        plain = ServedFolder(without_snapshot(dist, Path(tmp_plain)), QuietHandler)
        chromium = pw.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
        engines = {n: launch(n, chromium) for n in names}
        try:
            for run in range(args.runs):
                order = names if run % 2 == 0 else names[::-1]
                for name in order:
                    print(f"  run {run + 1}/{args.runs}: {name}…", flush=True)
                    results[name].append(measure_engine(engines[name], site.base, args.learn_steps, plain.base))
        finally:
            for engine in engines.values():
                engine.close()
            chromium.close()
            site.close()
            plain.close()
    print_report(results, args.runs, args.learn_steps)
    return 0


def print_report(results: dict[str, list[dict[str, Any]]], runs: int, learn_steps: int) -> None:
    def med(name: str, key: str) -> float:
        return float(statistics.median(r[key] for r in results[name]))

    names = list(results)
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\nEngines benchmark (medians of {runs} runs, fresh profiles; "
          f"{os.cpu_count()} cores, load average {load})\n")
    rows: list[tuple[str, ...]] = [("figure", *names)]
    unit = {"board": "ms", "ready": "ms", "plain": "ms", "bare": "ms", "click": "ms", "click_arriving": "ms", "compare": "ms",
            "learn_rate": "steps/s", "frames": "frames/s"}
    label = {"board": "board visible", "ready": "Python ready", "plain": "Python ready, plain start only",
             "bare": "bare Pyodide ready",
             "click": "click a1 -> tour drawn",
             "click_arriving": "the same, the pointer arriving with the click", "compare": "Compare tab, 6x6 a1, every method",
             "learn_rate": f"Learn 8x8, {learn_steps:,} steps", "frames": "frames in 1 s after ready"}
    for key in FIGURES:
        rows.append((label[key], *(f"{med(n, key):,.0f} {unit[key]}" for n in names)))
    starts = {n: ", ".join(sorted({f"{r['start'][0]}{' (' + r['start'][1] + ')' if r['start'][1] else ''}" for r in results[n]})) for n in names}
    rows.append(("start taken", *(starts[n] for n in names)))
    rows.append(("start taken without the snapshot", *(", ".join(sorted({r["plain_start"] for r in results[n]})) for n in names)))
    rows.append(("the start taken is the faster", *(
        "yes" if med(n, "ready") <= med(n, "plain") else "no" for n in names)))
    report(rows)
    if "chromium" not in results:
        return
    print("\nRatio to Chromium (goal for WebKit: <= 1.5; Python ready against the bare ratio)\n")
    rows = [("figure", *names)]
    for key in ("board", "ready", "bare", "click", "click_arriving", "compare"):
        rows.append((label[key], *(f"{med(n, key) / med('chromium', key):.2f}" for n in names)))
    rows.append(("Python ready / bare ratio", *(
        f"{(med(n, 'ready') / med('chromium', 'ready')) / (med(n, 'bare') / med('chromium', 'bare')):.2f}"
        for n in names)))
    rows.append((label["learn_rate"] + " (time)", *(
        f"{med('chromium', 'learn_rate') / med(n, 'learn_rate'):.2f}" for n in names)))
    report(rows)


if __name__ == "__main__":
    sys.exit(main())
