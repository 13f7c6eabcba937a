"""complete(): every verdict on a path walked so far is checked against the oracle."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knight_py import complete, solve, validate
from knight_py.board import Board
from knight_py.position import lost_why
from knight_py.validate import path_indices
from tests.oracle import completes

# Small boards where the oracle answers quickly; some have no tour at all.
BOARDS = [(3, 4), (3, 7), (4, 4), (4, 5), (4, 6), (5, 5), (5, 6), (3, 10), (6, 5)]


def _walk(board: Board, start: int, length: int, rng: random.Random) -> list[int]:
    """A random legal walk of at most ``length`` squares from ``start``."""
    path = [start]
    seen = {start}
    while len(path) < length:
        options = [w for w in board.neighbours[path[-1]] if w not in seen]
        if not options:
            break
        path.append(rng.choice(options))
        seen.add(path[-1])
    return path


def _check_verdict(rows, cols, path, closed=False, holes=(), rule="knight", max_nodes=None):
    """Complete ``path`` (flat indices) and check the verdict against the oracle."""
    board = Board.create(rows, cols, holes, rule)
    result = complete(rows, cols, path, closed=closed, blocked=holes, rule=rule,
                      max_nodes=max_nodes)
    squares = [divmod(i, cols) for i in path]
    truth = completes(rows, cols, squares, closed, holes, rule == "xiangqi")
    assert truth is not None, "oracle budget too small for this test"
    case = (rows, cols, [board.name(i) for i in path], closed, holes, rule, result.reason)
    if result.status == "found":
        assert truth is True, case
        validate(rows, cols, result.path, closed=closed, blocked=holes, rule=rule)
        assert list(result.indices[: len(path)]) == list(path), case
        assert result.reason == ""
    elif result.status == "impossible":
        assert truth is False, case
        assert result.reason and result.path == []
    else:
        pytest.fail(f"gave up on a small board: {case}")
    return result


@settings(max_examples=250, deadline=None)
@given(
    board_shape=st.sampled_from(BOARDS),
    closed=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
    length=st.integers(2, 30),
)
def test_every_verdict_on_random_walks_matches_the_oracle(board_shape, closed, seed, length):
    rows, cols = board_shape
    board = Board.create(rows, cols)
    rng = random.Random(seed)
    path = _walk(board, rng.randrange(board.size), length, rng)
    if len(path) < 2:
        return
    _check_verdict(rows, cols, path, closed)


@settings(max_examples=100, deadline=None)
@given(
    board_shape=st.sampled_from([(4, 5), (5, 5), (4, 6), (3, 7)]),
    closed=st.booleans(),
    rule=st.sampled_from(["knight", "xiangqi"]),
    seed=st.integers(0, 2**32 - 1),
    length=st.integers(2, 20),
)
def test_boards_with_holes_and_the_xiangqi_rule_match_the_oracle(
    board_shape, closed, rule, seed, length
):
    rows, cols = board_shape
    rng = random.Random(seed)
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    holes = rng.sample(squares, rng.randint(1, 4))
    board = Board.create(rows, cols, holes, rule)
    if not board.free_squares:
        return
    path = _walk(board, rng.choice(board.free_squares), length, rng)
    if len(path) < 2:
        return
    _check_verdict(rows, cols, path, closed, holes, rule)


def test_each_kind_of_reason_is_given_and_sound():
    """Walk many positions; every reason the position arguments give agrees with the oracle."""
    rng = random.Random(7)
    kinds: set[str] = set()
    for _ in range(600):
        rows, cols = rng.choice([(5, 5), (5, 6), (4, 5), (6, 5), (4, 6)])
        closed = rng.random() < 0.4
        board = Board.create(rows, cols)
        path = _walk(board, rng.randrange(board.size), rng.randint(2, 12), rng)
        if len(path) < 2 or len(path) == board.size:
            continue
        why = lost_why(board, path, closed)
        if why is None:
            continue
        squares = [divmod(i, cols) for i in path]
        assert completes(rows, cols, squares, closed) is False, (
            [board.name(i) for i in path], closed, str(why))
        kinds.add(why.code)
    # Reachability, both end counts, closing, colours or ranks: several kinds are seen.
    assert len(kinds) >= 5, kinds


def test_a_stranded_corner_is_lost_with_its_reason_on_8x8():
    walked = ["a1", "b3", "c1", "e2", "g3", "e4", "f2", "h3", "g5", "f3", "g1"]
    result = complete(8, 8, walked)
    assert result.status == "impossible"
    assert result.method == "position"
    assert result.reason.startswith("h1 can no longer be reached")


def test_a_possible_8x8_position_is_completed_from_its_path():
    walked = ["a1", "c2", "e1", "g2", "h4", "g6", "h8", "f7"]
    result = complete(8, 8, walked, closed=True)
    assert result.status == "found"
    validate(8, 8, result.path, closed=True)
    board = Board.create(8, 8)
    assert list(result.indices[:8]) == list(path_indices(board, walked))


def test_a_bad_path_names_its_first_bad_step():
    with pytest.raises(ValueError, match=r"^step 2: b3 -> b4 is not a knight move$"):
        complete(5, 5, ["a1", "b3", "b4", "c5"])
    with pytest.raises(ValueError, match=r"^step 2: a1 is visited twice$"):
        complete(5, 5, ["a1", "b3", "a1"])
    with pytest.raises(ValueError, match=r"^step 1: .*off the 5 x 5 board"):
        complete(5, 5, ["a1", "z9"])
    with pytest.raises(ValueError, match=r"^step 1: c2 is a blocked square$"):
        complete(5, 5, ["a1", "c2"], blocked=["c2"])
    with pytest.raises(ValueError, match="empty"):
        complete(5, 5, [])
    with pytest.raises(ValueError, match="closed must be True or False"):
        complete(5, 5, ["a1"], closed="yes")  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), length=st.integers(3, 25), kind=st.integers(0, 2))
def test_a_corrupted_step_is_named(seed, length, kind):
    rng = random.Random(seed)
    board = Board.create(5, 5)
    path = _walk(board, rng.randrange(25), length, rng)
    if len(path) < 3:
        return
    step = rng.randrange(1, len(path))
    bad = list(path)
    if kind == 0:  # a square visited before
        bad[step] = path[rng.randrange(step)]
    elif kind == 1:  # a square that is not a knight move away
        options = [s for s in range(25) if s not in path[:step] and not board.is_move(path[step - 1], s)]
        bad[step] = rng.choice(options)
    else:  # an index off the board
        bad[step] = 25 + rng.randrange(100)
    with pytest.raises(ValueError, match=rf"^step {step}: "):
        complete(5, 5, bad)


def test_a_whole_tour_as_the_path():
    tour = solve(6, 6, "a1", closed=True).indices
    assert complete(6, 6, tour, closed=True).status == "found"
    open_tour = solve(5, 5, "a1").indices
    result = complete(5, 5, open_tour, closed=True)
    assert result.status == "impossible" and "not closed" in result.reason


def test_one_square_is_a_plain_solve():
    assert complete(8, 8, ["a1"]).indices == solve(8, 8, "a1").indices
    assert complete(4, 4, ["a1"]).status == "impossible"


def test_a_spent_budget_gives_up_and_cancel_stops():
    walked = ["a1", "c2", "e1", "g2"]
    result = complete(8, 8, walked, max_nodes=1)
    assert result.status == "gave_up" and "budget" in result.reason
    # The cancel callback is polled every few hundred nodes: a board that needs more.
    result = complete(30, 30, walked, should_stop=lambda: True)
    assert result.status == "gave_up" and "cancelled" in result.reason


def test_no_tour_on_the_whole_board_is_said_first():
    result = complete(4, 4, ["a1", "b3"])
    assert result.status == "impossible" and result.method == "theorem"


def test_the_verdicts_seen_cover_every_way_of_deciding():
    """Random positions reach a found tour, each kind of proof, on boards with and without tours."""
    rng = random.Random(11)
    methods = set()
    for _ in range(300):
        rows, cols = rng.choice([(5, 5), (5, 6), (4, 5), (3, 7), (4, 4)])
        closed = rng.random() < 0.3
        board = Board.create(rows, cols)
        path = _walk(board, rng.randrange(board.size), rng.randint(2, 14), rng)
        if len(path) >= 2:
            result = _check_verdict(rows, cols, path, closed)
            methods.add((result.status, result.method))
    assert {("found", "complete"), ("impossible", "complete"), ("impossible", "position"),
            ("impossible", "theorem")} <= methods, methods


def test_deterministic():
    walked = ["a1", "c2", "e1"]
    assert complete(8, 8, walked).indices == complete(8, 8, walked).indices
