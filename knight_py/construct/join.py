"""Joining many tours into one by two-edge swaps, and writing the result down fast.

Each *unit* is a tour (a cycle, or at most one open path) given as an ``array('i')``
of squares plus an ``offset`` added to every square on output.  Each *link* merges
two units: it cuts the edge ``tour_i[c_i] - tour_i[c_i + 1]`` and the edge
``tour_j[c_j] - tour_j[c_j + 1]`` (indices wrap on a cycle) and adds the two cross
moves, ``tour_i[c_i]`` to ``tour_j[c_j]`` and ``tour_i[c_i + 1]`` to
``tour_j[c_j + 1]`` when the link is *straight*, the other pairing when crossed.
Links along a spanning tree of the units, on pairwise distinct edges, turn cycles
into one cycle, or keep one path (from its first square) as one path.

The result is never built square by square: a unit cut ``k`` times falls into ``k``
arcs, the walk follows arcs and cross moves (a few Python steps per arc), copies each
arc as an array slice, and adds the offsets to all squares at once with one big
integer addition (the squares and offsets are non-negative 32-bit fields, so no
field carries into the next).

>>> from array import array
>>> ring = array("i", [0, 1, 2, 3])
>>> list(join([(ring, 0, True), (ring, 10, True)], [(0, 1, 1, 2, True)]))
[2, 3, 0, 1, 12, 11, 10, 13]
"""

from __future__ import annotations

import sys
from array import array
from bisect import bisect_left
from collections.abc import Sequence

__all__ = ["JoinLink", "JoinUnit", "add_offsets", "join"]

#: (tour, offset, closed).
JoinUnit = tuple[array, int, bool]  # type: ignore[type-arg]
#: (unit i, cut position in i, unit j, cut position in j, straight).
JoinLink = tuple[int, int, int, int, bool]

# One end of a cut edge: (unit, cut position, 0 for tour[c] or 1 for tour[c + 1]).
_End = tuple[int, int, int]


def add_offsets(squares: array[int], offsets: array[int]) -> array[int]:
    """``squares[k] + offsets[k]`` for every k, with C-level work only.

    Both arrays hold non-negative ``'i'`` values whose sums stay below 2**31.
    """
    order = sys.byteorder
    total = int.from_bytes(squares, order) + int.from_bytes(offsets, order)
    out = array("i")
    out.frombytes(total.to_bytes(len(squares) * squares.itemsize, order))
    return out


def join(units: Sequence[JoinUnit], links: Sequence[JoinLink]) -> array[int]:
    """Merge ``units`` along ``links`` and return the one tour, offsets added.

    With an open unit the result starts at that unit's first square and runs to its
    end; otherwise it is the merged cycle, starting at an arbitrary square.
    Runs in time linear in the number of squares, with O(units) Python steps.

    :raises ValueError: when the links do not make one tour (a bug in the caller).
    """
    paths = [i for i, unit in enumerate(units) if not unit[2]]
    if len(paths) > 1 or len(links) != len(units) - 1:
        raise ValueError("join needs a spanning tree of links and at most one open unit")
    cuts: list[list[int]] = [[] for _ in units]
    cross: dict[_End, _End] = {}
    for i, ci, j, cj, straight in links:
        cuts[i].append(ci)
        cuts[j].append(cj)
        cross[(i, ci, 0)] = (j, cj, 0 if straight else 1)
        cross[(i, ci, 1)] = (j, cj, 1 if straight else 0)
        cross[(j, cj, 0)] = (i, ci, 0 if straight else 1)
        cross[(j, cj, 1)] = (i, ci, 1 if straight else 0)
    if paths:
        p = paths[0]
        cuts[p].append(len(units[p][0]) - 1)  # the missing closing edge, joined to nothing
        start: _End = (p, len(units[p][0]) - 1, 1)
    elif links:
        start = (0, cuts[0][0], 1)
    else:
        seq, offset, _ = units[0]
        return add_offsets(seq, array("i", [offset]) * len(seq)) if offset else array("i", seq)
    for cs in cuts:
        cs.sort()
        if len(set(cs)) != len(cs):
            raise ValueError("two links cut the same edge")

    squares = array("i")
    offsets = array("i")
    state = start
    while True:
        i, c, end = state
        seq, offset, _ = units[i]
        size = len(seq)
        cs = cuts[i]
        if end:  # entered at seq[c + 1]: run forward to the next cut
            p = c + 1 if c + 1 < size else 0
            k = bisect_left(cs, p)
            c2 = cs[k] if k < len(cs) else cs[0]
            piece = seq[p : c2 + 1] if p <= c2 else seq[p:] + seq[: c2 + 1]
            leave: _End = (i, c2, 0)
        else:  # entered at seq[c]: run backward to the previous cut
            c2 = cs[bisect_left(cs, c) - 1]  # index -1 wraps to the last cut
            q = c2 + 1 if c2 + 1 < size else 0
            piece = seq[q : c + 1][::-1] if q <= c else seq[: c + 1][::-1] + seq[q:][::-1]
            leave = (i, c2, 1)
        squares += piece
        offsets += array("i", [offset]) * len(piece)
        following = cross.get(leave)
        if following is None or following == start:
            break
        state = following
    if len(squares) != sum(len(unit[0]) for unit in units):
        raise ValueError("the links do not make one tour")
    return add_offsets(squares, offsets)
