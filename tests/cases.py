"""Random boards with holes for the tests and the benchmarks (bench/holes.py), the same for
the same seed.

- :func:`planted_board`: holes cut in pairs out of a tour, so a tour is certain to
  exist: wherever a tour runs ``a, x, y, b`` with ``a -> b`` a legal move, ``x`` and
  ``y`` can become holes and ``a, b`` stays a tour.  Under the xiangqi rule a cut is
  kept only if no move left on the tour has its leg on a new hole.
- :func:`balanced_board`: random holes, as many of each colour, none leaving a free
  square with fewer than two free neighbours; a tour may or may not exist.

>>> case = planted_board(10, 10, holes=30, closed=True, seed=1)
>>> len(case.blocked), len(case.tour)
(30, 70)
>>> from knight_py import validate
>>> validate(10, 10, case.tour, closed=True, blocked=case.blocked)
"""

from __future__ import annotations

import random
from array import array
from dataclasses import dataclass, field

from knight_py.board import Board, is_knight_move
from knight_py.solver import solve
from knight_py.squares import Square
from knight_py.theorems import closed_tour_exists, open_tour_exists

__all__ = ["Case", "balanced_board", "planted_board"]


@dataclass(frozen=True)
class Case:
    """A board with holes: ``blocked`` as ``(row, col)`` pairs, a free ``start``, and
    for a planted board the tour it was cut from (flat indices, ``start`` first)."""

    rows: int
    cols: int
    blocked: list[Square]
    start: Square
    closed: bool
    rule: str = "knight"
    tour: array[int] = field(default_factory=lambda: array("i"), repr=False)


def _random_tour(rows: int, cols: int, closed: bool, rng: random.Random) -> list[int]:
    """A tour of the empty board from a random start (closed when asked).

    :raises ValueError: when the board has no such tour.
    """
    exists = closed_tour_exists if closed else open_tour_exists
    if not exists(rows, cols):
        what = "closed tour" if closed else "tour"
        raise ValueError(f"a {rows} x {cols} board has no {what} to cut holes from")
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(squares)
    for start in squares:
        result = solve(rows, cols, start, closed=closed)
        if result.found:
            return list(result.indices)
    raise ValueError(f"no tour found on a {rows} x {cols} board")  # pragma: no cover


class _Cuts:
    """A tour kept as links (the next and previous square of each), cut two squares at a
    time: ``a, x, y, b`` becomes ``a, b`` where ``a -> b`` is a move."""

    def __init__(self, rows: int, cols: int, tour: list[int], closed: bool, rule: str) -> None:
        self.rows, self.cols = rows, cols
        self.closed, self.xiangqi = closed, rule == "xiangqi"
        self.length = len(tour)
        self.first, self.last = tour[0], tour[-1]
        self.nxt = [0] * (rows * cols)
        self.prv = [0] * (rows * cols)
        for k, square in enumerate(tour):
            self.nxt[square] = tour[(k + 1) % self.length]
            self.prv[square] = tour[k - 1]
        self.blocked: set[int] = set()
        self.alive = list(tour)  # squares that may still be cut, in any order
        self._where = {square: k for k, square in enumerate(self.alive)}

    def move_ok(self, a: int, b: int) -> bool:
        """``a -> b`` is a move, its leg clear of the holes cut so far under the xiangqi rule."""
        return is_knight_move(self.cols, a, b, self.blocked if self.xiangqi else ())

    def legs_clear(self, hole: int) -> bool:
        """No tour move still in use has its leg on ``hole``."""
        rows, cols = self.rows, self.cols
        hr, hc = divmod(hole, cols)
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            r, c = hr + dr, hc + dc
            u = r * cols + c
            if not (0 <= r < rows and 0 <= c < cols) or u in self.blocked:
                continue
            if not self.closed and u == self.last:
                if not self.move_ok(self.prv[u], u):
                    return False
                continue
            if not self.move_ok(u, self.nxt[u]) or (
                (self.closed or u != self.first) and not self.move_ok(self.prv[u], u)
            ):
                return False
        return True

    def cut(self, x: int) -> bool:
        """Cut ``x`` and the square after it when the tour can step over both; True if cut."""
        nxt, prv = self.nxt, self.prv
        y = nxt[x]
        a, b = prv[x], nxt[y]
        if self.first in (x, y) or (not self.closed and self.last in (x, y)):
            return False  # the tour keeps its start (and an open tour its end)
        if len({a, x, y, b}) < 4 or not self.move_ok(a, b):
            return False
        self.blocked.update((x, y))
        if self.xiangqi and not (self.move_ok(a, b) and self.legs_clear(x) and self.legs_clear(y)):
            self.blocked.difference_update((x, y))
            return False
        nxt[a], prv[b] = b, a
        self._retire(x)
        self._retire(y)
        return True

    def _retire(self, square: int) -> None:
        """Take a cut square out of :attr:`alive` (swap with the last, pop)."""
        alive, where = self.alive, self._where
        k = where[square]
        alive[k] = alive[-1]
        where[alive[k]] = k
        alive.pop()

    def path(self) -> array[int]:
        """The tour left after the cuts, from its first square."""
        path = [self.first]
        while len(path) < self.length - len(self.blocked):
            path.append(self.nxt[path[-1]])
        return array("i", path)


def planted_board(
    rows: int,
    cols: int,
    holes: int,
    closed: bool = False,
    rule: str = "knight",
    seed: int = 0,
) -> Case:
    """A board with about ``holes`` holes (an even number, fewer if cuts run out) and a
    tour through every other square.

    The start is the tour's first square; for a closed tour any square would do.

    :raises ValueError: when the empty board has no tour of the kind asked for.
    """
    rng = random.Random(seed)
    cuts = _Cuts(rows, cols, _random_tour(rows, cols, closed, rng), closed, rule)
    alive = cuts.alive
    misses = 0  # tries since the last cut
    target = holes - holes % 2
    while len(cuts.blocked) < target and misses < 4 * len(alive) + 1000 and len(alive) > 4:
        misses += 1
        if cuts.cut(alive[rng.randrange(len(alive))]):
            misses = 0
    blocked = [divmod(h, cols) for h in sorted(cuts.blocked)]
    return Case(rows, cols, blocked, divmod(cuts.first, cols), closed, rule, cuts.path())


def _balanced_holes(board: Board, by_colour: list[list[int]], holes: int) -> list[int]:
    """Up to ``holes`` holes (an even number), taken in turn from each colour's list in its
    order, each kept only if every free square keeps at least two free neighbours."""
    free = bytearray(b"\x01") * board.size
    degree = [len(t) for t in board.neighbours]
    blocked: list[int] = []
    picks = [0, 0]
    while len(blocked) < holes - holes % 2:
        colour = len(blocked) % 2
        squares = by_colour[colour]
        while picks[colour] < len(squares):
            h = squares[picks[colour]]
            picks[colour] += 1
            around = [w for w in board.neighbours[h] if free[w]]
            if free[h] and all(degree[w] > 2 for w in around):
                free[h] = 0
                for w in around:
                    degree[w] -= 1
                blocked.append(h)
                break
        else:
            break  # no more holes of this colour fit
    if len(blocked) % 2:
        blocked.pop()
    return blocked


def balanced_board(
    rows: int,
    cols: int,
    holes: int,
    closed: bool = False,
    rule: str = "knight",
    seed: int = 0,
) -> Case:
    """Random holes, half of each colour (so the colour counts allow a tour), each
    hole kept only if every free square keeps at least two free neighbours; a random
    free start of a colour a tour could start on."""
    rng = random.Random(seed)
    board = Board.create(rows, cols)
    by_colour: list[list[int]] = [[], []]
    for square in range(board.size):
        by_colour[board.colour(square)].append(square)
    for squares in by_colour:
        rng.shuffle(squares)
    blocked = _balanced_holes(board, by_colour, holes)
    # As many holes of each colour, so the colour with more squares has more free ones;
    # the start takes that colour (either when the counts are equal).
    colour = 0 if len(by_colour[0]) >= len(by_colour[1]) else 1
    taken = set(blocked)
    starts = [s for s in by_colour[colour] if s not in taken]
    start = starts[rng.randrange(len(starts))]
    return Case(rows, cols, [divmod(h, cols) for h in sorted(blocked)], divmod(start, cols),
                closed, rule)
