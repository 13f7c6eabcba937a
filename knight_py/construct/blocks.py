"""Small blocks for the construction: base tours with merge ports, and how two blocks merge.

A block is an ``h`` x ``w`` rectangle (sides 5..11) with a tour stored as a tuple of
block-local flat indices ``r * w + c``: a closed tour ("cycle") for the blocks that
tile the board, an open path from the start square for the one odd x odd block that
holds the start on an odd x odd board.

Two blocks side by side merge when the left one has a tour edge ``a1-a2`` inside its
last two columns and the right one an edge ``b1-b2`` inside its first two columns
with ``a1-b1`` and ``a2-b2`` knight moves: delete both edges, add both cross moves,
and the two tours become one (the same above and below, by transposing).  Every
closed tour holds its eight corner moves (a corner square has only two moves), so a
block can always merge with a cycle beside it when it holds, on that side, one
*port* edge that fits the neighbour's corner move:

- left: ``(1,1)-(3,0)`` or ``(h-2,1)-(h-4,0)``;  right: ``(1,w-2)-(3,w-1)`` or
  ``(h-2,w-2)-(h-4,w-1)``;
- top: ``(1,1)-(0,3)`` or ``(1,w-2)-(0,w-4)``;  bottom: ``(h-2,1)-(h-1,3)`` or
  ``(h-2,w-2)-(h-1,w-4)``.

The base tours are found once per shape by a Warnsdorff-ordered depth-first search
that is made to keep one port edge on every side (and, for the start block, on every
side that has a neighbour), then cached.  Merges along a vertical side only touch
moves that change the column by one; along a horizontal side, moves that change the
row by one; so the merges on the four sides of a block never compete for an edge.

>>> tour = cycle_tour(6, 6)
>>> len(tour), sorted(tour) == list(range(36))
(36, True)
>>> block_link(cycle_unit(6, 6), cycle_unit(6, 8), "right") is not None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product

from ..board import KNIGHT_STEPS

__all__ = [
    "SIDES",
    "Link",
    "Unit",
    "block_link",
    "cycle_tour",
    "cycle_unit",
    "find_link",
    "path_tour",
]

#: Sides of a block, in the order port choices are tried.
SIDES = ("left", "top", "right", "bottom")

#: (position of the cut edge in the first tour, in the second, straight?).  The cut
#: edge at position ``c`` joins ``tour[c]`` and ``tour[c + 1]`` (wrapping for a cycle);
#: straight means ``tour1[c1]`` pairs with ``tour2[c2]``, crossed with ``tour2[c2 + 1]``.
Link = tuple[int, int, bool]

# Node budgets of the constrained searches: every port choice and mirror image is
# tried with a small budget before any gets a larger one (a Warnsdorff search is
# either quick or hopelessly stuck).
_BUDGETS = (1_500, 15_000, 150_000)

Edge = tuple[tuple[int, int], tuple[int, int]]


def _ports(h: int, w: int, side: str) -> tuple[Edge, Edge]:
    """The two port edges of a side, as pairs of (row, col)."""
    if side == "left":
        return ((1, 1), (3, 0)), ((h - 2, 1), (h - 4, 0))
    if side == "right":
        return ((1, w - 2), (3, w - 1)), ((h - 2, w - 2), (h - 4, w - 1))
    if side == "top":
        return ((1, 1), (0, 3)), ((1, w - 2), (0, w - 4))
    return ((h - 2, 1), (h - 1, 3)), ((h - 2, w - 2), (h - 1, w - 4))


def _port_choices(h: int, w: int, sides: Sequence[str]) -> Iterator[tuple[Edge, ...]]:
    """Sets of one port per side: the two 'pinwheels' (each inner corner used once) first."""
    options = [_ports(h, w, side) for side in sides]
    tried: set[tuple[int, ...]] = set()
    if tuple(sides) == SIDES:
        for wheel in ((0, 1, 1, 0), (1, 0, 0, 1)):
            tried.add(wheel)
            yield tuple(options[k][p] for k, p in enumerate(wheel))
    for pick in product((0, 1), repeat=len(sides)):
        if pick not in tried:
            yield tuple(options[k][p] for k, p in enumerate(pick))


def _block_tables(
    h: int, w: int, required: Iterable[Edge]
) -> tuple[list[list[int]], list[list[int]]]:
    """Each square's knight neighbours in the h x w block, and the squares each is joined
    to by a ``required`` edge (flat indices ``r * w + c``).

    >>> nbrs, req = _block_tables(3, 4, [((0, 0), (1, 2))])
    >>> nbrs[0], req[0], req[6]
    ([6, 9], [6], [0])
    """
    nbrs = [
        [(r + dr) * w + c + dc for dr, dc in KNIGHT_STEPS if 0 <= r + dr < h and 0 <= c + dc < w]
        for r in range(h)
        for c in range(w)
    ]
    req: list[list[int]] = [[] for _ in range(h * w)]
    for (ra, ca), (rb, cb) in required:
        a, b = ra * w + ca, rb * w + cb
        req[a].append(b)
        req[b].append(a)
    return nbrs, req


def _dead_end(near: list[int], full: bool, visited: bytearray, deg: list[int], target: int) -> bool:
    """Sound prune after stepping onto a square whose neighbours are ``near``: a square
    still to come with too few ways in and out (``deg``: free neighbours of each square).

    >>> _dead_end([1], False, bytearray([1, 0, 0]), [0, 1, 0], -1)  # square 2 is cut off
    True
    """
    if full:
        return False
    ends = 0
    for x in range(len(visited)):
        if visited[x]:
            continue
        links = deg[x] + (x in near)
        if links == 0:
            return True
        if links == 1:
            if target >= 0 and x != target:
                return True  # a closed tour passes through x, needing two links
            ends += 1
            if ends > 1:
                return True  # an open path has one end still to come
    return False


def _search(
    h: int, w: int, start: int, target: int, required: Iterable[Edge], budget: int
) -> list[int] | None:
    """A Hamiltonian path of the h x w block from ``start`` holding every ``required`` edge.

    With ``target >= 0`` the path must end on ``target`` (the closed-tour search starts
    on a corner and ends on the corner's other neighbour).  Warnsdorff order, ties to
    the square farthest from the centre; an explicit stack; None when the budget runs
    out or there is no such path.
    """
    n = h * w
    nbrs, req = _block_tables(h, w, required)
    if any(len(partners) > 2 for partners in req) or len(req[start]) > 1:
        return None
    far = [-((2 * r - h + 1) ** 2 + (2 * c - w + 1) ** 2) for r in range(h) for c in range(w)]
    visited = bytearray(n)
    deg = [len(x) for x in nbrs]

    def enter(v: int) -> None:
        visited[v] = 1
        for u in nbrs[v]:
            deg[u] -= 1

    def leave(v: int) -> None:
        visited[v] = 0
        for u in nbrs[v]:
            deg[u] += 1

    path = [start]
    enter(start)

    def candidates(u: int) -> list[int]:
        depth = len(path)
        prev = path[-2] if depth > 1 else -1
        pending = [r for r in req[u] if r != prev]
        if len(pending) > 1:
            return []
        if pending:
            ws = [] if visited[pending[0]] else pending
        else:
            ws = [x for x in nbrs[u] if not visited[x]]
        out = []
        for x in ws:
            if x == target and depth + 1 < n:
                continue
            others = [r for r in req[x] if r != u]
            if len(others) > 1 or (others and (visited[others[0]] or depth + 1 == n)):
                continue
            out.append(x)
        out.sort(key=lambda x: (deg[x], far[x], x), reverse=True)
        return out

    stack = [candidates(start)]
    nodes = 0
    while stack:
        cand = stack[-1]
        if not cand:
            stack.pop()
            if len(path) > 1:
                leave(path.pop())
            continue
        v = cand.pop()
        nodes += 1
        if nodes > budget:
            return None
        enter(v)
        path.append(v)
        if len(path) == n:
            if target < 0 or v == target:
                return path
        elif not _dead_end(nbrs[v], len(path) == n, visited, deg, target):
            stack.append(candidates(v))
            continue
        leave(path.pop())
    return None


def _mirrored_search(
    h: int, w: int, start: int, ports: tuple[Edge, ...], budget: int, flips: tuple[bool, bool]
) -> tuple[int, ...] | None:
    """:func:`_search` for an open path on the block mirrored by ``flips`` (rows, cols),
    mapped back: the mirror images give the search fresh chances."""

    def mirror(square: tuple[int, int]) -> tuple[int, int]:
        r, c = square
        return (h - 1 - r if flips[0] else r, w - 1 - c if flips[1] else c)

    def flat(v: int) -> int:
        r, c = mirror(divmod(v, w))
        return r * w + c

    mirrored = [(mirror(a), mirror(b)) for a, b in ports]
    path = _search(h, w, flat(start), -1, mirrored, budget)
    return None if path is None else tuple(flat(v) for v in path)  # a mirror undoes itself


@cache
def cycle_tour(h: int, w: int) -> tuple[int, ...]:
    """A closed tour of the h x w block (5 <= h, w <= 11, not both odd) with a port on
    every side, as block-local flat indices starting at the corner 0.

    :raises ValueError: when no such tour was found (never for the shapes the
        construction uses; the tests try them all).
    """
    for budget in _BUDGETS:
        for ports in _port_choices(h, w, SIDES):
            path = _search(h, w, 0, 2 * w + 1, ports, budget)
            if path is not None:
                return tuple(path)
    raise ValueError(f"no closed {h}x{w} block tour with ports on every side")


@lru_cache(maxsize=4096)
def path_tour(h: int, w: int, start: int, sides: tuple[str, ...]) -> tuple[int, ...] | None:
    """An open tour of the h x w block from ``start`` with a port on each of ``sides``,
    or None when none was found (then the caller tiles differently)."""
    for budget in _BUDGETS:
        for ports in _port_choices(h, w, sides):
            for flips in ((False, False), (False, True), (True, False), (True, True)):
                path = _mirrored_search(h, w, start, ports, budget, flips)
                if path is not None:
                    return path
    return None


@dataclass(frozen=True)
class Unit:
    """A block's shape and tour (block-local flat indices); ``closed`` for a cycle."""

    h: int
    w: int
    tour: tuple[int, ...]
    closed: bool


def cycle_unit(h: int, w: int) -> Unit:
    """The h x w block with its base cycle."""
    return Unit(h, w, cycle_tour(h, w), True)


def find_link(
    edges: Iterable[tuple[int, tuple[int, int], tuple[int, int]]],
    position: Callable[[int, int], int],
    length: int,
    closed: bool,
) -> Link | None:
    """The first two-edge swap that merges tour A into tour B, or None.

    ``edges`` lists candidate edges of A as (position k of the edge, square of A[k],
    square of A[k + 1]) in (row, col) of a frame shared with B; ``position`` gives a
    square's position in B's tour of ``length`` squares, -1 off B.
    """
    for k, (xr, xc), (yr, yc) in edges:
        for dr, dc in KNIGHT_STEPS:
            pu = position(xr + dr, xc + dc)
            if pu < 0:
                continue
            for er, ec in KNIGHT_STEPS:
                pv = position(yr + er, yc + ec)
                if pv < 0:
                    continue
                if pv == pu + 1:
                    return k, pu, True
                if pu == pv + 1:
                    return k, pv, False
                if closed and pu == length - 1 and pv == 0:
                    return k, pu, True
                if closed and pv == length - 1 and pu == 0:
                    return k, pv, False
    return None


@lru_cache(maxsize=4096)
def block_link(a: Unit, b: Unit, side: str) -> Link | None:
    """How block ``b`` placed on ``side`` ("right" or "below") of block ``a`` merges with it.

    Uses only edges within two lines of the shared side, so it never meets a merge on
    another side of either block.
    """
    if side == "right":
        dr, dc = 0, a.w
        near_a = [(r, c) if c >= a.w - 2 else None for r in range(a.h) for c in range(a.w)]
        near_b = {
            (r + dr, c + dc): k
            for k, (r, c) in ((k, divmod(v, b.w)) for k, v in enumerate(b.tour))
            if c < 2
        }
    else:
        dr, dc = a.h, 0
        near_a = [(r, c) if r >= a.h - 2 else None for r in range(a.h) for c in range(a.w)]
        near_b = {
            (r + dr, c + dc): k
            for k, (r, c) in ((k, divmod(v, b.w)) for k, v in enumerate(b.tour))
            if r < 2
        }
    tour, n = a.tour, len(a.tour)
    edges = []
    for k in range(n if a.closed else n - 1):
        x, y = near_a[tour[k]], near_a[tour[(k + 1) % n]]
        if x is not None and y is not None:
            edges.append((k, x, y))
    return find_link(edges, lambda r, c: near_b.get((r, c), -1), len(b.tour), b.closed)
