"""Monitor: argument checks, checkpoints, progress, cancel, the node budget, events, within()."""

from __future__ import annotations

from array import array

import pytest
from hypothesis import given
from hypothesis import strategies as st

from knight_py.i18n import Reason, TourError
from knight_py.search.monitor import (
    DEFAULT_MAX_NODES,
    UNDECIDED,
    Monitor,
    Progress,
    SearchStopped,
    within,
)


@pytest.mark.parametrize(("name", "bad"), [
    ("max_nodes", 0), ("max_nodes", -5), ("max_nodes", True), ("max_nodes", 1.5),
    ("progress_every", 0), ("progress_every", "10"), ("record_events", -1),
    ("record_events", False),
])
def test_bad_counts_are_refused_by_name(name: str, bad: object) -> None:
    with pytest.raises(TourError, match=name) as error:
        Monitor(**{name: bad})  # type: ignore[arg-type]
    assert error.value.why is not None and error.value.why.code == "bad_count"


def test_defaults() -> None:
    monitor = Monitor()
    assert monitor.max_nodes == DEFAULT_MAX_NODES
    assert (monitor.nodes, monitor.backtracks, len(monitor.events)) == (0, 0, 0)
    assert monitor.event_sink() is None
    assert Monitor(record_events=0, max_nodes=1).first_checkpoint() == 1


def _drive(monitor: Monitor, step: int, limit: int) -> list[int]:
    """Call checkpoints as a search would, each at the node count the last one asked for
    (or ``step`` nodes later when that comes first); return the counts polled at."""
    polled = []
    nodes = 0
    next_check = monitor.first_checkpoint()
    while nodes < limit:
        nodes = min(nodes + step, next_check)
        if nodes >= next_check:
            polled.append(nodes)
            next_check = monitor.checkpoint(nodes, nodes // 3, 7)
    return polled


@given(st.integers(1, 5_000), st.integers(1, 3_000))
def test_the_budget_stops_at_exactly_max_nodes(budget: int, step: int) -> None:
    monitor = Monitor(max_nodes=budget)
    with pytest.raises(SearchStopped) as stopped:
        _drive(monitor, step, 10 * budget + 10_000)
    assert monitor.nodes == budget
    assert not stopped.value.cancelled
    assert stopped.value.why == Reason("budget_ran_out", {"budget": budget})
    assert stopped.value.reason == str(stopped.value.why) == str(stopped.value)


@given(st.integers(1, 5_000), st.integers(1, 100_000))
def test_checkpoints_come_often_and_never_pass_the_budget(every: int, budget: int) -> None:
    monitor = Monitor(max_nodes=budget, progress_every=every)
    polled = []
    nodes = 0
    next_check = monitor.first_checkpoint()
    assert 0 < next_check <= min(512, budget)
    with pytest.raises(SearchStopped):
        while True:
            nodes = next_check
            polled.append(nodes)
            following = monitor.checkpoint(nodes, 0, 0)
            assert nodes < following <= min(nodes + 512, budget)
            next_check = following
    assert polled[-1] == budget


@given(st.integers(1, 3_000), st.integers(1, 40_000))
def test_progress_is_reported_once_per_period(every: int, total: int) -> None:
    seen: list[Progress] = []
    monitor = Monitor(max_nodes=total, on_progress=seen.append, progress_every=every)
    with pytest.raises(SearchStopped):
        _drive(monitor, 97, total + 1)
    # One report for each multiple of the period reached, at the first checkpoint past it.
    periods = [p.nodes // every for p in seen]
    assert periods == sorted(set(periods))
    assert len(seen) <= total // every
    assert all(p.depth == 7 and p.backtracks == p.nodes // 3 for p in seen)
    assert [p.seconds for p in seen] == sorted(p.seconds for p in seen)
    if total >= every + 512:
        assert seen and seen[0].nodes >= every


def test_cancel_is_polled_and_stops() -> None:
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) == 4

    monitor = Monitor(should_stop=stop)
    with pytest.raises(SearchStopped) as stopped:
        _drive(monitor, 100, 10**6)
    assert stopped.value.cancelled and len(calls) == 4
    assert stopped.value.why is not None and stopped.value.why.code == "cancelled"
    assert monitor.nodes == 4 * 512  # the fourth poll


def test_cancel_takes_precedence_over_the_budget_at_the_same_checkpoint() -> None:
    monitor = Monitor(max_nodes=512, should_stop=lambda: True)
    with pytest.raises(SearchStopped) as stopped:
        monitor.checkpoint(512, 0, 0)
    assert stopped.value.cancelled


def test_a_plain_string_reason_has_no_why() -> None:
    stop = SearchStopped("stopped by hand")
    assert stop.reason == "stopped by hand" and stop.why is None and not stop.cancelled


@given(st.integers(1, 50), st.lists(st.integers(-100, 100), max_size=120))
def test_events_keep_the_first_ones_up_to_the_cap(cap: int, events: list[int]) -> None:
    monitor = Monitor(record_events=cap)
    record = monitor.event_sink()
    assert record is not None
    for event in events:
        record(event)
    assert monitor.events == array("i", events[:cap])


def test_within_gives_a_sub_budget_and_restores_the_whole() -> None:
    monitor = Monitor(max_nodes=10_000)
    monitor.nodes = 1_000

    def spend() -> array[int] | None:
        _drive(monitor, 50, 10**6)
        return None

    assert within(monitor, 300, spend) is UNDECIDED
    assert monitor.nodes == 1_300 and monitor.max_nodes == 10_000
    # A sub-budget past the whole one: the whole budget's stop escapes.
    monitor.nodes = 9_900
    with pytest.raises(SearchStopped):
        within(monitor, 1_000, spend)
    assert monitor.nodes == 10_000 and monitor.max_nodes == 10_000


def test_within_passes_answers_and_cancels_through() -> None:
    monitor = Monitor(max_nodes=10_000)
    answer = array("i", [1, 2, 3])
    assert within(monitor, 100, lambda: answer) is answer
    assert within(monitor, None, lambda: None) is None
    cancelled = Monitor(max_nodes=10_000, should_stop=lambda: True)
    with pytest.raises(SearchStopped) as stopped:
        within(cancelled, 100, lambda: array("i", [cancelled.checkpoint(1, 0, 0)]))
    assert stopped.value.cancelled and cancelled.max_nodes == 10_000


def test_seconds_grow() -> None:
    monitor = Monitor()
    first = monitor.seconds()
    assert 0 <= first <= monitor.seconds()
