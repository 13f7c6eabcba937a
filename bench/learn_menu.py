"""How long each of Learn's menu programs takes to end by itself on its default board
(the board, start and budget choosing it puts in place), measured in the page: Run
pressed to the run's end, in Chromium at full speed and at a phone's CPU (4x slowdown,
Chrome's CPU throttling), medians of a few runs on a warm page.

    python -m bench.learn_menu          (or: python build.py bench)

The goal: every program ends by itself ('done', never cut by its budget), in under 3 s
at 1x.
"""

from __future__ import annotations

import statistics
from typing import Any

from bench._learn_page import at_each_rate, learn_page
from bench.page import wait_for
from knight_py.learn.programs import PROGRAM_IDS, PROGRAMS

__all__ = ["GOAL_SECONDS", "main", "run_seconds"]

#: The goal per menu program's run on its default board: seconds at 1x.
GOAL_SECONDS = {1: 3.0}

# Press Run and time it in the page, to the run's end in the state.
RUN = """() => new Promise((done) => {
  const began = performance.now();
  document.getElementById('learn-run').click();
  const look = () => {
    const learn = window.knightTour.learn;
    if (learn.status !== 'running' && learn.status !== 'idle') {
      done({ ms: performance.now() - began, status: learn.status, steps: learn.steps, budgetRan: learn.budgetRan });
    } else setTimeout(look, 5);
  };
  look();
})"""

READY = "window.knightTour?.learn?.ready"


def run_seconds(page: Any, pid: str, repeats: int) -> dict[str, Any]:
    """`repeats` runs of menu program `pid` chosen from the menu: seconds, ends, steps."""
    page.select_option("#learn-program", pid)
    program = PROGRAMS[pid]
    board = f"window.knightTour.rows === {program.rows} && window.knightTour.cols === {program.cols}"
    wait_for(page, f"window.knightTour.learn.program === {pid!r} && {board} && {READY}", 60)
    seconds, ends, steps = [], [], []
    for _ in range(repeats):
        page.wait_for_timeout(3000)  # the reader looks at the board; the next run's Python starts
        out = page.evaluate(RUN)
        seconds.append(out["ms"] / 1000)
        ends.append("budget" if out["budgetRan"] else out["status"])
        steps.append(out["steps"])
    return {"seconds": seconds, "ends": ends, "steps": steps}


def measure(rate: int, repeats: int) -> dict[str, dict[str, Any]]:
    """Per menu program, at CPU slowdown `rate`: its runs on its default board."""
    with learn_page(rate, "?view=learn&lang=en", READY) as page:
        return {pid: run_seconds(page, pid, repeats) for pid in PROGRAM_IDS}


def report(rate: int, repeats: int) -> None:
    """Measure at CPU slowdown `rate` and print each menu program's run."""
    results = measure(rate, repeats)
    goal = GOAL_SECONDS.get(rate)
    print(f"Learn's menu programs on their default boards, Run to the end, Chromium, CPU {rate}x "
          f"(median of {repeats}; goal: {'ends by itself under ' + str(goal) + ' s' if goal else 'ends by itself'})")
    for pid, r in results.items():
        p = PROGRAMS[pid]
        square = "abcdefgh"[p.start[1]] + str(p.rows - p.start[0])
        median = statistics.median(r["seconds"])
        ended = "/".join(sorted(set(r["ends"])))
        met = ended == "done" and (goal is None or median < goal)
        print(f"  {pid:<21} {p.rows} x {p.cols} from {square}, {max(r['steps']):>7,} steps of {p.budget:,}: "
              f"{median:6.2f} s ({ended}){'  met' if met else '  NOT MET'}")


def main(argv: list[str] | None = None) -> int:
    return at_each_rate(argv, __doc__.split("\n")[0], "runs", report)


if __name__ == "__main__":
    raise SystemExit(main())
