"""Counting tours by exhaustive search."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .board import Board
from .i18n import Reason
from .search import Monitor, Progress, SearchStopped, tours
from .theorems import no_tour_why

__all__ = ["COUNT_MAX_NODES", "TourCount", "count_tours", "tally_tours"]

#: Default budget for counting; past it :class:`~knight_py.search.SearchStopped` is raised.
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
    The count of :func:`tally_tours`, raising where that one would stop early.

    :raises ValueError: for bad arguments, as :func:`knight_py.solve`.
    :raises SearchStopped: when ``max_nodes`` nodes did not finish the count.

    >>> count_tours(5, 5, "a1"), count_tours(5, 5, "c3"), count_tours(5, 5, "b1")
    (304, 64, 0)
    >>> sum(count_tours(3, 4, (r, c)) for r in range(3) for c in range(4))
    16
    """
    tally = tally_tours(rows, cols, start, closed, blocked, rule, max_nodes)
    if tally.status != "done":
        raise SearchStopped(tally.why or tally.reason)
    return tally.value


@dataclass(frozen=True)
class TourCount:
    """What :func:`tally_tours` found: the count, or the part counted before it stopped.

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


def tally_tours(
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
    """Count the directed tours from ``start`` as :func:`count_tours`, watchably.

    :param on_progress: called with a :class:`~knight_py.search.Progress` and the
        tours counted so far, every ``progress_every`` nodes.
    :param should_stop: polled during the search; True ends the count early.
    :returns: a :class:`TourCount`; a stopped count keeps what it had counted.
    :raises ValueError: for bad arguments, as :func:`knight_py.solve`.

    >>> tally_tours(5, 5, "a1").value
    304
    >>> t = tally_tours(5, 5, "a1", max_nodes=1000)
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
