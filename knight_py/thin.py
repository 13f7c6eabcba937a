"""Exact knight's tours on 3 x n and 4 x n boards in time linear in n.

The method is a frontier ("profile") dynamic program over the columns.  A knight move spans
at most two columns, so once column ``c`` is placed, every square left of ``c - 1`` has all
its tour edges fixed.  The state after column ``c`` records, for each square of columns
``c - 1`` and ``c``, its degree so far (0, 1 or 2), for a degree-1 square the other end of
its path fragment (a frontier square, or ``_TERM`` when that end is a finished path end),
and how many path ends other than the start square are already finished.  Placing a column
chooses its edges back to the two previous columns, rejects cycles (a closed tour closes
its one cycle at the very last column), finishes the oldest column, and shifts.

Transitions are computed once per (rows, closed, where the start sits, last column or not)
and cached.  The forward pass maps the *set* of reachable states from column to column; the
sets are interned and the set-to-set map is cached too, so after a few columns the sets
repeat and each further column costs one dictionary lookup.  A backward walk then picks one
predecessor per column (the smallest state, so the tour does not depend on the cache's
history) and the chosen edges, all of degree 2 except the two path ends, are traced from
the start.  The answer ``None`` means the dynamic program found no tour: it is exhaustive,
so ``None`` is a proof.

>>> tour = thin_tour(3, 4, 0, closed=False)
>>> list(tour)
[0, 9, 2, 7, 4, 1, 10, 5, 8, 3, 6, 11]
>>> thin_tour(4, 1000, 1000, closed=False) is None  # no 4 x n tour starts on an inner rank
True
"""

from __future__ import annotations

from array import array
from typing import Final

__all__ = ["thin_tour", "thin_tour_exists"]

# State codes for one frontier square: a degree-1 square stores its partner's slot (>= 0).
_DEG0: Final = -1
_DEG2: Final = -2
_TERM: Final = -3  # degree 1, and the fragment's other end is a finished path end

_ACCEPT: Final[tuple[int, ...]] = ()  # the state after the last column when all is well

State = tuple[int, ...]
Table = dict[State, tuple[tuple[State, int], ...]]
StateSet = frozenset[State]
Key = tuple[int, int, int, bool]  # (rows, start slot or -1, closed, last column)

_TABLES: dict[Key, Table] = {}
_INVERSE: dict[Key, dict[State, list[tuple[State, int]]]] = {}
_IMAGES: dict[tuple[Key, StateSet], StateSet] = {}
_PREDECESSORS: dict[tuple[Key, State, StateSet], tuple[State, int]] = {}
_INTERNED: dict[StateSet, StateSet] = {}
_EDGES: dict[int, tuple[tuple[int, int], ...]] = {}


def _candidate_edges(rows: int) -> tuple[tuple[int, int], ...]:
    """Knight moves from the new column back, as (new slot, old slot) in working slots.

    Working slots: ``0..rows-1`` the column two back (A), ``rows..2*rows-1`` the column
    one back (B), ``2*rows..3*rows-1`` the new column (N).
    """
    edges = _EDGES.get(rows)
    if edges is None:
        found: list[tuple[int, int]] = []
        for r in range(rows):
            for dr, back in ((-2, 1), (-1, 2), (1, 2), (2, 1)):
                rr = r + dr
                if 0 <= rr < rows:
                    old = rr if back == 2 else rows + rr
                    found.append((2 * rows + r, old))
        edges = tuple(found)
        _EDGES[rows] = edges
    return edges


def _transitions(key: Key, state: State) -> tuple[tuple[State, int], ...]:
    """Every way to place the next column after ``state``: (next state, chosen edge mask).

    For each next state only the first edge set found is kept (a fixed search order).
    """
    rows, start, closed_flag, last = key
    closed = bool(closed_flag)
    width = 3 * rows
    edges = _candidate_edges(rows)
    count = len(edges)
    need = 2 if closed else 1
    cap = [2] * width
    if start >= 0:
        cap[start] = 1
    # After deciding edge p, these slots have no more candidate edges: check them.
    fixed_after: list[list[int]] = [[] for _ in range(count)]
    checked = range(width) if last else range(rows)
    for slot in checked:
        touching = [p for p, (u, v) in enumerate(edges) if slot in (u, v)]
        if touching:
            fixed_after[touching[-1]].append(slot)
    untouched = [s for s in checked if all(s not in e for e in edges)]

    deg = [0] * width
    part = [0] * width
    for i, code in enumerate(state[: 2 * rows]):
        if code == _DEG2:
            deg[i] = 2
        elif code != _DEG0:
            deg[i] = 1
            part[i] = code
    base_ends = state[2 * rows]
    base_inner = state[2 * rows + 1]
    # On 4 x n the outer ranks only meet the inner ranks, so a path of 4n squares has
    # (path ends on an outer rank) - 1 <= 1 edges inside the inner ranks: allow one.
    inner_edge = [rows == 4 and u % 4 in (1, 2) and v % 4 in (1, 2) for u, v in edges]
    for slot in untouched:
        if deg[slot] < need and not (deg[slot] == 1 and not closed):
            return ()

    # How many more edges a square of B can get: knight moves into the next column.
    reach = [0] * width
    for i in range(rows, 2 * rows):
        reach[i] = sum(1 for dr in (-1, 1) if 0 <= i - rows + dr < rows)
    found: dict[State, int] = {}

    def finish(deg: list[int], part: list[int], mask: int, inner: int) -> None:
        ends = base_ends
        limit = 0 if closed else 1
        if last:
            for i in range(width):
                if deg[i] == 0:
                    return
                if deg[i] == 1 and i != start:
                    ends += 1
            if ends == limit and _ACCEPT not in found:
                found[_ACCEPT] = mask
            return
        part = part[:]
        for i in range(rows):
            if deg[i] == 0:
                return
            if deg[i] == 1:
                if i != start:
                    ends += 1
                    if ends > limit:
                        return
                other = part[i]
                if other == _TERM:
                    return  # a finished path while squares remain
                part[other] = _TERM
        # A square of the column now one back meets only the next column from here on.
        forced = ends
        for i in range(rows, 2 * rows):
            if deg[i] + reach[i] < 2 and i != start:
                if deg[i] + reach[i] == 0:
                    return
                forced += 1
                if forced > limit:
                    return
        codes: list[int] = []
        for i in range(rows, width):
            d = deg[i]
            if d == 0:
                codes.append(_DEG0)
            elif d == 2:
                codes.append(_DEG2)
            else:
                other = part[i]
                codes.append(_TERM if other == _TERM else other - rows)
        codes.append(ends)
        codes.append(inner)
        nxt = tuple(codes)
        if nxt not in found:
            found[nxt] = mask

    # Depth is the number of candidate edges (at most 10): fixed, whatever n is.
    def place(p: int, deg: list[int], part: list[int], mask: int, cycle: bool, inner: int) -> None:
        if p == count:
            finish(deg, part, mask, inner)
            return
        u, v = edges[p]
        # Take the edge (u, v) first, then leave it out.
        if (
            not cycle
            and deg[u] < cap[u]
            and deg[v] < cap[v]
            and not (inner_edge[p] and inner)
        ):
            a = u if deg[u] == 0 else part[u]
            b = v if deg[v] == 0 else part[v]
            ok = True
            closes = False
            if a == v:
                closes = True
                ok = closed and last
            elif a == _TERM and b == _TERM and not last:
                ok = False
            if ok:
                deg2 = deg[:]
                deg2[u] += 1
                deg2[v] += 1
                part2 = part
                if closes:
                    ok = all(d == 2 for d in deg2)
                else:
                    part2 = part[:]
                    if a != _TERM:
                        part2[a] = b
                    if b != _TERM:
                        part2[b] = a
                if ok and _still_possible(deg2, fixed_after[p], need, closed):
                    place(p + 1, deg2, part2, mask | (1 << p), closes, inner + inner_edge[p])
        if _still_possible(deg, fixed_after[p], need, closed):
            place(p + 1, deg, part, mask, cycle, inner)

    place(0, deg, part, 0, False, base_inner)
    return tuple(found.items())


def _still_possible(deg: list[int], slots: list[int], need: int, closed: bool) -> bool:
    """Whether the slots whose edges are all decided have a degree a tour allows."""
    for s in slots:
        if deg[s] == 0 or (closed and deg[s] < need):
            return False
    return True


def _table(key: Key) -> Table:
    table = _TABLES.get(key)
    if table is None:
        table = {}
        _TABLES[key] = table
        _INVERSE[key] = {}
    return table


def _step(key: Key, state: State) -> tuple[tuple[State, int], ...]:
    table = _table(key)
    moves = table.get(state)
    if moves is None:
        moves = _transitions(key, state)
        table[state] = moves
        inverse = _INVERSE[key]
        for nxt, mask in moves:
            inverse.setdefault(nxt, []).append((state, mask))
    return moves


def _image(key: Key, states: StateSet) -> StateSet:
    """The states reachable in one column from ``states``, interned."""
    memo = (key, states)
    image = _IMAGES.get(memo)
    if image is None:
        found = frozenset(nxt for s in states for nxt, _ in _step(key, s))
        image = _INTERNED.setdefault(found, found)
        _IMAGES[memo] = image
    return image


def _predecessor(key: Key, state: State, states: StateSet) -> tuple[State, int]:
    """The smallest state of ``states`` that reaches ``state``, and the edges it uses."""
    memo = (key, state, states)
    pred = _PREDECESSORS.get(memo)
    if pred is None:
        pred = min((s, m) for s, m in _INVERSE[key][state] if s in states)
        _PREDECESSORS[memo] = pred
    return pred


def _check_args(rows: int, cols: int, start: int) -> None:
    if rows not in (3, 4):
        raise ValueError(f"thin boards have 3 or 4 rows, not {rows}")
    if cols < 1:
        raise ValueError(f"a board needs at least one column, not {cols}")
    if not 0 <= start < rows * cols:
        raise ValueError(f"start square {start} is off the {rows} x {cols} board")


def _forward(rows: int, cols: int, start: int, closed: bool) -> list[StateSet] | None:
    """Reachable state sets after each column, or ``None`` when no tour exists."""
    start_row, start_col = divmod(start, cols)
    init = frozenset({(_DEG2,) * (2 * rows) + (0, 0)})
    current: StateSet = _INTERNED.setdefault(init, init)
    sets = [current]
    for c in range(cols):
        current = _image(_column_key(rows, cols, start_row, start_col, closed, c), current)
        if not current:
            return None
        sets.append(current)
    return sets if _ACCEPT in current else None


def _column_key(
    rows: int, cols: int, start_row: int, start_col: int, closed: bool, c: int
) -> Key:
    slot = -1
    if not closed and 0 <= c - start_col <= 2:
        slot = (2 - (c - start_col)) * rows + start_row
    return (rows, slot, int(closed), c == cols - 1)


def thin_tour_exists(rows: int, cols: int, start: int, closed: bool) -> bool:
    """Whether a knight's tour of the ``rows x cols`` board starts at ``start``.

    Same arguments and cost as :func:`thin_tour`, without building the tour.

    :raises ValueError: if ``rows`` is not 3 or 4, ``cols < 1`` or ``start`` is off the board.

    >>> thin_tour_exists(3, 8, 10, closed=False), thin_tour_exists(3, 10, 0, closed=True)
    (False, True)
    """
    _check_args(rows, cols, start)
    return _forward(rows, cols, start, closed) is not None


def thin_tour(rows: int, cols: int, start: int, closed: bool) -> array[int] | None:
    """Return a knight's tour of the ``rows x cols`` board from ``start``, or ``None``.

    Squares are flat indices ``row * cols + col``.  The tour visits every square once,
    starting at ``start``; when ``closed`` its last square is a knight move from ``start``.
    ``None`` is exact: no such tour exists.  The same arguments always give the same tour.

    :param rows: 3 or 4.
    :param cols: any number of columns, at least 1.
    :param start: the flat index of the first square.
    :param closed: ask for a closed tour (a cycle) instead of an open one.
    :returns: an ``array('i')`` of ``rows * cols`` squares, or ``None``.
    :raises ValueError: if ``rows`` is not 3 or 4, ``cols < 1`` or ``start`` is off the board.

    Time and memory are linear in ``cols``; nothing recurses deeper than 10 calls.

    >>> list(thin_tour(3, 4, 4, closed=False))
    [4, 11, 2, 9, 0, 7, 5, 3, 10, 1, 8, 6]
    >>> thin_tour(3, 4, 5, closed=False) is None
    True
    """
    _check_args(rows, cols, start)
    sets = _forward(rows, cols, start, closed)
    if sets is None:
        return None
    start_row, start_col = divmod(start, cols)
    edges = _candidate_edges(rows)
    size = rows * cols
    first = array("i", [-1]) * size
    second = array("i", [-1]) * size
    state = _ACCEPT
    for c in range(cols - 1, -1, -1):
        key = _column_key(rows, cols, start_row, start_col, closed, c)
        state, mask = _predecessor(key, state, sets[c])
        p = 0
        while mask:
            if mask & 1:
                new_slot, old_slot = edges[p]
                a = (new_slot - 2 * rows) * cols + c
                back, r = divmod(old_slot, rows)
                b = r * cols + c - 2 + back
                for x, y in ((a, b), (b, a)):
                    if first[x] < 0:
                        first[x] = y
                    else:
                        second[x] = y
            mask >>= 1
            p += 1
    tour = array("i", [start]) * size
    prev, cur = -1, start
    for i in range(1, size):
        nxt = first[cur]
        if nxt == prev or nxt < 0:
            nxt = second[cur]
        prev, cur = cur, nxt
        tour[i] = cur
    return tour
