"""Pósa's rotation-extension search: tours of large boards with holes.

A depth-first search undoes its latest moves when it meets a dead end; on a large
board with holes the mistake is usually thousands of moves back, so it never gets
there.  Pósa's rotation (1976, "Hamiltonian circuits in random graphs") repairs the
path at its end instead: when the path ``p[0] .. p[k]`` is stuck at ``p[k]`` and
``p[k]`` is a move away from ``p[i]``, the path ``p[0] .. p[i], p[k], p[k-1] ..
p[i+1]`` visits the same squares and ends at ``p[i+1]``, which may have an unvisited
neighbour to extend to.  The start never moves.

The search here:

- **extends** by Warnsdorff's rule (the unvisited neighbour with the fewest onward
  moves; ties by a seeded random order), so squares that could become dead ends are
  taken while they can be;
- when stuck, **rotates**: among the rotations whose new end can extend, it picks one
  at random; when none can, it makes a random rotation (a random walk over the
  path's possible ends), never undoing the one before;
- after too many rotations without a new square it **restarts** with a new seed;
- for a **closed** tour, once every square is on the path, it rotates at either end
  (a rotation at the front reverses a prefix) until the two ends are a move apart,
  then turns the cycle to begin at the start.

Moves must be legal in the direction the path uses them: under the xiangqi rule a
rotation is made only if every move it reverses is legal backwards.

Randomness comes from ``random.Random(seed)``, so the same arguments give the same
tour.  The search finds tours; it proves nothing: when it stops without one, another
method must decide.

>>> from knight_py.board import Board
>>> from knight_py.monitor import Monitor
>>> board = Board.create(12, 12, blocked=[(0, 5), (3, 3), (7, 8), (11, 2)])
>>> tour = rotation_tour(board, 0, closed=True, monitor=Monitor())
>>> len(tour), tour[0]
(140, 0)
"""

from __future__ import annotations

import random
from array import array
from collections import deque

from .board import Board
from .monitor import Monitor

__all__ = ["rotation_tour"]

# Rotations without a new square before the search starts afresh, per free square
# (plus a floor): long enough to reach far ends, short enough to leave a bad start.
_PATIENCE_PER_SQUARE = 2
_PATIENCE_MIN = 2_000


class _Path:
    """A path with the position of every square on it, and its unvisited-neighbour counts."""

    def __init__(self, board: Board, start: int, rng: random.Random) -> None:
        self.nbrs = board.neighbours
        self.preds = board.predecessors
        size = board.size
        self.visited = bytearray(size)
        for hole in board.blocked:
            self.visited[hole] = 1
        self.pos = [-1] * size
        self.deg = [len(t) for t in self.nbrs]
        self.order = list(range(size))
        rng.shuffle(self.order)  # the tie-break: a seeded random rank per square
        self.squares: list[int] = []
        self.add(start)

    def add(self, square: int) -> None:
        self.visited[square] = 1
        self.pos[square] = len(self.squares)
        self.squares.append(square)
        deg = self.deg
        for u in self.preds[square]:
            deg[u] -= 1

    def next_square(self, end: int) -> int:
        """The unvisited neighbour of ``end`` to go to (Warnsdorff), or -1."""
        visited, deg, order = self.visited, self.deg, self.order
        best, key = -1, (9, 0)
        for w in self.nbrs[end]:
            if not visited[w]:
                k = (deg[w], order[w])
                if k < key:
                    best, key = w, k
        return best

    def reverse_tail(self, first: int) -> None:
        """Reverse ``squares[first:]`` and update the positions."""
        squares = self.squares
        tail = squares[first:]
        tail.reverse()
        squares[first:] = tail
        deque(map(self.pos.__setitem__, tail, range(first, len(squares))), maxlen=0)

    def reverse_head(self, stop: int) -> None:
        """Reverse ``squares[:stop]`` and update the positions."""
        squares = self.squares
        head = squares[:stop]
        head.reverse()
        squares[:stop] = head
        deque(map(self.pos.__setitem__, head, range(stop)), maxlen=0)


def _reversible(board: Board, path: list[int], lo: int, hi: int) -> bool:
    """True when every move of ``path[lo:hi]`` is also legal backwards."""
    if board.neighbours is board.predecessors:
        return True
    nbrs = board.neighbours
    return all(path[k] in nbrs[path[k + 1]] for k in range(lo, hi - 1))


def rotation_tour(
    board: Board,
    start: int,
    closed: bool,
    monitor: Monitor,
    seed: int = 0,
    max_restarts: int | None = None,
) -> array[int] | None:
    """A tour of ``board`` from flat index ``start``, or None after ``max_restarts``
    restarts (None: until the monitor stops it).

    Effort is counted in ``monitor.nodes``: one per square added, one per rotation
    plus one per 64 squares it reverses.

    :raises SearchStopped: when the monitor's budget runs out or it is cancelled.
    """
    n = board.free_count
    patience = max(_PATIENCE_MIN, _PATIENCE_PER_SQUARE * n)
    nodes = monitor.nodes
    next_check = monitor.first_checkpoint()
    attempt = 0
    while max_restarts is None or attempt <= max_restarts:
        rng = random.Random(seed * 1_000_003 + attempt)
        attempt += 1
        path = _Path(board, start, rng)
        squares, pos, nbrs = path.squares, path.pos, path.nbrs
        stalled = 0
        last_pivot = -1
        while stalled < patience:
            if nodes >= next_check:
                next_check = monitor.checkpoint(nodes, monitor.backtracks, len(squares))
            end = squares[-1]
            w = path.next_square(end)
            if w >= 0:
                path.add(w)
                nodes += 1
                stalled = 0
                continue
            full = len(squares) == n
            if full and (not closed or squares[0] in nbrs[end]):
                break
            stalled += 1
            if full:
                # Every square is on the path: rotate at either end until they meet.
                pivot = _close_rotation(board, path, rng, last_pivot)
            else:
                pivot = _end_rotation(board, path, rng, last_pivot)
            if pivot < 0:
                break  # no rotation possible at all: start afresh
            last_pivot = pivot
            nodes += 1 + len(squares) // 64
        if len(squares) == n and (not closed or squares[0] in nbrs[squares[-1]]):
            monitor.nodes = nodes
            if closed and squares[0] != start:
                k = pos[start]
                squares[:] = squares[k:] + squares[:k]
            return array("i", squares)
    monitor.nodes = nodes
    return None


def _end_rotation(board: Board, path: _Path, rng: random.Random, last_pivot: int) -> int:
    """Rotate at the end; prefer a new end that can extend.  Returns the pivot or -1."""
    squares, pos, visited, deg = path.squares, path.pos, path.visited, path.deg
    end = squares[-1]
    top = len(squares) - 2
    pivots = [pos[v] for v in path.preds[end] if visited[v] and pos[v] >= 0 and pos[v] < top]
    if not pivots:
        return -1
    good = [i for i in pivots if deg[squares[i + 1]] > 0 and squares[i] != last_pivot]
    choices = good or [i for i in pivots if squares[i] != last_pivot] or pivots
    rng.shuffle(choices)
    for i in choices:
        if _reversible(board, squares, i + 1, len(squares)):
            pivot = squares[i]
            path.reverse_tail(i + 1)
            return pivot
    return -1


def _close_rotation(board: Board, path: _Path, rng: random.Random, last_pivot: int) -> int:
    """With every square on the path, rotate at a random end (the front too when the
    start may move, i.e. for a closed tour); prefer rotations that close the cycle."""
    squares, pos = path.squares, path.pos
    nbrs, preds = path.nbrs, path.preds
    last = len(squares) - 1
    front, end = squares[0], squares[-1]
    options: list[tuple[int, int]] = []  # (0 for end / 1 for front, index of pivot)
    for v in preds[end]:
        i = pos[v]
        if i < last - 1:
            options.append((0, i))
    for v in nbrs[front]:
        i = pos[v]
        if i > 1:
            options.append((1, i))
    if not options:
        return -1
    # A rotation closes the cycle when its new end (or front) meets the other end.
    closing = [
        (side, i)
        for side, i in options
        if (side == 0 and front in nbrs[squares[i + 1]])
        or (side == 1 and squares[i - 1] in nbrs[end])
    ]
    choices = closing or [o for o in options if squares[o[1]] != last_pivot] or options
    rng.shuffle(choices)
    for side, i in choices:
        if side == 0 and _reversible(board, squares, i + 1, len(squares)):
            path.reverse_tail(i + 1)
            return squares[i]
        if side == 1 and _reversible(board, squares, 0, i):
            path.reverse_head(i)
            return squares[i]
    return -1
