"""The answer of a solve: a small value object."""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field

from .squares import Square

__all__ = ["STATUSES", "SolveResult"]

#: ``found``: a validated tour; ``impossible``: proved, with the reason;
#: ``gave_up``: a budget ran out or the search was cancelled.
STATUSES = ("found", "impossible", "gave_up")


@dataclass(frozen=True)
class SolveResult:
    """What :func:`knight_py.solve` returns.

    ``indices`` holds the tour as flat square indices ``row * cols + col`` (one
    buffer, cheap to hand to JavaScript); :attr:`path` gives ``(row, col)`` pairs.

    >>> from knight_py import solve
    >>> r = solve(5, 5, "a1")
    >>> r.status, len(r.path), r.path[0]
    ('found', 25, (4, 0))
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

    @property
    def path(self) -> list[Square]:
        """The tour as ``(row, col)`` pairs, start first; ``[]`` unless found."""
        cols = self.cols
        return [divmod(i, cols) for i in self.indices]

    @property
    def found(self) -> bool:
        """True when :attr:`status` is ``"found"``."""
        return self.status == "found"
