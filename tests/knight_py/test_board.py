"""Board: shapes, holes, square names and the move tables, checked against their definitions.

The move tables are rebuilt here square by square from the rules (a knight moves by
(1, 2) in any direction; the xiangqi horse is blocked by a hole on the square next to
it in the direction of its two-square step) and compared with the package's tables.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from knight_py import solve
from knight_py.board import KNIGHT_STEPS, Board, check_side, is_knight_move
from knight_py.i18n import TourError


@st.composite
def boards(draw: st.DrawFn, max_side: int = 7) -> Board:
    """A small board with random holes under either rule."""
    rows, cols = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    holes = draw(st.lists(st.sampled_from(squares), max_size=len(squares) // 3, unique=True))
    return Board.create(rows, cols, holes, draw(st.sampled_from(["knight", "xiangqi"])))


def _moves_by_definition(board: Board, index: int) -> set[int]:
    """The squares one move from ``index``, from the rule's definition alone."""
    row, col = divmod(index, board.cols)
    if index in board.blocked:
        return set()
    out = set()
    for dr in (-2, -1, 1, 2):
        for dc in (-2, -1, 1, 2):
            if abs(dr) == abs(dc):
                continue
            r, c = row + dr, col + dc
            if not (0 <= r < board.rows and 0 <= c < board.cols):
                continue
            if r * board.cols + c in board.blocked:
                continue
            if board.rule == "xiangqi":
                # The leg: one step along the long side of the move.
                lr, lc = (row + dr // 2, col) if abs(dr) == 2 else (row, col + dc // 2)
                if lr * board.cols + lc in board.blocked:
                    continue
            out.add(r * board.cols + c)
    return out


@given(boards())
def test_neighbours_are_exactly_the_rules_moves(board: Board) -> None:
    assert len(board.neighbours) == board.size
    for index, targets in enumerate(board.neighbours):
        assert len(targets) == len(set(targets))
        assert set(targets) == _moves_by_definition(board, index), board.name(index)
        for target in targets:
            assert 0 <= target < board.size and target not in board.blocked


@given(boards())
def test_neighbours_follow_the_seeds_step_order(board: Board) -> None:
    for index, targets in enumerate(board.neighbours):
        row, col = divmod(index, board.cols)
        steps = [(t // board.cols - row, t % board.cols - col) for t in targets]
        positions = [KNIGHT_STEPS.index(step) for step in steps]
        assert positions == sorted(positions)


@given(boards())
def test_predecessors_invert_neighbours(board: Board) -> None:
    ins: list[set[int]] = [set() for _ in range(board.size)]
    for source, targets in enumerate(board.neighbours):
        for target in targets:
            ins[target].add(source)
    assert [set(p) for p in board.predecessors] == ins


@given(boards())
def test_knight_moves_are_symmetric_and_only_holes_break_the_horses(board: Board) -> None:
    pairs = {(a, b) for a, targets in enumerate(board.neighbours) for b in targets}
    asymmetric = {(a, b) for a, b in pairs if (b, a) not in pairs}
    if board.rule == "knight" or not board.blocked:
        assert not asymmetric
        assert board.neighbours is board.predecessors
    for a, b in asymmetric:
        # b -> a is a knight move between free squares, so b's leg must be a hole.
        assert is_knight_move(board.cols, b, a)
        assert not is_knight_move(board.cols, b, a, leg_holes=board.blocked)


@given(boards())
def test_is_move_agrees_with_the_tables_on_free_squares(board: Board) -> None:
    free = board.free_squares
    for a in free:
        targets = set(board.neighbours[a])
        for b in free:
            assert board.is_move(a, b) == (b in targets)


def test_the_horses_leg_blocks_only_the_two_moves_over_it() -> None:
    plain = Board.create(5, 5)
    hobbled = Board.create(5, 5, blocked=["c4"], rule="xiangqi")  # (1, 2), beside the centre
    centre = plain.index((2, 2))
    lost = set(plain.neighbours[centre]) - set(hobbled.neighbours[centre])
    # The leg (1, 2) lies on the way to (0, 1) and (0, 3), the two-up moves.
    assert lost == {plain.index((0, 1)), plain.index((0, 3))}
    # The knight jumps the same hole.
    knight = Board.create(5, 5, blocked=["c4"])
    assert set(knight.neighbours[centre]) == set(plain.neighbours[centre])


@given(boards())
def test_free_squares_and_counts(board: Board) -> None:
    assert board.free_squares == tuple(i for i in range(board.size) if i not in board.blocked)
    assert board.free_count == len(board.free_squares) == board.size - len(board.blocked)
    assert board.is_empty == (not board.blocked)
    for hole in board.blocked:
        assert board.neighbours[hole] == () and board.predecessors[hole] == ()


@given(boards(), st.data())
def test_coordinates_round_trip(board: Board, data: st.DataObject) -> None:
    index = data.draw(st.integers(0, board.size - 1))
    square = board.square(index)
    assert board.index(square) == index
    name = board.name(index)
    if index in board.blocked:
        with pytest.raises(TourError):
            board.start_index(name)
    else:
        assert board.start_index(name) == index == board.start_index(square)


@given(boards())
def test_every_move_changes_colour(board: Board) -> None:
    for a, targets in enumerate(board.neighbours):
        for b in targets:
            assert board.colour(a) != board.colour(b)


def test_names_follow_chess_convention() -> None:
    board = Board.create(8, 8)
    assert board.name(board.index((7, 0))) == "a1"
    assert board.name(board.index((0, 7))) == "h8"
    assert board.start_index("e4") == board.index((4, 4))


@pytest.mark.parametrize(
    ("rows", "cols", "start", "blocked", "rule"),
    [(5, 5, "a1", (), "knight"), (5, 6, "a1", (), "knight"), (3, 4, "a1", (), "knight"),
     (6, 6, "a1", ["c3", "d3"], "knight"), (6, 6, "a1", ["c3", "d3"], "xiangqi")],
)
def test_last_colour_is_where_a_found_tour_ends(rows, cols, start, blocked, rule) -> None:
    board = Board.create(rows, cols, blocked, rule)
    result = solve(rows, cols, start, blocked=blocked, rule=rule)
    if not result.found:
        pytest.skip(f"no tour from {start}: {result.reason}")
    first, last = result.indices[0], result.indices[-1]
    assert board.colour(last) == board.last_colour(first)


@pytest.mark.parametrize("bad", [0, -1, 1001, 2.0, "8", True, None])
def test_bad_sides_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="rows"):
        check_side(bad, "rows")
    with pytest.raises(ValueError, match="cols"):
        Board.create(8, bad)


def test_a_raised_limit_allows_a_larger_side() -> None:
    assert check_side(1001, "rows", limit=2000) == 1001
    assert Board.create(1, 1001, max_side=1001).size == 1001


@pytest.mark.parametrize("bad", [["z9"], [(8, 0)], [(-1, 0)], ["a9"]])
def test_holes_off_the_board_are_refused(bad: list[object]) -> None:
    with pytest.raises(ValueError):
        Board.create(8, 8, blocked=bad)


def test_a_bad_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="rule"):
        Board.create(8, 8, rule="Knight")


def test_boards_are_cached_by_their_arguments() -> None:
    first = Board.create(6, 7, blocked=["a1", "b2"], rule="xiangqi")
    again = Board.create(6, 7, blocked=[(4, 1), (5, 0)], rule="xiangqi")
    assert first is again
    assert first.neighbours is again.neighbours
    assert Board.create(6, 7) is not first
