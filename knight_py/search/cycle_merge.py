"""Tours of large boards with holes: a 2-factor by augmenting paths, then cycles merged.

A closed tour gives every square exactly two tour neighbours.  Asking only for that
(a *2-factor*: every square joined to two others by distinct moves) is a flow
problem, solved here by augmenting paths in layers as in Hopcroft and Karp (1973):
knight moves always change colour, so the board is a bipartite graph, each square
has room for two moves, and each move is used at most once.  A 2-factor is a set of
disjoint cycles through every square; two of them merge into one when a move
``a - a2`` of one and ``x - x2`` of the other can be exchanged for ``a - x`` and
``a2 - x2``, the exchange the linear constructions use to join block tours
(Parberry 1997).  On a knight's board such exchanges are plentiful wherever two
cycles run side by side, so merging greedily usually ends with one cycle: a closed
tour.

An open tour from ``start`` becomes a closed one with virtual squares: with one
square more of the start's colour, a square ``z`` of the other colour next to the
start (a fixed move) and to every square of the start's colour (the end); with equal
colours, ``z1`` fixed between the start and ``z2``, and ``z2`` next to every square
of the other colour.  The cycle read from the start, away from the virtual squares,
is the tour.

Only moves legal both ways are used, so tours found under the xiangqi rule are
legal too (one-way moves beside holes are left out).  Shuffles are seeded, so the
same arguments give the same tour.  The method proves nothing: it returns None when
the factor does not exist or its cycles do not merge.

>>> from knight_py.board import Board
>>> board = Board.create(10, 10, blocked=[(0, 0), (4, 5), (5, 4), (9, 9)])
>>> tour = merge_tour(board, 11, closed=True)
>>> len(tour), tour[0]
(96, 11)
"""

from __future__ import annotations

import heapq
import random
from array import array
from collections.abc import Callable, Sequence

from ..board import Board

__all__ = ["merge_tour", "two_factor"]

Tick = Callable[[int], None]


def two_factor(
    adj: Sequence[Sequence[int]],
    left: Sequence[int],
    pairs: list[list[int]],
    fixed: set[tuple[int, int]],
    rng: random.Random,
    tick: Tick | None = None,
) -> bool:
    """Complete ``pairs`` (each node's chosen neighbours, some given) so that every
    node has two; True on success, False when no 2-factor exists.

    ``adj`` is a bipartite graph (``left`` holds one side); moves in ``fixed`` (as
    ``(left, right)``) are already in ``pairs`` and never given up.
    """
    order = list(left)
    rng.shuffle(order)
    _greedy_factor(adj, pairs, rng)
    for root in order:
        while len(pairs[root]) < 2:
            if not _augment(adj, pairs, root, fixed, tick):
                return False  # no augmenting path: no 2-factor
    return True


def _augment(
    adj: Sequence[Sequence[int]],
    pairs: list[list[int]],
    root: int,
    fixed: set[tuple[int, int]],
    tick: Tick | None = None,
) -> bool:
    """Give the left node ``root`` (one move short) a move along an augmenting path,
    found breadth first: ``a -(unused move)-> b -(b gives up its move to a2)-> a2 ...``
    until some ``b`` has room.  False when there is no such path."""
    parent = {root: (-1, -1)}
    queue = [root]
    head = 0
    found = -1, -1
    while head < len(queue) and found[0] < 0:
        a = queue[head]
        head += 1
        for b in adj[a]:
            if b in pairs[a]:
                continue
            if len(pairs[b]) < 2:
                found = a, b
                break
            for a2 in pairs[b]:
                if a2 not in parent and (a2, b) not in fixed:
                    parent[a2] = (a, b)
                    queue.append(a2)
    if tick is not None:
        tick(head)
    a, b = found
    if a < 0:
        return False
    while a >= 0:
        pairs[a].append(b)
        pairs[b].append(a)
        prev, via = parent[a]
        if prev >= 0:
            pairs[a].remove(via)
            pairs[via].remove(a)
        a, b = prev, via
    return True


def _greedy_factor(
    adj: Sequence[Sequence[int]], pairs: list[list[int]], rng: random.Random
) -> None:
    """Give nodes their two moves greedily, the node with the least room to spare
    first (its ways left minus the moves it still needs), each to the neighbour with
    the least room: Warnsdorff's idea applied to a matching, so few nodes are left
    short for the augmenting paths to fix."""
    size = len(adj)
    rank = list(range(size))
    rng.shuffle(rank)
    need = [0] * size
    for v in range(size):
        if adj[v]:
            need[v] = 2 - len(pairs[v])
    room = [0] * size  # ways left: neighbours that still need a move, by unused moves
    for v in range(size):
        if need[v] > 0:
            room[v] = sum(1 for u in adj[v] if need[u] > 0 and u not in pairs[v])
    heap = [(room[v] - need[v], rank[v], v) for v in range(size) if need[v] > 0]
    heapq.heapify(heap)

    def satisfied(v: int) -> None:
        """v needs no more moves: its neighbours lose a way."""
        for w in adj[v]:
            if need[w] > 0 and w not in pairs[v]:
                room[w] -= 1
                heapq.heappush(heap, (room[w] - need[w], rank[w], w))

    while heap:
        key, _, v = heapq.heappop(heap)
        if need[v] <= 0 or key != room[v] - need[v]:
            continue  # stale entry
        best, best_key = -1, (1 << 30, 0)
        for u in adj[v]:
            if need[u] > 0 and u not in pairs[v]:
                k = (room[u] - need[u], rank[u])
                if k < best_key:
                    best, best_key = u, k
        if best < 0:
            continue  # left short: the augmenting paths will see to it
        u = best
        pairs[v].append(u)
        pairs[u].append(v)
        room[v] -= 1
        room[u] -= 1
        for x in (v, u):
            need[x] -= 1
            if need[x] == 0:
                satisfied(x)
            else:
                heapq.heappush(heap, (room[x] - need[x], rank[x], x))


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
        repaired = _augment(adj, pairs, root, fixed, tick)
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
    nbrs = board.neighbours
    free = board.free_squares
    size = board.size
    symmetric = nbrs is board.predecessors
    adj: list[Sequence[int]] = [
        t if symmetric else tuple(w for w in t if v in nbrs[w]) for v, t in enumerate(nbrs)
    ]
    colour = [board.colour(v) for v in range(size)]
    mine = colour[start]
    counts = [0, 0]
    for v in free:
        counts[colour[v]] += 1
    nodes = list(free)
    fixed: set[tuple[int, int]] = set()
    pairs: list[list[int]] = [[] for _ in range(size)]
    virtual: set[int] = set()
    if not closed:
        if counts[mine] == counts[1 - mine] + 1:
            z = size  # other colour: next to the start and every square of its colour
            ends = [v for v in free if colour[v] == mine]
            adj.append(tuple(ends))
            for v in ends:
                adj[v] = (*adj[v], z)
            colour.append(1 - mine)
            pairs.append([])
            fixed.add((start, z) if mine == 0 else (z, start))
            pairs[start].append(z)
            pairs[z].append(start)
            nodes.append(z)
            virtual.add(z)
        elif counts[mine] == counts[1 - mine]:
            z1, z2 = size, size + 1  # z1 (other colour) between start and z2 (start's)
            ends = [v for v in free if colour[v] != mine]
            adj.append((start, z2))
            adj.append((z1, *ends))
            adj[start] = (*adj[start], z1)
            for v in ends:
                adj[v] = (*adj[v], z2)
            colour += [1 - mine, mine]
            pairs += [[start, z2], [z1]]
            pairs[start].append(z1)
            for a, b in ((start, z1), (z2, z1)):
                fixed.add((a, b) if colour[a] == 0 else (b, a))
            nodes += [z1, z2]
            virtual.update((z1, z2))
        else:
            return None
    elif counts[0] != counts[1]:
        return None
    left = [v for v in nodes if colour[v] == 0]
    if not two_factor(adj, left, pairs, fixed, rng, tick):
        return None
    large = {z: frozenset(adj[z]) for z in virtual}

    def adjacent(u: int, v: int) -> bool:
        near = large.get(u)
        return v in (adj[u] if near is None else near)

    if not _merge(pairs, nodes, adj, adjacent, fixed, lambda v: colour[v] == 0, rng, tick):
        return None
    # Read the cycle from the start, away from the virtual squares.
    first = pairs[start][0]
    if first in virtual:
        first = pairs[start][1]
    tour = [start]
    prev, v = start, first
    n = board.free_count
    while len(tour) < n:
        tour.append(v)
        a, b = pairs[v]
        prev, v = v, (b if a == prev else a)
    return array("i", tour)
