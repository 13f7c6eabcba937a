"""The large-board benchmark: the linear-time construction against the floor and Warnsdorff.

    python -m bench.large [--quick]      (or: python build.py bench)

Prints one plain-text table.  For 100 x 100, 500 x 500 and 1000 x 1000 (open from a
corner, open from the centre, closed from a corner; 999 x 999 too, whose tours are
open paths), each row gives:

* ``cold``: :func:`~knight_py.construct.construct_tour` with every cache emptied
  (the small block tours are searched again), ``warm``: the best of five calls;
* ``validate``: :func:`knight_py.validate.validate` of that tour, timed apart;
* ``floor``: a plain Python loop writing each of the board's squares once into a
  list, and ``ratio`` = warm / floor (the goal is at most 10);
* ``warnsdorff``: Warnsdorff's rule with the project's tie-break (fewest onward
  moves, ties to the square farthest from the centre, then the seeds' move order),
  one pass without backtracking: the first descent of
  ``search.tours(order="warnsdorff")``, on flat arrays so that a million squares
  fit in memory.  It tells where the rule dead-ends, and whether its path closes.

Then the n x n boards, n <= 120, on which that Warnsdorff pass dead-ends from a
corner and from the centre, and the peak memory of the 1000 x 1000 construction
(tracemalloc) and of the whole process.  ``--quick`` leaves out Warnsdorff on
1000 x 1000 and the scan.
Exit status 1 when a tour fails validation or a ratio misses the goal.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import tracemalloc
from array import array
from collections.abc import Callable
from functools import partial

from knight_py.construct import assemble, blocks, construct_tour
from knight_py.validate import validate

GOAL = 10.0
SIZES = ((100, 100), (500, 500), (1000, 1000), (999, 999))
SCAN = 120  # largest n of the n x n boards scanned for Warnsdorff dead ends


def clear_caches() -> None:
    """Forget every block tour, link and band the construction keeps."""
    for cached in (
        blocks.cycle_tour,
        blocks.path_tour,
        blocks.block_link,
        assemble._pattern,
        assemble._cycle_band,
    ):
        cached.cache_clear()


def seconds(job: Callable[[], object], repeat: int = 1) -> float:
    """Best wall time of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        began = time.perf_counter()
        job()
        best = min(best, time.perf_counter() - began)
    return best


def floor(squares: int) -> float:
    """The floor: a plain Python loop that writes each square once into a list."""

    def write() -> None:
        out = [0] * squares
        for i in range(squares):
            out[i] = i

    return seconds(write, 5)


def warnsdorff(rows: int, cols: int, start: int) -> tuple[array[int], float]:
    """One pass of Warnsdorff's rule with the project's tie-break; (path, seconds).

    The board is padded with two rows and columns of "visited" squares so that the
    inner loop needs no bounds checks.  Among equal keys the last candidate in the
    seeds' move order wins, as in ``search.tours`` (stable sort, pop from the end).
    """
    began = time.perf_counter()
    width = cols + 4
    steps = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
    deltas = [dr * width + dc for dr, dc in steps]
    visited = bytearray(b"\x01") * ((rows + 4) * width)
    deg = array("i", bytes(4 * (rows + 4) * width))
    tiebreak = array("i", bytes(4 * (rows + 4) * width))
    far = (rows - 1) ** 2 + (cols - 1) ** 2
    for r in range(rows):
        base = (r + 2) * width + 2
        visited[base : base + cols] = bytes(cols)
        dr2 = (2 * r - rows + 1) ** 2
        tiebreak[base : base + cols] = array(
            "i", [far - dr2 - (2 * c - cols + 1) ** 2 for c in range(cols)]
        )
    for r in range(rows):
        base = (r + 2) * width + 2
        for v in range(base, base + cols):
            deg[v] = sum(1 for d in deltas if not visited[v + d])
    shift = far + 1
    v = (start // cols + 2) * width + start % cols + 2
    path = array("i", [start])
    visited[v] = 1
    for d in deltas:
        deg[v + d] -= 1
    for _ in range(rows * cols - 1):
        best = -1
        key = 1 << 60
        for d in deltas:
            w = v + d
            if not visited[w]:
                k = deg[w] * shift + tiebreak[w]
                if k <= key:
                    key, best = k, w
        if best < 0:
            break
        v = best
        visited[v] = 1
        for d in deltas:
            deg[v + d] -= 1
        r, c = divmod(v, width)
        path.append((r - 2) * cols + c - 2)
    return path, time.perf_counter() - began


def describe_warnsdorff(rows: int, cols: int, path: array[int], closed: bool) -> str:
    n = rows * cols
    if len(path) < n:
        r, c = divmod(path[-1], cols)
        return f"dead end after {len(path):,} of {n:,} squares (at row {r}, col {c})"
    if not closed:
        return "complete open tour"
    (r0, c0), (r1, c1) = divmod(path[0], cols), divmod(path[-1], cols)
    closes = {abs(r0 - r1), abs(c0 - c1)} == {1, 2}
    return "complete, and closes" if closes else "complete, not closed"


def ms(value: float) -> str:
    return f"{value * 1000:9.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.large", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="no Warnsdorff on 1000 x 1000")
    args = parser.parse_args(argv)
    failures: list[str] = []
    print("Large boards: construct_tour (ms) beside the floor (a plain loop writing each square)")
    version = sys.version.split()[0]
    print(f"Python {version} on {sys.platform}; ratio = warm / floor, goal <= {GOAL:g}")
    header = (
        f"{'board':>11} {'case':<12}{'cold':>9}{'warm':>9}{'validate':>9}{'floor':>9}"
        f"{'ratio':>7}{'warnsdf':>10}  warnsdorff result"
    )
    print(header)
    print("-" * len(header))
    for rows, cols in SIZES:
        n = rows * cols
        base = floor(n)
        centre = (rows // 2) * cols + cols // 2
        odd = rows % 2 == 1 and cols % 2 == 1
        cases = [("open corner", 0, False), ("open centre", centre, False)]
        if not odd:
            cases.append(("closed", 0, True))
        for name, start, closed in cases:
            clear_caches()
            solve = partial(construct_tour, rows, cols, start, closed)
            cold = seconds(solve)
            warm = seconds(solve, 5)
            tour = solve()
            assert tour is not None
            try:
                checked = seconds(partial(validate, rows, cols, tour, closed=closed))
            except ValueError as error:
                failures.append(f"{rows}x{cols} {name}: {error}")
                checked = float("nan")
            ratio = warm / base
            if ratio > GOAL:
                failures.append(f"{rows}x{cols} {name}: ratio {ratio:.1f} > {GOAL:g}")
            if args.quick and n > 500_000:
                w_time, w_text = "", "skipped (--quick)"
            else:
                path, spent = warnsdorff(rows, cols, start)
                w_time, w_text = ms(spent), describe_warnsdorff(rows, cols, path, closed)
            print(
                f"{rows:>5} x {cols:<5}{name:<12}{ms(cold)}{ms(warm)}{ms(checked)}{ms(base)}"
                f"{ratio:6.2f}x{w_time:>10}  {w_text}",
                flush=True,
            )
    if not args.quick:
        print()
        for where in ("corner", "centre"):
            stuck = [
                n
                for n in range(5, SCAN + 1)
                if len(warnsdorff(n, n, 0 if where == "corner" else (n // 2) * n + n // 2)[0])
                < n * n
            ]
            print(f"Warnsdorff (one pass) from the {where} dead-ends on n x n, 5 <= n <= {SCAN},"
                  f" for n = {', '.join(map(str, stuck)) or 'none'}")  # fmt: skip
    print()
    for name, start, closed in (("open corner", 0, False), ("open centre", 500_500, False),
                                ("closed", 0, True)):  # fmt: skip
        clear_caches()
        tracemalloc.start()
        construct_tour(1000, 1000, start, closed)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(
            f"peak memory, construct_tour 1000 x 1000 {name}: {peak / 2**20:.1f} MiB (tracemalloc)"
        )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    scale = 1 if sys.platform == "darwin" else 1024
    print(f"peak memory of this whole process (validate, Warnsdorff included): "
          f"{rss * scale / 2**20:.0f} MiB")  # fmt: skip
    for failure in failures:
        print("FAILED:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
