"""Outer/inner counting on boards 4 squares wide, kept up to date during a search.

On a board with 4 rows (or 4 columns) a square of an outer rank only reaches
squares of the inner ranks, so no two outer squares follow each other on a
path.  For the rest of a search path (the current square, then every square
not yet entered; for a closed tour, then the start again) this bounds how many
inner-to-inner moves are left; with none left the path alternates outer and
inner squares, and colours with them, so every outer square still to come has
one colour.  Both facts hold whatever moves holes remove, so they are sound
prunes for the knight and the xiangqi horse alike.

>>> from knight_py.board import Board
>>> board = Board.create(4, 5)
>>> ranks = FourRanks(board, start=5, closed=False)  # a3, on an inner rank
>>> ranks.hopeless(5)
True
"""

from __future__ import annotations

from ..board import Board

__all__ = ["FourRanks"]


class FourRanks:
    """Counts of the outer (per colour) and inner squares not yet entered."""

    def __init__(self, board: Board, start: int, closed: bool) -> None:
        cols = board.cols
        along_rows = board.rows == 4
        self.outer = bytearray(board.size)
        self.colour = bytearray(board.size)
        self.rest_outer = [0, 0]
        self.rest_inner = 0
        for square in board.free_squares:
            row, col = divmod(square, cols)
            self.colour[square] = (row + col) & 1
            if (row if along_rows else col) in (0, 3):
                self.outer[square] = 1
                if square != start:
                    self.rest_outer[self.colour[square]] += 1
            elif square != start:
                self.rest_inner += 1
        self.start = start
        self.closed = closed

    def enter(self, square: int) -> None:
        """A square was added to the path."""
        if self.outer[square]:
            self.rest_outer[self.colour[square]] -= 1
        else:
            self.rest_inner -= 1

    def leave(self, square: int) -> None:
        """A square was taken off the path."""
        if self.outer[square]:
            self.rest_outer[self.colour[square]] += 1
        else:
            self.rest_inner += 1

    def hopeless(self, current: int) -> bool:
        """True when no path from ``current`` through every square left can exist."""
        return self.obstacle(current) is not None

    def obstacle(self, current: int) -> str | None:
        """``"count"`` or ``"colour"``: why no path from ``current`` can exist; or None."""
        outer, start = self.outer, self.start
        here = outer[current]
        o = self.rest_outer[0] + self.rest_outer[1] + here
        i = self.rest_inner + 1 - here
        if self.closed:
            o += outer[start]
            i += 1 - outer[start]
            outer_ends = here + outer[start]
        else:
            outer_ends = here + (1 if self.rest_outer[0] + self.rest_outer[1] else 0)
        # Inner-to-inner moves left on the path: edges minus edges at outer squares.
        slack = i - o - 1 + outer_ends
        if slack < 0:
            return "count"
        if slack == 0:
            # Strict alternation from here: outer squares to come share one colour.
            colour = self.colour[current] if here else 1 - self.colour[current]
            if self.rest_outer[1 - colour] > 0:
                return "colour"
        return None

    def totals(self) -> tuple[int, int]:
        """(outer, inner) free squares of the whole board."""
        start_outer = self.outer[self.start]
        return (
            self.rest_outer[0] + self.rest_outer[1] + start_outer,
            self.rest_inner + 1 - start_outer,
        )
