"""How often ``auto`` gives up on small boards with holes, at the default node budget.

Run with ``python -m bench.holes [--cases N]``.  Random boards of at most 64
squares (sides >= 3), up to an eighth of the squares blocked, a random free
start, open or closed (30 %), the knight or the xiangqi horse; fixed seeds, so
every run draws the same cases.  Prints the give-up rate per rule (goal: under
1 %), the time per answer, and the slowest cases.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from knight_py import solve, validate

SMALL = [(r, c) for r in range(3, 22) for c in range(3, 22) if r * c <= 64]


def draw(rng: random.Random) -> tuple[int, int, tuple[int, int], bool, list[tuple[int, int]], str]:
    """One random case: rows, cols, start, closed, holes, rule."""
    rows, cols = rng.choice(SMALL)
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    holes = rng.sample(squares, rng.randint(0, max(1, len(squares) // 8)))
    start = rng.choice([s for s in squares if s not in holes])
    return rows, cols, start, rng.random() < 0.3, holes, rng.choice(["knight", "xiangqi"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.holes")
    parser.add_argument("--cases", type=int, default=200, help="number of random cases")
    args = parser.parse_args(argv)
    rng = random.Random(2026)
    tally: dict[str, dict[str, int]] = {}
    times: list[float] = []
    slow: list[tuple[float, str]] = []
    for _ in range(args.cases):
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
    print(f"auto on {args.cases} random boards of <= 64 squares with holes (default budget)")
    print(f"  {'rule':<9}{'cases':>7}{'found':>7}{'impossible':>12}{'gave up':>9}{'rate':>8}")
    total_gave_up = 0
    for rule, counts in sorted(tally.items()):
        n = sum(counts.values())
        total_gave_up += counts["gave_up"]
        print(f"  {rule:<9}{n:>7}{counts['found']:>7}{counts['impossible']:>12}"
              f"{counts['gave_up']:>9}{counts['gave_up'] / n:>8.1%}")
    rate = total_gave_up / args.cases
    print(f"  {'all':<9}{args.cases:>7}{'':>19}{total_gave_up:>9}{rate:>8.1%}  (goal < 1%)")
    print(f"  time per case: median {statistics.median(times) * 1000:.1f} ms, "
          f"worst {max(times):.1f} s")
    for seconds, what in sorted(slow, reverse=True)[:5]:
        print(f"    {seconds:6.1f} s  {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
