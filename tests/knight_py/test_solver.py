"""solve(): every answer is a validated tour, a correct "impossible", or an honest give-up."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from knight_py import Progress, solve, validate
from knight_py.theorems import closed_tour_exists, open_tour_exists
from tests.oracle import has_tour

SMALL_BOARDS = [(r, c) for r in range(1, 65) for c in range(1, 65) if r * c <= 64]


def _check(result, rows, cols, start, closed, blocked=(), rule="knight", oracle_squares=30):
    """Assert the result is a valid tour or a correct impossible; return the status."""
    if result.status == "found":
        validate(rows, cols, result.path, closed=closed, blocked=blocked, rule=rule)
        assert result.path[0] == start
        assert result.reason == ""
    elif result.status == "impossible":
        assert result.reason and result.path == []
        if rows * cols - len(set(blocked)) <= oracle_squares:
            verdict = has_tour(rows, cols, start, closed, blocked, rule == "xiangqi")
            assert verdict is not True, (rows, cols, start, closed, blocked, result.reason)
    else:
        assert result.status == "gave_up" and result.reason
    return result.status


@pytest.mark.parametrize(("rows", "cols"), SMALL_BOARDS)
def test_every_small_empty_board_every_start(rows, cols):
    for closed in (False, True):
        for row in range(rows):
            for col in range(cols):
                result = solve(rows, cols, (row, col), closed=closed)
                status = _check(result, rows, cols, (row, col), closed)
                assert status != "gave_up", (rows, cols, row, col, closed, result.reason)
        if closed and closed_tour_exists(rows, cols):
            assert result.status == "found"


@pytest.mark.parametrize("seed", range(4))
def test_random_boards_with_holes_agree_with_the_oracle(seed):
    # A reduced node budget keeps CI quick; the give-up rate at the default budget is
    # measured by `python -m bench.solver`.
    rng = random.Random(seed)
    gave_up = 0
    cases = 30
    for _ in range(cases):
        rows, cols = rng.choice([b for b in SMALL_BOARDS if b[0] >= 3 and b[1] >= 3])
        squares = [(r, c) for r in range(rows) for c in range(cols)]
        holes = rng.sample(squares, rng.randint(0, max(1, len(squares) // 8)))
        free = [s for s in squares if s not in holes]
        start = rng.choice(free)
        closed = rng.random() < 0.3
        rule = rng.choice(["knight", "xiangqi"])
        result = solve(rows, cols, start, closed, holes, rule=rule, max_nodes=100_000)
        gave_up += _check(result, rows, cols, start, closed, holes, rule) == "gave_up"
    assert gave_up <= cases // 10


@given(st.integers(5, 12), st.integers(5, 12), st.data())
def test_open_tour_from_any_square_of_boards_with_closed_tours(rows, cols, data):
    if not closed_tour_exists(rows, cols):
        return
    start = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    for closed in (False, True):
        result = solve(rows, cols, start, closed=closed)
        assert result.status == "found"
        validate(rows, cols, result.indices, closed=closed)


@pytest.mark.parametrize("n", [*range(5, 41), 50, 64, 77, 100])
def test_square_boards_from_a_corner(n):
    for closed in (False, True):
        result = solve(n, n, "a1", closed=closed)
        if closed and n % 2:
            assert result.status == "impossible" and "Schwenk" in result.reason
        else:
            assert result.status == "found", result.reason
            validate(n, n, result.indices, closed=closed)


def test_same_arguments_same_tour():
    first = solve(8, 8, "d4", closed=True)
    second = solve(8, 8, (4, 3), closed=True)
    assert first.path == second.path


def test_methods_agree_on_small_boards():
    for method in ("backtrack", "warnsdorff", "exhaustive", "auto"):
        result = solve(5, 5, "a1", method=method)
        assert result.status == "found"
        validate(5, 5, result.path)
        assert solve(5, 5, "b1", method=method).status == "impossible"


def test_exhaustive_proves_impossible_with_holes():
    # No theorem rules this case out; the search has to exhaust it.
    holes = [(1, 0), (4, 4), (2, 0)]
    result = solve(5, 6, (1, 4), blocked=holes, method="exhaustive")
    assert result.status == "impossible" and result.method == "exhaustive"
    assert result.reason.startswith("An exhaustive search of") and "e4" in result.reason
    assert has_tour(5, 6, (1, 4), holes=holes) is False


def test_backtrack_gives_up_on_its_budget():
    result = solve(8, 8, "c3", method="backtrack", max_nodes=20_000)
    assert result.status == "gave_up"
    assert "20,000" in result.reason
    assert result.nodes == 20_000


def test_progress_and_cancel():
    seen: list[Progress] = []
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1
        return calls > 30

    result = solve(8, 8, "c3", method="backtrack", max_nodes=10**9, on_progress=seen.append,
                   progress_every=1000, should_stop=stop)
    assert result.status == "gave_up" and "cancelled" in result.reason
    assert result.nodes < 20_000  # cancelled promptly, within a poll interval
    assert seen and all(p.free == 64 and 0 < p.depth <= 64 for p in seen)
    assert [p.nodes for p in seen] == sorted(p.nodes for p in seen)


def test_events_replay_to_the_path():
    result = solve(6, 6, "a1", method="backtrack", record_events=10**6)
    assert result.status == "found"
    path: list[int] = []
    for event in result.events:
        if event >= 0:
            path.append(event)
        else:
            assert path.pop() == -1 - event
    assert path == list(result.indices)
    assert result.backtracks == sum(1 for e in result.events if e < 0)


def test_events_are_capped():
    result = solve(6, 6, "a1", method="backtrack", record_events=100)
    assert len(result.events) == 100


BAD_ARGUMENTS = [
    (dict(rows=0, cols=8, start="a1"), "rows must be a whole number from 1 to 1000"),
    (dict(rows=8, cols=1001, start="a1"), "cols must be a whole number from 1 to 1000"),
    (dict(rows=8.5, cols=8, start="a1"), "rows must be a whole number"),
    (dict(rows="8", cols=8, start="a1"), "rows must be a whole number"),
    (dict(rows=8, cols=8, start="i1"), "start: square 'i1' is off the 8 x 8 board"),
    (dict(rows=8, cols=8, start=(8, 0)), "start (8, 0) is off the 8 x 8 board"),
    (dict(rows=8, cols=8, start="hello"), "'hello' is not a square name"),
    (dict(rows=8, cols=8, start=None), "start must be a (row, col) pair"),
    (dict(rows=8, cols=8, start="a1", blocked=["a1"]), "start a1 is a blocked square"),
    (dict(rows=8, cols=8, start="a1", blocked=["z1"]), "blocked: square 'z1' is off"),
    (dict(rows=8, cols=8, start="a1", method="magic"), "method must be one of"),
    (dict(rows=8, cols=8, start="a1", rule="bishop"), "rule must be one of"),
    (dict(rows=8, cols=8, start="a1", closed="yes"), "closed must be True or False"),
    (dict(rows=8, cols=8, start="a1", max_nodes=0), "max_nodes must be a whole number >= 1"),
    (dict(rows=8, cols=8, start="a1", blocked=["b3"], method="construct"),
     "method 'construct' works on boards without blocked squares"),
]


@pytest.mark.parametrize(("kwargs", "message"), BAD_ARGUMENTS)
def test_bad_arguments_name_the_argument(kwargs, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        solve(**kwargs)


def test_theorem_reasons_are_plain_sentences():
    cases = [
        (solve(5, 5, "a1", closed=True), "Schwenk"),
        (solve(4, 6, "a2"), "outer rank"),
        (solve(2, 8, "a1"), "open tours exist only on"),
        (solve(5, 5, "b1"), "colour"),
    ]
    for result, word in cases:
        assert result.status == "impossible" and result.method == "theorem"
        assert word in result.reason and result.reason.endswith(".")


def test_open_tour_existence_matches_the_oracle():
    for rows, cols in SMALL_BOARDS:
        if rows * cols > 24:
            continue
        any_tour = any(
            has_tour(rows, cols, (r, c)) for r in range(rows) for c in range(cols)
        )
        assert any_tour == open_tour_exists(rows, cols), (rows, cols)


def test_four_rank_counting_with_holes_agrees_with_the_oracle():
    rng = random.Random(4)
    used = 0
    for _ in range(150):
        rows, cols = rng.choice([(4, 5), (4, 6), (6, 4), (5, 4)])
        squares = [(r, c) for r in range(rows) for c in range(cols)]
        holes = rng.sample(squares, rng.randint(1, 3))
        start = rng.choice([s for s in squares if s not in holes])
        closed = rng.random() < 0.3
        result = solve(rows, cols, start, closed, holes)
        if "outer ranks have" in result.reason:
            used += 1
            assert has_tour(rows, cols, start, closed, holes) is False
    assert used >= 10
