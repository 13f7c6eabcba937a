"""The Learn view's tracing, measured in one run: steps recorded per second (CPython and in
the page), bytes per step, and how long showing any step takes, beside Python Tutor's
1,000-step limit.

    python -m bench.learn            (or: python build.py bench)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from bench._learn_page import learn_page
from bench.page import wait_for
from knight_py.learn.programs import PROGRAMS
from knight_py.learn.tracer import run

PYTHON_TUTOR_STEPS = 1_000  # Python Tutor stops a trace there


def cpython(steps: int) -> tuple[float, float]:
    """Steps per second and bytes per step of a 6 x 6 backtracking trace on CPython."""
    began = time.perf_counter()
    result = run(PROGRAMS["backtrack"].source, 6, 6, (5, 0), max_steps=steps)
    seconds = time.perf_counter() - began
    return result.steps / seconds, result.bytes_recorded / max(1, result.steps)


SEEK = """(step) => new Promise((done) => {
  const input = document.getElementById('learn-position');
  const began = performance.now();
  input.value = String(step);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  requestAnimationFrame(() => done(performance.now() - began));
})"""


# Run pressed on a warm page (the next run's Python started while the reader looked), to
# the first recorded step in the view; timed in the page. Then Stop.
FIRST_STEP = """() => new Promise((done) => {
  const began = performance.now();
  document.getElementById('learn-run').click();
  const look = () => (window.knightTour.learn.steps > 0 ? done(performance.now() - began) : setTimeout(look, 2));
  look();
})"""


def first_step_ms(page: Any) -> float:
    """Milliseconds from Run to the first step shown, on a warm page (then the run is stopped)."""
    page.wait_for_timeout(4000)  # the reader looks at the last run; the next Python starts
    ms = float(page.evaluate(FIRST_STEP))
    page.click("#learn-stop")
    wait_for(page, "window.knightTour?.learn.status !== 'running'", 30)
    return ms


def in_page(steps: int, seeks: int) -> dict[str, Any]:
    """The same trace recorded in the page's Learn worker; seeks by the position slider."""
    with learn_page(1, "?view=learn&rows=6&cols=6&start=a1", "window.knightTour?.learn && window.knightTour?.learn.ready", 120) as page:
        page.fill("#learn-budget", str(steps))
        page.dispatch_event("#learn-budget", "change")
        began = time.perf_counter()
        page.click("#learn-run")
        wait_for(page, "window.knightTour?.learn.status !== 'running'", 600)
        seconds = time.perf_counter() - began
        learn = page.evaluate("() => ({steps: window.knightTour?.learn.steps, bytes: window.knightTour?.learn.bytes})")
        rng = random.Random(1)
        times = [page.evaluate(SEEK, rng.randrange(learn["steps"])) for _ in range(seeks)]
        first = [first_step_ms(page) for _ in range(3)]
    return {
        "steps": learn["steps"], "rate": learn["steps"] / seconds, "bytes": learn["bytes"] / learn["steps"],
        "seek_median": statistics.median(times), "seek_max": max(times),
        "first_step": statistics.median(first), "first_steps": first,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=1_000_000, help="steps of the 6 x 6 trace")
    parser.add_argument("--seeks", type=int, default=30, help="random steps shown in the page")
    args = parser.parse_args(argv)
    rate, per_step = cpython(args.steps)
    page = in_page(args.steps, args.seeks)
    print(f"Learn: plain backtracking on 6 x 6 from a1, {page['steps']:,} steps (Python Tutor keeps {PYTHON_TUTOR_STEPS:,})")
    print(f"  CPython {rate:,.0f} steps/s, {per_step:.1f} bytes/step recorded")
    print(f"  page    {page['rate']:,.0f} steps/s (Pyodide, worker, chunks to the page), {page['bytes']:.1f} bytes/step held")
    print(f"  5,000,000 steps would hold {5e6 * page['bytes'] / 1e6:,.0f} MB in the page")
    print(f"  seek to a random step, slider input to the next frame: median {page['seek_median']:.1f} ms, worst {page['seek_max']:.1f} ms")
    firsts = ", ".join(f"{ms:,.0f}" for ms in page["first_steps"])
    print(f"  Run to the first step on a warm page (a fresh Python each run): median {page['first_step']:,.0f} ms ({firsts})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
