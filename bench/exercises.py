"""The exercises' checks on CPython: per exercise, the median time of a whole check of the
reference solution (draw the boards, trace each run, judge it) and of the starter's
failing check, the traced steps, and the judge's own time per board; and the page's time
derived from the steps at the tracer's measured rate in the page.

    python -m bench.exercises [--seeds N]      (or: python build.py bench)

Goal: a check of a reference solution under 3 s at 1x CPU in the page and
under 10 s at 4x slowdown.  The page traces about 200,000-270,000 steps a second at 1x
(docs/engines.md); the figure derived here uses 200,000 and the judge's CPython time
times 3 (Pyodide's Python is about three times slower than CPython's).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from knight_py.learn.board_text import parse_board
from knight_py.learn.cases import FAMILIES, draw_cases
from knight_py.learn.exercises import EXERCISE_BY_ID, EXERCISES, case_source
from knight_py.learn.judge import Ended, judge_run
from knight_py.learn.tracer import run

PAGE_STEPS_PER_SECOND = 200_000
PYODIDE_SLOWER = 3.0
GOAL_1X, GOAL_4X = 3.0, 10.0


def one_check(exercise_id: str, source: str, seed: int) -> dict[str, float]:
    """A whole check as the page makes it (ending at the first board that fails)."""
    ex = EXERCISE_BY_ID[exercise_id]
    began = time.perf_counter()
    cases = draw_cases(exercise_id, seed)
    drawn = time.perf_counter() - began
    steps = traced = judged = 0.0
    passed = True
    for case in cases:
        t0 = time.perf_counter()
        result = run(case_source(source, case), case.rows, case.cols, case.start,
                     max_steps=case.budget)
        t1 = time.perf_counter()
        verdict = judge_run(ex, case, source, Ended(result.status, result.line or 0,
                                                    result.output, result.answer), result.chunks)
        t2 = time.perf_counter()
        steps += result.steps
        traced += t1 - t0
        judged += t2 - t1
        if not verdict["pass"]:
            passed = False
            break
    return {"seconds": time.perf_counter() - began, "draw": drawn, "steps": steps,
            "traced": traced, "judged": judged, "boards": float(len(cases)), "pass": float(passed)}


# Printed texts that a careless reader takes quadratic time over: long runs of spaces, one
# long rank, an unclosed bracket, many boards.  Each is read at n and 4n characters.
READER_SHAPES: dict[str, Callable[[int], str]] = {
    "spaces": lambda n: " " * n,
    "one rank": lambda n: "1 " * (n // 2),
    "open bracket": lambda n: "[" + " " * n + "1",
    "many boards": lambda n: "1 2 3 4 5 6 7 8\n" * (n // 16),
}


def reader_growth(n: int = 250_000) -> list[tuple[str, float, float]]:
    """Per shape of text: the reader's seconds at ``n`` characters and the ratio of its
    time at ``4 n`` (about 4 when the reader is linear, 16 when it is quadratic)."""
    rows = []
    for name, make in READER_SHAPES.items():
        times = []
        for size in (n, 4 * n):
            text = make(size)
            began = time.perf_counter()
            parse_board(text, 8, 8)
            times.append(time.perf_counter() - began)
        rows.append((name, times[0], times[1] / max(times[0], 1e-9)))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=7, help="checks per program (default 7)")
    args = parser.parse_args()
    print(f"Exercises' checks on CPython, median of {args.seeds} seeds each "
          f"(page figures derived at {PAGE_STEPS_PER_SECOND:,} traced steps/s, judge x{PYODIDE_SLOWER:g})\n")
    header = ("exercise", "program", "budget", "steps (median/max)", "CPython s", "draw ms",
              "judge ms/board", "page 1x s", "page 4x s", "verdict")
    rows = [header]
    worst_1x = worst_4x = 0.0
    for ex in EXERCISES:
        for name, source in (("solution", ex.solution), ("starter", ex.starter)):
            checks = [one_check(ex.id, source, seed) for seed in range(args.seeds)]
            steps = [c["steps"] for c in checks]
            page = [c["steps"] / PAGE_STEPS_PER_SECOND
                    + PYODIDE_SLOWER * (c["judged"] + c["draw"]) for c in checks]
            page_1x = statistics.median(page)
            if name == "solution":
                worst_1x = max(worst_1x, max(page))
                worst_4x = max(worst_4x, 4 * max(page))
            passes = sum(c["pass"] for c in checks)
            rows.append((
                ex.id, name, f"{FAMILIES[ex.id].budget:,}",
                f"{statistics.median(steps):,.0f} / {max(steps):,.0f}",
                f"{statistics.median(c['seconds'] for c in checks):.2f}",
                f"{1000 * statistics.median(c['draw'] for c in checks):.0f}",
                f"{1000 * statistics.median(c['judged'] / c['boards'] for c in checks):.1f}",
                f"{page_1x:.2f}", f"{4 * page_1x:.2f}",
                f"{passes:.0f}/{len(checks)} passed",
            ))
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for i, row in enumerate(rows):
        print("  ".join(cell.ljust(widths[j]) for j, cell in enumerate(row)).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    print(f"\nGoal: every reference check under {GOAL_1X:g} s at 1x (worst derived {worst_1x:.2f} s: "
          f"{'yes' if worst_1x < GOAL_1X else 'NO'}) and under {GOAL_4X:g} s at 4x "
          f"(worst {worst_4x:.2f} s: {'yes' if worst_4x < GOAL_4X else 'NO'})")
    print("\nThe printed-board reader, 250,000 characters and the growth to 1,000,000 "
          "(linear: about 4x, quadratic: 16x):")
    for name, seconds, growth in reader_growth():
        print(f"  {name:<13} {1000 * seconds:7.1f} ms   x{growth:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
