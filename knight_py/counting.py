"""Counting tours by exhaustive search."""

from __future__ import annotations

from collections.abc import Iterable

from .board import Board
from .depth_first import tours
from .monitor import Monitor
from .theorems import no_tour_reason

__all__ = ["count_tours"]

#: Default budget for counting; past it :class:`~knight_py.monitor.SearchStopped` is raised.
COUNT_MAX_NODES = 50_000_000


def count_tours(
    rows: int,
    cols: int,
    start: object,
    closed: bool = False,
    blocked: Iterable[object] | str = (),
    rule: str = "knight",
    max_nodes: int | None = COUNT_MAX_NODES,
) -> int:
    """Count the directed tours from ``start`` (a closed tour counts once per direction).

    Exponential: meant for small boards.  Uses the exhaustive search's sound prunes.

    :raises ValueError: for bad arguments, as :func:`knight_py.solve`.
    :raises SearchStopped: when ``max_nodes`` nodes did not finish the count.

    >>> count_tours(5, 5, "a1"), count_tours(5, 5, "c3"), count_tours(5, 5, "b1")
    (304, 64, 0)
    >>> sum(count_tours(3, 4, (r, c)) for r in range(3) for c in range(4))
    16
    """
    board = Board.create(rows, cols, blocked, rule)
    start_index = board.start_index(start)
    if no_tour_reason(board, start_index, closed) is not None:
        return 0
    monitor = Monitor(max_nodes=max_nodes)
    return sum(1 for _ in tours(board, start_index, closed, monitor, order="warnsdorff", prune=2))
