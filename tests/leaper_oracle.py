"""An exhaustive oracle for leapers' tours, written without the package's code.

A leaper jumps ``(±a, ±b)`` or ``(±b, ±a)``.  :func:`leaper_has_tour` walks every
path from the start layer by layer, keeping per set of visited squares the squares
a path through exactly that set can end on (a bitmask dynamic program), so it
decides existence exactly; ``limit`` caps the states it keeps (None past it).
:func:`is_leaper_tour` is a plain tour checker.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise


def leaper_moves(
    rows: int, cols: int, holes: frozenset[tuple[int, int]], a: int, b: int
) -> list[int]:
    """Per square ``r * cols + c``, a bitmask of the free squares one jump away."""
    steps = {(x, y) for x, y in ((a, b), (b, a)) for x in (x, -x) for y in (y, -y)}
    table = []
    for r in range(rows):
        for c in range(cols):
            mask = 0
            if (r, c) not in holes:
                for dr, dc in steps:
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < rows and 0 <= cc < cols and (rr, cc) not in holes:
                        mask |= 1 << (rr * cols + cc)
            table.append(mask)
    return table


def leaper_has_tour(
    rows: int,
    cols: int,
    a: int,
    b: int,
    start: tuple[int, int],
    closed: bool,
    holes: Sequence[tuple[int, int]] = (),
    limit: int = 2_000_000,
) -> bool | None:
    """Whether a (closed) tour of the (a, b)-leaper from ``start`` exists; None past ``limit``."""
    both = leaper_tours_from(rows, cols, a, b, start, holes, limit)
    return None if both is None else both[closed]


def leaper_tours_from(
    rows: int,
    cols: int,
    a: int,
    b: int,
    start: tuple[int, int],
    holes: Sequence[tuple[int, int]] = (),
    limit: int = 2_000_000,
) -> tuple[bool, bool] | None:
    """(an open tour exists, a closed tour exists) from ``start``; None past ``limit`` states."""
    blocked = frozenset(holes)
    table = leaper_moves(rows, cols, blocked, a, b)
    full = sum(1 << (r * cols + c) for r in range(rows) for c in range(cols)
               if (r, c) not in blocked)
    n = bin(full).count("1")
    first = start[0] * cols + start[1]
    if n == 1:
        return True, False
    layer = {1 << first: 1 << first}
    kept = 0
    for _ in range(n - 1):
        nxt: dict[int, int] = {}
        for mask, ends in layer.items():
            while ends:
                low = ends & -ends
                ends ^= low
                new = table[low.bit_length() - 1] & ~mask
                while new:
                    bit = new & -new
                    new ^= bit
                    key = mask | bit
                    nxt[key] = nxt.get(key, 0) | bit
        kept += len(nxt)
        if kept > limit:
            return None
        layer = nxt
        if not layer:
            return False, False
    ends = layer.get(full, 0)
    return bool(ends), n >= 3 and bool(ends & table[first])


def is_leaper_tour(
    rows: int,
    cols: int,
    a: int,
    b: int,
    path: Sequence[tuple[int, int]],
    closed: bool,
    holes: Sequence[tuple[int, int]] = (),
) -> bool:
    """True when ``path`` visits every free square once by jumps (and closes, if asked)."""
    free = {(r, c) for r in range(rows) for c in range(cols)} - set(holes)
    if len(path) != len(free) or set(path) != free:
        return False
    legs = list(pairwise(path))
    if closed:
        legs.append((path[-1], path[0]))
    return all(
        sorted((abs(p[0] - q[0]), abs(p[1] - q[1]))) == sorted((a, b)) for p, q in legs
    )
