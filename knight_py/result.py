"""The answer of a solve: a small value object."""

from __future__ import annotations

import time
from array import array
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .i18n import Reason
from .squares import Square

if TYPE_CHECKING:  # only for the annotations: the result module stays light to import
    from .board import Board
    from .search.monitor import Monitor

__all__ = ["STATUSES", "SolveResult"]

#: ``found``: a validated tour; ``impossible``: proved, with the reason;
#: ``gave_up``: a budget ran out or the search was cancelled.
STATUSES = ("found", "impossible", "gave_up")


@dataclass(frozen=True)
class SolveResult:
    """What :func:`knight_py.solve` returns.

    ``indices`` holds the tour as flat square indices ``row * cols + col`` (one
    buffer, cheap to hand to JavaScript); :attr:`path` gives ``(row, col)`` pairs.

    ``reason`` is the English sentence saying why no tour was found ("" when one
    was); ``why`` is the same as a :class:`~knight_py.i18n.Reason` (None when found),
    for :func:`~knight_py.i18n.explain` in another language or ``why.to_dict()`` for JSON.

    >>> from knight_py import solve
    >>> r = solve(5, 5, "a1")
    >>> r.status, len(r.path), r.path[0]
    ('found', 25, (4, 0))
    >>> from knight_py import explain
    >>> r = solve(5, 5, "b1")
    >>> r.why.code, r.reason == explain(r.why, "en")
    ('colour_start', True)
    >>> explain(r.why, "zh")
    '没有从 b1 出发的周游：马每走一步都换一种颜色，棋盘的格子中与它同色的有 12 个，另一种颜色有 13 个，所以周游只能从另一种颜色的格子出发。'
    """

    status: str
    rows: int
    cols: int
    closed: bool
    indices: array[int] = field(repr=False)
    reason: str = ""
    nodes: int = 0
    backtracks: int = 0
    method: str = ""
    seconds: float = 0.0
    events: array[int] = field(default_factory=lambda: array("i"), repr=False)
    why: Reason | None = None

    @classmethod
    def from_search(
        cls,
        board: Board,
        closed: bool,
        monitor: Monitor,
        outcome: tuple[str, array[int] | None, Reason | None, str],
        started: float,
    ) -> SolveResult:
        """The result of a finished solve on ``board``: its ``(status, tour, why, method)``
        outcome, the effort and events ``monitor`` counted, the seconds since ``started``
        (a :func:`time.perf_counter` reading).

        >>> from knight_py.board import Board
        >>> from knight_py.search import Monitor
        >>> outcome = ("found", array("i", [0]), None, "theorem")
        >>> r = SolveResult.from_search(Board.create(1, 1), False, Monitor(), outcome, time.perf_counter())
        >>> r.status, r.path, r.method, r.nodes
        ('found', [(0, 0)], 'theorem', 0)
        """
        status, tour, why, method = outcome
        return cls(
            status=status,
            rows=board.rows,
            cols=board.cols,
            closed=closed,
            indices=tour if tour is not None else array("i"),
            reason="" if why is None else str(why),
            nodes=monitor.nodes,
            backtracks=monitor.backtracks,
            method=method,
            seconds=time.perf_counter() - started,
            events=monitor.events,
            why=why,
        )

    @property
    def path(self) -> list[Square]:
        """The tour as ``(row, col)`` pairs, start first; ``[]`` unless found."""
        cols = self.cols
        return [divmod(i, cols) for i in self.indices]

    @property
    def found(self) -> bool:
        """True when :attr:`status` is ``"found"``."""
        return self.status == "found"
