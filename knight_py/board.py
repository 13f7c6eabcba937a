"""The board: its shape, holes, move rule, and move tables built once per board.

Inside the solvers a square is a flat index ``row * cols + col``.  Move tables
are built lazily, once per :class:`Board`, and boards are cached by their
arguments, so repeated solves on one shape never rebuild them.

>>> board = Board.create(3, 4)
>>> board.free_count, board.neighbours[0]
(12, (6, 9))
>>> Board.create(5, 5, blocked=[(1, 2)], rule="xiangqi").neighbours[2]  # leg (1, 2) blocks two
(9, 5)
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from .i18n import Reason, TourError
from .leaper import Leaper, leaper_of_rule, rule_key
from .squares import Square, coerce_square, coerce_squares, square_name

__all__ = ["KNIGHT_STEPS", "MAX_SIDE", "RULES", "Board", "check_side", "is_knight_move"]

#: The seeds' fixed move order, (row step, col step); plain backtracking uses it as is.
KNIGHT_STEPS: tuple[tuple[int, int], ...] = (
    (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2),
)  # fmt: skip

#: ``knight``: the chess knight; ``xiangqi``: the horse, blocked by a hole next to it
#: in the direction of its two-square step ("hobbling the horse's leg").  Any other
#: leaper is accepted too (:mod:`knight_py.leaper`) and kept as ``"leaper:a,b"``.
RULES = ("knight", "xiangqi")

#: Largest side the product accepts unless a caller raises the limit explicitly.
MAX_SIDE = 1000


def check_side(value: object, what: str, limit: int = MAX_SIDE) -> int:
    """Return ``value`` when it is a whole number 1..limit, else raise ``ValueError``.

    >>> check_side(8, "rows")
    8
    >>> check_side(0, "rows")
    Traceback (most recent call last):
    ...
    ValueError: rows must be a whole number from 1 to 1000, got 0
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= limit:
        raise TourError(
            Reason("bad_side", {"what": what, "limit": limit, "value": repr(value)})
        )
    return value


def leg(row: int, col: int, dr: int, dc: int) -> Square:
    """The square a xiangqi horse steps over first when moving by ``(dr, dc)``."""
    if abs(dr) == 2:
        return (row + dr // 2, col)
    return (row, col + dc // 2)


def is_knight_move(cols: int, a: int, b: int, leg_holes: Container[int] = ()) -> bool:
    """True when flat index ``b`` is a knight's move from ``a`` on a board ``cols`` wide
    whose first step (the xiangqi horse's leg) is not on one of ``leg_holes``.

    Pass the holes only under the xiangqi rule; the knight jumps over them.

    >>> is_knight_move(5, 0, 7), is_knight_move(5, 0, 6)  # 5 x 5: a5 -> c4, a5 -> b4
    (True, False)
    >>> is_knight_move(5, 0, 7, leg_holes={1})  # the leg b5 is a hole
    False
    """
    ra, ca = divmod(a, cols)
    rb, cb = divmod(b, cols)
    dr, dc = rb - ra, cb - ca
    if dr * dr + dc * dc != 5:
        return False
    if leg_holes:
        lr, lc = leg(ra, ca, dr, dc)
        return lr * cols + lc not in leg_holes
    return True


@dataclass(frozen=True)
class Board:
    """A ``rows`` x ``cols`` board with ``blocked`` flat indices and a move ``rule``.

    Build one with :meth:`create`, which checks its arguments and caches boards.
    """

    rows: int
    cols: int
    blocked: frozenset[int] = field(default_factory=frozenset)
    rule: str = "knight"

    @staticmethod
    def create(
        rows: object,
        cols: object,
        blocked: Iterable[object] | str = (),
        rule: object = "knight",
        max_side: int = MAX_SIDE,
    ) -> Board:
        """Check the arguments and return the (cached) board.

        :raises ValueError: naming the bad argument and what is allowed.

        >>> Board.create(8, 8, blocked=["a1"]).blocked
        frozenset({56})
        >>> Board.create(8, 8, rule="camel").rule
        'leaper:1,3'
        >>> Board.create(8, 8, rule="bishop")
        Traceback (most recent call last):
        ...
        ValueError: rule must be one of 'knight', 'xiangqi', a leaper's name (camel, zebra, giraffe, antelope) or 'leaper:a,b' such as 'leaper:1,3', got 'bishop'
        """
        r = check_side(rows, "rows", max_side)
        c = check_side(cols, "cols", max_side)
        key = rule if rule in RULES else rule_key(rule)
        holes = frozenset(row * c + col for row, col in coerce_squares(blocked, r, c, "blocked"))
        return _cached_board(r, c, holes, str(key))

    # -- coordinates -------------------------------------------------------

    @property
    def size(self) -> int:
        """Number of squares, holes included."""
        return self.rows * self.cols

    @cached_property
    def free_count(self) -> int:
        """Number of squares that are not holes."""
        return self.size - len(self.blocked)

    def index(self, square: Square) -> int:
        """Flat index of ``(row, col)``."""
        return square[0] * self.cols + square[1]

    def square(self, index: int) -> Square:
        """``(row, col)`` of a flat index."""
        return divmod(index, self.cols)

    def name(self, index: int) -> str:
        """Algebraic name of a flat index."""
        return square_name(divmod(index, self.cols), self.rows)

    def start_index(self, start: object) -> int:
        """Check ``start`` (a pair or a name) and return its flat index.

        :raises ValueError: when it is off the board or on a hole.
        """
        square = coerce_square(start, self.rows, self.cols, "start")
        index = self.index(square)
        if index in self.blocked:
            raise TourError(Reason("start_blocked", {"start": square_name(square, self.rows)}))
        return index

    def colour(self, index: int) -> int:
        """0 for the colour of the top-left corner, 1 for the other."""
        row, col = divmod(index, self.cols)
        return (row + col) & 1

    def last_colour(self, start: int) -> int:
        """The colour an open tour from ``start`` ends on: every move (the knight's and the
        horse's) changes colour, so a tour of n squares ends on the start's colour when n
        is odd and on the other when even.

        >>> board = Board.create(3, 3, blocked=[(1, 1)])  # 8 free squares
        >>> board.colour(0), board.last_colour(0)
        (0, 1)
        """
        return self.colour(start) ^ ((self.free_count - 1) & 1)

    @cached_property
    def leaper(self) -> Leaper | None:
        """The leaper moving on this board, or None for the knight and the xiangqi horse
        (which keep their own code paths).

        >>> Board.create(5, 5, rule="zebra").leaper, Board.create(5, 5).leaper
        (Leaper(a=2, b=3), None)
        """
        return leaper_of_rule(self.rule)

    @property
    def is_empty(self) -> bool:
        """True when the board has no holes (the move rule then does not matter)."""
        return not self.blocked

    # -- move tables -------------------------------------------------------

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each flat index, the free squares one move away, in the seeds' order.

        Holes have no neighbours.  Under the xiangqi rule the relation is not
        symmetric; use :attr:`predecessors` for the squares that reach a square.
        """
        rows, cols, blocked = self.rows, self.cols, self.blocked
        xiangqi = self.rule == "xiangqi" and bool(blocked)
        leaper = self.leaper
        steps = KNIGHT_STEPS if leaper is None else leaper.steps
        table: list[tuple[int, ...]] = []
        for row in range(rows):
            for col in range(cols):
                if row * cols + col in blocked:
                    table.append(())
                    continue
                out = []
                for dr, dc in steps:
                    r, c = row + dr, col + dc
                    if not (0 <= r < rows and 0 <= c < cols) or r * cols + c in blocked:
                        continue
                    if xiangqi:
                        lr, lc = leg(row, col, dr, dc)
                        if lr * cols + lc in blocked:
                            continue
                    out.append(r * cols + c)
                table.append(tuple(out))
        return tuple(table)

    @cached_property
    def predecessors(self) -> tuple[tuple[int, ...], ...]:
        """For each flat index, the free squares that can move to it."""
        if self.rule != "xiangqi" or not self.blocked:
            return self.neighbours
        ins: list[list[int]] = [[] for _ in range(self.size)]
        for source, targets in enumerate(self.neighbours):
            for target in targets:
                ins[target].append(source)
        return tuple(tuple(s) for s in ins)

    @cached_property
    def free_squares(self) -> tuple[int, ...]:
        """Flat indices of the free squares in order."""
        blocked = self.blocked
        return tuple(i for i in range(self.size) if i not in blocked)

    def is_move(self, a: int, b: int) -> bool:
        """True when a piece may move from flat index ``a`` to ``b`` under the rule.

        Works without the move tables, so it is cheap on huge boards.
        """
        leaper = self.leaper
        if leaper is not None:
            ra, ca = divmod(a, self.cols)
            rb, cb = divmod(b, self.cols)
            return (rb - ra, cb - ca) in leaper.steps and 0 <= b < self.size and b not in self.blocked
        return is_knight_move(self.cols, a, b, self.blocked if self.rule == "xiangqi" else ())


@lru_cache(maxsize=64)
def _cached_board(rows: int, cols: int, blocked: frozenset[int], rule: str) -> Board:
    return Board(rows, cols, blocked, rule)
