"""An exact sweep for narrow boards with holes: a frontier dynamic program over the moves.

The exhaustive depth-first search proves "no tour" by walking every path, and on
narrow boards with holes the paths that fail late are too many to walk.  The sweep
decides the same question without walking paths: it visits the free squares one
by one along the board's longer side and, for each move between a square and an
earlier one, decides whether the tour uses it.  Only the squares that still have
undecided moves (the *frontier*, about two ranks of the narrow side) need
remembering, so the number of distinct situations stays small on narrow boards
however long they are.

A situation (a *state*) records, for each frontier square, what the chosen moves
have made of it: untouched, inside a path piece (entered and left), or one end of
a piece, with the position of the piece's other end.  A move is taken only when
its from-square has no way out yet and its to-square no way in, and never when it
would close a piece into a loop, unless that loop is the whole tour.  A square
leaves the frontier once all its moves are decided and must then be inside a
piece.  Moves are one-way (a xiangqi horse's move can be legal in one direction
only), so the same program serves both rules.

An open tour from ``s`` is a closed loop through one extra square ``z`` that moves
only to ``s`` and that every square may move to (the tour's last square).  A
closed tour is a loop through the free squares: the start does not matter until
the loop is read off from it.

A tour exists exactly when some state closes the whole loop, so running out of
states proves there is none.  To read the tour off, the states at every
:data:`_CHECKPOINT_EVERY`-th step are kept and, going back from the end, each
stretch between checkpoints is run again remembering where each state came from.

Each state handled counts as one node of the monitor's budget.

>>> from knight_py.board import Board
>>> from knight_py.search.monitor import Monitor
>>> board = Board.create(3, 4)
>>> tour = sweep(board, 0, False, Monitor())
>>> len(tour), tour[0]
(12, 0)
>>> sweep(Board.create(4, 4), 0, False, Monitor()) is None  # no open tour on 4 x 4
True
"""

from __future__ import annotations

from array import array
from typing import NamedTuple

from ..board import Board
from .monitor import Monitor

__all__ = ["frontier_width", "sweep"]

#: The extra square of an open tour: it moves to the start, and every square moves to it.
_EXTRA = -1
#: Marks a step at which a square joins the frontier, in place of an arc's head.
_JOIN = -2
# A frontier square's value: untouched; inside a piece; or a piece's end, with the
# other end's frontier position p: 2 + 2p for the end that still needs a way out
# (it was entered last), 3 + 2p for the one that still needs a way in.
_UNTOUCHED = 0
_INSIDE = 1
# Steps between two kept sets of states (for reading the tour off).
_CHECKPOINT_EVERY = 24

State = tuple[int, ...]


class _Plan(NamedTuple):
    """The order of the sweep: which square joins or which move is decided at each step."""

    steps: list[tuple[int, int]]  # (square, _JOIN), or an arc (from, to), or an edge
    later_out: list[int]  # arcs out of the step's first square decided after it (edges: any)
    later_in: list[int]  # arcs into the step's second square decided after it (edges: any)
    leaving: list[tuple[int, ...]]  # squares whose moves are all decided after the step
    squares: int  # squares in the loop, the extra one included
    edges: bool  # moves are two-way: decide edges, not arcs


def _order(board: Board) -> list[int]:
    """Free squares along the longer side, so the frontier spans the narrow one."""
    free = list(board.free_squares)
    if board.rows >= board.cols:
        return free
    cols = board.cols
    return sorted(free, key=lambda i: (i % cols, i // cols))


def _steps(board: Board, order: list[int], start: int, closed: bool, edges: bool
           ) -> list[tuple[int, int]]:
    """Each square joins, then its moves to and from earlier squares (edges: once each)."""
    rank = {v: k for k, v in enumerate(order)}
    steps: list[tuple[int, int]] = []
    for v in order:
        steps.append((v, _JOIN))
        if not closed:
            steps.append((v, _EXTRA))
            if v == start and not edges:
                steps.append((_EXTRA, v))
        steps.extend((v, w) for w in board.neighbours[v] if rank[w] < rank[v])
        if not edges:
            steps.extend((w, v) for w in board.predecessors[v] if rank[w] < rank[v])
    return steps


def _plan(board: Board, start: int, closed: bool) -> _Plan | None:
    """The sweep's steps; None when some square has no move out or no move in."""
    order = _order(board)
    edges = board.neighbours is board.predecessors
    steps = _steps(board, order, start, closed, edges)
    outs: dict[int, int] = {}
    ins: dict[int, int] = outs if edges else {}  # an edge counts for both of its squares
    last_any: dict[int, int] = {}
    for k, (u, v) in enumerate(steps):
        if v != _JOIN:
            outs[u] = outs.get(u, 0) + 1
            ins[v] = ins.get(v, 0) + 1
            last_any[u] = last_any[v] = k
    if any(v not in outs or v not in ins for v in order):
        return None
    later_out, later_in = [], []
    for u, v in steps:
        if v == _JOIN:
            later_out.append(0)
            later_in.append(0)
            continue
        outs[u] -= 1
        ins[v] -= 1
        # The open tour's first move is from the extra square to the start: never left out.
        forced = edges and v == _EXTRA and u == start
        later_out.append(-2 if forced else outs[u])
        later_in.append(ins[v])
    leaving: list[list[int]] = [[] for _ in steps]
    for v in order:
        leaving[last_any[v]].append(v)
    return _Plan(steps, later_out, later_in, [tuple(out) for out in leaving],
                 len(order) + (0 if closed else 1), edges)


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


class _Step(NamedTuple):
    """One step's outcome: the states after it, and the state that closed the loop, if any."""

    states: dict[State, tuple[State, bool] | None]
    closing: State | None


def _take_arc(s: State, pu: int, pv: int) -> State | None:
    """``s`` with the arc from position pu to pv taken; None when the arc cannot be taken."""
    a, b = s[pu], s[pv]
    if a == _INSIDE or (a > 1 and a & 1):  # u already has its way out
        return None
    if b == _INSIDE or (b > 1 and not b & 1):  # v already has its way in
        return None
    tail = pu if a == _UNTOUCHED else (a - 2) >> 1  # first square of u's piece
    head = pv if b == _UNTOUCHED else (b - 3) >> 1  # last square of v's piece
    t = list(s)
    t[pu] = 3 + 2 * head if a == _UNTOUCHED else _INSIDE
    t[pv] = 2 + 2 * tail if b == _UNTOUCHED else _INSIDE
    t[tail] = 3 + 2 * head
    t[head] = 2 + 2 * tail
    return tuple(t)


def _drop(
    states: dict[State, tuple[State, bool] | None], p: int, scale: int
) -> dict[State, tuple[State, bool] | None]:
    """Remove frontier position p (its square must be inside a piece) and renumber the rest.

    An end's value grows by ``scale`` per position (2 for arcs, 1 for edges).
    """
    kept: dict[State, tuple[State, bool] | None] = {}
    for s, origin in states.items():
        if s[p] != _INSIDE:
            continue
        t = s[:p] + s[p + 1:]
        kept[tuple(x - scale if x > 1 and (x - 2) // scale > p else x for x in t)] = origin
    return kept


def _arc_step(
    plan: _Plan, k: int, pu: int, pv: int, states: dict[State, tuple[State, bool] | None],
    everyone: bool, remember: bool,
) -> _Step:
    """Decide the arc pu -> pv in every state (one-way moves)."""
    must_out, must_in = not plan.later_out[k], not plan.later_in[k]
    new: dict[State, tuple[State, bool] | None] = {}
    closing = None
    for s in states:
        a, b = s[pu], s[pv]
        # Leaving the arc untaken: not when it was the square's last way out or in.
        if not (must_out and (a == _UNTOUCHED or (a > 1 and not a & 1))) and not (
            must_in and (b == _UNTOUCHED or (b > 1 and b & 1))
        ):
            new.setdefault(s, (s, False) if remember else None)
        if a > 1 and not a & 1 and (a - 2) >> 1 == pv:  # v starts u's piece: a loop
            if everyone and closing is None and _rest_inside(s, pu, pv):
                closing = s
            continue
        t = _take_arc(s, pu, pv)
        if t is not None:
            new.setdefault(t, (s, True) if remember else None)
    return _Step(new, closing)


def _edge_step(
    plan: _Plan, k: int, pu: int, pv: int, states: dict[State, tuple[State, bool] | None],
    everyone: bool, remember: bool,
) -> _Step:
    """Decide the edge pu - pv in every state (two-way moves).

    Here a piece's end holds 2 + p, p the other end's position.
    """
    later_u, later_v = plan.later_out[k], plan.later_in[k]
    new: dict[State, tuple[State, bool] | None] = {}
    closing = None
    for s in states:
        a, b = s[pu], s[pv]
        # Leaving the edge out: each square still needs two edges in all.
        if (a == _INSIDE or later_u >= 2 - (a > 1)) and (b == _INSIDE or later_v >= 2 - (b > 1)):
            new.setdefault(s, (s, False) if remember else None)
        if a == _INSIDE or b == _INSIDE:
            continue
        if a > 1 and a - 2 == pv:  # u and v end one piece: a loop
            if everyone and closing is None and _rest_inside(s, pu, pv):
                closing = s
            continue
        end_u = pu if a == _UNTOUCHED else a - 2  # the far end of u's piece
        end_v = pv if b == _UNTOUCHED else b - 2
        t = list(s)
        t[pu] = _INSIDE if a > 1 else 2 + end_v
        t[pv] = _INSIDE if b > 1 else 2 + end_u
        t[end_u] = 2 + end_v
        t[end_v] = 2 + end_u
        new.setdefault(tuple(t), (s, True) if remember else None)
    return _Step(new, closing)


def _rest_inside(s: State, pu: int, pv: int) -> bool:
    """Whether every frontier square but pu and pv is inside a piece."""
    return all(x == _INSIDE for i, x in enumerate(s) if i != pu and i != pv)


def _advance(
    plan: _Plan, k: int, frontier: list[int], states: dict[State, tuple[State, bool] | None],
    joined: int, remember: bool,
) -> _Step:
    """Run step k on ``states`` (``frontier`` is updated in place)."""
    u, v = plan.steps[k]
    if v == _JOIN:
        frontier.append(u)
        new: dict[State, tuple[State, bool] | None] = {
            (*s, _UNTOUCHED): (s, False) if remember else None for s in states}
    else:
        decide = _edge_step if plan.edges else _arc_step
        step = decide(plan, k, frontier.index(u), frontier.index(v), states,
                      joined == plan.squares, remember)
        if step.closing is not None:
            return step
        new = step.states
    for w in plan.leaving[k]:
        p = frontier.index(w)
        frontier.pop(p)
        new = _drop(new, p, 1 if plan.edges else 2)
    return _Step(new, None)


def _initial(closed: bool) -> tuple[list[int], dict[State, tuple[State, bool] | None]]:
    """The frontier and states before the first step (the extra square of an open tour)."""
    if closed:
        return [], {(): None}
    return [_EXTRA], {(_UNTOUCHED,): None}


def _joined_before(plan: _Plan, k: int, closed: bool) -> int:
    """Squares of the loop in the frontier's history before step k."""
    return (0 if closed else 1) + sum(1 for u, v in plan.steps[:k] if v == _JOIN)


def sweep(board: Board, start: int, closed: bool, monitor: Monitor) -> array[int] | None:
    """A tour from ``start`` (flat indices), or None when the exact sweep proves there is none.

    :raises SearchStopped: when the monitor's budget runs out or it is cancelled.
    """
    if board.free_count < (3 if closed else 2):
        return None
    plan = _plan(board, start, closed)
    if plan is None:
        return None
    frontier, states = _initial(closed)
    kept: dict[int, tuple[list[int], list[State]]] = {}
    nodes = monitor.nodes
    next_check = monitor.first_checkpoint()
    joined = 0 if closed else 1
    for k in range(len(plan.steps)):
        if k % _CHECKPOINT_EVERY == 0:
            kept[k] = (list(frontier), list(states))
        joined += plan.steps[k][1] == _JOIN
        nodes += len(states)
        if nodes >= next_check:
            next_check = monitor.checkpoint(nodes, 0, joined)
        step = _advance(plan, k, frontier, states, joined, remember=False)
        if step.closing is not None:
            monitor.nodes = nodes
            arcs = _read_back(plan, closed, kept, k, step.closing)
            return _tour(arcs, start, board.free_count, plan.edges)
        states = step.states
        if not states:
            break
    monitor.nodes = nodes
    return None


def _read_back(
    plan: _Plan, closed: bool, kept: dict[int, tuple[list[int], list[State]]], k: int,
    closing: State,
) -> list[tuple[int, int]]:
    """The arcs of the loop that ``closing`` completes at step k, read back over checkpoints."""
    arcs = [plan.steps[k]]
    target, end = closing, k
    while end > 0:
        begin = (end - 1) // _CHECKPOINT_EVERY * _CHECKPOINT_EVERY
        frontier, start_states = kept[begin]
        frontier = list(frontier)
        states: dict[State, tuple[State, bool] | None] = dict.fromkeys(start_states)
        layers = []
        for j in range(begin, end):
            states = _advance(plan, j, frontier, states, _joined_before(plan, j + 1, closed),
                              remember=True).states
            layers.append(states)
        for j in range(end - 1, begin - 1, -1):
            origin = layers[j - begin][target]
            assert origin is not None
            target, taken = origin
            if taken:
                arcs.append(plan.steps[j])
        end = begin
    return arcs


def _tour(arcs: list[tuple[int, int]], start: int, free: int, edges: bool) -> array[int]:
    """Read the loop given by its arcs (or edges) from ``start``, without the extra square."""
    after: dict[int, list[int]] = {}
    for u, v in arcs:
        after.setdefault(u, []).append(v)
        if edges:
            after.setdefault(v, []).append(u)
    tour = array("i", [start])
    previous, v = _EXTRA, start
    while len(tour) <= free:
        v, previous = next(w for w in after[v] if w != previous), v
        if v in (start, _EXTRA):
            break
        tour.append(v)
    return tour
