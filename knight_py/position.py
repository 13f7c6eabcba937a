"""Why a path walked so far can no longer become a tour, decided without searching.

A *position* is a checked path (distinct free squares joined by moves) that
does not yet cover the board.  :func:`lost_reason` applies counting and
reachability arguments to the squares not yet visited and returns the first
that rules out every completion, as one plain sentence, or None (which does
not mean a completion exists).

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
>>> print(lost_reason(board, path_indices(board, ["a1", "b3"]), closed=False))
None
>>> lost_reason(board, path_indices(board, "a1 c2 a3 c4 d2".split()), closed=False)
'a5 and e5 each have only one way in or out left, so both would have to be the last square of the tour.'
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board
from .search.four_ranks import FourRanks

__all__ = ["colour_name", "lost_reason"]


def colour_name(board: Board, square: int) -> str:
    """``"dark"`` for the colour of a1 (as on a chess board), else ``"light"``.

    >>> board = Board.create(8, 8)
    >>> colour_name(board, 56), colour_name(board, 57)
    ('dark', 'light')
    """
    a1 = (board.rows - 1) & 1
    return "dark" if board.colour(square) == a1 else "light"


def lost_reason(board: Board, path: Sequence[int], closed: bool) -> str | None:
    """One sentence saying why ``path`` cannot be completed to a (closed) tour, or None.

    ``path`` holds flat indices and must already be checked
    (:func:`knight_py.validate.check_path`) and shorter than the board.

    >>> from knight_py.validate import path_indices
    >>> board = Board.create(8, 8)
    >>> walked = "a1 b3 c1 e2 g3 e4 f2 h3 g5 f3 g1".split()  # h1's ways in: f2 and g3
    >>> lost_reason(board, path_indices(board, walked), closed=False)
    'h1 can no longer be reached: every square a knight move from it is already visited.'
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
) -> str | None:
    """Ways in and out of every square left (degree counting)."""
    nbrs, preds, name = board.neighbours, board.predecessors, board.name
    current, start = path[-1], path[0]
    symmetric = nbrs is preds
    ins = {w: [u for u in preds[w] if u == current or not visited[u]] for w in rest}
    for w in rest:
        if not ins[w]:
            return (
                f"{name(w)} can no longer be reached: every square a {_move(board)} from it is "
                "already visited."
                if symmetric
                else f"{name(w)} can no longer be reached: no unvisited square leads into it."
            )
    if closed and not any(not visited[u] for u in preds[start]):
        return (
            f"The tour can no longer close: every square a {_move(board)} from "
            f"{name(start)}, its first square, is already visited."
        )
    ends: list[int] = []
    for w in rest:
        outs = [u for u in nbrs[w] if not visited[u] or (closed and u == start)]
        if closed and not outs:
            return f"{name(w)} can no longer be left: every square it leads to is already visited."
        if symmetric:
            if len(ins[w]) + (closed and start in nbrs[w]) > 1:
                continue
            if closed:
                return (
                    f"{name(w)} has only one way in or out left, but a closed tour must "
                    "enter it and leave it."
                )
            if ins[w] == [current] and len(rest) > 1:
                return (
                    f"{name(w)} can now only be entered from {name(current)} and then has "
                    f"nowhere to go, so it would have to be the last square, yet {len(rest)} "
                    "squares are left."
                )
            ends.append(w)
        elif not outs:
            ends.append(w)
        if len(ends) > 1:
            a, b = name(ends[0]), name(ends[1])
            return (
                f"{a} and {b} each have only one way in or out left, so both would have to "
                "be the last square of the tour."
                if symmetric
                else f"{a} and {b} each lead to no unvisited square, so both would have to be "
                "the last square of the tour."
            )
    return None


def _reach(
    board: Board, path: Sequence[int], rest: list[int], visited: bytearray, closed: bool
) -> str | None:
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
        return (
            f"{board.name(lost)} can no longer be reached from {board.name(current)}: "
            "the visited squares cut it off from the rest."
        )
    return None


def _colours(
    board: Board, path: Sequence[int], rest: list[int], visited: bytearray, closed: bool
) -> str | None:
    """The alternation of colours from the current square fixes the counts left."""
    current = path[-1]
    mine = board.colour(current)
    other_count = sum(1 for s in rest if board.colour(s) != mine)
    own_count = len(rest) - other_count
    # The next square has the other colour, then they alternate.
    need_other = (len(rest) + 1) // 2
    if other_count == need_other:
        return None
    here = colour_name(board, current)
    there = "light" if here == "dark" else "dark"
    return (
        f"A knight alternates colours: from {board.name(current)} ({here}) the {len(rest)} "
        f"squares left must hold {need_other} {there} and {len(rest) - need_other} {here}, "
        f"but they hold {other_count} {there} and {own_count} {here}."
    )


def _ranks(
    board: Board, path: Sequence[int], rest: list[int], visited: bytearray, closed: bool
) -> str | None:
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
    why = (
        f"On a board 4 squares wide outer-rank squares only reach inner-rank squares, so no "
        f"two outer squares follow each other; {outer} outer and {inner} inner squares are left"
    )
    if obstacle == "count":
        return f"{why}, too many outer ones to fit."
    return f"{why}, so the path must alternate them, and colours with them, but the outer squares left have both colours."


def _move(board: Board) -> str:
    return "xiangqi horse move" if board.rule == "xiangqi" and board.blocked else "knight move"
