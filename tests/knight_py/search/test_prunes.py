"""Each prune of the depth-first search on its own: it never cuts a position with a tour.

Positions are random walks on random small boards with holes, under both move rules;
the search's state (squares entered, onward-move counts) is rebuilt here from its
definition, and the independent oracle decides whether the walk still extends to a tour.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

import pytest

from knight_py import Board, validate
from knight_py.search import FourRanks, Monitor, SearchStopped, tours
from knight_py.search.prunes import (
    forced_arcs_clash,
    forced_links_clash,
    global_dead_end,
    last_colour_squares,
    lonely_neighbour,
    reachable_rest,
    start_position,
)
from tests.oracle import completes

SHAPES = [(3, 4), (3, 5), (4, 4), (4, 5), (5, 4), (3, 6), (4, 6), (5, 5), (3, 7)]


@dataclass
class Position:
    """A walk from ``start`` and the search's state after entering its last square."""

    board: Board
    holes: list[tuple[int, int]]
    closed: bool
    path: list[int]
    visited: bytearray
    deg: list[int]

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def here(self) -> int:
        return self.path[-1]

    @property
    def remaining(self) -> int:
        return self.board.free_count - len(self.path)

    @property
    def symmetric(self) -> bool:
        return self.board.neighbours is self.board.predecessors

    def completes(self) -> bool:
        """The oracle: whether the walk extends to a tour."""
        cols = self.board.cols
        verdict = completes(
            self.board.rows,
            cols,
            [divmod(square, cols) for square in self.path],
            self.closed,
            self.holes,
            self.board.rule == "xiangqi",
        )
        assert verdict is not None, self
        return verdict


@cache
def first_tour(board: Board, start: int, closed: bool) -> tuple[int, ...] | None:
    """A tour found without any prune (so that it cannot depend on them), or None."""
    search = tours(board, start, closed, Monitor(max_nodes=5_000), order="warnsdorff", prune=0)
    try:
        tour = next(search, None)
    except SearchStopped:
        return None
    return None if tour is None else tuple(tour)


def random_position(rng: random.Random, rule: str, shapes: list[tuple[int, int]]) -> Position:
    """A random board and start; half the time the start of a tour, else a random walk.

    Starts of tours are the positions a sound prune must keep; random walks stop at a
    random length or where they are stuck.
    """
    rows, cols = rng.choice(shapes)
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    holes = rng.sample(squares, rng.randint(1 if rule == "xiangqi" else 0, 3))
    board = Board.create(rows, cols, holes, rule)
    first = rng.choice([s for s in squares if s not in holes])
    closed = rng.random() < 0.4
    stop_at = rng.randint(1, board.free_count - 1)
    path = [board.index(first)]
    if rng.random() < 0.5:
        tour = first_tour(board, path[0], closed)
        if tour is not None:
            validate(rows, cols, tour, closed=closed, blocked=holes, rule=rule)
            path = list(tour[:stop_at])
    visited = bytearray(board.size)
    for square in (*board.blocked, *path):
        visited[square] = 1
    while len(path) < stop_at:
        onward = [w for w in board.neighbours[path[-1]] if not visited[w]]
        if not onward:
            break
        path.append(rng.choice(onward))
        visited[path[-1]] = 1
    start = path[0]
    # Moves to squares not yet entered; in a closed search the start is still a target.
    deg = [
        sum(1 for u in targets if not visited[u] or (closed and u == start))
        for targets in board.neighbours
    ]
    return Position(board, holes, closed, path, visited, deg)


def positions(seed: int, rule: str, count: int, shapes: list[tuple[int, int]] = SHAPES):
    rng = random.Random(seed)
    for _ in range(count):
        position = random_position(rng, rule, shapes)
        if position.remaining >= 1:
            yield position


@pytest.mark.parametrize("seed", range(3))
def test_lonely_neighbour_is_sound(seed: int) -> None:
    fired = 0
    for p in positions(seed, "knight", 300):
        if p.remaining < 2:
            continue  # the search asks only when more than one square is left
        if lonely_neighbour(p.board.neighbours[p.here], p.visited, p.deg):
            fired += 1
            assert not p.completes(), p
    assert fired >= 10


@pytest.mark.parametrize("rule", ["knight", "xiangqi"])
def test_reachable_rest_is_sound_and_exact(rule: str) -> None:
    fired = 0
    for p in positions(11, rule, 300):
        rest = reachable_rest(p.board.neighbours, p.visited, p.here, p.remaining, p.symmetric)
        if rest is None:
            fired += 1
            assert not p.completes(), p
        else:
            free = {w for w in p.board.free_squares if not p.visited[w]}
            assert rest == free
    assert fired >= 10


@pytest.mark.parametrize("seed", range(3))
def test_forced_links_clash_is_sound(seed: int) -> None:
    fired = 0
    for p in positions(20 + seed, "knight", 300):
        nbrs = p.board.neighbours
        rest = reachable_rest(nbrs, p.visited, p.here, p.remaining, True)
        if rest is None:
            continue  # the search asks only when every square left is reachable
        if forced_links_clash(nbrs, p.visited, p.deg, p.here, rest, p.start, p.closed):
            fired += 1
            assert not p.completes(), p
    assert fired >= 10


@pytest.mark.parametrize("seed", range(3))
def test_forced_arcs_clash_is_sound(seed: int) -> None:
    fired = 0
    for p in positions(30 + seed, "xiangqi", 600):
        if p.symmetric:
            continue
        nbrs, preds = p.board.neighbours, p.board.predecessors
        rest = reachable_rest(nbrs, p.visited, p.here, p.remaining, False)
        if rest is None:
            continue
        if forced_arcs_clash(nbrs, preds, p.visited, p.deg, p.here, rest, p.start, p.closed):
            fired += 1
            assert not p.completes(), p
    assert fired >= 5


@pytest.mark.parametrize("rule", ["knight", "xiangqi"])
def test_global_dead_end_is_sound(rule: str) -> None:
    fired = 0
    for p in positions(40, rule, 300):
        board = p.board
        args = (board.neighbours, board.predecessors, p.visited, p.deg, p.here, p.remaining)
        if global_dead_end(*args, p.start, p.closed):
            fired += 1
            assert not p.completes(), p
    assert fired >= 10


@pytest.mark.parametrize("rule", ["knight", "xiangqi"])
def test_the_colour_of_an_open_tours_end_is_a_sound_prune(rule: str) -> None:
    more = 0
    for p in positions(45, rule, 1500):
        if p.closed:
            continue
        board = p.board
        args = (board.neighbours, board.predecessors, p.visited, p.deg, p.here, p.remaining)
        with_colour = global_dead_end(*args, p.start, False, last_colour_squares(board, p.start))
        without = global_dead_end(*args, p.start, False)
        assert with_colour or not without  # it only adds cuts
        if with_colour and not without:
            more += 1
            assert not p.completes(), p
    assert more >= 3


@pytest.mark.parametrize("rule", ["knight", "xiangqi"])
def test_four_ranks_counting_is_sound(rule: str) -> None:
    fired = 0
    shapes = [(4, 4), (4, 5), (5, 4), (4, 6), (6, 4), (4, 7)]
    for p in positions(50, rule, 300, shapes):
        ranks = FourRanks(p.board, p.start, p.closed)
        for square in p.path[1:]:
            ranks.enter(square)
        if ranks.hopeless(p.here):
            fired += 1
            assert not p.completes(), p
    assert fired >= 10


def test_prunes_keep_a_completable_position() -> None:
    """A walk that is the start of a known tour is never cut (a fixed, non-random case)."""
    board = Board.create(5, 5)
    tour = [0, 11, 20, 17, 24, 13, 4, 7, 10, 1, 8, 19, 22, 15, 6, 3, 14, 23, 16, 5, 2, 9, 18,
            21, 12]
    validate(5, 5, tour)
    for length in range(1, 24):
        visited = bytearray(25)
        for square in tour[:length]:
            visited[square] = 1
        deg = [sum(1 for u in targets if not visited[u]) for targets in board.neighbours]
        here = tour[length - 1]
        nbrs = board.neighbours
        assert not lonely_neighbour(nbrs[here], visited, deg)
        assert not global_dead_end(nbrs, nbrs, visited, deg, here, 25 - length, 0, False)


@pytest.mark.parametrize("rule", ["knight", "xiangqi"])
def test_start_position_matches_the_definition(rule: str) -> None:
    rng = random.Random(60)
    for _ in range(50):
        rows, cols = rng.choice(SHAPES)
        squares = [(r, c) for r in range(rows) for c in range(cols)]
        holes = rng.sample(squares, rng.randint(0, 3))
        board = Board.create(rows, cols, holes, rule)
        start = board.index(rng.choice([s for s in squares if s not in holes]))
        closed = rng.random() < 0.5
        visited, deg = start_position(board, start, closed)
        assert [i for i in range(board.size) if visited[i]] == sorted({*board.blocked, start})
        assert deg == [
            sum(1 for u in targets if u != start or closed)  # holes are never targets
            for targets in board.neighbours
        ]
