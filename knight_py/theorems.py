"""Reasons a tour cannot exist, decided without searching.

Each rule here is a theorem or a counting argument; :func:`no_tour_reason`
returns the first that applies, as one plain sentence, or None when none does
(which does not mean a tour exists).

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
>>> no_tour_reason(Board.create(5, 5), 0, closed=True)
"No closed tour exists on a 5 x 5 board: both sides are odd, so the board has an odd number of squares (Schwenk's theorem)."
>>> no_tour_reason(Board.create(8, 8), 0, closed=True) is None
True
"""

from __future__ import annotations

from .board import Board
from .search.four_ranks import FourRanks

__all__ = ["closed_tour_exists", "no_tour_reason", "open_tour_exists"]


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


def _shape(board: Board) -> str:
    return f"{board.rows} x {board.cols}"


def _schwenk_reason(board: Board) -> str:
    m, n = sorted((board.rows, board.cols))
    shape = _shape(board)
    if m % 2 and n % 2:
        why = "both sides are odd, so the board has an odd number of squares"
    elif m in (1, 2):
        why = f"a knight on a board {m} square{'s' if m > 1 else ''} wide cannot return"
    elif m == 4:
        why = "on 4-row boards the outer ranks only reach the inner ranks"
    else:
        why = "3 x 4, 3 x 6 and 3 x 8 boards are too short"
    return f"No closed tour exists on a {shape} board: {why} (Schwenk's theorem)."


def _empty_board_reason(board: Board, start: int, closed: bool) -> str | None:
    rows, cols = board.rows, board.cols
    if closed:
        return None if closed_tour_exists(rows, cols) else _schwenk_reason(board)
    if not open_tour_exists(rows, cols):
        return (
            f"No open tour exists on a {_shape(board)} board: open tours exist only on "
            "1 x 1, 3 x 4, 3 x n (n >= 7), 4 x n (n >= 5) and boards with both sides >= 5."
        )
    m = min(rows, cols)
    if m == 4:
        row, col = divmod(start, cols)
        inner = row in (1, 2) if rows == 4 else col in (1, 2)
        if inner:
            return (
                f"No tour of a {_shape(board)} board starts on {board.name(start)}: the outer "
                "ranks only reach the inner ranks, so every tour starts and ends on an outer rank."
            )
    return None


def _colour_reason(board: Board, start: int, closed: bool) -> str | None:
    # Colour 0 (the top-left corner's) has the extra square when the board's size is odd.
    counts = [(board.size + 1) // 2, board.size // 2]
    for hole in board.blocked:
        counts[board.colour(hole)] -= 1
    mine = board.colour(start)
    own, other = counts[mine], counts[1 - mine]
    where = "the free squares" if board.blocked else "the board's squares"
    if closed and own != other:
        return (
            f"No closed tour exists: of {where}, {counts[0]} are of one colour and "
            f"{counts[1]} of the other, and a closed tour alternates colours, so needs equal counts."
        )
    if not closed and not (own == other or own == other + 1):
        return (
            f"No tour starts on {board.name(start)}: a knight alternates colours, and "
            f"of {where}, {own} are of its colour and {other} of the other, so a tour "
            "must start on the other colour."
            if other == own + 1
            else f"No tour exists: of {where}, {own} are of one colour and {other} of the "
            "other; a knight alternates colours, so the counts may differ by one at most."
        )
    return None


def _four_rank_reason(board: Board, start: int, closed: bool) -> str | None:
    """Outer/inner counting on 4-wide boards with holes (see :mod:`knight_py.search.four_ranks`)."""
    if 4 not in (board.rows, board.cols):
        return None
    ranks = FourRanks(board, start, closed)
    obstacle = ranks.obstacle(start)
    if obstacle is None:
        return None
    outer, inner = ranks.totals()
    what = "closed tour" if closed else "tour"
    why = (
        f"No {what} from {board.name(start)} exists: the outer ranks have {outer} free squares "
        f"and the inner ranks {inner}, and outer squares only reach inner ones, so no two "
        "outer squares follow each other"
    )
    if obstacle == "count":
        return f"{why}."
    return (
        f"{why}; with counts this tight the {what} alternates outer and inner squares, and "
        "colours with them, but the outer squares have the wrong colours for that."
    )


def _open_end_reason(board: Board, start: int) -> str | None:
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
    why = [
        f"no move leads out of {board.name(e)}" if not outs[e]
        else f"{board.name(e)} has a single move" for e in ends[:2]
    ]
    if len(ends) > 1:
        return (
            f"No tour from {board.name(start)} exists: {why[0]} and {why[1]}, so both would "
            "have to be the last square."
        )
    n = board.free_count
    if board.colour(ends[0]) != board.last_colour(start):
        same = "the same colour as" if n % 2 else "the other colour than"
        return (
            f"No tour from {board.name(start)} exists: {why[0]}, so it would have to be the "
            f"last square; but every move changes colour, so a tour of {n} squares ends on a "
            f"square of {same} {board.name(start)}, which {board.name(ends[0])} is not."
        )
    return None


def _hole_reason(board: Board, start: int, closed: bool) -> str | None:
    """Degree and reachability arguments for boards with holes."""
    reason = _four_rank_reason(board, start, closed)
    if reason is not None:
        return reason
    outs, ins = board.neighbours, board.predecessors
    free = board.free_squares
    for square in free:
        if square != start and not ins[square]:
            return f"No tour exists: no move leads into {board.name(square)}."
        if closed and not outs[square]:
            return f"No closed tour exists: no move leads out of {board.name(square)}."
    if closed:
        if not ins[start]:
            return f"No closed tour exists: no move leads back into {board.name(start)}."
        if board.neighbours is board.predecessors:
            for square in free:
                if len(outs[square]) < 2:
                    return (
                        f"No closed tour exists: {board.name(square)} has a single knight move, "
                        "but a closed tour enters and leaves every square."
                    )
    else:
        if not outs[start]:
            return f"No tour starts on {board.name(start)}: no move leads out of it."
        reason = _open_end_reason(board, start)
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
        return (
            f"No tour from {board.name(start)} exists: {board.name(lost)} cannot be reached "
            "from it by any sequence of moves."
        )
    # Cut squares, forced moves, squares that need their own way in or on.
    from .obstacles import no_tour_obstacle  # loaded when used (Pyodide compiles source)

    return no_tour_obstacle(board, start, closed)


def no_tour_reason(board: Board, start: int, closed: bool) -> str | None:
    """One sentence saying why no tour from ``start`` can exist, or None.

    >>> from knight_py.board import Board
    >>> no_tour_reason(Board.create(4, 5), 5, closed=False)
    'No tour of a 4 x 5 board starts on a3: the outer ranks only reach the inner ranks, so every tour starts and ends on an outer rank.'
    """
    if board.free_count == 1:
        return (
            "No closed tour exists: a closed tour needs at least 3 free squares."
            if closed
            else None
        )
    if closed and board.free_count < 3:
        return "No closed tour exists: a closed tour needs at least 3 free squares."
    if board.is_empty:
        reason = _empty_board_reason(board, start, closed)
        if reason is not None:
            return reason
    reason = _colour_reason(board, start, closed)
    if reason is not None or board.is_empty:
        return reason
    return _hole_reason(board, start, closed)
