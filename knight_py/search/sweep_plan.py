"""The sweep's plan (:mod:`.sweep`): the order squares join in and the moves decided at each step.

Squares join along the board's longer side, so the frontier spans the narrow one.
After a square joins, its moves to and from earlier squares are decided one step each
(a move legal both ways once); an open tour's extra square takes part like any other.
Per step the plan also knows how many moves of its two squares are still to come, which
squares leave the frontier after it, and how many squares have joined.

>>> from knight_py.board import Board
>>> frontier_width(Board.create(3, 10)), frontier_width(Board.create(8, 8))
(7, 17)
>>> plan = make_plan(Board.create(3, 4), 0, closed=False, backwards=False)
>>> plan.steps[:3], plan.joined[-1]
([(0, -2), (0, -1), (4, -2)], 13)
"""

from __future__ import annotations

from typing import NamedTuple

from ..board import Board

__all__ = ["EXTRA", "JOIN", "Plan", "frontier_width", "make_plan"]

#: The extra square of an open tour: it moves to the start, and every square moves to it.
EXTRA = -1
#: Marks a step at which a square joins the frontier, in place of an arc's head.
JOIN = -2
class Plan(NamedTuple):
    """The order of the sweep: which square joins or which move is decided at each step."""

    steps: list[tuple[int, int]]  # (square, JOIN), or a move (from, to)
    two_way: list[bool]  # the step's move is legal both ways: an edge, not an arc
    room_u: list[tuple[int, int, int]]  # moves (any, out, in) of the first square decided later
    room_v: list[tuple[int, int, int]]  # the same for the second square
    leaving: list[tuple[int, ...]]  # squares whose moves are all decided after the step
    joined: list[int]  # squares of the loop joined by the end of each step, the extra one too
    edges: bool  # every move is two-way (the extra square's too): ends need no direction


def _order(board: Board, backwards: bool = False) -> list[int]:
    """Free squares along the longer side, so the frontier spans the narrow one."""
    free = list(board.free_squares)
    if board.rows < board.cols:
        cols = board.cols
        free.sort(key=lambda i: (i % cols, i // cols))
    return free[::-1] if backwards else free


def _steps(board: Board, order: list[int], start: int, closed: bool, edges: bool
           ) -> tuple[list[tuple[int, int]], list[bool]]:
    """Each square joins, then its moves to and from earlier squares, a two-way move once."""
    rank = {v: k for k, v in enumerate(order)}
    nbrs = board.neighbours
    last_colour = board.last_colour(start)  # an open tour's last square has this colour
    steps: list[tuple[int, int]] = []
    two_way: list[bool] = []
    for v in order:
        steps.append((v, JOIN))
        two_way.append(False)
        if not closed:  # the extra square: it moves to the start; the last square to it
            if board.colour(v) == last_colour or (edges and v == start):
                steps.append((v, EXTRA))
                two_way.append(edges)
            if v == start and not edges:
                steps.append((EXTRA, v))
                two_way.append(False)
        earlier = sorted({w for w in nbrs[v] + board.predecessors[v] if rank[w] < rank[v]},
                         key=rank.__getitem__)
        for w in earlier:
            forth, back = w in nbrs[v], v in nbrs[w]
            steps.append((v, w) if forth else (w, v))
            two_way.append(forth and back)
    return steps, two_way


def _room(steps: list[tuple[int, int]], two_way: list[bool]
          ) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]], dict[int, int]]:
    """Per step, the moves of its two squares decided after it: (any, out, in); and the step
    at which each square's last move is decided."""
    count: dict[int, list[int]] = {}
    last: dict[int, int] = {}
    for k, (u, v) in enumerate(steps):
        if v != JOIN:
            cu, cv = count.setdefault(u, [0, 0, 0]), count.setdefault(v, [0, 0, 0])
            both = two_way[k]
            cu[0] += 1; cu[1] += 1; cu[2] += both  # noqa: E702
            cv[0] += 1; cv[2] += 1; cv[1] += both  # noqa: E702
            last[u] = last[v] = k
    room_u, room_v = [], []
    for k, (u, v) in enumerate(steps):
        if v == JOIN:
            room_u.append((0, 0, 0))
            room_v.append((0, 0, 0))
            continue
        cu, cv = count[u], count[v]
        both = two_way[k]
        cu[0] -= 1; cu[1] -= 1; cu[2] -= both  # noqa: E702
        cv[0] -= 1; cv[2] -= 1; cv[1] -= both  # noqa: E702
        room_u.append((cu[0], cu[1], cu[2]))
        room_v.append((cv[0], cv[1], cv[2]))
    return room_u, room_v, last


def make_plan(board: Board, start: int, closed: bool, backwards: bool) -> Plan | None:
    """The sweep's steps; None when some square has no move out or no move in."""
    order = _order(board, backwards)
    edges = board.neighbours is board.predecessors
    steps, two_way = _steps(board, order, start, closed, edges)
    room_u, room_v, last = _room(steps, two_way)
    if any(v not in last for v in order):
        return None
    if edges and not closed:
        # The open tour's first move is from the extra square to the start: never left out.
        k = steps.index((start, EXTRA))
        room_u[k] = (-2, -2, -2)
    leaving: list[list[int]] = [[] for _ in steps]
    for v in order:
        leaving[last[v]].append(v)
    joined, count = [], 0 if closed else 1
    for _, v in steps:
        count += v == JOIN
        joined.append(count)
    return Plan(steps, two_way, room_u, room_v, [tuple(out) for out in leaving], joined, edges)


def frontier_width(board: Board) -> int:
    """How many squares the sweep's frontier holds at most: its cost grows fast with it.

    >>> frontier_width(Board.create(3, 10)), frontier_width(Board.create(8, 8))
    (7, 17)
    """
    order = _order(board)
    rank = {v: k for k, v in enumerate(order)}
    reach = [max((rank[w] for w in board.neighbours[v] + board.predecessors[v]), default=k)
             for k, v in enumerate(order)]
    return max((sum(1 for j in range(k + 1) if reach[j] > k) for k in range(len(order))),
               default=0)
