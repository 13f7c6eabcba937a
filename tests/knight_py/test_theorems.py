"""theorems: the published existence conditions and every "no tour" argument against the
independent exhaustive search of tests/oracle.py.

- Schwenk's theorem (closed tours) and the open-tour conditions agree with the search on
  every board up to 6 x 6 and on the 3- and 4-wide boards where the exceptions lie;
- :func:`no_tour_why` is sound (a reason means the search finds no tour), on boards
  with and without holes, under both move rules;
- on boards without holes it is also complete, except on the short 3-wide boards, where
  the published conditions speak of the board and not of each start.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from knight_py.board import Board
from knight_py.theorems import closed_tour_exists, no_tour_why, open_tour_exists
from tests.oracle import has_tour

SMALL = [(r, c) for r in range(1, 7) for c in range(1, 7)]
# The boards the conditions' exceptions are about: 3 x 4, 3 x 6, 3 x 8, short 3 x n, 4 x n.
EDGES = [(3, 7), (3, 8), (3, 9), (3, 10), (4, 7), (7, 4), (3, 12)]


@pytest.mark.parametrize(("rows", "cols"), SMALL + EDGES)
def test_schwenks_theorem_agrees_with_the_search(rows: int, cols: int) -> None:
    assert closed_tour_exists(rows, cols) == closed_tour_exists(cols, rows)
    assert closed_tour_exists(rows, cols) == has_tour(rows, cols, (0, 0), closed=True)


@pytest.mark.parametrize(("rows", "cols"), SMALL + EDGES[:-1])
def test_the_open_tour_conditions_agree_with_the_search(rows: int, cols: int) -> None:
    starts = [(r, c) for r in range(rows) for c in range(cols)]
    assert open_tour_exists(rows, cols) == any(has_tour(rows, cols, s) for s in starts)


@pytest.mark.parametrize(("rows", "cols"), SMALL + EDGES[:-1])
def test_no_tour_why_on_empty_boards_agrees_with_the_search(rows: int, cols: int) -> None:
    board = Board.create(rows, cols)
    # Short 3-wide boards have starts without a tour that no argument here names.
    complete = min(rows, cols) != 3 or max(rows, cols) >= 10
    for closed in (False, True):
        for start in range(board.size):
            why = no_tour_why(board, start, closed)
            truth = has_tour(rows, cols, board.square(start), closed)
            if why is not None:
                assert truth is False, (board.name(start), closed, why.code)
            elif complete:
                assert truth is True, (board.name(start), closed)


@st.composite
def holed_boards(draw: st.DrawFn) -> tuple[Board, int, bool]:
    rows, cols = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    holes = draw(st.lists(st.sampled_from(squares), min_size=1, max_size=len(squares) // 3,
                          unique=True))
    free = [s for s in squares if s not in holes]
    board = Board.create(rows, cols, holes, draw(st.sampled_from(["knight", "xiangqi"])))
    return board, board.index(draw(st.sampled_from(free))), draw(st.booleans())


@given(holed_boards())
def test_every_reason_on_a_board_with_holes_is_sound(case: tuple[Board, int, bool]) -> None:
    board, start, closed = case
    why = no_tour_why(board, start, closed)
    if why is None:
        return
    holes = [board.square(h) for h in board.blocked]
    truth = has_tour(board.rows, board.cols, board.square(start), closed, holes,
                     board.rule == "xiangqi", budget=200_000)
    assert truth is not True, (board.rows, board.cols, sorted(board.blocked),
                               board.name(start), closed, why.code)


def test_reasons_come_on_the_boards_with_holes_often_enough_to_check() -> None:
    """The property above checks something: many such boards get a reason, of several kinds."""
    codes = set()
    for size in (4, 5):
        for hole in range(size * size):
            board = Board.create(size, size, [divmod(hole, size)])
            for start in board.free_squares:
                why = no_tour_why(board, start, closed=False)
                if why is not None:
                    codes.add(why.code)
    assert len(codes) >= 3, codes


def test_published_facts_on_5x5_and_8x8() -> None:
    five = Board.create(5, 5)
    assert no_tour_why(five, five.start_index("a1"), closed=False) is None
    why = no_tour_why(five, five.start_index("b1"), closed=False)
    assert why is not None and why.code == "colour_start"
    closed = no_tour_why(five, 0, closed=True)
    assert closed is not None and closed.code == "schwenk_odd"
    eight = Board.create(8, 8)
    assert all(no_tour_why(eight, s, closed) is None for s in range(64) for closed in (0, 1))


def test_one_square_is_an_open_tour_but_not_a_closed_one() -> None:
    board = Board.create(1, 1)
    assert no_tour_why(board, 0, closed=False) is None
    why = no_tour_why(board, 0, closed=True)
    assert why is not None and why.code == "closed_too_small"
    two = Board.create(3, 3, blocked=[(r, c) for r in range(3) for c in range(3)][2:])
    assert no_tour_why(two, 0, closed=True) is not None
