"""Counting tours by exhaustive search.

:func:`count_tours` answers as :func:`knight_py.solve` does: a :class:`TourCount` whose
``status`` is ``"done"`` or ``"gave_up"`` (a budget ran out or the caller stopped it, with
the tours counted so far), never an exception for a count that did not finish.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .board import Board
from .i18n import Reason
from .search import Monitor, Progress, SearchStopped, tours
from .theorems import no_tour_why

__all__ = ["COUNT_MAX_NODES", "TourCount", "count_tours"]

#: Default budget for counting; past it the count gives up.
COUNT_MAX_NODES = 50_000_000


@dataclass(frozen=True)
class TourCount:
    """What :func:`count_tours` found: the count, or the part counted before it stopped.

    ``status`` is ``"done"`` (``value`` is the number of tours) or ``"gave_up"``
    (the budget ran out or the caller cancelled: ``value`` tours were found so far,
    ``reason`` says why it stopped, in English; ``why`` is the same as a
    :class:`~knight_py.i18n.Reason`).
    """

    status: str
    value: int
    nodes: int
    seconds: float
    reason: str = ""
    why: Reason | None = None


def count_tours(
    rows: int,
    cols: int,
    start: object,
    closed: bool = False,
    blocked: Iterable[object] | str = (),
    rule: str = "knight",
    max_nodes: int | None = COUNT_MAX_NODES,
    *,
    on_progress: Callable[[Progress, int], object] | None = None,
    progress_every: int = 20_000,
    should_stop: Callable[[], object] | None = None,
) -> TourCount:
    """Count the directed tours from ``start`` (a closed tour counts once per direction).

    Exponential: meant for small boards.  Uses the exhaustive search's sound prunes.

    :param max_nodes: the node budget; past it the count gives up.
    :param on_progress: called with a :class:`~knight_py.search.Progress` and the
        tours counted so far, every ``progress_every`` nodes.
    :param should_stop: polled during the search; True ends the count early.
    :returns: a :class:`TourCount`; a stopped count keeps what it had counted.
    :raises ValueError: for bad arguments, as :func:`knight_py.solve`.

    >>> count_tours(5, 5, "a1").value, count_tours(5, 5, "c3").value, count_tours(5, 5, "b1").value
    (304, 64, 0)
    >>> sum(count_tours(3, 4, (r, c)).value for r in range(3) for c in range(4))
    16
    >>> t = count_tours(5, 5, "a1", max_nodes=1000)
    >>> t.status, t.value < 304, t.reason
    ('gave_up', True, 'the node budget of 1,000 nodes ran out')
    """
    started = time.perf_counter()
    board = Board.create(rows, cols, blocked, rule)
    start_index = board.start_index(start)
    if not isinstance(closed, bool):
        raise ValueError(f"closed must be True or False, got {closed!r}")
    if no_tour_why(board, start_index, closed) is not None:
        return TourCount("done", 0, 0, time.perf_counter() - started)
    found = 0

    def report(progress: Progress) -> None:
        if on_progress is not None:
            on_progress(progress, found)

    monitor = Monitor(
        max_nodes=max_nodes,
        on_progress=report if on_progress is not None else None,
        progress_every=progress_every,
        should_stop=should_stop,
        free=board.free_count,
    )
    try:
        for _ in tours(board, start_index, closed, monitor, order="warnsdorff", prune=2):
            found += 1
    except SearchStopped as stop:
        return TourCount("gave_up", found, monitor.nodes, time.perf_counter() - started,
                         stop.reason, stop.why)
    return TourCount("done", found, monitor.nodes, time.perf_counter() - started)
