"""How long a student waits for Check in Learn's exercises, measured in the page: each
reference solution's check (every board drawn, run and judged) and each starting
program's failing check, in Chromium at full speed and at a phone's CPU (4x slowdown,
Chrome's CPU throttling), medians of a few checks, each with boards drawn afresh.

    python -m bench.exercise_checks          (or: python build.py bench)

The goal: a reference solution's check under 3 s at 1x and under 10 s at 4x.
"""

from __future__ import annotations

import statistics
from typing import Any

from bench._learn_page import at_each_rate, learn_page
from bench.page import wait_for
from knight_py.learn.exercises import EXERCISES

__all__ = ["GOAL_SECONDS", "check_seconds", "main"]

#: The goal per reference solution's check: seconds at 1x and at 4x slowdown.
GOAL_SECONDS = {1: 3.0, 4: 10.0}

# Press Check and time it in the page, to the verdict in the state.
CHECK = """() => new Promise((done) => {
  const before = (window.knightTour.exercise.check || {}).round || 0;
  const began = performance.now();
  document.getElementById('exercise-check').click();
  const look = () => {
    const check = window.knightTour.exercise.check;
    if (check && check.round > before && check.status !== 'running') {
      done({ ms: performance.now() - began, status: check.status, boards: check.of, seed: check.seed });
    } else setTimeout(look, 5);
  };
  look();
})"""


def check_seconds(page: Any, exercise_id: str, source: str, repeats: int) -> tuple[list[float], list[str]]:
    """Seconds of `repeats` checks of `source` in exercise `exercise_id`, and their verdicts."""
    page.select_option("#exercise-choice", exercise_id)
    wait_for(page, f"window.knightTour.exercise.id === {exercise_id!r}", 30)
    if not page.locator(".learn-edit").evaluate("(d) => d.open"):
        page.click(".learn-edit summary")
    page.fill("#learn-code", source)
    seconds, verdicts = [], []
    for _ in range(repeats):
        wait_for(page, "window.knightTour.learn.ready && window.knightTour.learn.status !== 'running'", 120)
        out = page.evaluate(CHECK)
        seconds.append(out["ms"] / 1000)
        verdicts.append(out["status"])
    return seconds, verdicts


def measure(rate: int, repeats: int) -> dict[str, dict[str, Any]]:
    """Per exercise, at CPU slowdown `rate`: the solution's and the starter's check times."""
    out: dict[str, dict[str, Any]] = {}
    ready = "window.knightTour?.learn?.ready && window.knightTour?.exercise?.ready"
    with learn_page(rate, "?view=learn&lang=en", ready) as page:
        for exercise in EXERCISES:
            solution, verdicts = check_seconds(page, exercise.id, exercise.solution, repeats)
            starter, failed = check_seconds(page, exercise.id, exercise.starter, repeats)
            out[exercise.id] = {"solution": solution, "solution_verdicts": verdicts,
                                "starter": starter, "starter_verdicts": failed}
    return out


def report(rate: int, repeats: int) -> None:
    """Measure at CPU slowdown `rate` and print each exercise's check times."""
    results = measure(rate, repeats)
    goal = GOAL_SECONDS.get(rate)
    print(f"Exercise checks in the page, Chromium, CPU {rate}x (median of {repeats}; goal for a solution: "
          f"{'under ' + str(goal) + ' s' if goal else 'none'})")
    for exercise_id, r in results.items():
        solution = statistics.median(r["solution"])
        starter = statistics.median(r["starter"])
        met = "" if goal is None else ("  met" if solution < goal else "  NOT MET")
        print(f"  {exercise_id:<11} solution {solution:6.2f} s ({'/'.join(sorted(set(r['solution_verdicts'])))})"
              f"   starter {starter:6.2f} s ({'/'.join(sorted(set(r['starter_verdicts'])))}){met}")


def main(argv: list[str] | None = None) -> int:
    return at_each_rate(argv, __doc__.split("\n")[0], "checks", report)


if __name__ == "__main__":
    raise SystemExit(main())
