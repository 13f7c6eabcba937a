"""Tours of large boards with holes: a cycle cover (:mod:`.cycle_cover`), its cycles merged.

A 2-factor is a set of disjoint cycles through every square; two of them merge into
one when a move ``a - a2`` of one and ``x - x2`` of the other can be exchanged for
``a - x`` and ``a2 - x2``, the exchange the linear constructions use to join block
tours (Parberry 1997).  On a knight's board such exchanges are plentiful wherever
two cycles run side by side, so merging greedily usually ends with one cycle: a
closed tour.  Where it does not, a stretch of a cycle is turned around first, or a
move is forced out of the smallest cycle and the cover repaired around it.

An open tour is read from the start of the merged cycle, away from the cover's
virtual squares.  Shuffles are seeded, so the same arguments give the same tour.
The method proves nothing: it returns None when the cover does not exist or its
cycles do not merge.

>>> from knight_py.board import Board
>>> board = Board.create(10, 10, blocked=[(0, 0), (4, 5), (5, 4), (9, 9)])
>>> tour = merge_tour(board, 11, closed=True)
>>> len(tour), tour[0]
(96, 11)
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Sequence

from ..board import Board
from .cycle_cover import Tick, augment, cover_graph, two_factor

__all__ = ["merge_tour"]


def _walk_cycles(pairs: list[list[int]], nodes: Sequence[int]) -> tuple[list[int], list[int]]:
    """Per node, its cycle's number and its successor along the cycle (one of the
    two directions, chosen per cycle)."""
    size = len(pairs)
    label = [-1] * size
    succ = [-1] * size
    cycles = 0
    for u in nodes:
        if label[u] >= 0:
            continue
        prev, v = -1, u
        while label[v] < 0:
            label[v] = cycles
            a, b = pairs[v]
            nxt = b if a == prev else a
            if prev < 0:
                nxt = a
            succ[v] = nxt
            prev, v = v, nxt
        cycles += 1
    return label, succ


def _swap(pairs: list[list[int]], u: int, old: int, new: int) -> None:
    """Replace u's move to ``old`` by a move to ``new``."""
    moves = pairs[u]
    moves[moves.index(old)] = new


def _merge_pass(
    pairs: list[list[int]],
    order: list[int],
    adj: Sequence[Sequence[int]],
    adjacent: Callable[[int, int], bool],
    kept: Callable[[int, int], bool],
) -> int:
    """Exchange moves between different cycles until no exchange is left; return the
    number of cycles left."""
    label, _ = _walk_cycles(pairs, order)
    cycles = max(label[u] for u in order) + 1
    parent = list(range(cycles))

    def find(c: int) -> int:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    before = cycles + 1
    while 1 < cycles < before:
        before = cycles
        for a in order:
            ca = find(label[a])
            for x in adj[a]:
                cx = find(label[x])
                if cx == ca:
                    continue
                exchange = next(
                    (
                        (a2, x2)
                        for a2 in pairs[a]
                        if not kept(a, a2)
                        for x2 in pairs[x]
                        if not kept(x, x2) and adjacent(a2, x2)
                    ),
                    None,
                )
                if exchange is None:
                    continue
                a2, x2 = exchange
                # a - a2 and x - x2 become a - x and a2 - x2: the two cycles are one.
                _swap(pairs, a, a2, x)
                _swap(pairs, x, x2, a)
                _swap(pairs, a2, a, x2)
                _swap(pairs, x2, x, a2)
                parent[cx] = ca
                cycles -= 1
                break
    return cycles


def _merge_with_flip(
    pairs: list[list[int]],
    nodes: Sequence[int],
    adj: Sequence[Sequence[int]],
    adjacent: Callable[[int, int], bool],
    kept: Callable[[int, int], bool],
) -> bool:
    """One merge that needs two steps: turn a stretch of another cycle around (its moves
    ``x - x2`` and ``y - y2`` become ``x - y`` and ``x2 - y2``, still one cycle), then
    exchange ``a - a2`` with the new ``x - y``.  True when it merged two cycles."""
    label, succ = _walk_cycles(pairs, nodes)
    size: dict[int, int] = {}
    for u in nodes:
        size[label[u]] = size.get(label[u], 0) + 1
    pred = [-1] * len(succ)
    for u in nodes:
        pred[succ[u]] = u
    smallest_first = sorted(nodes, key=lambda u: (size[label[u]], u))
    for a in smallest_first:
        for a2 in pairs[a]:
            if kept(a, a2):
                continue
            for x in adj[a]:
                if label[x] == label[a]:
                    continue
                for y in adj[a2]:
                    if label[y] != label[x] or y == x:
                        continue
                    for step in (succ, pred):
                        x2, y2 = step[x], step[y]
                        if (
                            x2 == y
                            or y2 == x
                            or kept(x, x2)
                            or kept(y, y2)
                            or not adjacent(x2, y2)
                        ):
                            continue
                        # x -> x2 .. y -> y2 .. x: drop x-x2, y-y2, a-a2; add a-x, a2-y,
                        # x2-y2.  Walking x2 .. y, a2 .. a, x .. y2 (backwards), x2.
                        _swap(pairs, x, x2, a)
                        _swap(pairs, y, y2, a2)
                        _swap(pairs, a, a2, x)
                        _swap(pairs, a2, a, y)
                        _swap(pairs, x2, x, y2)
                        _swap(pairs, y2, y, x2)
                        return True
    return False


def _merge(
    pairs: list[list[int]],
    nodes: Sequence[int],
    adj: Sequence[Sequence[int]],
    adjacent: Callable[[int, int], bool],
    fixed: set[tuple[int, int]],
    left: Callable[[int], bool],
    rng: random.Random,
    tick: Tick | None = None,
) -> bool:
    """Merge the cycles of the 2-factor ``pairs``; True when one cycle is left."""

    def kept(u: int, v: int) -> bool:
        return (u, v) in fixed or (v, u) in fixed

    order = list(nodes)
    rng.shuffle(order)
    kicks = 0
    while True:
        cycles = _merge_pass(pairs, order, adj, adjacent, kept)
        if tick is not None:
            tick(len(order))
        if cycles == 1:
            return True
        if _merge_with_flip(pairs, order, adj, adjacent, kept):
            continue
        kicks += 1
        if kicks > _MAX_KICKS or not _kick(pairs, order, adj, fixed, left, kept, rng, tick):
            return False


# Kicks (forced moves out of a cycle that will not merge) before merging gives up.
_MAX_KICKS = 200


def _kick(
    pairs: list[list[int]],
    nodes: Sequence[int],
    adj: Sequence[Sequence[int]],
    fixed: set[tuple[int, int]],
    left: Callable[[int], bool],
    kept: Callable[[int, int], bool],
    rng: random.Random,
    tick: Tick | None,
) -> bool:
    """Force a move from the smallest cycle to a square outside it, dropping one move of
    each, and let an augmenting path repair the factor elsewhere.  The cycles change;
    another merge pass may then succeed.  False when no kick is possible."""
    label, _ = _walk_cycles(pairs, nodes)
    sizes: dict[int, int] = {}
    for u in nodes:
        sizes[label[u]] = sizes.get(label[u], 0) + 1
    smallest = min(sizes, key=lambda c: (sizes[c], c))
    members = [u for u in nodes if label[u] == smallest]
    options = [
        (a, a2, x, x2)
        for a in members
        for x in adj[a]
        if label[x] != smallest
        for a2 in pairs[a]
        if not kept(a, a2)
        for x2 in pairs[x]
        if not kept(x, x2)
    ]
    rng.shuffle(options)
    for a, a2, x, x2 in options[:8]:
        saved = {u: list(pairs[u]) for u in (a, a2, x, x2)}
        forced = (a, x) if left(a) else (x, a)
        _swap(pairs, a, a2, x)
        _swap(pairs, x, x2, a)
        pairs[a2].remove(a)
        pairs[x2].remove(x)
        fixed.add(forced)
        root = a2 if left(a2) else x2
        repaired = augment(adj, pairs, root, fixed, tick)
        fixed.discard(forced)
        if repaired:
            return True
        for u, moves in saved.items():
            pairs[u] = moves
    return False


def merge_tour(
    board: Board,
    start: int,
    closed: bool,
    seed: int = 0,
    tick: Tick | None = None,
) -> array[int] | None:
    """A tour of ``board`` from flat index ``start`` by a 2-factor and merging, or None
    when the factor cannot be found or its cycles do not merge (which proves
    nothing).  Deterministic for a given ``seed``."""
    rng = random.Random(seed)
    graph = cover_graph(board, start, closed)
    if graph is None:
        return None
    adj, colour, pairs = graph.adj, graph.colour, graph.pairs
    if not two_factor(adj, graph.left, pairs, graph.fixed, rng, tick):
        return None
    large = {z: frozenset(adj[z]) for z in graph.virtual}

    def adjacent(u: int, v: int) -> bool:
        near = large.get(u)
        return v in (adj[u] if near is None else near)

    if not _merge(
        pairs, graph.nodes, adj, adjacent, graph.fixed, lambda v: colour[v] == 0, rng, tick
    ):
        return None
    return _read_tour(pairs, start, graph.virtual, board.free_count)


def _read_tour(pairs: list[list[int]], start: int, virtual: set[int], length: int) -> array[int]:
    """The merged cycle read from ``start``, away from the virtual squares."""
    first = pairs[start][0]
    if first in virtual:
        first = pairs[start][1]
    tour = [start]
    prev, v = start, first
    while len(tour) < length:
        tour.append(v)
        a, b = pairs[v]
        prev, v = v, (b if a == prev else a)
    return array("i", tour)
