"""Play mode's benchmark: the "still possible?" check after each move of whole 8 x 8 games.

    python -m bench.play            (or: python build.py bench)

One run on this machine, three measures of the same games:
  * CPython: knight_py.complete on every position of the game (the library alone);
  * the page's worker: the same calls as the page makes them (Pyodide in a module worker,
    message round trip included), every position checked; goal: median under 50 ms;
  * the page itself, played by clicks: click -> verdict shown, for every move (positions
    along a completion the page already knows are answered without the solver).
Games: a closed 8 x 8 tour from a1 played as a game (every position can finish), and a
seeded random game that wanders until the knight is stuck (many lost positions).
"""

from __future__ import annotations

import random
import statistics
import sys
import threading
import time
from typing import Any

import build
from knight_py import complete, solve
from knight_py.board import Board

from .page import ARGS, click_square, mark, wait_for

BUDGET = 20_000  # the page's first check budget (web/play/state.js CHECK_BUDGETS[0])
GOAL_MEDIAN_MS = 50.0


def games() -> dict[str, list[int]]:
    """Each game as flat indices."""
    board = Board.create(8, 8)
    tour = list(solve(8, 8, "a1", closed=True).indices)
    rng = random.Random(4)
    wander = [56]
    while True:
        options = [w for w in board.neighbours[wander[-1]] if w not in wander]
        if not options:
            break
        wander.append(rng.choice(options))
    return {"closed tour from a1": tour, "random game (seed 4)": wander}


def cpython_times(path: list[int]) -> tuple[list[float], list[str]]:
    times, verdicts = [], []
    for k in range(2, len(path) + 1):
        began = time.perf_counter()
        result = complete(8, 8, path[:k], max_nodes=BUDGET)
        times.append((time.perf_counter() - began) * 1000)
        verdicts.append(result.status)
    return times, verdicts


WORKER_SCRIPT = """async (paths) => {
  const worker = new Worker('./worker.mjs', { type: 'module' });
  await new Promise((ready, failed) => {
    worker.onmessage = (e) => { if (e.data.type === 'ready') ready(); if (e.data.type === 'failed') failed(e.data.message); };
  });
  const out = [];
  let id = 0;
  for (const path of paths) {
    id += 1;
    const began = performance.now();
    const reply = await new Promise((done) => {
      worker.onmessage = (e) => { if (e.data.id === id) done(e.data); };
      worker.postMessage({ id, cmd: 'complete', args: { rows: 8, cols: 8, holes: [], closed: false, rule: 'knight', path, maxNodes: __BUDGET__ } });
    });
    out.push([performance.now() - began, reply.result ? reply.result.status : 'error']);
  }
  worker.terminate();
  return out;
}""".replace("__BUDGET__", str(BUDGET))


def page_click_times(page: Any, base: str, path: list[int]) -> tuple[list[float], list[str]]:
    """Play the game by clicks; from each click to its verdict, by the page's own marks."""
    page.goto(base + "?rows=8&cols=8&view=play")
    wait_for(page, "window.knightTour?.pythonReady", 120)
    times, verdicts = [], []
    for k, square in enumerate(path):
        row, col = divmod(square, 8)
        page.evaluate("() => performance.clearMarks()")
        click_square(page, row, col)
        wait_for(page, f"window.knightTour?.play && window.knightTour?.play.path.length === {k + 1}"
                 " && !window.knightTour?.play.checking", 60)
        if k:
            click = mark(page, "square-click") or 0.0
            decided = mark(page, "play-verdict") or 0.0
            times.append(decided - click)
            verdicts.append(page.evaluate("() => window.knightTour?.play.verdict"))
    return times, verdicts


def line(name: str, times: list[float], verdicts: list[str]) -> str:
    counts = {v: verdicts.count(v) for v in sorted(set(verdicts))}
    tally = ", ".join(f"{n} {v}" for v, n in counts.items())
    return (f"  {name:<34}{len(times):>6}{statistics.median(times):>11.1f}{max(times):>10.1f}"
            f"   {tally}")


def main() -> int:
    from playwright.sync_api import sync_playwright

    played = games()
    dist = build.assemble()
    server = build.make_server(0, dist, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = build.url_of(server)
    rows = []
    worker_medians = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(build.CHROMIUM), args=ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(base + "?rows=8&cols=8")
        for name, path in played.items():
            print(f"  {name}: {len(path)} squares…", flush=True)
            cp_times, cp_verdicts = cpython_times(path)
            prefixes = [path[:k] for k in range(2, len(path) + 1)]
            replies = page.evaluate(WORKER_SCRIPT, prefixes)
            w_times = [t for t, _ in replies]
            worker_medians.append(statistics.median(w_times))
            click_times, click_verdicts = page_click_times(page, base, path)
            rows.append((name, cp_times, cp_verdicts, w_times, [s for _, s in replies],
                         click_times, click_verdicts))
        browser.close()
    server.shutdown()
    print(f"\n'Still possible?' after each move of whole 8 x 8 games (node budget {BUDGET:,};"
          " ms; one run)\n")
    print(f"  {'game / where':<34}{'moves':>6}{'median ms':>11}{'worst ms':>10}   verdicts")
    for name, cp_t, cp_v, w_t, w_v, c_t, c_v in rows:
        print(f"  {name}")
        print(line("  CPython complete()", cp_t, cp_v))
        print(line("  page worker (Pyodide), every move", w_t, w_v))
        print(line("  page, click -> verdict decided", c_t, c_v))
        lost = [t for t, v in zip(c_t, c_v, strict=True) if v == "lost"]
        if lost:
            print(f"  {'    of which lost positions':<34}{len(lost):>6}{statistics.median(lost):>11.1f}"
                  f"{max(lost):>10.1f}   (goal: lost said within 1 s)")
        print(f"  {'':<36}Pyodide worker / CPython, total time: {sum(w_t) / sum(cp_t):.1f}x")
    met = max(worker_medians) < GOAL_MEDIAN_MS
    print(f"\n  goal: median of the page's check < {GOAL_MEDIAN_MS:.0f} ms: "
          f"{'met' if met else 'NOT met'} ({', '.join(f'{m:.1f}' for m in worker_medians)} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
