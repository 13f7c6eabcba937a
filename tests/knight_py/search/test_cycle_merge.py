"""cycle_merge and the planted-board generator: tours found where they are known to exist."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from knight_py import solve, validate
from knight_py.board import Board
from knight_py.search.cycle_merge import merge_tour
from knight_py.theorems import closed_tour_exists
from tests.cases import Case, balanced_board, planted_board


@st.composite
def planted(draw: st.DrawFn) -> Case:
    """A planted board up to 16 x 16 (closed only where the empty board has a closed tour)."""
    rows, cols = draw(st.integers(5, 16)), draw(st.integers(5, 16))
    closed = draw(st.booleans()) and closed_tour_exists(rows, cols)
    holes = draw(st.integers(0, rows * cols // 3))
    rule = draw(st.sampled_from(["knight", "xiangqi"]))
    return planted_board(rows, cols, holes, closed, rule, seed=draw(st.integers(0, 10_000)))


@given(planted())
def test_planted_boards_have_the_tour_they_were_cut_from(case):
    assert len(case.blocked) % 2 == 0
    assert len(case.tour) == case.rows * case.cols - len(case.blocked)
    assert divmod(case.tour[0], case.cols) == case.start
    validate(case.rows, case.cols, case.tour, case.closed, case.blocked, case.rule)


@pytest.mark.parametrize("seed", range(12))
def test_auto_finds_a_tour_on_every_planted_board(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(10, 40), rng.randint(10, 40)
    closed = seed % 2 == 0 and closed_tour_exists(rows, cols)
    case = planted_board(rows, cols, rng.randint(0, rows * cols // 3), closed, seed=seed)
    result = solve(rows, cols, case.start, closed, case.blocked)
    assert result.status == "found", (case, result.reason)
    assert result.path[0] == case.start
    validate(rows, cols, result.indices, closed, case.blocked)


@given(planted(), st.integers(0, 3))
def test_merge_tour_is_a_tour_or_none_and_deterministic(case, seed):
    board = Board.create(case.rows, case.cols, case.blocked, case.rule)
    start = board.index(case.start)
    tour = merge_tour(board, start, case.closed, seed)
    assert tour == merge_tour(board, start, case.closed, seed)
    if tour is not None:
        assert tour[0] == start
        validate(case.rows, case.cols, tour, case.closed, case.blocked, case.rule)


def test_large_planted_boards_with_a_third_of_the_squares_blocked():
    for closed in (False, True):
        case = planted_board(70, 70, 1630, closed=closed, seed=11)
        result = solve(70, 70, case.start, closed, case.blocked)
        assert result.status == "found"
        assert result.method == "cycles"
        validate(70, 70, result.indices, closed, case.blocked)


def test_a_closed_tour_needs_as_many_squares_of_each_colour():
    board = Board.create(8, 8, blocked=[(0, 0)])
    assert merge_tour(board, 1, closed=True) is None


@given(st.integers(6, 30), st.integers(6, 30), st.integers(0, 80), st.integers(0, 1000))
def test_balanced_boards_keep_colours_even_and_two_ways_per_square(rows, cols, holes, seed):
    case = balanced_board(rows, cols, holes, seed=seed)
    board = Board.create(rows, cols, case.blocked)
    counts = [0, 0]
    for square in board.free_squares:
        counts[board.colour(square)] += 1
        assert len(board.neighbours[square]) >= 2
    assert abs(counts[0] - counts[1]) <= 1
    assert board.index(case.start) in board.free_squares
