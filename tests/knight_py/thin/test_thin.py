"""Tests for knight_py.thin: exact tours on 3 x n and 4 x n boards."""

from __future__ import annotations

import sys
import time
from array import array
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knight_py.thin import frontier as thin_frontier
from knight_py.thin import thin_tour
from knight_py.validate import validate
from tests.oracle import check_tour, has_tour, open_tour_expected


def check(rows: int, cols: int, start: int, closed: bool, tour: array[int] | None) -> None:
    assert isinstance(tour, array) and tour.typecode == "i"
    assert len(tour) == rows * cols
    assert tour[0] == start
    (validate if cols <= 1000 else check_tour)(rows, cols, tour, closed=closed)


def exists(rows: int, cols: int, start: int, closed: bool) -> bool:
    """The oracle's verdict on a tour from flat index ``start`` (it must not run out)."""
    verdict = has_tour(rows, cols, divmod(start, cols), closed)
    assert verdict is not None, (rows, cols, start, closed)
    return verdict


# Every start of every board the oracle answers quickly (proofs of "none" on 4 x 8 and 3 x 11
# take it a minute or more).
SMALL = [(3, n) for n in range(1, 11)] + [(4, n) for n in range(1, 8)]


@pytest.mark.parametrize(("rows", "cols"), SMALL)
@pytest.mark.parametrize("closed", [False, True])
def test_matches_brute_force(rows: int, cols: int, closed: bool) -> None:
    for start in range(rows * cols):
        tour = thin_tour(rows, cols, start, closed)
        expected = exists(rows, cols, start, closed)
        assert (tour is not None) == expected, (rows, cols, start, closed)
        if tour is not None:
            check(rows, cols, start, closed, tour)


def test_four_by_eight_outer_starts_match_brute_force() -> None:
    for start in [*range(8), *range(24, 32)]:
        assert exists(4, 8, start, False)
        check(4, 8, start, False, thin_tour(4, 8, start, False))


def test_known_small_facts() -> None:
    no_tour = {
        (3, 7): {s for s in range(21) if s % 2 == 1} | {10},  # minority colour and the centre
        (3, 8): {10, 13},  # middle rank, 3rd and 6th columns
        (3, 9): {s for s in range(27) if s % 2 == 1},
        (3, 10): set(),
    }
    for (rows, cols), bad in no_tour.items():
        got = {s for s in range(rows * cols) if thin_tour(rows, cols, s, False) is None}
        assert got == bad, (rows, cols)
    assert [thin_tour(3, n, 0, True) is not None for n in range(1, 13)] == [False] * 9 + [
        True,
        False,
        True,
    ]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([3, 4]), st.integers(10, 1000), st.data())
def test_long_boards_open(rows: int, cols: int, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, rows * cols - 1))
    tour = thin_tour(rows, cols, start, False)
    assert (tour is not None) == open_tour_expected(rows, cols, *divmod(start, cols))
    if tour is not None:
        check(rows, cols, start, False, tour)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([3, 4]), st.integers(1, 1000), st.data())
def test_long_boards_closed(rows: int, cols: int, data: st.DataObject) -> None:
    start = data.draw(st.integers(0, rows * cols - 1))
    tour = thin_tour(rows, cols, start, True)
    assert (tour is not None) == (rows == 3 and cols % 2 == 0 and cols >= 10)
    if tour is not None:
        check(rows, cols, start, True, tour)


@pytest.mark.parametrize("cols", [10, 11, 12, 13, 14, 15, 16, 17, 31, 32, 60, 61])
def test_every_start_of_medium_boards(cols: int) -> None:
    for rows in (3, 4):
        for start in range(rows * cols):
            tour = thin_tour(rows, cols, start, False)
            assert (tour is not None) == open_tour_expected(rows, cols, *divmod(start, cols))
            if tour is not None:
                check(rows, cols, start, False, tour)


def test_deterministic_whatever_was_cached() -> None:
    cases = [(3, 57, 80, False), (3, 40, 41, True), (4, 33, 100, False), (4, 9, 0, False)]
    first = [thin_tour(*case) for case in cases]
    thin_frontier.clear_caches()
    again = [thin_tour(*case) for case in reversed(cases)][::-1]
    assert first == again


def test_shallow_stack_on_long_boards() -> None:
    """Pyodide's stack is small: nothing may recurse deeper as the board grows."""
    thin_frontier.clear_caches()
    depth = 0
    frame = sys._getframe()
    while frame.f_back is not None:
        depth += 1
        frame = frame.f_back
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + 40)
    try:
        for rows, start in ((3, 3001), (4, 1)):
            check(rows, 2000, start, False, thin_tour(rows, 2000, start, False))
        check(3, 2000, 0, True, thin_tour(3, 2000, 0, True))
    finally:
        sys.setrecursionlimit(old)


def test_linear_time() -> None:
    """Long boards answer at table-lookup speed once the small tables exist."""
    for rows, start, closed in [(3, 1500, False), (3, 0, True), (4, 500, False)]:
        thin_tour(rows, 1000, start, closed)
        began = time.perf_counter()
        tour = thin_tour(rows, 1000, start, closed)
        assert time.perf_counter() - began < 1.0
        check(rows, 1000, start, closed, tour)


@pytest.mark.parametrize(
    ("rows", "cols", "start"),
    [(2, 10, 0), (5, 10, 0), (3, 0, 0), (0, 3, 0), (3, 5, -1), (4, 5, 20), (10, 2, 0)],
)
def test_bad_arguments(rows: int, cols: int, start: int) -> None:
    with pytest.raises(ValueError):
        thin_tour(rows, cols, start, False)


@pytest.mark.parametrize("long_side", [1, 2, 5, 6, 7, 8, 9, 10])
def test_boards_with_three_or_four_columns_are_turned(long_side: int) -> None:
    for cols in (3, 4):
        rows = long_side
        for closed in (False, True):
            for start in range(rows * cols):
                r, c = divmod(start, cols)
                tour = thin_tour(rows, cols, start, closed)
                # The turned board was checked against the oracle above.
                assert (tour is not None) == (thin_tour(cols, rows, c * rows + r, closed) is not None)
                if rows <= 6:
                    assert (tour is not None) == exists(rows, cols, start, closed)
                if tour is not None:
                    check(rows, cols, start, closed, tour)


def test_turned_long_board() -> None:
    for rows, cols, start in [(1000, 3, 1501), (1000, 4, 0), (999, 3, 0)]:
        check(rows, cols, start, False, thin_tour(rows, cols, start, False))
    check(1000, 3, 77, True, thin_tour(1000, 3, 77, True))
    assert thin_tour(1000, 4, 1, False) is None  # an inner rank, seen sideways


@pytest.mark.parametrize("cols", [3, 5, 6, 9, 12, 101])
def test_four_row_tours_have_one_inner_move(cols: int) -> None:
    """The shape the 4 x n reduction proves: outer ends, exactly one inner-inner move."""
    for start in [*range(cols), *range(3 * cols, 4 * cols)]:
        tour = thin_tour(4, cols, start, False)
        assert tour is not None
        ranks = [square // cols for square in tour]
        assert ranks[0] in (0, 3) and ranks[-1] in (0, 3)
        inner = sum(1 for a, b in pairwise(ranks) if a in (1, 2) and b in (1, 2))
        assert inner == 1
