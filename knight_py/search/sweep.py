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

Every :data:`_STATES_PER_NODE` states carried through a step count as one node of the
monitor's budget (together they take less time than one depth-first node).

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
from .sweep_plan import EXTRA, JOIN, Plan, frontier_width, make_plan

__all__ = ["frontier_width", "sweep"]

# A frontier square's value: untouched; inside a piece; or a piece's end, with the
# other end's frontier position p: 2 + p on boards of two-way moves (_edge_step), and
# 2 + 3p + kind on boards with one-way moves (_mixed_step; kind below).
_UNTOUCHED = 0
_INSIDE = 1
# Steps between two kept sets of states (for reading the tour off), and how many states
# the first pass keeps at most before dropping them (memory: ~150 bytes a state).
_CHECKPOINT_EVERY = 24
_KEEP_STATES = 300_000
# States carried through one step, per node of the budget.  Measured (one run, CPU time,
# the four hardest xiangqi and knight cases of bench.holes): a depth-first node costs
# 10-14 us, a state step 0.5-0.9 us, so 8 state steps cost less than one node.
_STATES_PER_NODE = 8

State = tuple[int, ...]


class _Step(NamedTuple):
    """One step's outcome: the states after it, and the state that closed the loop, if any."""

    states: dict[State, tuple[State, bool] | None]
    closing: State | None


# Ends of pieces on boards with one-way moves: 2 + 3p + kind, p the other end's position.
_EITHER, _HEAD, _TAIL = 0, 1, 2  # no direction yet; needs a way out; needs a way in


def _link(s: State, pu: int, pv: int) -> State | None:
    """``s`` with the move pu -> pv taken (one-way moves); None when it cannot be taken.

    Loops are not checked here: the caller refuses a move between the ends of one piece.
    """
    a, b = s[pu], s[pv]
    if a == _INSIDE or (a > 1 and (a - 2) % 3 == _TAIL):  # u already has its way out
        return None
    if b == _INSIDE or (b > 1 and (b - 2) % 3 == _HEAD):  # v already has its way in
        return None
    first = pu if a == _UNTOUCHED else (a - 2) // 3  # u's piece now starts here...
    last = pv if b == _UNTOUCHED else (b - 2) // 3  # ...and v's piece ends there
    t = list(s)
    t[pu] = _INSIDE
    t[pv] = _INSIDE
    t[first] = 2 + 3 * last + _TAIL
    t[last] = 2 + 3 * first + _HEAD
    return tuple(t)


def _join_either(s: State, pu: int, pv: int) -> State | None:
    """``s`` with the two-way move between pu and pv taken, in the direction the pieces allow."""
    a, b = s[pu], s[pv]
    if a == _INSIDE or b == _INSIDE:
        return None
    ka = (a - 2) % 3 if a > 1 else _EITHER
    kb = (b - 2) % 3 if b > 1 else _EITHER
    if ka == _HEAD or kb == _TAIL:
        return _link(s, pu, pv)
    if ka == _TAIL or kb == _HEAD:
        return _link(s, pv, pu)
    first = pu if a == _UNTOUCHED else (a - 2) // 3
    last = pv if b == _UNTOUCHED else (b - 2) // 3
    t = list(s)
    t[pu] = _INSIDE
    t[pv] = _INSIDE
    t[first] = 2 + 3 * last
    t[last] = 2 + 3 * first
    return tuple(t)


def _has_room(x: int, room: tuple[int, int, int]) -> bool:
    """Whether a square in state x can still get the moves it needs from ``room`` (any, out, in)."""
    if x == _INSIDE:
        return True
    if x == _UNTOUCHED:
        return room[0] >= 2 and room[1] >= 1 and room[2] >= 1
    kind = (x - 2) % 3
    return room[0] >= 1 if kind == _EITHER else room[1 if kind == _HEAD else 2] >= 1


def _closes_mixed(s: State, pu: int, pv: int, two_way: bool) -> bool:
    """Whether the move pu -> pv (or either way) joins the two ends of one piece."""
    a = s[pu]
    if a < 2 or (a - 2) // 3 != pv:
        return False
    return two_way or (a - 2) % 3 != _TAIL


def _drop(
    states: dict[State, tuple[State, bool] | None], p: int, scale: int
) -> dict[State, tuple[State, bool] | None]:
    """Remove frontier position p (its square must be inside a piece) and renumber the rest.

    An end's value grows by ``scale`` per position (3 with one-way moves, 1 for edges).
    """
    kept: dict[State, tuple[State, bool] | None] = {}
    for s, origin in states.items():
        if s[p] != _INSIDE:
            continue
        t = s[:p] + s[p + 1:]
        kept[tuple(x - scale if x > 1 and (x - 2) // scale > p else x for x in t)] = origin
    return kept


def _mixed_step(
    plan: Plan, k: int, pu: int, pv: int, states: dict[State, tuple[State, bool] | None],
    everyone: bool, remember: bool,
) -> _Step:
    """Decide the move between pu and pv in every state (boards with one-way moves)."""
    room_u, room_v, two_way = plan.room_u[k], plan.room_v[k], plan.two_way[k]
    take = _join_either if two_way else _link
    new: dict[State, tuple[State, bool] | None] = {}
    closing = None
    for s in states:
        # Leaving the move out: only while both squares can still get what they need.
        if _has_room(s[pu], room_u) and _has_room(s[pv], room_v):
            new.setdefault(s, (s, False) if remember else None)
        if _closes_mixed(s, pu, pv, two_way):
            if everyone and closing is None and _rest_inside(s, pu, pv):
                closing = s
            continue
        t = take(s, pu, pv)
        if t is not None:
            new.setdefault(t, (s, True) if remember else None)
    return _Step(new, closing)


def _edge_step(
    plan: Plan, k: int, pu: int, pv: int, states: dict[State, tuple[State, bool] | None],
    everyone: bool, remember: bool,
) -> _Step:
    """Decide the edge pu - pv in every state (two-way moves).

    Here a piece's end holds 2 + p, p the other end's position.
    """
    later_u, later_v = plan.room_u[k][0], plan.room_v[k][0]
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
    plan: Plan, k: int, frontier: list[int], states: dict[State, tuple[State, bool] | None],
    remember: bool,
) -> _Step:
    """Run step k on ``states`` (``frontier`` is updated in place)."""
    u, v = plan.steps[k]
    if v == JOIN:
        frontier.append(u)
        new: dict[State, tuple[State, bool] | None] = {
            (*s, _UNTOUCHED): (s, False) if remember else None for s in states}
    else:
        decide = _edge_step if plan.edges else _mixed_step
        step = decide(plan, k, frontier.index(u), frontier.index(v), states,
                      plan.joined[k] == plan.joined[-1], remember)
        if step.closing is not None:
            return step
        new = step.states
    for w in plan.leaving[k]:
        p = frontier.index(w)
        frontier.pop(p)
        new = _drop(new, p, 1 if plan.edges else 3)
    return _Step(new, None)


def _initial(closed: bool) -> tuple[list[int], dict[State, tuple[State, bool] | None]]:
    """The frontier and states before the first step (the extra square of an open tour)."""
    if closed:
        return [], {(): None}
    return [EXTRA], {(_UNTOUCHED,): None}


def sweep(
    board: Board, start: int, closed: bool, monitor: Monitor, backwards: bool = False
) -> array[int] | None:
    """A tour from ``start`` (flat indices), or None when the exact sweep proves there is none.

    :raises SearchStopped: when the monitor's budget runs out or it is cancelled.
    """
    if board.free_count < (3 if closed else 2):
        return None
    plan = make_plan(board, start, closed, backwards)
    if plan is None:
        return None
    # Most sweeps end in a proof and need no checkpoints: keep them only while few.
    found = _forward(plan, closed, monitor, _KEEP_STATES)
    if found is None:
        return None
    if found.kept is None:  # a tour exists, but the checkpoints were dropped: run again
        found = _forward(plan, closed, monitor, None)
        assert found is not None and found.kept is not None
    links = _read_back(plan, found.kept, found.step, found.closing)
    return _tour(board, links, start, closed)


class _Found(NamedTuple):
    """Where the forward pass closed the whole loop, and its checkpoints (None if dropped)."""

    step: int
    closing: State
    kept: dict[int, tuple[list[int], list[State]]] | None


def _forward(plan: Plan, closed: bool, monitor: Monitor, keep: int | None) -> _Found | None:
    """Run the steps until the loop closes (a tour exists) or no state is left (None).

    Checkpoints are kept while they hold at most ``keep`` states in all (None: no limit).
    """
    frontier, states = _initial(closed)
    kept: dict[int, tuple[list[int], list[State]]] | None = {}
    held = 0
    base, handled = monitor.nodes, 0
    next_check = monitor.first_checkpoint()
    for k in range(len(plan.steps)):
        if kept is not None and k % _CHECKPOINT_EVERY == 0:
            held += len(states)
            kept = None if keep is not None and held > keep else kept
            if kept is not None:
                kept[k] = (list(frontier), list(states))
        handled += len(states)
        nodes = base + handled // _STATES_PER_NODE
        if nodes >= next_check:
            next_check = monitor.checkpoint(nodes, 0, plan.joined[k])
        step = _advance(plan, k, frontier, states, remember=False)
        monitor.nodes = nodes
        if step.closing is not None:
            return _Found(k, step.closing, kept)
        states = step.states
        if not states:
            break
    return None


def _read_back(
    plan: Plan, kept: dict[int, tuple[list[int], list[State]]], k: int, closing: State
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
            states = _advance(plan, j, frontier, states, remember=True).states
            layers.append(states)
        for j in range(end - 1, begin - 1, -1):
            origin = layers[j - begin][target]
            assert origin is not None
            target, taken = origin
            if taken:
                arcs.append(plan.steps[j])
        end = begin
    return arcs


def _tour(board: Board, links: list[tuple[int, int]], start: int, closed: bool) -> array[int]:
    """Read the loop of ``links`` from ``start``, without the extra square.

    Links are read as two-way; a closed loop is walked the way its one-way moves go.
    """
    around: dict[int, list[int]] = {}
    for u, v in links:
        around.setdefault(u, []).append(v)
        around.setdefault(v, []).append(u)
    tour = array("i", [start])
    previous, v = EXTRA, start
    while len(tour) <= board.free_count:
        v, previous = next(w for w in around[v] if w != previous), v
        if v in (start, EXTRA):
            break
        tour.append(v)
    moves = board.neighbours
    if closed and any(b not in moves[a] for a, b in zip(tour, tour[1:] + tour[:1], strict=True)):
        tour[1:] = array("i", reversed(tour[1:]))  # a closed loop read against its arrows
    return tour
