"""The frontier dynamic program behind :mod:`knight_py.thin.tours`: Hamiltonian paths on bands.

A band is a graph with ``w`` squares per column whose edges join squares at most two
columns apart (the 3 x n knight graph, or the two-wide band of the 4 x n reduction).  The
program walks the columns.  Once column ``c`` is placed, every square left of ``c - 1`` has
all its path edges, so the state after column ``c`` only records, for each square of
columns ``c - 1`` and ``c``: its degree so far (0, 1 or 2) and, for a degree-1 square, the
other end of its path fragment (a frontier square, or ``_TERM`` when that end is a finished
path end); and how many path ends other than the marked start are finished.  Placing a
column chooses its edges back to the two previous columns, refuses cycles (a closed path
closes its one cycle in the last column) and paths finished while squares remain, finishes
the oldest column and shifts.

Speed comes from caching.  A column's moves are computed once per (state, key), a key
saying which graph, where the marked start sits, closed or not, last column or not and
which squares may end the path.  The forward pass maps interned *sets* of states, and that
map is cached too: after a few columns the sets repeat and a column costs one dictionary
lookup.  A backward pass keeps the states that can still finish; a forward walk takes, in
each column, the first move into a live state.  The search is exhaustive, so an empty
answer is a proof.  Nothing recurses.

>>> ks = column_keys(KNIGHT3, 4, 0, closed=False)
>>> sets = forward(ks)
>>> ACCEPT in sets[-1]
True
>>> trace(KNIGHT3, 4, walk(ks, backward(ks, sets)), 0).tolist()
[0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4]
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Final, NamedTuple

from ..board import KNIGHT_STEPS

__all__ = [
    "ACCEPT",
    "ALL",
    "BAND",
    "KNIGHT3",
    "Key",
    "StateSet",
    "backward",
    "clear_caches",
    "column_keys",
    "forward",
    "image",
    "intern",
    "trace",
    "walk",
]

# State codes for one frontier square: a degree-1 square stores its partner's slot (>= 0).
_DEG0: Final = -1
_DEG2: Final = -2
_TERM: Final = -3  # degree 1, and the fragment's other end is a finished path end

State = tuple[int, ...]
StateSet = frozenset[State]
Moves = tuple[tuple[State, int], ...]
# (graph, marked slot or -1, closed, last column, mask of slots allowed as a free path end)
Key = tuple[int, int, bool, bool, int]

ACCEPT: Final[State] = ()  # the state after the last column when a tour is complete
KNIGHT3: Final = 3  # graph id: the 3 x n knight graph, three squares a column
BAND: Final = 2  # graph id: the band H, squares a_c (slot 0) and b_c (slot 1)
ALL: Final = -1  # allowed-ends mask that allows every square


# Knight steps into a column from one or two columns back: (row step, columns back).
_BACKWARD_STEPS = sorted((dr, -dc) for dr, dc in KNIGHT_STEPS if dc < 0)


def _knight_edges(rows: int) -> tuple[tuple[int, int], ...]:
    """Knight moves from the new column back, as (new slot, old slot) in working slots.

    Working slots: ``0..rows-1`` the column two back (A), ``rows..2*rows-1`` the column one
    back (B), ``2*rows..3*rows-1`` the new column (N).
    """
    found: list[tuple[int, int]] = []
    for r in range(rows):
        for dr, back in _BACKWARD_STEPS:
            rr = r + dr
            if 0 <= rr < rows:
                found.append((2 * rows + r, rr if back == 2 else rows + rr))
    return tuple(found)


# graph id -> (squares per column, candidate edges in working slots)
GRAPHS: Final[dict[int, tuple[int, tuple[tuple[int, int], ...]]]] = {
    KNIGHT3: (3, _knight_edges(3)),
    BAND: (2, ((4, 3), (4, 1), (5, 2), (5, 0))),
}

_TABLES: dict[Key, dict[State, Moves]] = {}
_IMAGES: dict[tuple[Key, StateSet], StateSet] = {}
_LIVE: dict[tuple[Key, StateSet, StateSet], StateSet] = {}
_CHOICES: dict[tuple[Key, State, StateSet], tuple[State, int]] = {}
_INTERNED: dict[StateSet, StateSet] = {}


def _transitions(key: Key) -> dict[State, Moves]:
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = {}
    return table


_Mask = tuple[int, int, tuple[tuple[int, int], ...]]  # (mask, packed degrees, edges)
# (mask, edges, path ends finished after it, whether a cycle may close on its last edge)
_Fit = tuple[int, tuple[tuple[int, int], ...], int, bool]


class _Setup(NamedTuple):
    """What placing a column under one key needs, whatever the state before it."""

    w: int  # squares per column
    limit: int  # path ends allowed besides the marked start: 0 closed, 1 open
    reach: tuple[int, ...]  # for slots of B: how many edges the next column can give
    cap_bias: int  # nibble i holds 7 - (most edges slot i may have)
    need_bias: int  # nibble i holds 8 - (fewest edges slot i must end with), 0 unchecked
    need_high: int  # bit 3 of the nibble of every slot that must be finished
    masks: tuple[_Mask, ...]  # every edge set that does not overfill the new column
    fitting: dict[int, tuple[_Fit, ...]]  # packed old degrees and ends -> masks that fit


_SETUPS: dict[Key, _Setup] = {}
_NIBBLE_HIGH: Final = 0x8888_8888_8888
_TWOS: Final = 0x2222_2222_2222


def _setup(key: Key) -> _Setup:
    setup = _SETUPS.get(key)
    if setup is not None:
        return setup
    graph, start, closed, last, _allow = key
    w, edges = GRAPHS[graph]
    width = 3 * w
    cap = [2] * width
    if start >= 0:
        cap[start] = 1
    checked = range(width) if last else range(w)
    least = 2 if closed else 1
    reach = [0] * width
    for _new, old in edges:
        if old < w:
            reach[old + w] += 1
    cap_bias = sum((7 - cap[i]) << (4 * i) for i in range(width))
    need_bias = sum((8 - least) << (4 * i) for i in checked)
    need_high = sum(8 << (4 * i) for i in checked)
    masks: list[_Mask] = []
    for mask in range(1 << len(edges)):
        chosen = tuple(e for p, e in enumerate(edges) if mask >> p & 1)
        degrees = sum((1 << (4 * u)) + (1 << (4 * v)) for u, v in chosen)
        # Squares of the new column start with no edges: drop masks that overfill them.
        if not (degrees + cap_bias) & _NIBBLE_HIGH & ~((1 << (8 * w)) - 1):
            masks.append((mask, degrees, chosen))
    setup = _Setup(
        w, 0 if closed else 1, tuple(reach), cap_bias, need_bias, need_high, tuple(masks), {}
    )
    _SETUPS[key] = setup
    return setup


def _fitting_masks(key: Key, setup: _Setup, packed: int, base_ends: int) -> tuple[_Fit, ...]:
    """The edge sets whose degrees alone allow a tour, given the degrees before them.

    A square may not pass its cap, a finished square may not be short of edges, finished
    degree-1 squares are path ends (allowed ones, within the limit), and a square of B that
    the next column cannot bring to degree 2 will be one.
    """
    _graph, start, closed, last, allow = key
    w, limit, reach, cap_bias, need_bias, need_high, masks, _ = setup
    width = 3 * w
    all_two = _TWOS & ((1 << (4 * width)) - 1)  # every square of the window has two edges
    fit: list[_Fit] = []
    for mask, degrees, chosen in masks:
        total = packed + degrees
        if (total + cap_bias) & _NIBBLE_HIGH or (total + need_bias) & need_high != need_high:
            continue
        deg = [total >> (4 * i) & 15 for i in range(width)]
        ends = base_ends
        ok = True
        for i in range(width if last else w):
            if deg[i] == 1 and i != start:
                ends += 1
                ok = ok and bool(allow >> i & 1)
        if last:
            ok = ok and ends == limit
        else:
            forced = ends
            for i in range(w, 2 * w):
                if deg[i] + reach[i] < 2 and i != start:
                    forced += 1
                    ok = ok and deg[i] + reach[i] > 0
            ok = ok and forced <= limit
        if ok:
            fit.append((mask, chosen, ends, closed and last and total == all_two))
    return tuple(fit)


def _next_state(
    chosen: tuple[tuple[int, int], ...], ends: int, closing: bool,
    base_deg: list[int], base_part: list[int], w: int, last: bool,
) -> State | None:
    """The state after placing the edges ``chosen`` on a frontier of degrees ``base_deg``
    and path partners ``base_part`` (two columns of ``w`` squares, then the new one);
    ACCEPT when ``last`` closes the board; None when the edges close a cycle too soon or
    finish a path while squares remain. (_moves' step for one fitting edge set.)"""
    width = 3 * w
    deg = base_deg[:]
    part = base_part[:]
    for u, v in chosen:
        a = u if deg[u] == 0 else part[u]
        b = v if deg[v] == 0 else part[v]
        if a == v:
            # A cycle only as the very last edge of a closed tour.
            if not (closing and (u, v) == chosen[-1]):
                return None
        elif a == _TERM and b == _TERM:
            if not last:
                return None  # a finished path while squares remain
        else:
            if a != _TERM:
                part[a] = b
            if b != _TERM:
                part[b] = a
        deg[u] += 1
        deg[v] += 1
    if last:
        return ACCEPT
    for i in range(w):
        if deg[i] == 1:
            other = part[i]
            if other == _TERM:
                return None  # a finished path while squares remain
            part[other] = _TERM
    codes: list[int] = []
    for i in range(w, width):
        d = deg[i]
        if d == 0:
            codes.append(_DEG0)
        elif d == 2:
            codes.append(_DEG2)
        else:
            other = part[i]
            codes.append(_TERM if other == _TERM else other - w)
    codes.append(ends)
    return tuple(codes)


def _moves(key: Key, state: State) -> Moves:
    """Every way to place the next column after ``state``: (next state, edge mask) pairs.

    For each next state only the first edge set in a fixed order is kept, so the answer
    never depends on what was cached before.
    """
    table = _transitions(key)
    found_moves = table.get(state)
    if found_moves is not None:
        return found_moves
    last = key[3]
    setup = _setup(key)
    w = setup.w
    fitting = setup.fitting
    width = 3 * w
    base_deg = [0] * width
    base_part = [0] * width
    packed = 0
    for i, code in enumerate(state[: 2 * w]):
        if code == _DEG2:
            base_deg[i] = 2
            packed += 2 << (4 * i)
        elif code != _DEG0:
            base_deg[i] = 1
            base_part[i] = code
            packed += 1 << (4 * i)
    base_ends = state[2 * w]
    found: dict[State, int] = {}
    fit = fitting.get(packed + (base_ends << 60))
    if fit is None:
        fit = fitting[packed + (base_ends << 60)] = _fitting_masks(key, setup, packed, base_ends)
    for mask, chosen, ends, closing in fit:
        nxt = _next_state(chosen, ends, closing, base_deg, base_part, w, last)
        if nxt is not None and nxt not in found:
            found[nxt] = mask
    found_moves = tuple(found.items())
    table[state] = found_moves
    return found_moves


def clear_caches() -> None:
    """Forget every cached table and set (tests use it to show answers do not depend on it)."""
    for cache in (_TABLES, _IMAGES, _LIVE, _CHOICES, _INTERNED, _SETUPS):
        cache.clear()


def intern(states: StateSet) -> StateSet:
    return _INTERNED.setdefault(states, states)


def image(key: Key, states: StateSet) -> StateSet:
    """The states reachable in one column from ``states``."""
    memo = (key, states)
    image = _IMAGES.get(memo)
    if image is None:
        image = intern(frozenset(nxt for s in states for nxt, _ in _moves(key, s)))
        _IMAGES[memo] = image
    return image


def _live(key: Key, states: StateSet, after: StateSet) -> StateSet:
    """The states of ``states`` with a move into ``after``."""
    memo = (key, states, after)
    live = _LIVE.get(memo)
    if live is None:
        live = intern(
            frozenset(s for s in states if any(nxt in after for nxt, _ in _moves(key, s)))
        )
        _LIVE[memo] = live
    return live


def _initial(graph: int) -> StateSet:
    w = GRAPHS[graph][0]
    return intern(frozenset({(_DEG2,) * (2 * w) + (0,)}))


def forward(keys: Sequence[Key]) -> list[StateSet]:
    """``sets[c]``: the states reachable before column ``c`` (``sets[n]`` after the last)."""
    current = _initial(keys[0][0])
    sets = [current]
    for key in keys:
        current = image(key, current)
        sets.append(current)
    return sets


def backward(keys: Sequence[Key], sets: list[StateSet]) -> list[StateSet]:
    """``live[c]``: the states of ``sets[c]`` from which the tour can still be completed."""
    n = len(keys)
    live = list(sets)
    live[n] = intern(sets[n] & {ACCEPT})
    for c in range(n - 1, -1, -1):
        live[c] = _live(keys[c], sets[c], live[c + 1])
    return live


def walk(keys: Sequence[Key], live: list[StateSet]) -> list[int]:
    """The edge masks of one completed tour, column by column."""
    state = next(iter(live[0]))
    masks: list[int] = []
    for c, key in enumerate(keys):
        memo = (key, state, live[c + 1])
        choice = _CHOICES.get(memo)
        if choice is None:
            after = live[c + 1]
            choice = next((nxt, m) for nxt, m in _moves(key, state) if nxt in after)
            _CHOICES[memo] = choice
        state, mask = choice
        masks.append(mask)
    return masks


def trace(graph: int, cols: int, masks: list[int], start: int) -> array[int]:
    """Follow the chosen edges from ``start``; squares are ``slot * cols + col``."""
    w, edges = GRAPHS[graph]
    size = w * cols
    first = array("i", [-1]) * size
    second = array("i", [-1]) * size
    for c, mask in enumerate(masks):
        p = 0
        while mask:
            if mask & 1:
                new_slot, old_slot = edges[p]
                a = (new_slot - 2 * w) * cols + c
                back, r = divmod(old_slot, w)
                b = r * cols + c - 2 + back
                if first[a] < 0:
                    first[a] = b
                else:
                    second[a] = b
                if first[b] < 0:
                    first[b] = a
                else:
                    second[b] = a
            mask >>= 1
            p += 1
    path = array("i", [start]) * size
    prev, cur = -1, start
    for i in range(1, size):
        nxt = first[cur]
        if nxt == prev:
            nxt = second[cur]
        prev, cur = cur, nxt
        path[i] = cur
    return path


def column_keys(
    graph: int, cols: int, mark: int, closed: bool, allowed: Sequence[int] | None = None
) -> list[Key]:
    """The key of each column; ``mark`` is a flat square (``slot * cols + col``) or -1.

    ``allowed[c]`` is the mask of slots of column ``c`` that may be a free path end.
    """
    w = GRAPHS[graph][0]
    mark_row, mark_col = divmod(mark, cols) if mark >= 0 else (0, -10)
    keys: list[Key] = []
    for c in range(cols):
        slot = -1
        if 0 <= c - mark_col <= 2:
            slot = (2 - (c - mark_col)) * w + mark_row
        last = c == cols - 1
        allow = ALL
        if allowed is not None:
            allow = 0
            for j, col in enumerate(range(c - 2, c + 1) if last else (c - 2,)):
                allow |= (allowed[col] if col >= 0 else (1 << w) - 1) << (j * w)
        keys.append((graph, slot, closed, last, allow))
    return keys
