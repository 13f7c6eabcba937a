"""Exact knight's tours on 3 x n and 4 x n boards in time linear in n.

**3 x n** runs the frontier dynamic program of :mod:`knight_py.thin.frontier` on the knight
graph itself, the start square marked (for a closed tour nothing is marked).

**4 x n** reduces to a two-square-wide band.  Call ranks 0 and 3 outer (O), ranks 1 and 2
inner (I).  A knight on O only reaches I.  In a path through all 4n squares the O degrees
sum to 4n - (ends on O), so it has (ends on O) - 1 moves inside I.  With one end on O the
path alternates O, I and colours at once, so every O square would have one colour; but each
column has O squares of both colours.  Hence every path has both ends on O and exactly one
I-I move.  A closed tour has 4n moves, all O-I, so it would alternate: there is none.

Cutting the I-I move leaves two paths of O-I moves.  An O-I move joins light O to dark I or
dark O to light I, so one path covers G1 = (light O) + (dark I) and the other G2 = (dark O)
+ (light I).  Both are copies of the band ``H``: squares ``a_c`` (O) and ``b_c`` (I) per
column, ``a_i b_j`` joined when ``1 <= |i - j| <= 2``; the I-I moves join ``b_c`` of one
copy to ``b_{c +- 2}`` of the other.  So a tour from an outer square ``s = a_k`` is a path
of ``H`` from ``a_k`` to some ``b_c``, then a path of ``H`` from ``b_{c +- 2}``, and every
such pair is a tour.  Both are found with the same dynamic program on ``H`` (its states are
few); which ``b_d`` start a path of ``H`` is found for every ``d`` at once by joining the
forward and backward state sets around ``d``.

Both are exhaustive, so ``None`` is a proof that no tour exists.

>>> list(thin_tour(3, 4, 0, closed=False))
[0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4]
>>> thin_tour(4, 1000, 1000, closed=False) is None  # no 4 x n tour starts on an inner rank
True
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from .frontier import (
    ACCEPT,
    ALL,
    BAND,
    KNIGHT3,
    Key,
    StateSet,
    backward,
    column_keys,
    forward,
    image,
    intern,
    trace,
    walk,
)

__all__ = ["thin_tour"]


def _band_starts(cols: int) -> list[bool]:
    """``starts[d]``: whether a path through all of the band ``H`` starts at ``b_d``.

    ``sets[c]`` holds the states before column ``c`` with no square marked; ``marked[c]``
    the states before column ``c`` whose marked square ``b_d`` is finished (``d + 3 <=
    c``), ``d`` being any column.  ``b_d`` starts a path when the states leaving its
    three-column window meet the live states of ``marked``.  The sets repeat, so every
    column costs a few cached lookups.
    """
    keys = column_keys(BAND, cols, -1, False)
    sets = forward(keys)
    windows: list[StateSet] = []
    marked = [intern(frozenset())] * (cols + 1)
    for d in range(cols):
        current = sets[d]
        for key in _keys_window(cols, d):
            current = image(key, current)
        windows.append(current)
        if d + 3 <= cols:
            marked[d + 3] = current
    for c in range(1, cols + 1):
        marked[c] = intern(image(keys[c - 1], marked[c - 1]) | marked[c])
    live = backward(keys, marked)
    return [
        bool(windows[d] & live[d + 3]) if d + 3 <= cols else ACCEPT in windows[d]
        for d in range(cols)
    ]


# Columns d, d + 1, d + 2 with b_d marked (in the new column, then B, then A), none last.
_WINDOW: tuple[Key, ...] = tuple((BAND, (2 - k) * 2 + 1, False, False, ALL) for k in range(3))


def _keys_window(cols: int, d: int) -> Sequence[Key]:
    """The keys of columns ``d .. d + 2`` (as far as the board goes) with ``b_d`` marked."""
    if d + 3 < cols:
        return _WINDOW
    return [(BAND, (2 - k) * 2 + 1, False, d + k == cols - 1, ALL) for k in range(min(3, cols - d))]


# The rank of band square (slot, col) in copy 0 (G1) or 1 (G2), by (col + copy) % 2 and slot.
_BAND_RANKS: tuple[tuple[int, int], tuple[int, int]] = ((0, 1), (3, 2))


def _band_to_board(path: array[int], copy: int, cols: int, tour: array[int], at: int) -> None:
    """Write the band path ``path`` of copy ``copy`` into ``tour`` from index ``at``."""
    for i, square in enumerate(path, at):
        slot, col = divmod(square, cols)
        tour[i] = _BAND_RANKS[(col + copy) & 1][slot] * cols + col


def _thin4(cols: int, start: int) -> array[int] | None:
    row, col = divmod(start, cols)
    if row in (1, 2):
        return None  # every 4 x n path ends on the outer ranks (module docstring)
    copy = (row // 3 + col) % 2  # 0: start in G1, 1: start in G2
    starts = _band_starts(cols)
    # b_c may end the first half when b_{c-2} or b_{c+2} starts the second half.
    allowed = [
        1 | (2 if (c >= 2 and starts[c - 2]) or (c + 2 < cols and starts[c + 2]) else 0)
        for c in range(cols)
    ]
    keys = column_keys(BAND, cols, col, False, allowed)
    sets = forward(keys)
    if ACCEPT not in sets[cols]:
        return None
    first = trace(BAND, cols, walk(keys, backward(keys, sets)), col)
    end = first[-1] % cols  # the path ends at b_end
    d = end - 2 if end >= 2 and starts[end - 2] else end + 2
    keys = column_keys(BAND, cols, cols + d, False)
    second = trace(BAND, cols, walk(keys, backward(keys, forward(keys))), cols + d)
    tour = array("i", [0]) * (4 * cols)
    _band_to_board(first, copy, cols, tour, 0)
    _band_to_board(second, 1 - copy, cols, tour, 2 * cols)
    return tour


def _thin3(cols: int, start: int, closed: bool) -> array[int] | None:
    keys = column_keys(KNIGHT3, cols, -1 if closed else start, closed)
    sets = forward(keys)
    if ACCEPT not in sets[cols]:
        return None
    return trace(KNIGHT3, cols, walk(keys, backward(keys, sets)), start)


def _solve(rows: int, cols: int, start: int, closed: bool) -> array[int] | None:
    """Check the arguments, turn a board with 3 or 4 columns on its side, and solve."""
    for name, value in (("rows", rows), ("cols", cols), ("start", start)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} must be an int, not {value!r}")
    if rows < 1 or cols < 1 or not 0 <= start < rows * cols:
        raise ValueError(f"start square {start} is off the {rows} x {cols} board")
    if rows not in (3, 4):
        if cols not in (3, 4):
            raise ValueError(f"a thin board has 3 or 4 rows (or columns), not {rows} x {cols}")
        row, col = divmod(start, cols)
        found = _solve(cols, rows, col * rows + row, closed)
        if found is not None:
            for i, square in enumerate(found):
                col, row = divmod(square, rows)
                found[i] = row * cols + col
        return found
    if rows == 4:
        return None if closed else _thin4(cols, start)
    return _thin3(cols, start, closed)


def thin_tour(rows: int, cols: int, start: int, closed: bool) -> array[int] | None:
    """Return a knight's tour of the ``rows x cols`` board from ``start``, or ``None``.

    Squares are flat indices ``row * cols + col``.  The tour visits every square once,
    starting at ``start``; when ``closed`` its last square is a knight move from ``start``.
    ``None`` is exact: no such tour exists.  The same arguments always give the same tour.

    :param rows: 3 or 4 (or any number, when ``cols`` is 3 or 4: the board is turned).
    :param cols: any number of columns, at least 1.
    :param start: the flat index of the first square.
    :param closed: ask for a closed tour (a cycle) instead of an open one.
    :returns: an ``array('i')`` of ``rows * cols`` squares, or ``None``.
    :raises ValueError: if neither side is 3 or 4, a side is below 1, or ``start`` is off
        the board.

    Time and memory are linear in the long side (about 10 ms for 3 x 1000 once the small
    tables exist; building them takes about 0.2 s the first time).  There is no recursion.

    >>> list(thin_tour(3, 4, 4, closed=False))
    [4, 10, 3, 5, 11, 2, 9, 7, 1, 8, 6, 0]
    >>> thin_tour(3, 4, 5, closed=False) is None
    True
    >>> thin_tour(7, 3, 0, closed=False)[:6].tolist()  # 7 rows, 3 columns: turned to 3 x 7
    [0, 7, 2, 3, 8, 1]
    """
    return _solve(rows, cols, start, closed)
