"""The exact sweep (knight_py.search.sweep) against the independent oracle.

On random small boards with holes, both move rules, open and closed: the sweep's
verdict is the oracle's, and every tour it reads off passes the validator and
starts where it was asked to.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knight_py import Board, solve, validate
from knight_py.search import Monitor, SearchStopped
from knight_py.search.sweep import frontier_width, sweep
from tests.oracle import has_tour


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, int, tuple[int, int], bool, list[tuple[int, int]], str]:
    rows = draw(st.integers(2, 5))
    cols = draw(st.integers(2, 6))
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    holes = draw(st.lists(st.sampled_from(squares), max_size=len(squares) // 4, unique=True))
    free = [s for s in squares if s not in holes]
    start = draw(st.sampled_from(free)) if free else (0, 0)
    closed = draw(st.booleans())
    rule = draw(st.sampled_from(["knight", "xiangqi"]))
    return rows, cols, start, closed, holes, rule


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(boards())
def test_the_sweep_agrees_with_the_oracle(case):
    rows, cols, start, closed, holes, rule = case
    if len(holes) == rows * cols:
        return
    expected = has_tour(rows, cols, start, closed, holes, rule == "xiangqi", budget=300_000)
    if expected is None:
        return  # beyond the oracle's budget: nothing to compare with
    board = Board.create(rows, cols, holes, rule)
    first = board.index(start)
    try:
        tour = sweep(board, first, closed, Monitor(max_nodes=400_000))
    except SearchStopped:
        return  # the sweep is costly where tours abound; the solver searches those first
    assert (tour is not None) == expected, case
    if tour is not None:
        validate(rows, cols, tour, closed, holes, rule)
        assert tour[0] == first


@pytest.mark.parametrize(
    ("rows", "cols", "start", "closed", "holes", "rule"),
    [
        # Cases the depth-first search could not settle in 2,000,000 nodes.
        (15, 3, (7, 2), True, [(9, 1)], "xiangqi"),
        (4, 16, (0, 10), True, [(0, 1), (0, 3), (0, 6), (0, 15), (3, 15), (1, 3)], "xiangqi"),
        (13, 4, (9, 3), False, [(11, 2), (7, 1), (5, 3), (7, 0), (4, 3), (8, 0)], "knight"),
    ],
)
def test_the_sweep_settles_narrow_boards_the_depth_first_search_could_not(
    rows, cols, start, closed, holes, rule
):
    board = Board.create(rows, cols, holes, rule)
    monitor = Monitor()
    assert sweep(board, board.index(start), closed, monitor) is None
    assert monitor.nodes < 1_000_000
    result = solve(rows, cols, start, closed, holes, rule=rule)
    assert result.status == "impossible"


def test_a_tour_read_off_a_long_narrow_board_is_valid():
    holes = [(0, 0), (11, 2)]
    board = Board.create(12, 3, holes, "xiangqi")
    first = board.free_squares[0]
    tour = sweep(board, first, False, Monitor())
    assert tour is not None
    validate(12, 3, tour, False, holes, "xiangqi")
    assert tour[0] == first


def test_the_sweep_reports_progress_and_can_be_cancelled():
    seen = []
    monitor = Monitor(on_progress=seen.append, progress_every=1_000, should_stop=lambda: len(seen) > 2)
    with pytest.raises(SearchStopped) as stop:
        sweep(Board.create(5, 6), 0, False, monitor)
    assert stop.value.cancelled
    assert [p.nodes for p in seen] == sorted(p.nodes for p in seen)


def test_the_frontier_spans_the_narrow_side():
    assert frontier_width(Board.create(3, 20)) == frontier_width(Board.create(20, 3))
    assert frontier_width(Board.create(4, 16)) < frontier_width(Board.create(8, 8))


def test_a_tour_is_read_off_even_when_the_checkpoints_were_dropped(monkeypatch):
    import knight_py.search.sweep as sweep_module

    monkeypatch.setattr(sweep_module, "_KEEP_STATES", 0)
    holes = [(0, 0), (11, 2)]
    board = Board.create(12, 3, holes, "xiangqi")
    monitor = Monitor()
    tour = sweep(board, board.free_squares[0], False, monitor)
    assert tour is not None
    validate(12, 3, tour, False, holes, "xiangqi")
