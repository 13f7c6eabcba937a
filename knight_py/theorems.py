"""Reasons a tour cannot exist, decided without searching.

Each rule here is a theorem or a counting argument; :func:`no_tour_why`
returns the first that applies, as a :class:`~knight_py.i18n.Reason`, or None
when none does (which does not mean a tour exists).

- Schwenk (1991): an m x n board (m <= n) has a closed tour unless m and n are
  both odd, m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8.
- Open tours exist exactly on 1 x 1, 3 x 4, 3 x n (n >= 7), 4 x n (n >= 5) and
  boards with both sides >= 5.
- A knight changes colour every move, so the counts of the two colours decide
  where a tour may start; on 4 x n boards the outer ranks only reach the inner
  ranks, so every tour starts and ends on an outer rank.
- With holes: squares with no way in or out, more than two forced path ends,
  free squares the start cannot reach; then the arguments of
  :mod:`knight_py.obstacles` (cut squares, forced moves, Hall's condition).

>>> from knight_py.board import Board
>>> print(no_tour_why(Board.create(5, 5), 0, closed=True))
No closed tour exists on a 5 x 5 board: both sides are odd, so the board has an odd number of squares (Schwenk's theorem).
>>> no_tour_why(Board.create(8, 8), 0, closed=True) is None
True
"""

from __future__ import annotations

from .board import Board
from .i18n import Reason
from .search.four_ranks import FourRanks

__all__ = ["closed_tour_exists", "no_tour_why", "open_tour_exists"]


def closed_tour_exists(rows: int, cols: int) -> bool:
    """Schwenk's theorem for a board without holes.

    >>> [n for n in range(1, 13) if closed_tour_exists(3, n)]
    [10, 12]
    """
    m, n = sorted((rows, cols))
    return not ((m % 2 and n % 2) or m in (1, 2, 4) or (m == 3 and n in (4, 6, 8)))


def open_tour_exists(rows: int, cols: int) -> bool:
    """Whether a board without holes has an open tour from some square.

    >>> [n for n in range(1, 10) if open_tour_exists(4, n)]
    [3, 5, 6, 7, 8, 9]
    """
    m, n = sorted((rows, cols))
    return (m, n) in ((1, 1), (3, 4)) or (m == 3 and n >= 7) or (m == 4 and n >= 5) or m >= 5


def _schwenk_why(board: Board) -> Reason:
    m, n = sorted((board.rows, board.cols))
    shape = {"rows": board.rows, "cols": board.cols}
    if m % 2 and n % 2:
        return Reason("schwenk_odd", shape)
    if m in (1, 2):
        return Reason("schwenk_narrow", {**shape, "width": m})
    if m == 4:
        return Reason("schwenk_four_rows", shape)
    return Reason("schwenk_three_short", shape)


def _empty_board_why(board: Board, start: int, closed: bool) -> Reason | None:
    rows, cols = board.rows, board.cols
    if closed:
        return None if closed_tour_exists(rows, cols) else _schwenk_why(board)
    if not open_tour_exists(rows, cols):
        return Reason("open_tour_shape", {"rows": rows, "cols": cols})
    m = min(rows, cols)
    if m == 4:
        row, col = divmod(start, cols)
        inner = row in (1, 2) if rows == 4 else col in (1, 2)
        if inner:
            return Reason(
                "four_rows_inner_start", {"rows": rows, "cols": cols, "start": board.name(start)}
            )
    return None


def _colour_why(board: Board, start: int, closed: bool) -> Reason | None:
    # Colour 0 (the top-left corner's) has the extra square when the board's size is odd.
    counts = [(board.size + 1) // 2, board.size // 2]
    for hole in board.blocked:
        counts[board.colour(hole)] -= 1
    mine = board.colour(start)
    own, other = counts[mine], counts[1 - mine]
    holes = bool(board.blocked)
    if closed and own != other:
        return Reason("colour_closed", {"holes": holes, "first": counts[0], "second": counts[1]})
    if not closed and not (own == other or own == other + 1):
        if other == own + 1:
            return Reason(
                "colour_start",
                {"start": board.name(start), "holes": holes, "own": own, "other": other},
            )
        return Reason("colour_counts", {"holes": holes, "own": own, "other": other})
    return None


def _four_rank_why(board: Board, start: int, closed: bool) -> Reason | None:
    """Outer/inner counting on 4-wide boards with holes (see :mod:`knight_py.search.four_ranks`)."""
    if 4 not in (board.rows, board.cols):
        return None
    ranks = FourRanks(board, start, closed)
    obstacle = ranks.obstacle(start)
    if obstacle is None:
        return None
    outer, inner = ranks.totals()
    params = {"closed": closed, "start": board.name(start), "outer": outer, "inner": inner}
    if obstacle == "count":
        return Reason("four_ranks_count", params)
    return Reason("four_ranks_colours", params)


def _open_end_why(board: Board, start: int) -> Reason | None:
    """Squares that can only be an open tour's last square: more than one, or the wrong colour.

    A square can only be last when no move leads out of it, or when every move into or
    out of it joins the same square (the tour cannot come from there and go back).
    """
    outs, ins = board.neighbours, board.predecessors
    ends = []
    for square in board.free_squares:
        if square != start and (not outs[square] or len({*outs[square], *ins[square]}) < 2):
            ends.append(square)
    if not ends:
        return None
    if len(ends) > 1:
        first, second = ends[:2]
        return Reason("open_ends_two", {
            "start": board.name(start),
            "first": board.name(first), "first_stuck": not outs[first],
            "second": board.name(second), "second_stuck": not outs[second],
        })
    n = board.free_count
    if board.colour(ends[0]) != board.last_colour(start):
        return Reason("open_end_colour", {
            "start": board.name(start), "end": board.name(ends[0]), "stuck": not outs[ends[0]],
            "free": n, "same_colour": bool(n % 2),
        })
    return None


def _hole_why(board: Board, start: int, closed: bool) -> Reason | None:
    """Degree and reachability arguments for boards with holes."""
    reason = _four_rank_why(board, start, closed)
    if reason is not None:
        return reason
    outs, ins = board.neighbours, board.predecessors
    free = board.free_squares
    for square in free:
        if square != start and not ins[square]:
            return Reason("no_way_in", {"square": board.name(square)})
        if closed and not outs[square]:
            return Reason("closed_no_way_out", {"square": board.name(square)})
    if closed:
        if not ins[start]:
            return Reason("closed_no_way_back", {"square": board.name(start)})
        if board.neighbours is board.predecessors:
            for square in free:
                if len(outs[square]) < 2:
                    return Reason("closed_single_move", {"square": board.name(square)})
    else:
        if not outs[start]:
            return Reason("start_no_way_out", {"start": board.name(start)})
        reason = _open_end_why(board, start)
        if reason is not None:
            return reason
    seen = {start}
    frontier = [start]
    while frontier:
        for w in outs[frontier.pop()]:
            if w not in seen:
                seen.add(w)
                frontier.append(w)
    if len(seen) < board.free_count:
        lost = next(s for s in free if s not in seen)
        return Reason("unreachable", {"start": board.name(start), "square": board.name(lost)})
    # Cut squares, forced moves, squares that need their own way in or on.
    from .obstacles import no_tour_obstacle  # loaded when used (Pyodide compiles source)

    return no_tour_obstacle(board, start, closed)


def no_tour_why(board: Board, start: int, closed: bool) -> Reason | None:
    """Why no tour from ``start`` can exist, as a :class:`~knight_py.i18n.Reason`, or None.

    >>> from knight_py.board import Board
    >>> from knight_py.i18n import explain
    >>> why = no_tour_why(Board.create(4, 5), 5, closed=False)
    >>> why.code, explain(why, "zh")
    ('four_rows_inner_start', '4×5 的棋盘上没有从 a3 出发的周游：外侧两行的格子只能跳到中间两行，所以每条周游的起点和终点都在外侧两行。')
    """
    if board.leaper is not None:
        # Loaded when used (Pyodide compiles source).
        from .leaper_theorems import leaper_no_tour_why

        return leaper_no_tour_why(board, start, closed)
    if board.free_count == 1:
        return Reason("closed_too_small") if closed else None
    if closed and board.free_count < 3:
        return Reason("closed_too_small")
    if board.is_empty:
        reason = _empty_board_why(board, start, closed)
        if reason is not None:
            return reason
    reason = _colour_why(board, start, closed)
    if reason is not None or board.is_empty:
        return reason
    return _hole_why(board, start, closed)
