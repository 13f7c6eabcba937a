"""The cycle cover of a board: a 2-factor found by augmenting paths.

A closed tour gives every square exactly two tour neighbours.  Asking only for that
(a *2-factor*: every square joined to two others by distinct moves) is a flow
problem, solved here by augmenting paths in layers as in Hopcroft and Karp (1973):
knight moves always change colour, so the board is a bipartite graph, each square
has room for two moves, and each move is used at most once.  A 2-factor is a set of
disjoint cycles through every square; :mod:`.cycle_merge` merges them into a tour.

An open tour from ``start`` becomes a closed one with virtual squares: with one
square more of the start's colour, a square ``z`` of the other colour next to the
start (a fixed move) and to every square of the start's colour (the end); with equal
colours, ``z1`` fixed between the start and ``z2``, and ``z2`` next to every square
of the other colour.

Only moves legal both ways are used, so covers found under the xiangqi rule are
legal too (one-way moves beside holes are left out).  Shuffles are seeded.

>>> from knight_py.board import Board
>>> graph = cover_graph(Board.create(6, 6), 0, closed=True)
>>> two_factor(graph.adj, graph.left, graph.pairs, graph.fixed, random.Random(0))
True
>>> all(len(graph.pairs[v]) == 2 for v in graph.nodes)
True
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..board import Board

__all__ = ["CoverGraph", "Tick", "augment", "cover_graph", "two_factor"]

#: Called with the work done since the last call (nodes looked at), for budgets and progress.
Tick = Callable[[int], None]


@dataclass
class CoverGraph:
    """The graph a cycle cover is found on: the board's free squares joined by the moves
    legal both ways, plus an open tour's virtual squares (numbered from ``board.size``).

    ``pairs[v]`` holds the moves chosen so far (a virtual square's fixed moves from the
    start); ``fixed`` holds the moves never given up, as ``(colour 0, colour 1)``.
    """

    adj: list[Sequence[int]]
    colour: list[int]
    nodes: list[int]
    pairs: list[list[int]]
    fixed: set[tuple[int, int]] = field(default_factory=set)
    virtual: set[int] = field(default_factory=set)

    @property
    def left(self) -> list[int]:
        """The nodes of colour 0: one side of the bipartite graph."""
        colour = self.colour
        return [v for v in self.nodes if colour[v] == 0]

    def fix(self, a: int, b: int) -> None:
        """Choose the move ``a - b`` for good."""
        self.pairs[a].append(b)
        self.pairs[b].append(a)
        self.fixed.add((a, b) if self.colour[a] == 0 else (b, a))


def cover_graph(board: Board, start: int, closed: bool) -> CoverGraph | None:
    """The graph whose 2-factors are the (closed, or with virtual squares open) tours'
    covers from flat index ``start``; None when the colour counts allow no such tour."""
    nbrs = board.neighbours
    symmetric = nbrs is board.predecessors
    adj: list[Sequence[int]] = [
        t if symmetric else tuple(w for w in t if v in nbrs[w]) for v, t in enumerate(nbrs)
    ]
    colour = [board.colour(v) for v in range(board.size)]
    counts = [0, 0]
    for v in board.free_squares:
        counts[colour[v]] += 1
    graph = CoverGraph(adj, colour, list(board.free_squares), [[] for _ in range(board.size)])
    mine = colour[start]
    if closed:
        return graph if counts[0] == counts[1] else None
    if counts[mine] == counts[1 - mine] + 1:
        _add_one_end(graph, board, start)
    elif counts[mine] == counts[1 - mine]:
        _add_two_ends(graph, board, start)
    else:
        return None
    return graph


def _add_virtual(graph: CoverGraph, colour: int, ways: Sequence[int]) -> int:
    """A new virtual square of ``colour`` next to each of ``ways`` (and they to it)."""
    z = len(graph.adj)
    graph.adj.append(tuple(ways))
    for v in ways:
        graph.adj[v] = (*graph.adj[v], z)
    graph.colour.append(colour)
    graph.pairs.append([])
    graph.nodes.append(z)
    graph.virtual.add(z)
    return z


def _add_one_end(graph: CoverGraph, board: Board, start: int) -> None:
    """One square more of the start's colour: ``z`` of the other colour, fixed next to
    the start and next to every square of the start's colour (the end)."""
    mine = graph.colour[start]
    ends = [v for v in board.free_squares if graph.colour[v] == mine]
    z = _add_virtual(graph, 1 - mine, ends)
    graph.fix(start, z)


def _add_two_ends(graph: CoverGraph, board: Board, start: int) -> None:
    """As many squares of each colour: ``z1`` (the other colour) fixed between the start
    and ``z2`` (the start's), and ``z2`` next to every square of the other colour."""
    mine = graph.colour[start]
    ends = [v for v in board.free_squares if graph.colour[v] != mine]
    z1 = _add_virtual(graph, 1 - mine, [start])
    z2 = _add_virtual(graph, mine, ends)
    graph.adj[z2] = (z1, *graph.adj[z2])
    graph.adj[z1] = (*graph.adj[z1], z2)
    graph.fix(start, z1)
    graph.fix(z2, z1)


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
            if not augment(adj, pairs, root, fixed, tick):
                return False  # no augmenting path: no 2-factor
    return True


def augment(
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
