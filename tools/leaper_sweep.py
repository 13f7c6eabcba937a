"""A wide correctness sweep of the leapers' solver against the tests' exhaustive oracle.

Every (a, b) with 0 <= a <= 4, 1 <= b <= 5, a <= b; every board up to ``--side``
squares a side; a few hole patterns (none, a corner, the centre, two fixed
scattered sets); every start; open and closed.  A found tour is checked by the
oracle's own tour checker; every "impossible" and every give-up is checked by the
oracle's exhaustive search (when it fits in its state limit), except a proof that names
its witness, which the sweep confirms itself: a square the start never reaches (found by
its own search of the jumps), or colour counts that rule the tour out.  Prints the counts
(found / impossible / gave up / wrong / unchecked) and the time::

    nice -n 5 python -m tools.leaper_sweep --side 5
    nice -n 5 python -m tools.leaper_sweep --side 6 --leapers 1,3 2,3

Not part of CI (the tests run a sample: tests/knight_py/test_leaper_theorems.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache

from knight_py import solve
from knight_py.i18n import Reason
from tests.leaper_oracle import is_leaper_tour, leaper_moves, leaper_tours_from

__all__ = ["LEAPERS", "hole_patterns", "main", "sweep"]

#: The (a, b) pairs the sweep covers.
LEAPERS = tuple((a, b) for b in range(1, 6) for a in range(0, min(b, 4) + 1))

Square = tuple[int, int]


def hole_patterns(rows: int, cols: int) -> list[tuple[Square, ...]]:
    """No holes, a corner, the centre, and two scattered sets (fixed, so runs repeat).

    >>> hole_patterns(3, 3)
    [(), ((0, 0),), ((1, 1),), ((0, 1), (2, 2)), ((1, 0), (2, 2))]
    """
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    out: list[tuple[Square, ...]] = [()]
    if len(squares) > 1:
        out += [((0, 0),), ((rows // 2, cols // 2),)]
    if len(squares) > 4:
        out.append(tuple(dict.fromkeys([*squares[1::7], squares[-1]])))
        out.append(tuple(squares[3::5]))
    unique: list[tuple[Square, ...]] = []
    for holes in out:
        if holes not in unique and len(holes) < len(squares):
            unique.append(holes)
    return unique


Case = tuple[int, int, int, int, tuple[Square, ...], Square, bool]


def _cases(side: int, leapers: tuple[tuple[int, int], ...]) -> Iterator[Case]:
    for a, b in leapers:
        for rows in range(1, side + 1):
            for cols in range(rows, side + 1):  # the transposed board is the same problem
                for holes in hole_patterns(rows, cols):
                    for r in range(rows):
                        for c in range(cols):
                            if (r, c) not in holes:
                                for closed in (False, True):
                                    yield a, b, rows, cols, holes, (r, c), closed


_NEVER_REACHED = (
    "leaper_lattice", "leaper_colour", "leaper_isolated", "unreachable", "leaper_small_board",
)
_COUNTS = ("leaper_colour_closed", "leaper_colour_start", "leaper_colour_counts")


def _certified(case: Case, why: Reason) -> bool:
    """Whether a proof that names its witness is confirmed without the oracle's search:
    the named square is free and no sequence of jumps from the start reaches it; or the
    leaper changes colour and the colour counts rule the tour out as claimed."""
    a, b, rows, cols, holes, start, closed = case
    if why.code in _NEVER_REACHED:
        name = str(why.params["square"])
        square = (rows - int(name[1:]), ord(name[0]) - ord("a"))
        table = leaper_moves(rows, cols, frozenset(holes), a, b)
        seen = frontier = 1 << (start[0] * cols + start[1])
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            new = table[low.bit_length() - 1] & ~seen
            seen |= new
            frontier |= new
        return square not in holes and not seen >> (square[0] * cols + square[1]) & 1
    if why.code in _COUNTS and (a + b) % 2:
        free = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in holes]
        own = sum((r + c) % 2 == sum(start) % 2 for r, c in free)
        other = len(free) - own
        return own != other if closed else own not in (other, other + 1)
    return False


@lru_cache(maxsize=4)
def _oracle(
    a: int, b: int, rows: int, cols: int, holes: tuple[Square, ...], start: Square, limit: int
) -> tuple[bool, bool] | None:
    """The oracle's (open, closed) answer, once for both (cases come open, then closed)."""
    return leaper_tours_from(rows, cols, a, b, start, holes, limit)


def sweep(
    side: int, leapers: tuple[tuple[int, int], ...], limit: int, smallest: int = 1
) -> Counter[str]:
    """Solve every case with boards' longer side >= ``smallest``; count the outcomes, and
    print each wrong one and each give-up at once (on stderr), and the counts per leaper."""
    counts: Counter[str] = Counter()
    began, current = time.perf_counter(), leapers[0]
    for case in _cases(side, leapers):
        a, b, rows, cols, holes, start, closed = case
        if cols < smallest:
            continue
        if (a, b) != current:
            print(current, dict(sorted(counts.items())), f"{time.perf_counter() - began:.1f} s",
                  file=sys.stderr, flush=True)
            current = (a, b)
        result = solve(rows, cols, start, closed, list(holes), rule=f"leaper:{a},{b}")
        counts[result.status] += 1
        free = rows * cols - len(holes)
        if result.status == "gave_up":
            counts["gave_up_small" if free <= 20 else "gave_up_large"] += 1
            print("gave up", case, f"{result.seconds:.1f} s", file=sys.stderr, flush=True)
        if result.found:
            if not is_leaper_tour(rows, cols, a, b, result.path, closed, holes):
                counts["wrong"] += 1
                print("WRONG tour", case, file=sys.stderr)
            continue
        if result.why is not None and _certified(case, result.why):
            counts["certified"] += 1
            continue
        both = _oracle(a, b, rows, cols, holes, start, limit)
        truth = None if both is None else both[closed]
        if truth is None:
            counts["unchecked"] += 1
        elif truth and result.status == "impossible":
            counts["wrong"] += 1
            print("WRONG impossible", case, result.why, file=sys.stderr)
        elif result.status == "gave_up":
            counts["gave_up_" + ("tour" if truth else "none")] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    """Run the sweep; exit status 1 when any answer was wrong."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", type=int, default=5, help="largest board side")
    parser.add_argument("--limit", type=int, default=300_000, help="oracle state limit")
    parser.add_argument("--leapers", nargs="*", default=[], help="pairs a,b (default: all)")
    parser.add_argument("--smallest", type=int, default=1,
                        help="skip boards whose longer side is shorter (to add one side)")
    args = parser.parse_args(argv)
    chosen = tuple(
        (int(x), int(y)) for x, y in (p.split(",") for p in args.leapers)
    ) or LEAPERS
    began = time.perf_counter()
    counts = sweep(args.side, chosen, args.limit, args.smallest)
    print(dict(sorted(counts.items())), f"{time.perf_counter() - began:.1f} s")
    return 1 if counts["wrong"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
