"""Random boards with holes for tests and benchmarks, the same for the same seed.

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

from .board import Board, leg
from .squares import Square

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
    from .solver import solve  # the public solver: this module serves tests and benchmarks
    from .theorems import closed_tour_exists, open_tour_exists

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
    tour = _random_tour(rows, cols, closed, rng)
    n = len(tour)
    board_xiangqi = rule == "xiangqi"
    nxt = [0] * (rows * cols)
    prv = [0] * (rows * cols)
    for k, square in enumerate(tour):
        nxt[square] = tour[(k + 1) % n]
        prv[square] = tour[k - 1]
    first, last = tour[0], tour[-1]
    blocked: set[int] = set()
    alive = list(tour)  # squares that may still be cut, in any order
    where = {square: k for k, square in enumerate(alive)}

    def move_ok(a: int, b: int) -> bool:
        ra, ca = divmod(a, cols)
        rb, cb = divmod(b, cols)
        dr, dc = rb - ra, cb - ca
        if dr * dr + dc * dc != 5:
            return False
        if board_xiangqi:
            lr, lc = leg(ra, ca, dr, dc)
            return lr * cols + lc not in blocked
        return True

    def legs_clear(hole: int) -> bool:
        """No tour move still in use has its leg on ``hole``."""
        hr, hc = divmod(hole, cols)
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            r, c = hr + dr, hc + dc
            u = r * cols + c
            if not (0 <= r < rows and 0 <= c < cols) or u in blocked:
                continue
            if not closed and u == last:
                if not move_ok(prv[u], u):
                    return False
                continue
            if not move_ok(u, nxt[u]) or ((closed or u != first) and not move_ok(prv[u], u)):
                return False
        return True

    misses = 0  # tries since the last cut
    target = holes - holes % 2
    while len(blocked) < target and misses < 4 * len(alive) + 1000 and len(alive) > 4:
        misses += 1
        i = rng.randrange(len(alive))
        x = alive[i]
        y = nxt[x]
        a, b = prv[x], nxt[y]
        if first in (x, y) or (not closed and last in (x, y)):
            continue  # the tour keeps its start (and an open tour its end)
        if len({a, x, y, b}) < 4 or not move_ok(a, b):
            continue
        blocked.update((x, y))
        if board_xiangqi and not (move_ok(a, b) and legs_clear(x) and legs_clear(y)):
            blocked.difference_update((x, y))
            continue
        nxt[a], prv[b] = b, a
        misses = 0
        for gone in (x, y):
            k = where[gone]
            alive[k] = alive[-1]
            where[alive[k]] = k
            alive.pop()
    path = [first]
    while len(path) < n - len(blocked):
        path.append(nxt[path[-1]])
    return Case(
        rows,
        cols,
        [divmod(h, cols) for h in sorted(blocked)],
        divmod(first, cols),
        closed,
        rule,
        array("i", path),
    )


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
    size = rows * cols
    board = Board.create(rows, cols)
    free = bytearray(b"\x01") * size
    degree = [len(t) for t in board.neighbours]
    by_colour: list[list[int]] = [[], []]
    for square in range(size):
        by_colour[board.colour(square)].append(square)
    for squares in by_colour:
        rng.shuffle(squares)
    blocked: list[int] = []
    want = holes - holes % 2
    picks = [0, 0]
    while len(blocked) < want:
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
        h = blocked.pop()
        free[h] = 1
    counts = [0, 0]
    for square in range(size):
        if free[square]:
            counts[board.colour(square)] += 1
    # The start's colour: either when the counts are equal, else the majority colour.
    colour = 0 if counts[0] >= counts[1] else 1
    starts = [s for s in by_colour[colour] if free[s]]
    start = starts[rng.randrange(len(starts))]
    return Case(rows, cols, [divmod(h, cols) for h in sorted(blocked)], divmod(start, cols),
                closed, rule)
