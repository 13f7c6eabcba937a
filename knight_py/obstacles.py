"""Reasons no tour exists on a board with holes, each linear in the size of the board.

Each ``*_why`` function returns a :class:`~knight_py.i18n.Reason`, or None when its
argument does not apply (which proves nothing).  Moves are taken as the board's rule allows them; where an
argument needs moves both ways it uses the squares joined by a move in either
direction, which every tour also respects, so each argument is sound for the
xiangqi horse too.

- :func:`cut_square_why`: a square whose removal splits the free squares into
  more parts than a tour could join (a tour passes a square once, so it joins at most
  two parts there; a closed tour stays in one piece).
- :func:`forced_moves_why`: squares with exactly two moves must use both (all
  but the two ends of an open tour), so a square that is the only way on for too
  many of them cannot be, and forced moves that close a loop early cut the tour short.
- :func:`own_entry_why`: every square but the start needs a square of its own to
  be entered from, and every square but the last one of its own to move on to
  (Hall's theorem on distinct representatives); a set of squares with fewer such
  squares than members rules every tour out.

>>> from knight_py.board import Board
>>> board = Board.create(3, 4, blocked=[(1, 0), (0, 2), (1, 2)])
>>> print(cut_square_why(board, 3, closed=False))
No tour exists: taking away b3 splits the other free squares into 3 parts, but a tour passes b3 once, so it joins at most two of them.
>>> print(own_entry_why(Board.create(4, 3, blocked=[(2, 1), (1, 0)]), 8, closed=False))
No tour exists: the 3 squares a4, b1, c4 can only be entered from 1 square, c3, but each needs a square of its own to be entered from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .board import Board
from .i18n import Reason

__all__ = [
    "cut_square_why",
    "forced_moves_why",
    "no_tour_obstacle",
    "own_entry_why",
]


def _names(board: Board, squares: Sequence[int]) -> tuple[str, ...]:
    """The squares' names in file order (the catalogs show four, then how many more)."""
    return tuple(
        sorted((board.name(s) for s in squares), key=lambda name: (name[0], int(name[1:])))
    )


def _either_way(board: Board) -> list[list[int]]:
    """Per square, the squares joined to it by a move in either direction."""
    nbrs, preds = board.neighbours, board.predecessors
    if nbrs is preds:
        return [list(t) for t in nbrs]
    return [sorted(set(a) | set(b)) for a, b in zip(nbrs, preds, strict=True)]


def cut_square_why(board: Board, start: int, closed: bool) -> Reason | None:
    """A square whose removal leaves too many parts (articulation points, found by one
    depth-first search with an explicit stack)."""
    adj = _either_way(board)
    free = board.free_squares
    if len(free) < 3:
        return None
    size = board.size
    order = [-1] * size  # discovery time
    low = [0] * size
    parts = [0] * size  # parts the square's removal leaves (counted below)
    root = free[0]
    counter = 0
    order[root] = low[root] = counter
    stack: list[tuple[int, int, int]] = [(root, -1, 0)]  # (square, parent, next neighbour)
    while stack:
        v, parent, k = stack[-1]
        if k < len(adj[v]):
            stack[-1] = (v, parent, k + 1)
            w = adj[v][k]
            if order[w] < 0:
                counter += 1
                order[w] = low[w] = counter
                stack.append((w, v, 0))
            elif w != parent:
                low[v] = min(low[v], order[w])
            continue
        stack.pop()
        if parent >= 0:
            low[parent] = min(low[parent], low[v])
            if low[v] >= order[parent]:
                parts[parent] += 1  # v's subtree is cut off by removing parent
    if counter + 1 < len(free):
        return None  # not connected: the reachability theorem speaks to that
    for v in free:
        count = parts[v] if v == root else parts[v] + 1  # + the part holding the root
        limit = 1 if closed or v == start else 2
        if count > limit:
            code = "cut_square_closed" if closed else "cut_square_start" if v == start else "cut_square"
            return Reason(code, {"square": board.name(v), "parts": count})
    return None


def forced_moves_why(board: Board, start: int, closed: bool) -> Reason | None:
    """Squares with exactly two moves force both (except an open tour's two ends)."""
    adj = _either_way(board)
    free = board.free_squares
    n = len(free)
    if n < 3:
        return None
    for v in free:
        if not adj[v]:
            return Reason("no_move_left", {"closed": closed, "square": board.name(v)})
    two = [w for w in free if len(adj[w]) == 2 and (closed or w != start)]
    leaning: dict[int, list[int]] = {}
    for w in two:
        for u in adj[w]:
            leaning.setdefault(u, []).append(w)
    for u, ws in leaning.items():
        # u can give two path moves (one if it is an open tour's start); in an open
        # tour one of the squares leaning on u may be the end and need only one move.
        room = 1 if (not closed and u == start) else 2
        spare = 0 if closed else 1
        if len(ws) > room + spare:
            return Reason(
                "forced_through",
                {"closed": closed, "squares": _names(board, ws), "square": board.name(u)},
            )
    if closed:
        return _forced_loop(board, adj, two, n)
    return None


def _forced_loop(board: Board, adj: list[list[int]], two: list[int], n: int) -> Reason | None:
    """Forced moves (both moves of every two-move square) that close a loop through
    fewer than all the free squares: a closed tour cannot contain it."""
    forced: dict[int, set[int]] = {}
    for w in two:
        for u in adj[w]:
            forced.setdefault(w, set()).add(u)
            forced.setdefault(u, set()).add(w)
    seen: set[int] = set()
    for first in forced:
        if first in seen:
            continue
        # Walk the chain of forced moves through first; a loop shows as a return.
        if len(forced[first]) != 2:
            seen.add(first)
            continue
        loop = [first]
        seen.add(first)
        prev, v = -1, first
        closed_loop = False
        while True:
            links = forced.get(v, set())
            if len(links) != 2:
                break
            a, b = sorted(links)
            nxt = b if a == prev else a
            if nxt == first:
                closed_loop = True
                break
            if nxt in seen:
                break
            seen.add(nxt)
            loop.append(nxt)
            prev, v = v, nxt
        if closed_loop and len(loop) < n:
            return Reason(
                "forced_loop", {"loop": _names(board, loop), "length": len(loop), "free": n}
            )
    return None


def _hall_violation(
    targets: Sequence[int],
    options: Callable[[int], Sequence[int]],
    slack: int,
) -> tuple[list[int], list[int]] | None:
    """A set S of targets with fewer than ``len(S) - slack`` distinct options in all
    (so no choice gives each target its own option, ``slack`` targets excepted), as
    (S, their options); or None when every target but ``slack`` can be given one."""
    owner: dict[int, int] = {}  # option -> target
    mine: dict[int, int] = {}  # target -> option
    unmatched: list[int] = []
    for t in targets:
        prev: dict[int, int] = {}
        frontier = [t]
        reached = {t}
        found = -1
        while frontier and found < 0:
            nxt = []
            for x in frontier:
                for o in options(x):
                    if o in prev:
                        continue
                    prev[o] = x
                    if o not in owner:
                        found = o
                        break
                    y = owner[o]
                    if y not in reached:
                        reached.add(y)
                        nxt.append(y)
                if found >= 0:
                    break
            frontier = nxt
        if found < 0:
            unmatched.append(t)
            continue
        o = found
        while True:  # flip the alternating path back to t
            x = prev[o]
            taken = mine.get(x, -1)
            owner[o], mine[x] = x, o
            if x == t:
                break
            o = taken
    if len(unmatched) <= slack:
        return None
    # Targets reachable from the unmatched ones by alternating paths form a violator.
    group = set(unmatched)
    frontier = list(unmatched)
    while frontier:
        x = frontier.pop()
        for o in options(x):
            holder = owner.get(o, -1)
            if holder >= 0 and holder not in group:
                group.add(holder)
                frontier.append(holder)
    opts = {o for x in group for o in options(x)}
    return sorted(group), sorted(opts)


def own_entry_why(board: Board, start: int, closed: bool) -> Reason | None:
    """Hall's condition on ways in (every square but the start needs its own square to
    be entered from) and ways on (every square but the last its own square to move to)."""
    free = board.free_squares
    n = len(free)
    if n < 3 or n > 5000:
        return None  # the matching here is quadratic in the worst case
    nbrs, preds = board.neighbours, board.predecessors
    entered = list(free) if closed else [v for v in free if v != start]
    found = _hall_violation(entered, lambda v: [u for u in preds[v] if u != v], 0)
    if found is not None:
        group, sources = found
        return Reason("hall_entry", {
            "closed": closed, "count": len(group), "group": _names(board, group),
            "sources_count": len(sources), "sources": _names(board, sources),
        })
    slack = 0 if closed else 1
    found = _hall_violation(
        list(free), lambda v: [w for w in nbrs[v] if closed or w != start], slack
    )
    if found is not None:
        group, targets = found
        return Reason("hall_exit", {
            "closed": closed, "count": len(group), "group": _names(board, group),
            "targets_count": len(targets), "targets": _names(board, targets),
        })
    return None


# Boards with more free squares than this skip the arguments (linear, but Python).
_LARGEST = 250_000


def no_tour_obstacle(board: Board, start: int, closed: bool) -> Reason | None:
    """The first of this module's reasons that applies, or None."""
    if board.free_count > _LARGEST:
        return None
    for reason in (forced_moves_why, cut_square_why, own_entry_why):
        found = reason(board, start, closed)
        if found is not None:
            return found
    return None
