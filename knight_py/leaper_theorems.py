"""Reasons no leaper's tour can exist, decided without searching.

For a leaper other than the knight (:mod:`knight_py.leaper`) the board's moves are
symmetric (a jump can be made back), so the free squares and the jumps between
them form a graph, and a tour is a Hamiltonian path (a closed tour a Hamiltonian
cycle) of it.  :func:`leaper_no_tour_why` returns the first of these arguments
that applies, or None (which proves nothing):

1. **Lattice** (``gcd(a, b) = g > 1``): every jump changes the row and the column
   by multiples of g, so a free square whose row or column differs from the
   start's by a non-multiple of g is never reached.
2. **Colour** (``a + b`` even): every jump keeps the square's colour, so a free
   square of the other colour is never reached.
3. **Isolated square**: a free square with no jump to another free square (when
   there are two free squares or more) is never entered or left.
4. **Reachability**: a free square no sequence of jumps from the start reaches (the
   general form of 1-3).  On a board without holes, m x n with 2 <= m <= n, Knuth
   ("Leaper graphs", 1994) showed that the graph of an (a, b)-leaper with 1 <= a < b is
   connected exactly when a + b is odd, gcd(a, b) = 1, m >= a + b and n >= 2b; when
   the board is too small the reason says so, and always names a square never reached.
5. **A single jump**: a closed tour enters and leaves every square, so needs two
   jumps at each; an open tour can have one-jump squares only at its two ends, so
   at most one besides the start.
6. **Colour counts** (``a + b`` odd): every jump changes colour, so a tour alternates
   colours: a closed one needs equal counts, an open one counts differing by one at
   most, starting on the larger colour; its last square's colour is then known too.
7. The graph arguments of :mod:`knight_py.obstacles` (cut squares, forced moves,
   Hall's condition), which hold for any symmetric moves.

>>> from knight_py.board import Board
>>> print(leaper_no_tour_why(Board.create(4, 4, rule="camel"), 0, False))
No tour from a4 exists: every jump of the camel (1, 3) moves an even number of squares in all, so it keeps the colour of its square and never reaches b4, which has the other colour.
>>> print(leaper_no_tour_why(Board.create(4, 6, rule="zebra"), 0, False))
No tour from a4 exists: by Knuth's theorem the zebra (2, 3) can reach every square of a board only when its sides are at least 5 and 6, and this board is 4 x 6: a4 never reaches b4.
>>> print(leaper_no_tour_why(Board.create(3, 3, rule="leaper:0,2"), 0, False))
No tour from a3 exists: every jump of the (0, 2)-leaper changes the row and the column by multiples of 2, so from a3 it only reaches squares whose row and column differ from its own by multiples of 2, and b3 is not one of them.
"""

from __future__ import annotations

from .board import Board
from .i18n import Reason
from .leaper import Leaper

__all__ = ["leaper_no_tour_why"]


def _off_lattice(board: Board, leaper: Leaper, start: int) -> int | None:
    """A free square the start's lattice (rows and columns in steps of gcd(a, b)) misses."""
    g = leaper.lattice
    if g == 1:
        return None
    r0, c0 = divmod(start, board.cols)
    for square in board.free_squares:
        r, c = divmod(square, board.cols)
        if (r - r0) % g or (c - c0) % g:
            return square
    return None


def _other_colour(board: Board, start: int) -> int | None:
    """A free square whose colour differs from the start's."""
    mine = board.colour(start)
    return next((s for s in board.free_squares if board.colour(s) != mine), None)


def _unreachable(board: Board, start: int) -> int | None:
    """The first free square no sequence of jumps from ``start`` reaches."""
    nbrs = board.neighbours
    seen = bytearray(board.size)
    seen[start] = 1
    frontier = [start]
    while frontier:
        for w in nbrs[frontier.pop()]:
            if not seen[w]:
                seen[w] = 1
                frontier.append(w)
    return next((s for s in board.free_squares if not seen[s]), None)


def _reach_reason(board: Board, leaper: Leaper, start: int) -> Reason | None:
    """Arguments 1-4: a free square that is never reached."""
    piece, name = leaper.piece(), board.name
    lost = _off_lattice(board, leaper, start)
    if lost is not None:
        return Reason("leaper_lattice", {
            "piece": piece, "start": name(start), "square": name(lost), "step": leaper.lattice,
        })
    if leaper.keeps_colour:
        lost = _other_colour(board, start)
        if lost is not None:
            return Reason(
                "leaper_colour", {"piece": piece, "start": name(start), "square": name(lost)}
            )
    nbrs = board.neighbours
    lonely = next((s for s in board.free_squares if not nbrs[s]), None)
    if lonely is not None:
        return Reason("leaper_isolated", {"piece": piece, "square": name(lonely)})
    lost = _unreachable(board, start)
    if lost is None:
        return None
    m, n = sorted((board.rows, board.cols))
    if board.is_empty and leaper.a >= 1 and m >= 2 and (m < leaper.a + leaper.b or n < 2 * leaper.b):
        return Reason("leaper_small_board", {
            "piece": piece, "rows": board.rows, "cols": board.cols, "short": leaper.a + leaper.b,
            "long": 2 * leaper.b, "start": name(start), "square": name(lost),
        })
    return Reason("unreachable", {"start": name(start), "square": name(lost)})


def _colour_count_reason(board: Board, leaper: Leaper, start: int, closed: bool) -> Reason | None:
    """Argument 6's counts, for a leaper that changes colour with every jump."""
    counts = [0, 0]
    for square in board.free_squares:
        counts[board.colour(square)] += 1
    own, other = counts[board.colour(start)], counts[1 - board.colour(start)]
    piece = leaper.piece()
    if closed and own != other:
        return Reason(
            "leaper_colour_closed", {"piece": piece, "first": counts[0], "second": counts[1]}
        )
    if closed or own in (other, other + 1):
        return None
    if other == own + 1:
        return Reason("leaper_colour_start", {
            "piece": piece, "start": board.name(start), "own": own, "other": other,
        })
    return Reason("leaper_colour_counts", {"piece": piece, "own": own, "other": other})


def _single_jump_reason(board: Board, leaper: Leaper, start: int, closed: bool) -> Reason | None:
    """Argument 5, and for a colour-changing leaper the colour of an open tour's last square."""
    nbrs = board.neighbours
    singles = [s for s in board.free_squares if len(nbrs[s]) == 1]
    if closed:
        if singles:
            return Reason(
                "leaper_closed_single", {"piece": leaper.piece(), "square": board.name(singles[0])}
            )
        return None
    ends = [s for s in singles if s != start]
    if len(ends) > 1:
        first, second = ends[:2]
        return Reason("open_ends_two", {
            "start": board.name(start), "first": board.name(first), "first_stuck": False,
            "second": board.name(second), "second_stuck": False,
        })
    if ends and not leaper.keeps_colour and board.colour(ends[0]) != board.last_colour(start):
        n = board.free_count
        return Reason("leaper_end_colour", {
            "piece": leaper.piece(), "start": board.name(start), "end": board.name(ends[0]),
            "stuck": False, "free": n, "same_colour": bool(n % 2),
        })
    return None


def leaper_no_tour_why(board: Board, start: int, closed: bool) -> Reason | None:
    """Why no tour of the board's leaper from ``start`` can exist, or None.

    :raises ValueError: when the board's rule is not a leaper (the knight and the
        xiangqi horse have :func:`knight_py.theorems.no_tour_why`).

    >>> from knight_py.board import Board
    >>> from knight_py.i18n import explain
    >>> why = leaper_no_tour_why(Board.create(3, 3, rule="leaper:0,1"), 1, closed=False)
    >>> why.code, explain(why, "zh")
    ('leaper_colour_start', '没有从 b3 出发的周游：每步跳（0, 1）的棋子每跳一步都换一种颜色，可走的格子中与它同色的有 4 个，另一种颜色有 5 个，所以周游只能从另一种颜色的格子出发。')
    """
    leaper = board.leaper
    if leaper is None:
        raise ValueError(f"the board's rule {board.rule!r} is not a leaper")
    n = board.free_count
    if n == 1 or (closed and n < 3):
        return Reason("closed_too_small") if closed else None
    reason = _reach_reason(board, leaper, start)
    if reason is None:
        reason = _single_jump_reason(board, leaper, start, closed)
    if reason is None and not leaper.keeps_colour:
        reason = _colour_count_reason(board, leaper, start, closed)
    if reason is not None:
        return reason
    from .obstacles import no_tour_obstacle  # loaded when used (Pyodide compiles source)

    return no_tour_obstacle(board, start, closed)
