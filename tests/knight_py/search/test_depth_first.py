"""depth_first.tours(): the engine under every order and prune level.

- every tour it yields passes knight_py's validator and starts with the start and prefix;
- the prunes are sound and the search complete: every order and prune level yields the
  same set of tours, and "none" exactly when the oracle's search finds none;
- the node budget and the cancel callback stop it, and its effort counts match the
  events it records.
"""

from __future__ import annotations

from array import array

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from knight_py import validate
from knight_py.board import Board
from knight_py.search.depth_first import centre_tiebreak, scrambled_tiebreak, tours
from knight_py.search.monitor import Monitor, SearchStopped
from tests.cases import planted_board
from tests.oracle import has_tour

SETTINGS = [("fixed", 0), ("fixed", 2), ("warnsdorff", 0), ("warnsdorff", 1), ("warnsdorff", 2)]


@st.composite
def boards(draw: st.DrawFn) -> tuple[Board, int, bool]:
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 5))
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    holes = draw(st.lists(st.sampled_from(squares), max_size=len(squares) // 3, unique=True))
    board = Board.create(rows, cols, holes, draw(st.sampled_from(["knight", "xiangqi"])))
    start = board.index(draw(st.sampled_from([s for s in squares if s not in holes])))
    return board, start, draw(st.booleans())


def _all(board: Board, start: int, closed: bool, order: str, prune: int,
         prefix: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    found = tours(board, start, closed, Monitor(max_nodes=10**7), order, prune, prefix=prefix)
    return [tuple(t) for t in found]


def _validate(board: Board, tour: tuple[int, ...], closed: bool) -> None:
    blocked = [board.square(h) for h in board.blocked]
    validate(board.rows, board.cols, list(tour), closed, blocked, board.rule)


@given(boards())
def test_every_setting_yields_the_same_valid_tours(case: tuple[Board, int, bool]) -> None:
    board, start, closed = case
    reference = _all(board, start, closed, "fixed", 0)
    assert len(set(reference)) == len(reference)
    for tour in reference:
        assert tour[0] == start
        _validate(board, tour, closed)
    for order, prune in SETTINGS[1:]:
        assert sorted(_all(board, start, closed, order, prune)) == sorted(reference), (
            order, prune)


# Boards with tours: empty ones, one cut out of a closed tour (tests/cases.py), and holes
# that hobble the xiangqi horse (its moves are one-way there), open and closed.
_CUT = planted_board(5, 6, holes=8, closed=True, seed=1)
MANY = [
    (3, 4, "a1", False, (), "knight"),
    (4, 5, "a1", False, (), "knight"),
    (3, 7, "a1", False, (), "knight"),
    (5, 5, "a1", False, ["c3"], "knight"),
    (_CUT.rows, _CUT.cols, _CUT.start, True, _CUT.blocked, "knight"),
    (4, 6, "b4", False, ["a4", "e4", "f4", "f2"], "xiangqi"),
    (4, 6, "a4", True, ["b4", "f1"], "xiangqi"),
    (5, 5, "a5", False, ["a4", "e1"], "xiangqi"),
]


@pytest.mark.parametrize(("rows", "cols", "start", "closed", "blocked", "rule"), MANY)
def test_every_setting_yields_the_same_tours_on_boards_with_tours(
        rows, cols, start, closed, blocked, rule) -> None:
    board = Board.create(rows, cols, blocked, rule)
    first = board.start_index(start)
    reference = sorted(_all(board, first, closed, "fixed", 0))
    assert reference
    for tour in reference:
        _validate(board, tour, closed)
    for order, prune in SETTINGS[1:]:
        assert sorted(_all(board, first, closed, order, prune)) == reference, (order, prune)


@given(boards())
def test_no_tour_exactly_when_the_oracle_finds_none(case: tuple[Board, int, bool]) -> None:
    board, start, closed = case
    holes = [board.square(h) for h in board.blocked]
    truth = has_tour(board.rows, board.cols, board.square(start), closed, holes,
                     board.rule == "xiangqi")
    first = next(tours(board, start, closed, Monitor(), "warnsdorff", prune=2), None)
    assert (first is not None) == truth
    if first is not None:
        _validate(board, tuple(first), closed)


@pytest.mark.parametrize(("rows", "cols", "start", "closed"),
                         [(5, 5, "a1", False), (3, 7, "a1", False), (6, 5, "a1", True),
                          (4, 5, "a1", False)])
def test_prefixes_select_the_tours_that_begin_with_them(rows, cols, start, closed) -> None:
    board = Board.create(rows, cols)
    first = board.start_index(start)
    every = _all(board, first, closed, "warnsdorff", 2)
    assert every
    prefixes = {t[1:3] for t in every[:50]}
    for prefix in prefixes:
        chosen = _all(board, first, closed, "warnsdorff", 2, prefix)
        assert sorted(chosen) == sorted(t for t in every if t[1:3] == prefix)


def test_a_dead_prefix_yields_nothing_and_the_empty_5x5_count_is_published() -> None:
    board = Board.create(5, 5)
    a1 = board.start_index("a1")
    assert len(_all(board, a1, False, "warnsdorff", 2)) == 304  # published: 304 from a corner
    dead = tuple(board.start_index(s) for s in ("c2", "a3", "c4", "d2"))
    assert _all(board, a1, False, "warnsdorff", 2, dead) == []


def _stopped(board: Board, closed: bool, monitor: Monitor, order: str, prune: int
             ) -> SearchStopped:
    with pytest.raises(SearchStopped) as stopped:
        for _ in tours(board, 3, closed, monitor, order, prune):
            pytest.fail("a 7 x 7 board has no closed tour")
    return stopped.value


@pytest.mark.parametrize(("order", "prune"), SETTINGS)
@pytest.mark.parametrize("budget", [2, 100, 513, 5_000])
def test_the_node_budget_stops_the_search(order: str, prune: int, budget: int) -> None:
    board = Board.create(7, 7)  # no closed tour: the search runs until stopped
    monitor = Monitor(max_nodes=budget)
    stop = _stopped(board, True, monitor, order, prune)
    assert not stop.cancelled
    assert stop.why is not None and stop.why.code == "budget_ran_out"
    assert monitor.nodes == budget


def test_a_budget_of_one_node_is_kept() -> None:
    monitor = Monitor(max_nodes=1)
    _stopped(Board.create(7, 7), True, monitor, "fixed", 0)
    assert monitor.nodes <= 1


def test_a_stopped_search_counts_only_the_squares_it_entered() -> None:
    monitor = Monitor(max_nodes=1_000, record_events=10**6)
    _stopped(Board.create(7, 7), True, monitor, "warnsdorff", 2)
    assert sum(1 for e in monitor.events if e >= 0) == monitor.nodes


def test_cancelling_stops_the_search_soon() -> None:
    board = Board.create(8, 8)
    polls = []

    def stop() -> bool:
        polls.append(monitor.nodes)
        return len(polls) >= 3

    monitor = Monitor(should_stop=stop)
    with pytest.raises(SearchStopped) as stopped:
        for _ in tours(board, 0, False, monitor, "fixed", 0):
            pass
    assert stopped.value.cancelled
    assert len(polls) == 3
    assert monitor.nodes < 5_000  # polls come every few hundred nodes


@pytest.mark.parametrize(("rows", "cols", "closed", "prune"),
                         [(4, 5, False, 0), (5, 5, False, 2), (3, 4, False, 1), (5, 6, True, 2)])
def test_events_replay_the_search_and_match_its_counts(rows, cols, closed, prune) -> None:
    board = Board.create(rows, cols)
    monitor = Monitor(record_events=10**6)
    found = [array("i", t) for t in tours(board, 0, closed, monitor, "warnsdorff", prune)]
    assert found
    events = list(monitor.events)
    assert events[0] == 0
    stack: list[int] = []
    tours_seen = []
    for event in events:
        if event >= 0:
            assert not stack or board.is_move(stack[-1], event)
            assert event not in stack
            stack.append(event)
            if len(stack) == board.free_count:
                tours_seen.append(array("i", stack))
        else:
            assert stack and stack[-1] == -1 - event  # back off the last square only
            stack.pop()
    assert sum(1 for e in events if e >= 0) == monitor.nodes
    assert sum(1 for e in events if e < 0) == monitor.backtracks
    # Open: every full path is a tour; closed: the yielded ones are those that close.
    assert found == [t for t in tours_seen if not closed or board.is_move(t[-1], t[0])]


def test_recorded_events_are_capped() -> None:
    monitor = Monitor(record_events=10)
    next(tours(Board.create(5, 5), 0, False, monitor, "fixed", 0))
    assert len(monitor.events) == 10 < monitor.nodes


def test_effort_adds_to_what_the_monitor_counted_before() -> None:
    board = Board.create(5, 5)
    monitor = Monitor()
    list(tours(board, 0, False, monitor, "warnsdorff", 2))
    once = monitor.nodes
    list(tours(board, 0, False, monitor, "warnsdorff", 2))
    assert monitor.nodes == 2 * once > 0


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (3, 4), (5, 5), (8, 8), (6, 9)])
def test_centre_tiebreak_is_smallest_at_the_corners_and_symmetric(rows: int, cols: int) -> None:
    board = Board.create(rows, cols)
    ties = centre_tiebreak(board)
    grid = [ties[r * cols:(r + 1) * cols] for r in range(rows)]
    assert grid == grid[::-1] and grid == [row[::-1] for row in grid]
    assert grid[0][0] == 0 == min(ties)
    centre = grid[rows // 2][cols // 2]
    assert centre == max(ties)


def test_scrambled_tiebreaks_are_repeatable_and_differ_by_seed() -> None:
    board = Board.create(8, 8)
    one = scrambled_tiebreak(board, 1)
    assert one == scrambled_tiebreak(board, 1)
    assert one != scrambled_tiebreak(board, 2)
    assert all(0 <= x < 4096 for x in one) and len(one) == 64
    monitor = Monitor()
    tour = next(tours(board, 0, False, monitor, "warnsdorff", 1, tiebreak=one))
    _validate(board, tuple(tour), False)


@given(st.integers(3, 5), st.integers(3, 5), st.data())
def test_plain_backtracking_prunes_nothing_its_backoffs_at_once_are_dead_ends(rows: int, cols: int, data: st.DataObject) -> None:
    """The depth chart says of method="backtrack" that it prunes nothing and that a
    back-off straight after its advance is a square with no way on: in its recorded
    events, every such square has no unvisited knight move."""
    from knight_py import solve
    from knight_py.board import KNIGHT_STEPS

    start = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    result = solve(rows, cols, start, method="backtrack", record_events=200_000)
    assume(result.method == "backtrack")  # a board a theorem settles has no search
    events = list(result.events)
    path: list[int] = []
    for i, event in enumerate(events):
        if event >= 0:
            path.append(event)
            continue
        square = -1 - event
        if i and events[i - 1] == square:
            r, c = divmod(square, cols)
            on = set(path)
            way_on = [(r + dr) * cols + c + dc for dr, dc in KNIGHT_STEPS
                      if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr) * cols + c + dc not in on]
            assert way_on == [], (start, i, square)
        path.pop()


def test_an_unknown_order_is_refused() -> None:
    with pytest.raises(ValueError, match="warnsdorff"):
        next(tours(Board.create(5, 5), 0, False, Monitor(), order="warnsdorf"))
