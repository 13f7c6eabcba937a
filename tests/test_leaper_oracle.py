"""The leapers' oracle checks itself: as a knight it agrees with the knight's oracle."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.leaper_oracle import leaper_has_tour
from tests.oracle import has_tour


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, int, tuple[int, int], bool, list[tuple[int, int]]]:
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 5))
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    holes = draw(st.lists(st.sampled_from(squares), max_size=len(squares) // 4, unique=True))
    free = [s for s in squares if s not in holes]
    return rows, cols, draw(st.sampled_from(free)), draw(st.booleans()), holes


@settings(max_examples=60, deadline=None)
@given(boards())
def test_as_a_knight_the_leaper_oracle_agrees_with_the_knights(case):
    rows, cols, start, closed, holes = case
    mine = leaper_has_tour(rows, cols, 1, 2, start, closed, holes)
    theirs = has_tour(rows, cols, start, closed, holes, False, budget=200_000)
    if mine is not None and theirs is not None:
        assert mine == theirs, case
    # the knight as (2, 1) is the same piece
    assert leaper_has_tour(rows, cols, 2, 1, start, closed, holes) == mine
