"""The leapers' proofs and searches against the tests' exhaustive oracle.

Every (a, b) with 0 <= a <= 4, 1 <= b <= 5, a <= b; boards up to 5 x 5 with holes;
any start; open and closed.  A found tour must pass the validator (and the oracle's
own checker); "impossible" must agree with the oracle; a board of 20 free squares or
fewer must never be given up on within the default budget.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knight_py import solve, validate
from knight_py.board import Board
from knight_py.i18n import explain
from knight_py.leaper_theorems import leaper_no_tour_why
from tests.leaper_oracle import is_leaper_tour, leaper_has_tour

PAIRS = [(a, b) for b in range(1, 6) for a in range(0, min(b, 4) + 1)]

Case = tuple[int, int, int, int, tuple[int, int], bool, list[tuple[int, int]]]


@st.composite
def cases(draw: st.DrawFn) -> Case:
    a, b = draw(st.sampled_from(PAIRS))
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    holes = draw(st.lists(st.sampled_from(squares), max_size=len(squares) // 4, unique=True))
    free = [s for s in squares if s not in holes]
    return a, b, rows, cols, draw(st.sampled_from(free)), draw(st.booleans()), holes


def _check(case: Case) -> str:
    a, b, rows, cols, start, closed, holes = case
    result = solve(rows, cols, start, closed, holes, rule=(a, b))
    free = rows * cols - len(holes)
    if result.found:
        validate(rows, cols, result.path, closed, holes, rule=(a, b))
        assert is_leaper_tour(rows, cols, a, b, result.path, closed, holes), case
        return "found"
    assert free > 20 or result.status == "impossible", (case, result.reason)
    truth = leaper_has_tour(rows, cols, a, b, start, closed, holes)
    assert truth is not None, case
    assert not truth, (case, result.reason)
    return result.why.code if result.why else ""


@settings(max_examples=300, deadline=None)
@given(cases())
def test_every_answer_is_a_validated_tour_or_a_proof_the_oracle_confirms(case):
    _check(case)


@pytest.mark.parametrize(
    ("case", "code"),
    [
        ((1, 3, 4, 4, (0, 0), False, []), "leaper_colour"),
        ((0, 2, 3, 3, (0, 0), False, []), "leaper_lattice"),
        ((2, 4, 5, 5, (0, 0), True, []), "leaper_lattice"),
        ((2, 3, 5, 5, (0, 0), False, []), "leaper_isolated"),
        ((0, 1, 1, 3, (0, 0), False, [(0, 1)]), "leaper_isolated"),
        ((0, 1, 1, 5, (0, 0), False, [(0, 2)]), "unreachable"),
        ((0, 1, 3, 3, (0, 1), False, []), "leaper_colour_start"),
        ((0, 1, 3, 3, (0, 0), True, []), "leaper_colour_closed"),
        ((0, 1, 3, 4, (0, 2), False, [(0, 0), (2, 0)]), "leaper_colour_counts"),
        ((0, 1, 1, 3, (0, 0), True, []), "leaper_closed_single"),
        ((0, 1, 1, 3, (0, 1), False, []), "open_ends_two"),
        ((0, 1, 2, 3, (0, 2), False, [(0, 0)]), "leaper_end_colour"),
        ((0, 1, 2, 4, (1, 1), False, [(0, 1)]), "cut_square_start"),
        ((2, 3, 4, 6, (0, 0), False, []), "leaper_small_board"),
        ((1, 4, 4, 8, (0, 0), True, []), "leaper_small_board"),
        ((0, 1, 3, 3, (0, 0), False, [(1, 1)]), None),
    ],
)
def test_each_proof_holds_for_its_example(case, code):
    """The named reason is the one given, in both languages, and the oracle agrees."""
    a, b, rows, cols, start, closed, holes = case
    why = leaper_no_tour_why(Board.create(rows, cols, holes, (a, b)), start[0] * cols + start[1],
                             closed)
    assert (why.code if why else None) == code
    if why is not None:
        assert explain(why, "zh") != str(why)
        assert leaper_has_tour(rows, cols, a, b, start, closed, holes) is False


def test_a_large_board_finds_a_validated_tour():
    result = solve(20, 20, "a1", rule="zebra")
    assert result.found
    validate(20, 20, result.path, rule="zebra")
