"""count_tours(): the published counts."""

from __future__ import annotations

import pytest

from knight_py import SearchStopped, count_tours


def test_five_by_five_open_tours_from_each_square():
    counts = {(r, c): count_tours(5, 5, (r, c)) for r in range(5) for c in range(5)}
    corners = [(0, 0), (0, 4), (4, 0), (4, 4)]
    assert all(counts[s] == 304 for s in corners)
    assert counts[(2, 2)] == 64
    for (r, c), n in counts.items():
        if (r + c) % 2:
            assert n == 0
        elif (r, c) not in corners and (r, c) != (2, 2):
            assert n == 56
    assert sum(counts.values()) == 1728  # OEIS A165134


def test_three_by_four_has_sixteen_directed_open_tours():
    assert sum(count_tours(3, 4, (r, c)) for r in range(3) for c in range(4)) == 16  # A169696


def test_six_by_six_closed_tours_through_a_square():
    # OEIS A001230: 9,862 undirected closed tours, so 19,724 directed ones from any square.
    assert count_tours(6, 6, "c4", closed=True) == 19_724


def test_counting_respects_its_budget():
    with pytest.raises(SearchStopped, match="node budget"):
        count_tours(8, 8, "a1", max_nodes=5_000)
