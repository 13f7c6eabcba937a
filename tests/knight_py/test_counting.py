"""count_tours(): the published counts."""

from __future__ import annotations

from knight_py import count_tours


def test_five_by_five_open_tours_from_each_square():
    counts = {(r, c): count_tours(5, 5, (r, c)).value for r in range(5) for c in range(5)}
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
    assert sum(count_tours(3, 4, (r, c)).value for r in range(3) for c in range(4)) == 16  # A169696


def test_six_by_six_closed_tours_through_a_square():
    # OEIS A001230: 9,862 undirected closed tours, so 19,724 directed ones from any square.
    assert count_tours(6, 6, "c4", closed=True).value == 19_724


def test_counting_respects_its_budget():
    count = count_tours(8, 8, "a1", max_nodes=5_000)
    assert count.status == "gave_up" and "node budget" in count.reason and count.nodes <= 5_000


def _plain_count(board, start, closed):
    from knight_py.search import Monitor, tours

    found = tours(board, start, closed, Monitor(max_nodes=10**8), order="fixed", prune=0)
    return sum(1 for _ in found)


def test_prunes_are_sound_on_random_boards_with_holes():
    """The exhaustive prunes never cut a tour: counts match the unpruned search."""
    import random

    from knight_py import Board

    rng = random.Random(7)
    for _ in range(40):
        rows, cols = rng.choice([(4, 5), (5, 4), (4, 6), (3, 7), (3, 8), (5, 5)])
        squares = [(r, c) for r in range(rows) for c in range(cols)]
        holes = rng.sample(squares, rng.randint(0, 3))
        start = rng.choice([s for s in squares if s not in holes])
        closed = rng.random() < 0.3
        rule = rng.choice(["knight", "xiangqi"])
        board = Board.create(rows, cols, holes, rule)
        index = board.index(start)
        expected = _plain_count(board, index, closed)
        assert count_tours(rows, cols, start, closed, holes, rule).value == expected, (
            rows, cols, start, closed, holes, rule)
