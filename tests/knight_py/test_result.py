"""SolveResult: what from_search copies, the path view, and the invariants of solve's answers
(a found tour is valid and whole, a no-tour answer carries its reason in both forms)."""

from __future__ import annotations

import dataclasses
import time
from array import array

import pytest
from hypothesis import given
from hypothesis import strategies as st

from knight_py import solve, validate
from knight_py.board import Board
from knight_py.i18n import Reason, explain
from knight_py.result import STATUSES, SolveResult
from knight_py.search import Monitor


@given(st.integers(1, 9), st.integers(1, 9), st.data())
def test_from_search_copies_the_board_the_effort_and_the_outcome(rows, cols, data) -> None:
    board = Board.create(rows, cols)
    indices = data.draw(st.lists(st.integers(0, board.size - 1), max_size=board.size))
    tour = array("i", indices)
    monitor = Monitor(record_events=5)
    monitor.nodes, monitor.backtracks = data.draw(st.integers(0, 10**6)), data.draw(
        st.integers(0, 10**6))
    why = data.draw(st.sampled_from([None, Reason("closed_too_small")]))
    status = data.draw(st.sampled_from(STATUSES))
    closed = data.draw(st.booleans())
    before = time.perf_counter()
    result = SolveResult.from_search(board, closed, monitor, (status, tour, why, "m"), before)
    assert (result.status, result.rows, result.cols, result.closed) == (status, rows, cols, closed)
    assert (result.nodes, result.backtracks, result.method) == (
        monitor.nodes, monitor.backtracks, "m")
    assert result.indices == tour and result.events is monitor.events
    assert result.why == why and result.reason == ("" if why is None else str(why))
    assert 0 <= result.seconds <= time.perf_counter() - before
    assert result.path == [(i // cols, i % cols) for i in indices]
    assert all(board.index(square) == i for square, i in zip(result.path, indices, strict=True))
    assert result.found == (status == "found")


def test_no_tour_gives_an_empty_buffer() -> None:
    result = SolveResult.from_search(Board.create(2, 2), False, Monitor(),
                                     ("impossible", None, Reason("closed_too_small"), "theorem"),
                                     time.perf_counter())
    assert result.indices == array("i") and result.path == []
    assert result.indices.typecode == "i"


def test_results_are_frozen_and_their_repr_leaves_out_the_buffers() -> None:
    result = solve(5, 5, "a1")
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.status = "gave_up"  # type: ignore[misc]
    text = repr(result)
    assert text.startswith("SolveResult(status='found', rows=5, cols=5, closed=False")
    assert "indices" not in text and "events" not in text


def test_default_events_are_not_shared() -> None:
    one = SolveResult("gave_up", 1, 1, False, array("i"))
    two = SolveResult("gave_up", 1, 1, False, array("i"))
    one.events.append(1)
    assert two.events == array("i")


@pytest.mark.parametrize(("rows", "cols", "start", "closed", "blocked", "rule"), [
    (5, 5, "a1", False, (), "knight"),
    (6, 6, "c4", True, (), "knight"),
    (3, 4, "a1", False, (), "knight"),
    (6, 7, "a1", False, ["c3", "d5"], "xiangqi"),
    (1, 1, "a1", False, (), "knight"),
])
def test_a_found_tour_is_valid_whole_and_reason_free(rows, cols, start, closed, blocked, rule):
    result = solve(rows, cols, start, closed=closed, blocked=blocked, rule=rule)
    assert result.status == "found" and result.found
    board = Board.create(rows, cols, blocked, rule)
    assert len(result.indices) == board.free_count
    assert result.path[0] == board.square(board.start_index(start))
    validate(rows, cols, result.path, closed, blocked, rule)
    assert result.why is None and result.reason == ""


@pytest.mark.parametrize(("rows", "cols", "start", "closed"), [
    (5, 5, "b1", False), (5, 5, "a1", True), (4, 4, "a1", False), (3, 6, "a1", True),
])
def test_no_tour_carries_its_reason_in_both_forms(rows, cols, start, closed) -> None:
    result = solve(rows, cols, start, closed=closed)
    assert result.status == "impossible" and not result.found
    assert result.why is not None and result.reason == str(result.why)
    assert result.reason == explain(result.why, "en") != ""
    assert Reason.from_dict(result.why.to_dict()) == result.why
    assert result.path == [] and len(result.indices) == 0


def test_a_spent_budget_gives_up_with_the_effort_counted() -> None:
    result = solve(8, 8, "a1", closed=True, method="backtrack", max_nodes=2_000)
    assert result.status == "gave_up" and not result.found
    assert result.why == Reason("solve_gave_up", {"stop": Reason("budget_ran_out",
                                                                 {"budget": 2_000})})
    assert result.reason == str(result.why)
    assert 0 < result.nodes <= 2_000 and result.path == []
