"""The oracle checks itself: its two exact methods agree on random small boards."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.oracle import frontier_has_tour, has_tour


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, int, tuple[int, int], bool, list[tuple[int, int]], bool]:
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    holes = draw(st.lists(st.sampled_from(squares), max_size=len(squares) // 4, unique=True))
    free = [s for s in squares if s not in holes]
    start = draw(st.sampled_from(free)) if free else (0, 0)
    return rows, cols, start, draw(st.booleans()), holes, draw(st.booleans())


@settings(max_examples=150, deadline=None)
@given(boards())
def test_the_search_and_the_frontier_program_agree(case):
    rows, cols, start, closed, holes, xiangqi = case
    if len(holes) == rows * cols:
        return
    searched = has_tour(rows, cols, start, closed, holes, xiangqi, budget=200_000)
    swept = frontier_has_tour(rows, cols, start, closed, holes, xiangqi, limit=2_000_000)
    if searched is not None and swept is not None:
        assert searched == swept, case
