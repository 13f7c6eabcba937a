"""Sound prunes of the depth-first search: tests that no tour can finish from a position.

A *position* is what the search knows just after entering square ``v``:

- ``visited[w]``: 1 for holes and for squares on the path (``v`` included), else 0;
- ``deg[w]``: moves from ``w`` to squares not yet entered; in a closed search the
  start counts as not entered, since the last square must still move into it;
- ``remaining``: squares still to enter after ``v``.

``nbrs[w]`` are the squares one move from ``w``, ``preds[w]`` the squares one move
into ``w`` (the same object when every move can be made both ways, as the knight's).
Every prune is sound: it returns True only when no tour completes from the
position, so a search that uses them and ends without a tour proves there is none.

>>> from knight_py.board import Board
>>> board = Board.create(3, 3, blocked=[(1, 1)])  # a ring of 8 squares
>>> visited = bytearray(9); visited[4] = visited[0] = 1  # the hole, then a1
>>> deg = [sum(not visited[u] for u in board.neighbours[w]) for w in range(9)]
>>> lonely_neighbour(board.neighbours[0], visited, deg)
False
>>> global_dead_end(board.neighbours, board.predecessors, visited, deg, 0, 7, 0, False)
False
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board import Board

__all__ = [
    "forced_arcs_clash",
    "forced_links_clash",
    "global_dead_end",
    "last_colour_squares",
    "lonely_neighbour",
    "reachable_rest",
    "start_position",
]

#: Per square, the squares one move from it (or into it).
Moves = Sequence[Sequence[int]]


def start_position(board: Board, start: int, closed: bool) -> tuple[bytearray, list[int]]:
    """``(visited, deg)`` of the position where only ``start`` has been entered.

    >>> visited, deg = start_position(Board.create(3, 4), 0, closed=False)
    >>> visited[0], deg[6], deg[1]  # c2 lost its move to a3; b3 never had one
    (1, 1, 3)
    """
    nbrs, preds = board.neighbours, board.predecessors
    visited = bytearray(board.size)
    for hole in board.blocked:
        visited[hole] = 1
    visited[start] = 1
    deg = [len(targets) for targets in nbrs]
    if not closed:  # a closed search keeps the start as the last move's target
        for u in preds[start]:
            deg[u] -= 1
    return visited, deg


def last_colour_squares(board: Board, start: int) -> bytes:
    """Per square, 1 when an open tour from ``start`` may end there, by colour alone
    (:meth:`Board.last_colour`).

    >>> list(last_colour_squares(Board.create(3, 3, blocked=[(1, 1)]), 0))  # 8 squares
    [0, 1, 0, 1, 0, 1, 0, 1, 0]
    """
    last = board.last_colour(start)
    return bytes(board.colour(w) == last for w in range(board.size))


def lonely_neighbour(targets: Sequence[int], visited: bytearray, deg: Sequence[int]) -> bool:
    """True when a free square among ``targets`` (the moves from ``v``) has no other way in.

    With symmetric moves such a square can only be entered from ``v``, next, and
    then it ends the path: no tour when more than one square is still to enter.
    Call it only then, and only for symmetric moves.  Cost: one pass over ``targets``.
    """
    for w in targets:  # noqa: SIM110 (a plain loop: any() over a generator is slower here)
        if not visited[w] and deg[w] == 0:
            return True
    return False


def reachable_rest(
    nbrs: Moves, visited: bytearray, v: int, remaining: int, symmetric: bool
) -> set[int] | None:
    """The squares not yet entered, all reachable from ``v`` without passing it; else None.

    The rest of the path starts on a free square next to ``v`` and reaches every
    square not yet entered without coming back to ``v``.  With symmetric moves one
    component holds every square or none does, so the first one decides.
    Cost: linear in the free squares and their moves.
    """
    seen: set[int] = set()
    for first in nbrs[v]:
        if visited[first] or first in seen:
            continue
        seen = {first}
        frontier = [first]
        while frontier:
            u = frontier.pop()
            for w in nbrs[u]:
                if not visited[w] and w not in seen:
                    seen.add(w)
                    frontier.append(w)
        if len(seen) == remaining or symmetric:
            break
    return seen if len(seen) == remaining else None


def forced_links_clash(
    nbrs: Moves,
    visited: bytearray,
    deg: Sequence[int],
    v: int,
    rest: set[int],
    start: int,
    closed: bool,
    can_end: Sequence[int] | None = None,
) -> bool:
    """Degree counting with forced links, for symmetric moves; True when no tour is left.

    Squares still to come (``rest``) need two path neighbours (an open path's end one).
    A square with exactly the links it needs forces them all; ``v`` can take one
    more link, the start of a closed tour one, every other square two.  When
    ``can_end`` is given, only squares w with ``can_end[w]`` may end an open path
    (every move changes colour, so the last square's colour is known).
    """
    vn = nbrs[v]
    ends = 0
    tight: list[tuple[int, int]] = []
    for w in rest:
        links = deg[w] + (w in vn)
        if links < 2:
            ends += 1
            if closed or links == 0 or ends > 1 or (can_end is not None and not can_end[w]):
                return True
        if links <= 2:
            tight.append((w, links))
    if not tight:
        return False
    forced: dict[int, int] = {}
    for w, links in tight:
        if not (closed or ends) and links == 2:
            continue  # in an open path it might be the end and use one link only
        for u in nbrs[w]:
            # u may still be a path neighbour of a square yet to come
            if u == v or not visited[u] or (closed and u == start):
                forced[u] = forced.get(u, 0) + 1
    return any(count > (1 if u in (v, start) else 2) for u, count in forced.items())


def forced_arcs_clash(
    nbrs: Moves,
    preds: Moves,
    visited: bytearray,
    deg: Sequence[int],
    v: int,
    rest: set[int],
    start: int,
    closed: bool,
    can_end: Sequence[int] | None = None,
) -> bool:
    """Degree counting with forced moves, for one-way moves (the xiangqi rule).

    True when a square of ``rest`` cannot be entered, two can only be entered from
    the same square, two can only move on to the same square, or more squares are
    dead ends than the path has ends.
    """
    ends = 0
    forced_from: set[int] = set()
    for w in rest:
        sources = [u for u in preds[w] if u == v or not visited[u]]
        if not sources:
            return True  # nothing left can enter w
        if len(sources) == 1:
            if sources[0] in forced_from:
                return True  # two squares can only be entered from the same square
            forced_from.add(sources[0])
        if not deg[w]:  # a dead end: only the last square may be one
            ends += 1
            if closed or ends > 1 or (can_end is not None and not can_end[w]):
                return True
    if not (closed or ends):
        return False
    forced_into: set[int] = set()
    for w in rest:
        if deg[w] == 1:
            target = next(u for u in nbrs[w] if not visited[u] or (closed and u == start))
            if target in forced_into:
                return True  # two squares can only move on to the same square
            forced_into.add(target)
    return False


def global_dead_end(
    nbrs: Moves,
    preds: Moves,
    visited: bytearray,
    deg: Sequence[int],
    v: int,
    remaining: int,
    start: int,
    closed: bool,
    can_end: Sequence[int] | None = None,
) -> bool:
    """Reachability, then the degree counting that fits the moves; True when no tour is left.

    Cost: linear in the free squares and their moves; the exhaustive search
    (``prune=2``) runs it at every node.
    """
    symmetric = nbrs is preds
    rest = reachable_rest(nbrs, visited, v, remaining, symmetric)
    if rest is None:
        return True  # some square can no longer be reached
    if symmetric:
        return forced_links_clash(nbrs, visited, deg, v, rest, start, closed, can_end)
    return forced_arcs_clash(nbrs, preds, visited, deg, v, rest, start, closed, can_end)
