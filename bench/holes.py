"""How ``auto`` does on boards with holes, at the default node budget.

Run with ``python -m bench.holes [--cases N] [--parts small,planted,random]``.
Fixed seeds, so every run draws the same cases.

- **small**: random boards of at most 64 squares (sides >= 3), up to an eighth of
  the squares blocked, a random free start, open or closed (30 %), the knight or
  the xiangqi horse.  Prints the give-up rate per rule (goal: none), the time per
  answer, and the slowest cases.
- **planted**: boards 10 x 10 to 200 x 200 with a fifth to a third of the squares
  cut out of a tour in pairs (:func:`tests.cases.planted_board`), open and
  closed: a tour exists on every one.  Goal: all found, median under 1 s, none
  over 30 s.
- **random**: colour-balanced random holes (4 % of the squares, every free square
  keeping two free neighbours; :func:`tests.cases.balanced_board`) per size up
  to 100 x 100: found / impossible / gave_up and times.  Goal: gave_up under 5 %
  at 100 x 100.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from knight_py import solve, validate
from tests.cases import balanced_board, planted_board

SMALL = [(r, c) for r in range(3, 22) for c in range(3, 22) if r * c <= 64]


def draw(rng: random.Random) -> tuple[int, int, tuple[int, int], bool, list[tuple[int, int]], str]:
    """One random case: rows, cols, start, closed, holes, rule."""
    rows, cols = rng.choice(SMALL)
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    holes = rng.sample(squares, rng.randint(0, max(1, len(squares) // 8)))
    start = rng.choice([s for s in squares if s not in holes])
    return rows, cols, start, rng.random() < 0.3, holes, rng.choice(["knight", "xiangqi"])


def small(cases: int) -> bool:
    """The small-board sample; True when nothing gave up."""
    rng = random.Random(2026)
    tally: dict[str, dict[str, int]] = {}
    times: list[float] = []
    slow: list[tuple[float, str]] = []
    for _ in range(cases):
        rows, cols, start, closed, holes, rule = draw(rng)
        began = time.perf_counter()
        result = solve(rows, cols, start, closed, holes, rule=rule)
        seconds = time.perf_counter() - began
        if result.found:
            validate(rows, cols, result.indices, closed, holes, rule)
        times.append(seconds)
        counts = tally.setdefault(rule, {"found": 0, "impossible": 0, "gave_up": 0})
        counts[result.status] += 1
        slow.append((seconds, f"{rows}x{cols} {rule} {'closed' if closed else 'open'} "
                              f"{len(holes)} holes: {result.status} ({result.nodes:,} nodes)"))
    print(f"auto on {cases} random boards of <= 64 squares with holes (default budget)")
    print(f"  {'rule':<9}{'cases':>7}{'found':>7}{'impossible':>12}{'gave up':>9}{'rate':>8}")
    total_gave_up = 0
    for rule, counts in sorted(tally.items()):
        n = sum(counts.values())
        total_gave_up += counts["gave_up"]
        print(f"  {rule:<9}{n:>7}{counts['found']:>7}{counts['impossible']:>12}"
              f"{counts['gave_up']:>9}{counts['gave_up'] / n:>8.1%}")
    rate = total_gave_up / cases
    print(f"  {'all':<9}{cases:>7}{'':>19}{total_gave_up:>9}{rate:>8.1%}  (goal: none)")
    print(f"  time per case: median {statistics.median(times) * 1000:.1f} ms, "
          f"worst {max(times):.1f} s")
    for seconds, what in sorted(slow, reverse=True)[:5]:
        print(f"    {seconds:6.1f} s  {what}")
    return total_gave_up == 0


PLANTED_SIZES = (10, 20, 40, 70, 100, 150, 200)


def planted(per_size: int) -> bool:
    """Planted boards per size, open and closed; True when every goal is met."""
    print(f"\nauto on planted boards (a tour exists), {per_size} per size, "
          "a fifth to a third of the squares blocked")
    print(f"  {'size':>9}{'boards':>8}{'found':>7}{'median s':>10}{'worst s':>9}  methods")
    everything: list[float] = []
    all_found = True
    for n in PLANTED_SIZES:
        times: list[float] = []
        found = 0
        methods: dict[str, int] = {}
        for k in range(per_size):
            rng = random.Random(n * 1000 + k)
            closed = k % 2 == 1
            holes = int(n * n * rng.uniform(0.2, 1 / 3))
            case = planted_board(n, n, holes, closed, seed=n * 1000 + k)
            began = time.perf_counter()
            result = solve(n, n, case.start, closed, case.blocked)
            times.append(time.perf_counter() - began)
            if result.found:
                validate(n, n, result.indices, closed, case.blocked)
                found += 1
            methods[result.method] = methods.get(result.method, 0) + 1
        everything += times
        all_found = all_found and found == per_size
        used = ", ".join(f"{m} {c}" for m, c in sorted(methods.items()))
        print(f"  {n:>4} x{n:<4}{per_size:>8}{found:>7}{statistics.median(times):>10.2f}"
              f"{max(times):>9.2f}  {used}")
    median, worst = statistics.median(everything), max(everything)
    ok = all_found and median < 1.0 and worst < 30.0
    print(f"  all {len(everything)} boards: median {median:.2f} s, worst {worst:.2f} s "
          f"(goal: all found, median < 1 s, worst < 30 s): {'met' if ok else 'NOT met'}")
    return ok


RANDOM_SIZES = (10, 20, 30, 50, 70, 100)


def random_boards(per_size: int) -> bool:
    """Colour-balanced random boards per size; True when gave_up < 5 % at the largest."""
    print(f"\nauto on random colour-balanced boards, 4 % holes, {per_size} per size "
          "(open, a random start of a colour a tour could start on)")
    print(f"  {'size':>9}{'found':>7}{'impossible':>12}{'gave up':>9}{'median s':>10}{'worst s':>9}")
    rate = 0.0
    for n in RANDOM_SIZES:
        tally = {"found": 0, "impossible": 0, "gave_up": 0}
        times: list[float] = []
        for k in range(per_size):
            case = balanced_board(n, n, max(2, n * n // 25), seed=n * 1000 + k)
            began = time.perf_counter()
            result = solve(n, n, case.start, False, case.blocked)
            times.append(time.perf_counter() - began)
            if result.found:
                validate(n, n, result.indices, False, case.blocked)
            tally[result.status] += 1
        rate = tally["gave_up"] / per_size
        print(f"  {n:>4} x{n:<4}{tally['found']:>7}{tally['impossible']:>12}{tally['gave_up']:>9}"
              f"{statistics.median(times):>10.2f}{max(times):>9.2f}")
    ok = rate < 0.05
    print(f"  gave up at {RANDOM_SIZES[-1]} x {RANDOM_SIZES[-1]}: {rate:.0%} (goal < 5%): "
          f"{'met' if ok else 'NOT met'}")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.holes")
    parser.add_argument("--cases", type=int, default=200, help="random small boards")
    parser.add_argument("--planted", type=int, default=8, help="planted boards per size")
    parser.add_argument("--random", type=int, default=10, help="random boards per size")
    parser.add_argument("--parts", default="small,planted,random",
                        help="comma-separated: small, planted, random")
    args = parser.parse_args(argv)
    parts = set(args.parts.split(","))
    unknown = parts - {"small", "planted", "random"}
    if unknown:
        parser.error(f"unknown part(s) {', '.join(sorted(unknown))}; "
                     "use small, planted or random")
    ok = True
    if "small" in parts:
        ok = small(args.cases) and ok
    if "planted" in parts:
        ok = planted(args.planted) and ok
    if "random" in parts:
        ok = random_boards(args.random) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
