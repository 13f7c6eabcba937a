"""obstacles: every "no tour" argument is sound (the independent oracle agrees), both rules."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from knight_py.board import Board
from knight_py.obstacles import cut_square_why, forced_moves_why, own_entry_why
from tests.oracle import has_tour


@st.composite
def small_boards(draw: st.DrawFn) -> tuple[int, int, list[tuple[int, int]], tuple[int, int], bool, str]:
    rows, cols = draw(st.integers(3, 5)), draw(st.integers(3, 5))
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    holes = draw(st.lists(st.sampled_from(squares), max_size=rows * cols // 3, unique=True))
    free = [s for s in squares if s not in holes]
    start = draw(st.sampled_from(free)) if free else (0, 0)
    return rows, cols, holes, start, draw(st.booleans()), draw(st.sampled_from(["knight", "xiangqi"]))


@given(small_boards())
def test_each_argument_is_sound(case):
    rows, cols, holes, start, closed, rule = case
    if (rows * cols - len(holes)) < 3:
        return
    board = Board.create(rows, cols, holes, rule)
    s = board.index(start)
    for argument in (cut_square_why, forced_moves_why, own_entry_why):
        why = argument(board, s, closed)
        if why is not None:
            reason = str(why)
            assert reason.startswith("No ") and reason.endswith(".")
            assert has_tour(rows, cols, start, closed, holes, rule == "xiangqi") is not True, reason


def test_a_cut_square_the_tour_would_pass_twice():
    board = Board.create(3, 4, blocked=[(1, 0), (0, 2), (1, 2)])
    assert "splits the other free squares into 3 parts" in str(cut_square_why(board, 3, False))


def test_forced_moves_at_one_square_and_in_a_short_loop():
    board = Board.create(5, 6, blocked=[(1, 1), (3, 2), (4, 1), (1, 2), (1, 4)])
    reason = str(forced_moves_why(board, 0, True))
    assert "e1, e5, f2 each have only two moves" in reason
    # The four corners of a 5 x 5 board have two moves each; with one hole their forced
    # moves close a loop of 8 squares.
    reason = str(forced_moves_why(Board.create(5, 5, blocked=[(3, 4)]), 0, True))
    assert "(8 squares)" in reason
    # The empty 3 x 3 ring (centre blocked) is itself a closed tour: no obstacle.
    assert forced_moves_why(Board.create(3, 3, blocked=[(1, 1)]), 0, True) is None


def test_squares_that_need_their_own_way_in():
    board = Board.create(4, 3, blocked=[(2, 1), (1, 0)])
    reason = str(own_entry_why(board, 8, False))
    assert "can only be entered from 1 square, c3" in reason


@given(small_boards())
def test_the_last_square_argument_is_sound(case):
    from knight_py.theorems import _open_end_why

    rows, cols, holes, start, _, rule = case
    if (rows * cols - len(holes)) < 2:
        return
    board = Board.create(rows, cols, holes, rule)
    why = _open_end_why(board, board.index(start))
    if why is not None:
        reason = str(why)
        assert reason.startswith("No ") and reason.endswith(".")
        assert has_tour(rows, cols, start, False, holes, rule == "xiangqi") is not True, reason


def test_a_square_that_must_be_last_has_the_wrong_colour():
    from knight_py import solve

    # a10 has one move (a hole blocks the other), so it must end the tour, but 55 squares
    # from a1 end on a1's colour.  Without this argument the depth-first search gives up here.
    result = solve(10, 6, (9, 0), False, [(8, 0), (5, 5), (1, 2), (1, 1), (1, 4)])
    assert result.status == "impossible"
    assert "a10 has a single move" in result.reason and "same colour as a1" in result.reason
    # Under the xiangqi rule a move in and out through one square counts as a single move.
    result = solve(10, 6, (4, 4), False, [(0, 3), (7, 4), (7, 1)], rule="xiangqi")
    assert result.status == "impossible" and "a1 has a single move" in result.reason
