"""The boards a check draws (knight_py.learn.cases) and the count of the reference
searches that picks them (knight_py.learn.search_cost): deterministic per seed, distinct,
within the family, ``exists`` the library's own answer, and the count the trace's."""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knight_py import solve
from knight_py.learn.cases import FAMILIES, MAX_SEED, Family, draw_cases
from knight_py.learn.exercise_facts import facts_of
from knight_py.learn.exercises import EXERCISE_BY_ID, case_source
from knight_py.learn.run_trace import join_chunks
from knight_py.learn.search_cost import squares_numbered
from knight_py.learn.tracer import run

IDS = sorted(FAMILIES)


@pytest.mark.parametrize("exercise_id", IDS)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, MAX_SEED))
def test_drawn_boards_belong_to_the_family_and_tell_the_truth(exercise_id: str, seed: int) -> None:
    family = FAMILIES[exercise_id]
    cases = draw_cases(exercise_id, seed)
    assert cases == draw_cases(exercise_id, seed) and len(cases) == family.boards
    assert len({(c.rows, c.cols, c.start, c.holes) for c in cases}) == len(cases)
    assert cases[0].exists
    for case in cases:
        assert (case.rows, case.cols) in family.sizes
        assert family.holes[0] <= len(case.holes) <= family.holes[1]
        assert case.start not in case.holes and case.budget == family.budget
        assert (case.rule, case.closed) == (family.rule, family.closed)
        truth = solve(case.rows, case.cols, case.start, closed=case.closed, blocked=case.holes,
                      rule=case.rule, max_nodes=300_000)
        if truth.status != "gave_up":  # the library's budget, not a disagreement
            assert truth.status == ("found" if case.exists else "impossible"), case
        if family.tours_only:
            assert case.exists


def test_hole_counts_differ_within_a_check() -> None:
    for seed in range(20):
        counts = [len(c.holes) for c in draw_cases("stop60", seed)]
        assert sorted(counts) == [1, 2, 3]


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_count_is_the_squares_the_reference_numbers_in_its_trace(exercise_id: str) -> None:
    family = FAMILIES[exercise_id]
    ex = EXERCISE_BY_ID[exercise_id]
    for seed in range(3):
        for case in draw_cases(exercise_id, seed):
            counted = squares_numbered(case.rows, case.cols, case.start, case.holes,
                                       order=family.order, rule=case.rule, closed=case.closed,
                                       limit=family.max_squares)
            assert counted is not None
            result = run(case_source(ex.solution, case), case.rows, case.cols, case.start,
                         max_steps=case.budget)
            facts = facts_of(join_chunks(result.chunks, case.rows, case.cols))
            # The stack exercise numbers its start inside the search; the others before.
            assert facts.placed in (counted[0], counted[0] - 1), case
            assert result.steps <= family.per_square * counted[0] + 1000


def test_seeds_out_of_range_and_unknown_exercises_are_refused() -> None:
    for bad in (-1, MAX_SEED + 1):
        with pytest.raises(ValueError):
            draw_cases("undo", bad)
    with pytest.raises(ValueError):
        draw_cases("nothing", 0)


def _family_size(family: Family) -> int:
    """How many boards the family holds: per size, the starts times the ways to place
    the holes among the other squares."""
    total = 0
    for rows, cols in family.sizes:
        squares = rows * cols
        total += squares * sum(comb(squares - 1, k)
                               for k in range(family.holes[0], family.holes[1] + 1))
    return total


def test_family_size_counts_starts_and_hole_placements() -> None:
    assert _family_size(Family(((3, 4),), 3, "plain", 100, 35)) == 12
    assert _family_size(Family(((3, 3),), 3, "plain", 100, 35, holes=(0, 1))) == 9 * (1 + 8)


def test_families_are_too_large_for_a_table() -> None:
    """Candidate boards per family (docs/exercises.md gives the kept share)."""
    for exercise_id, family in FAMILIES.items():
        assert _family_size(family) > 100_000, exercise_id


def test_an_unknown_search_order_is_refused() -> None:
    with pytest.raises(ValueError, match="fewest_xy"):
        squares_numbered(5, 5, (0, 0), order="fewest-xy")


def test_the_budget_an_exercise_states_is_the_one_its_checks_run_with() -> None:
    from tools.learn_exercises import exercises_json

    for exercise in exercises_json():
        stated = exercise["cases"][0]["budget"]  # the statement's {budget} (words.js statementOf)
        drawn = {case.budget for seed in range(6) for case in draw_cases(exercise["id"], seed)}
        assert drawn == {stated}, exercise["id"]
