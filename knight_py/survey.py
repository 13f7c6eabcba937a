"""``survey``: solve from every start square and record the effort each one took.

The C post charts the backtracks needed from every square of the board and finds
the corners hardest; :func:`survey` produces that chart for any board, method
and rule, one :class:`SurveyCell` per start square.

>>> s = survey(5, 5, method="backtrack", max_nodes=20_000)
>>> s.complete, len(s.cells), s.cell(4, 0).status, s.cell(4, 1).status
(True, 25, 'found', 'impossible')
>>> print(format_grid(s, "nodes"))
5   8840      - 20000>      -     41
4      - 20000>      - 20000>      -
3 20000>      -   9909      - 20000>
2      - 20000>      - 20000>      -
1  14009      - 20000>      -    288
       a      b      c      d      e
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .board import Board
from .solver import METHODS, solve
from .squares import Square, coerce_square, file_letters

__all__ = [
    "DEFAULT_SURVEY_NODES",
    "SURVEY_FIELDS",
    "Survey",
    "SurveyCell",
    "format_csv",
    "format_grid",
    "survey",
]

#: Node budget per start square when a caller gives none: enough for Warnsdorff on
#: any board a survey is meant for, and a bound on plain backtracking's worst squares.
DEFAULT_SURVEY_NODES = 100_000

#: Columns of :func:`format_csv`, in order.
SURVEY_FIELDS = ("square", "row", "col", "status", "nodes", "backtracks", "seconds", "method")


@dataclass(frozen=True)
class SurveyCell:
    """The outcome of one start square: what :func:`knight_py.solve` reported.

    >>> SurveyCell(7, 0, "a1", "found", 64, 0, 0.001, "warnsdorff").status
    'found'
    """

    row: int
    col: int
    name: str
    status: str
    nodes: int
    backtracks: int
    seconds: float
    method: str


@dataclass(frozen=True)
class Survey:
    """Every surveyed start square of one board, in the order they were solved.

    ``stopped`` is True when ``should_stop`` ended the survey early; ``cells`` then
    holds the squares finished before that (``total`` says how many were asked for).
    """

    rows: int
    cols: int
    closed: bool
    method: str
    rule: str
    max_nodes: int
    cells: tuple[SurveyCell, ...]
    total: int
    stopped: bool = False
    blocked: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        """True when every asked-for square has its cell."""
        return len(self.cells) == self.total

    def cell(self, row: int, col: int) -> SurveyCell | None:
        """The cell of ``(row, col)``, or None when it was not surveyed."""
        for c in self.cells:
            if c.row == row and c.col == col:
                return c
        return None


def _starts(board: Board, starts: Iterable[object] | None) -> list[int]:
    """Flat indices of the squares to survey: every free square, or the given ones once each."""
    if starts is None:
        return list(board.free_squares)
    if isinstance(starts, str):
        starts = [s for s in starts.split(",") if s.strip()]
    out: list[int] = []
    seen: set[int] = set()
    for item in starts:
        index = board.start_index(coerce_square(item, board.rows, board.cols, "starts"))
        if index not in seen:
            seen.add(index)
            out.append(index)
    return out


def survey(
    rows: int,
    cols: int,
    closed: bool = False,
    blocked: Iterable[object] | str = (),
    method: str = "warnsdorff",
    rule: str = "knight",
    max_nodes: int | None = None,
    starts: Iterable[object] | str | None = None,
    on_result: Callable[[SurveyCell], object] | None = None,
    should_stop: Callable[[], object] | None = None,
) -> Survey:
    """Solve from every free square (or each of ``starts``) and report the effort per square.

    Each square is a full :func:`~knight_py.solve` with its own node budget, so
    every "found" has passed the validator.

    :param rows, cols, closed, blocked, method, rule: as for :func:`~knight_py.solve`.
    :param max_nodes: node budget per square (default :data:`DEFAULT_SURVEY_NODES`).
    :param starts: squares to survey (pairs or names; a string may list names split by
        commas); default every free square, top row first.
    :param on_result: called with each :class:`SurveyCell` as it is finished (progress).
    :param should_stop: polled during each search and between squares; True stops the
        survey, which returns the squares finished so far with ``stopped=True``.
    :returns: a :class:`Survey`.
    :raises ValueError: naming the bad argument and what is allowed.

    Time: the sum of the solves; plain backtracking can spend ``max_nodes`` on each square.

    >>> s = survey(8, 8, starts=["a1", "d4"])
    >>> [(c.name, c.status, c.nodes, c.backtracks) for c in s.cells]
    [('a1', 'found', 64, 0), ('d4', 'found', 64, 0)]
    >>> survey(3, 3, starts=["z9"])
    Traceback (most recent call last):
    ...
    ValueError: starts: square 'z9' is off the 3 x 3 board (files a..c, ranks 1..3)
    """
    board = Board.create(rows, cols, blocked, rule)
    if not isinstance(closed, bool):
        raise ValueError(f"closed must be True or False, got {closed!r}")
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(map(repr, METHODS))}, got {method!r}")
    budget = DEFAULT_SURVEY_NODES if max_nodes is None else max_nodes
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise ValueError(f"max_nodes must be a whole number >= 1, got {max_nodes!r}")
    squares = _starts(board, starts)
    cancelled = False

    def stop_requested() -> bool:
        nonlocal cancelled
        if should_stop is not None and not cancelled and should_stop():
            cancelled = True
        return cancelled

    holes: list[Square] = [board.square(i) for i in sorted(board.blocked)]
    cells: list[SurveyCell] = []
    for index in squares:
        if stop_requested():
            break
        result = solve(
            board.rows, board.cols, board.square(index), closed, holes, method, rule, budget, should_stop=stop_requested if should_stop else None,
        )
        if cancelled:
            break  # this square was cut short: its numbers would mislead
        row, col = board.square(index)
        cell = SurveyCell(
            row, col, board.name(index), result.status, result.nodes, result.backtracks,
            result.seconds, result.method,
        )
        cells.append(cell)
        if on_result is not None:
            on_result(cell)
    return Survey(
        rows=board.rows, cols=board.cols, closed=closed, method=method, rule=rule,
        max_nodes=budget, cells=tuple(cells), total=len(squares), stopped=cancelled,
        blocked=tuple(board.name(i) for i in sorted(board.blocked)),
    )


def format_grid(result: Survey, field: str = "nodes") -> str:
    """The survey as a board of numbers, rank 1 at the bottom, as the C post charts it.

    A found square shows its ``field`` (``nodes`` or ``backtracks``); ``-`` marks a
    square with no tour, ``>`` one whose search gave up (suffixed to the number spent),
    ``.`` a hole or a square not surveyed.  Ranks on the left, files below.

    >>> print(format_grid(survey(3, 4, method="exhaustive"), "nodes"))
    3 12  -  - 12
    2 12  -  - 12
    1 12  -  - 12
       a  b  c  d
    """
    if field not in ("nodes", "backtracks"):
        raise ValueError(f"field must be 'nodes' or 'backtracks', got {field!r}")
    by_square = {(c.row, c.col): c for c in result.cells}
    texts: list[list[str]] = []
    for row in range(result.rows):
        line = []
        for col in range(result.cols):
            cell = by_square.get((row, col))
            if cell is None:
                line.append(".")
            elif cell.status == "found":
                line.append(f"{getattr(cell, field)}")
            elif cell.status == "gave_up":
                line.append(f"{getattr(cell, field)}>")
            else:
                line.append("-")
        texts.append(line)
    width = max((len(t) for line in texts for t in line), default=1)
    rank_width = len(str(result.rows))
    lines = []
    for row, line in enumerate(texts):
        rank = str(result.rows - row).rjust(rank_width)
        lines.append(f"{rank} " + " ".join(t.rjust(width) for t in line))
    files = " ".join(file_letters(col).rjust(width) for col in range(result.cols))
    lines.append(f"{' ' * rank_width} {files}")
    return "\n".join(lines)


def format_csv(result: Survey) -> str:
    """The survey as CSV (header :data:`SURVEY_FIELDS`), one line per surveyed square.

    >>> print(format_csv(survey(3, 4, starts=["a1"], method="exhaustive")))  # doctest: +ELLIPSIS
    square,row,col,status,nodes,backtracks,seconds,method
    a1,2,0,found,12,0,...,exhaustive
    """
    lines = [",".join(SURVEY_FIELDS)]
    for c in result.cells:
        lines.append(
            f"{c.name},{c.row},{c.col},{c.status},{c.nodes},{c.backtracks},"
            f"{c.seconds:.6f},{c.method}"
        )
    return "\n".join(lines)


