"""position: a walked path's "lost" verdict against brute force.

- Sound: whenever :func:`lost_why` names a reason, the oracle's exhaustive search finds no
  completion (every walk on tiny boards, random walks on small boards with holes, both rules);
- never wrong about a path that is the start of a real tour (prefixes of tours cut from
  boards with holes, open and closed, both rules);
- :func:`colour_name` names a1's colour dark and alternates along moves.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from knight_py.board import Board
from knight_py.position import colour_name, lost_why
from tests.cases import planted_board
from tests.oracle import completes


def _walks(board: Board, length: int) -> list[list[int]]:
    """Every walk of ``length`` distinct squares joined by moves (an explicit stack)."""
    out = []
    stack = [[s] for s in board.free_squares]
    while stack:
        path = stack.pop()
        if len(path) == length:
            out.append(path)
            continue
        stack.extend([*path, w] for w in board.neighbours[path[-1]] if w not in path)
    return out


def _oracle(board: Board, path: list[int], closed: bool) -> bool | None:
    holes = [board.square(h) for h in board.blocked]
    return completes(board.rows, board.cols, [board.square(i) for i in path], closed, holes,
                     board.rule == "xiangqi", budget=300_000)


@pytest.mark.parametrize(("rows", "cols"), [(3, 4), (4, 4), (3, 5), (4, 5)])
@pytest.mark.parametrize("closed", [False, True])
def test_every_short_walk_on_tiny_boards(rows: int, cols: int, closed: bool) -> None:
    board = Board.create(rows, cols)
    lost = 0
    for length in (2, 3, 4):
        for path in _walks(board, length):
            why = lost_why(board, path, closed)
            if why is None:
                continue
            lost += 1
            assert _oracle(board, path, closed) is False, (
                [board.name(i) for i in path], closed, why.code)
    assert lost > 0  # the arguments fire here, so the soundness check is not empty


@st.composite
def walks(draw: st.DrawFn) -> tuple[Board, list[int], bool]:
    rows, cols = draw(st.integers(3, 5)), draw(st.integers(3, 6))
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    holes = draw(st.lists(st.sampled_from(squares), max_size=len(squares) // 4, unique=True))
    board = Board.create(rows, cols, holes, draw(st.sampled_from(["knight", "xiangqi"])))
    path = [board.index(draw(st.sampled_from([s for s in squares if s not in holes])))]
    for pick in draw(st.lists(st.integers(0, 7), max_size=12)):
        options = [w for w in board.neighbours[path[-1]] if w not in path]
        if not options or len(path) + 1 >= board.free_count:
            break
        path.append(options[pick % len(options)])
    return board, path, draw(st.booleans())


@given(walks())
def test_every_reason_for_a_random_walk_is_sound(case: tuple[Board, list[int], bool]) -> None:
    board, path, closed = case
    if len(path) >= board.free_count:
        return
    why = lost_why(board, path, closed)
    if why is not None:
        assert _oracle(board, path, closed) is not True, (
            board.rows, board.cols, sorted(board.blocked), board.rule,
            [board.name(i) for i in path], closed, why.code)


@pytest.mark.parametrize("rule", ["knight", "xiangqi"])
@pytest.mark.parametrize("closed", [False, True])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_prefix_of_a_real_tour_is_lost(rule: str, closed: bool, seed: int) -> None:
    case = planted_board(8, 8, holes=12, closed=closed, rule=rule, seed=seed)
    board = Board.create(8, 8, case.blocked, rule)
    tour = list(case.tour)
    assert len(tour) == board.free_count
    for end in range(1, len(tour)):
        why = lost_why(board, tour[:end], closed)
        assert why is None, (end, why and str(why))


def test_a_position_losing_a_corner_is_named() -> None:
    board = Board.create(5, 5)
    # After a1 c2 a3 c4 d2, a5 and e5 each keep one way in or out: both would end the tour.
    path = [board.start_index(s) for s in ("a1", "c2", "a3", "c4", "d2")]
    why = lost_why(board, path, closed=False)
    assert why is not None and why.code == "pos_two_ends"
    assert _oracle(board, path, False) is False


@pytest.mark.parametrize(("rows", "cols"), [(8, 8), (5, 5), (3, 4), (4, 3), (1, 1), (7, 2)])
def test_colour_names(rows: int, cols: int) -> None:
    board = Board.create(rows, cols)
    assert colour_name(board, board.start_index("a1")) == "dark"
    for a, targets in enumerate(board.neighbours):
        for b in targets:
            assert colour_name(board, a) != colour_name(board, b)
    if cols > 1:
        assert colour_name(board, board.start_index("b1")) == "light"
