"""fast_validate: the C-level check agrees with the exact walk on tours and near-tours."""

from __future__ import annotations

from array import array
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from knight_py import solve
from knight_py.board import KNIGHT_STEPS, Board
from knight_py.fast_validate import is_tour, legal_moves


def _exact(board: Board, path: list[int]) -> bool:
    """The reference: an obvious walk over the path."""
    if len(path) != board.free_count or len(set(path)) != len(path):
        return False
    if any(not 0 <= s < board.size or s in board.blocked for s in path):
        return False
    return all(b in board.neighbours[a] for a, b in pairwise(path))


boards = st.builds(
    lambda rows, cols, holes, rule: (rows, cols, holes, rule),
    st.integers(1, 10),
    st.integers(5, 10),
    st.lists(st.integers(0, 99), max_size=12),
    st.sampled_from(["knight", "xiangqi"]),
)


@given(boards)
def test_legal_moves_match_the_move_table(case):
    rows, cols, holes, rule = case
    board = Board.create(rows, cols, [divmod(h % (rows * cols), cols) for h in holes], rule)
    legal = legal_moves(board)
    for square in range(board.size):
        r, c = divmod(square, cols)
        targets = {
            (r + dr) * cols + c + dc
            for d, (dr, dc) in enumerate(KNIGHT_STEPS)
            if legal[square] >> d & 1
        }
        assert targets == set(board.neighbours[square])


@given(boards, st.data())
def test_agrees_with_the_exact_walk(case, data):
    rows, cols, holes, rule = case
    board = Board.create(rows, cols, [divmod(h % (rows * cols), cols) for h in holes], rule)
    free = list(board.free_squares)
    if not free:
        return
    start = divmod(data.draw(st.sampled_from(free)), cols)
    holes_rc = [divmod(h, cols) for h in board.blocked]
    result = solve(rows, cols, start, blocked=holes_rc, rule=rule, max_nodes=5_000)
    path = list(result.indices) if result.found else data.draw(st.permutations(free))
    edit = data.draw(st.sampled_from(["none", "swap", "replace", "drop", "reverse"]))
    if edit == "swap" and len(path) > 1:
        i, j = data.draw(st.integers(0, len(path) - 1)), data.draw(st.integers(0, len(path) - 1))
        path[i], path[j] = path[j], path[i]
    elif edit == "replace":
        path[data.draw(st.integers(0, len(path) - 1))] = data.draw(
            st.integers(-2, board.size + 2)
        )
    elif edit == "drop":
        path.pop(data.draw(st.integers(0, len(path) - 1)))
    elif edit == "reverse":
        path.reverse()
    assert is_tour(board, array("i", path)) == _exact(board, path)


def test_large_tour_and_a_wrapped_step():
    board = Board.create(60, 50)
    tour = solve(60, 50, "a1", closed=True).indices
    assert is_tour(board, tour)
    # h1 -> b1 on a 1 x 50 board differs by 2 - cols, like the knight move (-1, +2),
    # but that move would leave the board: rejected.
    strip = Board.create(1, 50, [(0, c) for c in range(50) if c not in (49, 1)])
    assert not is_tour(strip, array("i", [49, 1]))


def test_narrow_boards_are_left_to_the_exact_walk():
    board = Board.create(8, 4)
    assert not is_tour(board, array("i", range(32)))


def test_a_one_square_path_must_be_the_one_free_square() -> None:
    board = Board.create(1, 5, blocked=["a1", "b1", "c1", "d1"])
    for square in range(-1, 7):
        assert is_tour(board, array("i", [square])) is _exact(board, [square])
