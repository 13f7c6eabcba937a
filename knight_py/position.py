"""Why a path walked so far cannot become a tour, decided without searching.

A *position* is a checked path (distinct free squares joined by moves) that
does not yet cover the board.  :func:`lost_why` applies counting and
reachability arguments to the squares not yet visited and returns the first
that rules out every completion as a :class:`~knight_py.i18n.Reason`, or None
(which does not mean a completion exists).

- Every square left needs a way in; a closed tour also a way out, and back
  into its first square.
- Degree counting: a square left with a single unvisited neighbour must be
  the last square of an open tour, so two such squares cannot both fit.
- Reachability: every square left must be reachable from the current square
  through squares left.
- Colours: a knight alternates colours, so the squares left must split
  between the colours as the alternation from the current square demands.
- On boards 4 squares wide, the outer/inner counting of
  :mod:`knight_py.search.four_ranks`.

>>> from knight_py.board import Board
>>> from knight_py.validate import path_indices
>>> board = Board.create(5, 5)
>>> print(lost_why(board, path_indices(board, ["a1", "b3"]), closed=False))
None
>>> print(lost_why(board, path_indices(board, "a1 c2 a3 c4 d2".split()), closed=False))
a5 and e5 each have only one way in or out left, so both would have to be the last square of the tour.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board
from .i18n import Reason
from .search.four_ranks import FourRanks

__all__ = ["colour_name", "lost_why"]


def colour_name(board: Board, square: int) -> str:
    """``"dark"`` for the colour of a1 (as on a chess board), else ``"light"``.

    >>> board = Board.create(8, 8)
    >>> colour_name(board, 56), colour_name(board, 57)
    ('dark', 'light')
    """
    a1 = (board.rows - 1) & 1
    return "dark" if board.colour(square) == a1 else "light"


def lost_why(board: Board, path: Sequence[int], closed: bool) -> Reason | None:
    """Why ``path`` cannot be completed, as a :class:`~knight_py.i18n.Reason`, or None.

    >>> from knight_py.i18n import explain
    >>> from knight_py.validate import path_indices
    >>> board = Board.create(8, 8)
    >>> why = lost_why(board, path_indices(board, "a1 b3 c1 e2 g3 e4 f2 h3 g5 f3 g1".split()), False)
    >>> why.to_dict(), explain(why, "zh")
    ({'code': 'pos_no_way_in', 'params': {'square': 'h1', 'horse': False}}, 'h1 再也到不了：所有离它一马步的格子都已走过。')
    """
    visited = bytearray(board.size)
    for square in board.blocked:
        visited[square] = 1
    for square in path:
        visited[square] = 1
    rest = [s for s in board.free_squares if not visited[s]]
    for check in (_links, _reach, _colours, _ranks):
        reason = check(board, path, rest, visited, closed)
        if reason is not None:
            return reason
    return None


def _links(
    board: Board, path: Sequence[int], rest: list[int], visited: bytearray, closed: bool
) -> Reason | None:
    """Ways in and out of every square left (degree counting)."""
    nbrs, preds, name = board.neighbours, board.predecessors, board.name
    current, start = path[-1], path[0]
    symmetric = nbrs is preds
    ins = {w: [u for u in preds[w] if u == current or not visited[u]] for w in rest}
    horse = _horse(board)
    for w in rest:
        if not ins[w]:
            if symmetric:
                return Reason("pos_no_way_in", {"square": name(w), "horse": horse})
            return Reason("pos_no_way_in_directed", {"square": name(w)})
    if closed and not any(not visited[u] for u in preds[start]):
        return Reason("pos_cannot_close", {"start": name(start), "horse": horse})
    ends: list[int] = []
    for w in rest:
        outs = [u for u in nbrs[w] if not visited[u] or (closed and u == start)]
        if closed and not outs:
            return Reason("pos_cannot_leave", {"square": name(w)})
        if symmetric:
            if len(ins[w]) + (closed and start in nbrs[w]) > 1:
                continue
            if closed:
                return Reason("pos_closed_one_way", {"square": name(w)})
            if ins[w] == [current] and len(rest) > 1:
                return Reason(
                    "pos_dead_end", {"square": name(w), "current": name(current), "left": len(rest)}
                )
            ends.append(w)
        elif not outs:
            ends.append(w)
        if len(ends) > 1:
            code = "pos_two_ends" if symmetric else "pos_two_ends_directed"
            return Reason(code, {"first": name(ends[0]), "second": name(ends[1])})
    return None


def _reach(
    board: Board, path: Sequence[int], rest: list[int], visited: bytearray, closed: bool
) -> Reason | None:
    """Every square left reachable from the current square through squares left."""
    nbrs = board.neighbours
    current = path[-1]
    seen = {current}
    frontier = [current]
    while frontier:
        for w in nbrs[frontier.pop()]:
            if not visited[w] and w not in seen:
                seen.add(w)
                frontier.append(w)
    if len(seen) - 1 < len(rest):
        lost = next(s for s in rest if s not in seen)
        return Reason("pos_cut_off", {"square": board.name(lost), "current": board.name(current)})
    return None


def _colours(
    board: Board, path: Sequence[int], rest: list[int], visited: bytearray, closed: bool
) -> Reason | None:
    """The alternation of colours from the current square fixes the counts left."""
    current = path[-1]
    mine = board.colour(current)
    other_count = sum(1 for s in rest if board.colour(s) != mine)
    own_count = len(rest) - other_count
    # The next square has the other colour, then they alternate.
    need_other = (len(rest) + 1) // 2
    if other_count == need_other:
        return None
    return Reason("pos_colours", {
        "current": board.name(current), "dark": colour_name(board, current) == "dark",
        "left": len(rest), "need_other": need_other, "need_own": len(rest) - need_other,
        "other": other_count, "own": own_count,
    })


def _ranks(
    board: Board, path: Sequence[int], rest: list[int], visited: bytearray, closed: bool
) -> Reason | None:
    """Outer/inner counting on boards 4 squares wide."""
    if 4 not in (board.rows, board.cols):
        return None
    ranks = FourRanks(board, path[0], closed)
    for square in path[1:]:
        ranks.enter(square)
    obstacle = ranks.obstacle(path[-1])
    if obstacle is None:
        return None
    outer = ranks.rest_outer[0] + ranks.rest_outer[1]
    inner = ranks.rest_inner
    code = "pos_ranks_count" if obstacle == "count" else "pos_ranks_colours"
    return Reason(code, {"outer": outer, "inner": inner})


def _horse(board: Board) -> bool:
    """True when moves are the xiangqi horse's (a hole can block its leg)."""
    return board.rule == "xiangqi" and bool(board.blocked)
