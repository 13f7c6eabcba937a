"""Knight's tours of large empty boards in linear time: the ``construct`` method.

A divide-and-conquer construction in the spirit of Parberry (1997, "An efficient
algorithm for the Knight's tour problem", Discrete Applied Mathematics 73): cut the
board into small blocks, take a stored tour of each block, and join the block tours
into one by swapping two moves at a time.  It covers every board with both sides at
least 5:

- **closed tours** wherever Schwenk's theorem (1991, "Which rectangular chessboards
  have a knight's tour?") allows them, i.e. unless both sides are odd; the cycle is
  rotated to begin at the start square, and cut there for an open tour;
- **open tours on odd x odd boards** from every square of the corners' colour (no
  tour starts on the other colour: the path alternates colours and the corners'
  colour has one square more).

**Tiling.**  The rows are cut into parts of 6, 8 or 10 (mostly 8) when their number
is even; an odd number of rows gets one odd part (5, 7, 9, or 11 on an 11-row board)
and even parts elsewhere; the same for the columns.  When not both sides are odd,
only one of the two directions gets an odd part, so every block has a closed tour.
On an odd x odd board both directions get one odd part, placed at an even offset so
that it covers the start's row (column): the one odd x odd block then holds the start,
with the colours of the board, and gets an open path from the start instead.

**Base tours.**  Each block shape's tour is found once by a small search
(:mod:`knight_py.construct.blocks`) that keeps a *port* move near each corner it
needs; every closed tour holds its corner moves, and a port of one block always fits
the corner move of the cycle next to it, so every pair of neighbouring blocks merges.

**Merge.**  For neighbouring tours with a move ``a1-a2`` in one and ``b1-b2`` in the
other such that ``a1-b1`` and ``a2-b2`` are knight moves, deleting the two moves and
adding the two cross moves makes one tour of two (one path stays one path with the
same first square).  The blocks of each row band are merged left to right, then the
bands top to bottom (a comb-shaped spanning tree).  A band's tour depends only on its
height, so it is built once and reused; the final tour is copied arc by arc
(:mod:`knight_py.construct.join`), so the Python work is proportional to the number
of bands and blocks, and the per-square work is C-level copying.

>>> from knight_py.validate import validate
>>> tour = construct_tour(8, 8, 0, closed=True)
>>> tour[0], len(tour)
(0, 64)
>>> validate(8, 8, tour, closed=True)
>>> validate(9, 9, construct_tour(9, 9, 40, closed=False))
>>> construct_tour(9, 9, 1, closed=False) is None  # the other colour: no tour
True
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import lru_cache

from .blocks import SIDES, Unit, block_link, cycle_unit, find_link, path_tour
from .join import JoinLink, JoinUnit, join

__all__ = ["MIN_SIDE", "Tiling", "construct_tour", "tiling"]

#: Both sides must be at least this long; thinner boards are handled elsewhere.
MIN_SIDE = 5


@dataclass(frozen=True)
class Tiling:
    """How a board is cut: row and column part sizes, and for an odd x odd board the
    (row part, column part) of the block that holds the start, else None."""

    row_parts: tuple[int, ...]
    col_parts: tuple[int, ...]
    start_block: tuple[int, int] | None


def _split_even(total: int) -> list[int]:
    """Parts of 6, 8 and 10 (mostly 8) adding up to an even ``total`` of 0 or >= 6."""
    eights, rest = divmod(total, 8)
    if rest == 0:
        return [8] * eights
    if rest == 2:
        return [8] * (eights - 1) + [10]
    if rest == 4:
        return [8] * (eights - 1) + [6, 6]
    return [8] * eights + [6]


def _split_any(total: int) -> list[int]:
    """Parts of ``total`` >= 5 with at most one odd part (last)."""
    if total % 2 == 0:
        return _split_even(total)
    odd = total if total <= 9 else 5
    return [*_split_even(total - odd), odd]


def _split_around(total: int, x: int) -> tuple[list[int], int]:
    """Parts of an odd ``total`` >= 5: even parts and one odd part covering ``x`` at an
    even offset.  Returns the parts and the index of the odd part."""
    for odd in (5, 7, 9, 11):
        for offset in range(x - x % 2, x - odd, -2):
            after = total - offset - odd
            if offset >= 0 and after >= 0 and offset not in (2, 4) and after not in (2, 4):
                before = _split_even(offset)
                return [*before, odd, *_split_even(after)], len(before)
    raise AssertionError(f"no odd part covers {x} of {total}")  # pragma: no cover


def tiling(rows: int, cols: int, start: int, closed: bool) -> Tiling | None:
    """The cut of the board that :func:`construct_tour` uses, or None when it has none.

    >>> tiling(20, 17, 0, closed=True)
    Tiling(row_parts=(8, 6, 6), col_parts=(6, 6, 5), start_block=None)
    >>> tiling(17, 17, 8 * 17 + 8, closed=False)
    Tiling(row_parts=(6, 5, 6), col_parts=(6, 5, 6), start_block=(1, 1))
    """
    if min(rows, cols) < MIN_SIDE or not 0 <= start < rows * cols:
        return None
    if rows % 2 and cols % 2:
        row, col = divmod(start, cols)
        if closed or (row + col) % 2:
            return None
        row_parts, i = _split_around(rows, row)
        col_parts, j = _split_around(cols, col)
        return Tiling(tuple(row_parts), tuple(col_parts), (i, j))
    if rows % 2 == 0:
        return Tiling(tuple(_split_even(rows)), tuple(_split_any(cols)), None)
    return Tiling(tuple(_split_any(rows)), tuple(_split_even(cols)), None)


@lru_cache(maxsize=256)
def _pattern(unit: Unit, cols: int) -> array[int]:
    """A block's tour in the flat indices of a board ``cols`` wide, block at the origin."""
    w = unit.w
    return array("i", [(v // w) * cols + v % w for v in unit.tour])


@dataclass(frozen=True)
class _Band:
    """One row band's merged tour (band-local flat indices) and where each square is."""

    tour: array[int]
    closed: bool
    position: dict[int, int]


def _build_band(units: list[Unit], cols: int) -> _Band:
    """Merge the blocks of one band, left to right."""
    parts: list[JoinUnit] = []
    links: list[JoinLink] = []
    offset = 0
    for j, unit in enumerate(units):
        parts.append((_pattern(unit, cols), offset, unit.closed))
        offset += unit.w
        if j:
            link = block_link(units[j - 1], unit, "right")
            if link is None:
                raise ValueError(
                    f"blocks {units[j - 1].h}x{units[j - 1].w} and {unit.h}x{unit.w} do not merge"
                )  # pragma: no cover
            links.append((j - 1, link[0], j, link[1], link[2]))
    tour = join(parts, links)
    return _Band(tour, all(u.closed for u in units), dict(zip(tour, range(len(tour)), strict=True)))


@lru_cache(maxsize=16)
def _cycle_band(h: int, cols: int, col_parts: tuple[int, ...]) -> _Band:
    return _build_band([cycle_unit(h, w) for w in col_parts], cols)


def _band_link(upper: _Band, h: int, lower: _Band, cols: int, width: int) -> JoinLink:
    """How the band below (``lower``) merges with ``upper`` (``h`` rows), as
    (0, cut in upper, 1, cut in lower, straight).  Looks in the first ``width``
    columns, where the first column of blocks guarantees a merge."""
    seq, n, position = upper.tour, len(upper.tour), upper.position
    edges = []
    for r in (h - 2, h - 1):
        for c in range(min(width, cols)):
            k = position[r * cols + c]
            for first in (k - 1, k):
                if not upper.closed and not 0 <= first < n - 1:
                    continue
                first %= n
                a, b = seq[first], seq[(first + 1) % n]
                if a >= (h - 2) * cols and b >= (h - 2) * cols:
                    edges.append((first, divmod(a, cols), divmod(b, cols)))
    below = lower.position

    def locate(r: int, c: int) -> int:
        if h <= r < h + 2 and 0 <= c < cols:
            return below[(r - h) * cols + c]
        return -1

    link = find_link(edges, locate, len(lower.tour), lower.closed)
    if link is None:
        raise ValueError("row bands do not merge")  # pragma: no cover
    return 0, link[0], 1, link[1], link[2]


def _position(tour: array[int], square: int) -> int:
    """Index of ``square`` in ``tour``, by a byte search (no int object per square)."""
    raw = tour.tobytes()
    needle = array("i", [square]).tobytes()
    found = raw.find(needle)
    while found > 0 and found % tour.itemsize:  # a match across two squares: look on
        found = raw.find(needle, found + 1)
    if found < 0:
        raise ValueError(f"{square} is not in the tour")  # pragma: no cover
    return found // tour.itemsize


def construct_tour(rows: int, cols: int, start: int, closed: bool) -> array[int] | None:
    """A tour of the empty ``rows`` x ``cols`` board from flat index ``start``.

    Returns an ``array('i')`` of flat indices ``row * cols + col``, ``start`` first;
    with ``closed`` the last square is a knight move from the first.  Returns None
    when this construction does not cover the case: a side below 5, a closed tour of
    an odd x odd board, or a start of the minority colour on an odd x odd board (the
    last two have no tour at all).  Deterministic; time and memory linear in
    ``rows * cols`` (a 1000 x 1000 board takes a fraction of a second).

    >>> list(construct_tour(5, 5, 12, closed=False)[:4])
    [12, 1, 10, 21]
    """
    plan = tiling(rows, cols, start, closed)
    if plan is None:
        return None
    row_parts, col_parts = plan.row_parts, plan.col_parts
    bands: list[_Band] = []
    keys: list[object] = []
    row_offset = 0
    for i, h in enumerate(row_parts):
        if plan.start_block is not None and plan.start_block[0] == i:
            j = plan.start_block[1]
            col_offset = sum(col_parts[:j])
            w = col_parts[j]
            local = (start // cols - row_offset) * w + start % cols - col_offset
            needs = (j > 0, i > 0, j < len(col_parts) - 1, i < len(row_parts) - 1)
            sides = tuple(side for side, need in zip(SIDES, needs, strict=True) if need)
            path = path_tour(h, w, local, sides)
            if path is None:
                return None  # pragma: no cover - the tests try every start square
            units = [
                Unit(h, p, path, False) if k == j else cycle_unit(h, p)
                for k, p in enumerate(col_parts)
            ]
            bands.append(_build_band(units, cols))
            keys.append(None)
        else:
            bands.append(_cycle_band(h, cols, col_parts))
            keys.append(h)
        row_offset += h
    links: list[JoinLink] = []
    known: dict[tuple[object, object], JoinLink] = {}
    for i in range(1, len(bands)):
        key = (keys[i - 1], keys[i])
        link = known.get(key) if None not in key else None
        if link is None:
            link = known[key] = _band_link(
                bands[i - 1], row_parts[i - 1], bands[i], cols, col_parts[0] + 2
            )
        links.append((i - 1, link[1], i, link[3], link[4]))
    units_: list[JoinUnit] = []
    row_offset = 0
    for band, h in zip(bands, row_parts, strict=True):
        units_.append((band.tour, row_offset * cols, band.closed))
        row_offset += h
    tour = join(units_, links)
    if plan.start_block is None and tour[0] != start:
        k = _position(tour, start)
        tour = tour[k:] + tour[:k]
    return tour
