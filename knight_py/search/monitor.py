"""Watching and stopping a search: node budgets, progress, cancel, events.

A :class:`Monitor` goes with one search.  The search loop counts nodes in a
local variable and calls :meth:`Monitor.checkpoint` every few hundred nodes;
the checkpoint reports progress, polls the cancel callback and enforces the
node budget by raising :class:`SearchStopped`.

>>> monitor = Monitor(max_nodes=10)
>>> monitor.checkpoint(nodes=10, backtracks=3, depth=4)
Traceback (most recent call last):
...
knight_py.search.monitor.SearchStopped: the node budget of 10 nodes ran out
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass

from ..i18n import Reason, TourError

__all__ = ["DEFAULT_MAX_NODES", "UNDECIDED", "Monitor", "Progress", "SearchStopped", "within"]

#: Budget used when a caller gives none, so that no search runs unbounded.
DEFAULT_MAX_NODES = 2_000_000

# Nodes between two polls of the cancel callback: ~1 ms of Python.
_POLL_EVERY = 512


@dataclass(frozen=True)
class Progress:
    """A snapshot of a running search, handed to ``on_progress``."""

    nodes: int
    backtracks: int
    depth: int
    free: int
    seconds: float


class SearchStopped(Exception):
    """Raised inside a search when a budget ran out or the caller cancelled it.

    ``reason`` is the English words, ``why`` the :class:`~knight_py.i18n.Reason` (None
    when raised with a plain string).

    >>> stop = SearchStopped(Reason("budget_ran_out", {"budget": 1000}))
    >>> stop.reason, stop.why.code
    ('the node budget of 1,000 nodes ran out', 'budget_ran_out')
    """

    def __init__(self, reason: str | Reason, cancelled: bool = False) -> None:
        super().__init__(str(reason))
        self.reason = str(reason)
        self.why = reason if isinstance(reason, Reason) else None
        self.cancelled = cancelled


class Monitor:
    """Budgets and observers for one search.

    :param max_nodes: stop after this many nodes (squares entered); None means
        :data:`DEFAULT_MAX_NODES`.
    :param on_progress: called with a :class:`Progress` every ``progress_every`` nodes.
    :param should_stop: polled every few hundred nodes; True cancels the search.
    :param record_events: keep at most this many search events in :attr:`events`:
        a square index ``i`` for "advance to i", ``-1 - i`` for "back off from i".
    """

    def __init__(
        self,
        max_nodes: int | None = None,
        on_progress: Callable[[Progress], object] | None = None,
        progress_every: int = 20_000,
        should_stop: Callable[[], object] | None = None,
        record_events: int = 0,
        free: int = 0,
    ) -> None:
        checks = (("max_nodes", max_nodes, 1), ("progress_every", progress_every, 1),
                  ("record_events", record_events, 0))
        for name, value, lowest in checks:
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < lowest:
                raise TourError(
                    Reason("bad_count", {"what": name, "lowest": lowest, "value": repr(value)})
                )
        self.max_nodes = DEFAULT_MAX_NODES if max_nodes is None else max_nodes
        self.on_progress = on_progress
        self.progress_every = progress_every
        self.should_stop = should_stop
        self.record_events = record_events
        self.events: array[int] = array("i")
        self.free = free
        self.nodes = 0
        self.backtracks = 0
        self.started = time.perf_counter()
        self._next_progress = progress_every

    def first_checkpoint(self) -> int:
        """Node count at which a search should first call :meth:`checkpoint`."""
        return min(self.nodes + _POLL_EVERY, self.max_nodes)

    def checkpoint(self, nodes: int, backtracks: int, depth: int) -> int:
        """Record effort, report progress, enforce budgets; return the next checkpoint.

        :raises SearchStopped: when the node budget is spent or the caller cancelled.
        """
        self.nodes, self.backtracks = nodes, backtracks
        if self.on_progress is not None and nodes >= self._next_progress:
            self._next_progress = (nodes // self.progress_every + 1) * self.progress_every
            self.on_progress(Progress(nodes, backtracks, depth, self.free, self.seconds()))
        if self.should_stop is not None and self.should_stop():
            raise SearchStopped(Reason("cancelled", {"nodes": nodes}), cancelled=True)
        if nodes >= self.max_nodes:
            raise SearchStopped(Reason("budget_ran_out", {"budget": self.max_nodes}))
        return min(nodes + _POLL_EVERY, self.max_nodes)

    def seconds(self) -> float:
        """Seconds since the monitor was made."""
        return time.perf_counter() - self.started

    def event_sink(self) -> Callable[[int], None] | None:
        """A cheap ``append`` for search events, or None when none are wanted."""
        if not self.record_events:
            return None
        events, cap = self.events, self.record_events

        def record(event: int) -> None:
            if len(events) < cap:
                events.append(event)

        return record


#: What :func:`within` returns when its sub-budget ran out: neither a tour nor a proof.
UNDECIDED: array[int] = array("i")


def within(
    monitor: Monitor, budget: int | None, run: Callable[[], array[int] | None]
) -> array[int] | None:
    """``run()`` with at most ``budget`` more nodes (None: the whole budget left).

    Returns what ``run`` returns, or :data:`UNDECIDED` when the sub-budget ran out;
    :class:`SearchStopped` escapes when the whole budget does or the caller cancels.

    >>> monitor = Monitor(max_nodes=100)
    >>> def costly():
    ...     monitor.checkpoint(monitor.nodes + 50, 0, 0)
    ...     return None
    >>> within(monitor, 10, costly) is UNDECIDED, monitor.max_nodes
    (True, 100)
    """
    if budget is None:
        return run()
    overall = monitor.max_nodes
    monitor.max_nodes = min(overall, monitor.nodes + budget)
    try:
        return run()
    except SearchStopped as stop:
        if stop.cancelled or monitor.max_nodes == overall:
            raise
        return UNDECIDED
    finally:
        monitor.max_nodes = overall
