"""Exact knight's tours on 3 x n and 4 x n boards in time linear in n.

**3 x n.**  A frontier ("profile") dynamic program over the columns.  A knight move spans at
most two columns, so once column ``c`` is placed every square left of ``c - 1`` has all its
tour edges.  The state after column ``c`` records, for each square of columns ``c - 1`` and
``c``, its degree so far (0, 1 or 2), for a degree-1 square the other end of its path
fragment (a frontier square, or ``_TERM`` when that end is a finished path end), and how
many path ends other than the start are finished.  Placing a column chooses its edges back
to the two previous columns, refuses cycles (a closed tour closes its one cycle in the last
column), finishes the oldest column and shifts.  Transitions are computed once per state
and column kind and cached; the forward pass maps interned *sets* of states and caches that
map too, so after a few columns the sets repeat and a column costs a dictionary lookup.  A
backward pass keeps the states that can still finish, and a forward walk picks, column by
column, the first transition into a live state.  The search is exhaustive, so ``None`` is a
proof.

**4 x n** reduces to a two-square-wide band.  Call ranks 0 and 3 outer (O), ranks 1 and 2
inner (I).  A knight on O only reaches I.  In a path through all 4n squares the O degrees
sum to 4n - (ends on O), so it has (ends on O) - 1 moves inside I.  With one end on O the
path alternates O, I and colours at once, so every O square would have one colour; but each
column has O squares of both colours.  Hence every path has both ends on O and exactly one
I-I move, and a cycle (no ends, so -1 I-I moves) is impossible.  Cutting the I-I move
leaves a path through G1 = (light O) + (dark I) and a path through G2 = (dark O) + (light I):
every O-I move stays inside one of them.  Both are copies of the band ``H``: squares
``a_c`` (O) and ``b_c`` (I) per column, ``a_i b_j`` joined when ``1 <= |i - j| <= 2``.  The
I-I moves join ``b_c`` of one copy to ``b_{c +- 2}`` of the other.  So a tour from an outer
square ``s = a_k`` is a path of ``H`` from ``a_k`` to some ``b_c``, then a path of ``H``
from ``b_{c +- 2}``.  Both are found with the same dynamic program on ``H`` (its states are
few); which ``b_d`` start a path of ``H`` is found for every ``d`` at once by joining the
forward and backward state sets around ``d``.

>>> list(thin_tour(3, 4, 0, closed=False))
[0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4]
>>> thin_tour(4, 1000, 1000, closed=False) is None  # no 4 x n tour starts on an inner rank
True
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Final, NamedTuple

__all__ = ["thin_tour", "thin_tour_exists"]

# State codes for one frontier square: a degree-1 square stores its partner's slot (>= 0).
_DEG0: Final = -1
_DEG2: Final = -2
_TERM: Final = -3  # degree 1, and the fragment's other end is a finished path end

State = tuple[int, ...]
StateSet = frozenset[State]
Moves = tuple[tuple[State, int], ...]
# (graph, marked slot or -1, closed, last column, mask of slots allowed as a free path end)
Key = tuple[int, int, bool, bool, int]

_ACCEPT: Final[State] = ()  # the state after the last column when a tour is complete
_KNIGHT3: Final = 3  # graph id: the 3 x n knight graph, three squares a column
_BAND: Final = 2  # graph id: the band H, squares a_c (slot 0) and b_c (slot 1)
_ALL: Final = -1  # allowed-ends mask that allows every square


def _knight_edges(rows: int) -> tuple[tuple[int, int], ...]:
    """Knight moves from the new column back, as (new slot, old slot) in working slots.

    Working slots: ``0..rows-1`` the column two back (A), ``rows..2*rows-1`` the column one
    back (B), ``2*rows..3*rows-1`` the new column (N).
    """
    found: list[tuple[int, int]] = []
    for r in range(rows):
        for dr, back in ((-2, 1), (-1, 2), (1, 2), (2, 1)):
            rr = r + dr
            if 0 <= rr < rows:
                found.append((2 * rows + r, rr if back == 2 else rows + rr))
    return tuple(found)


# graph id -> (squares per column, candidate edges in working slots)
_GRAPHS: Final[dict[int, tuple[int, tuple[tuple[int, int], ...]]]] = {
    _KNIGHT3: (3, _knight_edges(3)),
    _BAND: (2, ((4, 3), (4, 1), (5, 2), (5, 0))),
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


class _Setup(NamedTuple):
    """What placing a column under one key needs, whatever the state before it."""

    w: int  # squares per column
    limit: int  # path ends allowed besides the marked start: 0 closed, 1 open
    reach: tuple[int, ...]  # for slots of B: how many edges the next column can give
    cap_bias: int  # nibble i holds 7 - (most edges slot i may have)
    need_bias: int  # nibble i holds 8 - (fewest edges slot i must end with), 0 unchecked
    need_high: int  # bit 3 of the nibble of every slot that must be finished
    masks: tuple[_Mask, ...]  # every edge set that does not overfill the new column
    fitting: dict[int, tuple[_Mask, ...]]  # packed old degrees -> the masks that fit them


_SETUPS: dict[Key, _Setup] = {}
_NIBBLE_HIGH: Final = 0x8888_8888_8888
_TWOS: Final = 0x2222_2222_2222


def _setup(key: Key) -> _Setup:
    setup = _SETUPS.get(key)
    if setup is not None:
        return setup
    graph, start, closed, last, _allow = key
    w, edges = _GRAPHS[graph]
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


def _moves(key: Key, state: State) -> Moves:
    """Every way to place the next column after ``state``: (next state, edge mask) pairs.

    For each next state only the first edge set in a fixed order is kept, so the answer
    never depends on what was cached before.
    """
    table = _transitions(key)
    found_moves = table.get(state)
    if found_moves is not None:
        return found_moves
    _graph, start, closed, last, allow = key
    w, limit, reach, cap_bias, need_bias, need_high, masks, fitting = _setup(key)
    width = 3 * w
    all_two = _TWOS & ((1 << (4 * width)) - 1)  # every square of the window has two edges
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
    fit = fitting.get(packed)
    if fit is None:
        # Drop edge sets that put a square over its cap or leave a finished square short.
        fit = fitting[packed] = tuple(
            m
            for m in masks
            if not (packed + m[1] + cap_bias) & _NIBBLE_HIGH
            and (packed + m[1] + need_bias) & need_high == need_high
        )
    for mask, degrees, chosen in fit:
        total = packed + degrees
        deg = base_deg[:]
        part = base_part[:]
        ok = True
        for u, v in chosen:
            a = u if deg[u] == 0 else part[u]
            b = v if deg[v] == 0 else part[v]
            if a == v:
                # A cycle only as the very last edge of a closed tour.
                ok = closed and last and (u, v) == chosen[-1] and total == all_two
            elif a == _TERM and b == _TERM:
                ok = last  # a finished path while squares remain
            else:
                if a != _TERM:
                    part[a] = b
                if b != _TERM:
                    part[b] = a
            if not ok:
                break
            deg[u] += 1
            deg[v] += 1
        if not ok:
            continue
        ends = base_ends
        if last:
            for i in range(width):
                if deg[i] == 1 and i != start:
                    if not allow >> i & 1:
                        ok = False
                        break
                    ends += 1
            if ok and ends == limit and _ACCEPT not in found:
                found[_ACCEPT] = mask
            continue
        for i in range(w):
            if deg[i] == 1:
                if i != start:
                    ends += 1
                    if ends > limit or not allow >> i & 1:
                        ok = False
                        break
                other = part[i]
                if other == _TERM:
                    ok = False  # a finished path while squares remain
                    break
                part[other] = _TERM
        if not ok:
            continue
        # A square of B meets only the next column from now on: may it still reach 2?
        forced = ends
        for i in range(w, 2 * w):
            if deg[i] + reach[i] < 2 and i != start:
                forced += 1
                if deg[i] + reach[i] == 0 or forced > limit:
                    ok = False
                    break
        if not ok:
            continue
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
        nxt = tuple(codes)
        if nxt not in found:
            found[nxt] = mask
    found_moves = tuple(found.items())
    table[state] = found_moves
    return found_moves


def _clear_caches() -> None:
    """Forget every cached table and set (tests use it to show answers do not depend on it)."""
    for cache in (_TABLES, _IMAGES, _LIVE, _CHOICES, _INTERNED, _SETUPS):
        cache.clear()


def _intern(states: StateSet) -> StateSet:
    return _INTERNED.setdefault(states, states)


def _image(key: Key, states: StateSet) -> StateSet:
    """The states reachable in one column from ``states``."""
    memo = (key, states)
    image = _IMAGES.get(memo)
    if image is None:
        image = _intern(frozenset(nxt for s in states for nxt, _ in _moves(key, s)))
        _IMAGES[memo] = image
    return image


def _live(key: Key, states: StateSet, after: StateSet) -> StateSet:
    """The states of ``states`` with a move into ``after``."""
    memo = (key, states, after)
    live = _LIVE.get(memo)
    if live is None:
        live = _intern(
            frozenset(s for s in states if any(nxt in after for nxt, _ in _moves(key, s)))
        )
        _LIVE[memo] = live
    return live


def _initial(graph: int) -> StateSet:
    w = _GRAPHS[graph][0]
    return _intern(frozenset({(_DEG2,) * (2 * w) + (0,)}))


def _forward(keys: Sequence[Key]) -> list[StateSet]:
    """``sets[c]``: the states reachable before column ``c`` (``sets[n]`` after the last)."""
    current = _initial(keys[0][0])
    sets = [current]
    for key in keys:
        current = _image(key, current)
        sets.append(current)
    return sets


def _backward(keys: Sequence[Key], sets: list[StateSet]) -> list[StateSet]:
    """``live[c]``: the states of ``sets[c]`` from which the tour can still be completed."""
    n = len(keys)
    live = list(sets)
    live[n] = _intern(sets[n] & {_ACCEPT})
    for c in range(n - 1, -1, -1):
        live[c] = _live(keys[c], sets[c], live[c + 1])
    return live


def _walk(keys: Sequence[Key], live: list[StateSet]) -> list[int]:
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


def _trace(graph: int, cols: int, masks: list[int], start: int) -> array[int]:
    """Follow the chosen edges from ``start``; squares are ``slot * cols + col``."""
    w, edges = _GRAPHS[graph]
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


def _keys(
    graph: int, cols: int, mark: int, closed: bool, allowed: Sequence[int] | None = None
) -> list[Key]:
    """The key of each column; ``mark`` is a flat square (``slot * cols + col``) or -1.

    ``allowed[c]`` is the mask of slots of column ``c`` that may be a free path end.
    """
    w = _GRAPHS[graph][0]
    mark_row, mark_col = divmod(mark, cols) if mark >= 0 else (0, -10)
    keys: list[Key] = []
    for c in range(cols):
        slot = -1
        if 0 <= c - mark_col <= 2:
            slot = (2 - (c - mark_col)) * w + mark_row
        last = c == cols - 1
        allow = _ALL
        if allowed is not None:
            allow = 0
            for j, col in enumerate(range(c - 2, c + 1) if last else (c - 2,)):
                allow |= (allowed[col] if col >= 0 else (1 << w) - 1) << (j * w)
        keys.append((graph, slot, closed, last, allow))
    return keys


def _band_starts(cols: int) -> list[bool]:
    """``starts[d]``: whether a path through all of the band ``H`` starts at ``b_d``.

    ``sets[c]`` holds the states before column ``c`` with no square marked; ``marked[c]``
    the states before column ``c`` whose marked square ``b_d`` is finished (``d + 3 <=
    c``), ``d`` being any column.  ``b_d`` starts a path when the states leaving its
    three-column window meet the live states of ``marked``.  The sets repeat, so every
    column costs a few cached lookups.
    """
    keys = _keys(_BAND, cols, -1, False)
    sets = _forward(keys)
    windows: list[StateSet] = []
    marked = [_intern(frozenset())] * (cols + 1)
    for d in range(cols):
        current = sets[d]
        for key in _keys_window(cols, d):
            current = _image(key, current)
        windows.append(current)
        if d + 3 <= cols:
            marked[d + 3] = current
    for c in range(1, cols + 1):
        marked[c] = _intern(_image(keys[c - 1], marked[c - 1]) | marked[c])
    live = _backward(keys, marked)
    return [
        bool(windows[d] & live[d + 3]) if d + 3 <= cols else _ACCEPT in windows[d]
        for d in range(cols)
    ]


def _keys_window(cols: int, d: int) -> list[Key]:
    """The keys of columns ``d .. d + 2`` (as far as the board goes) with ``b_d`` marked."""
    return [
        (_BAND, (2 - k) * 2 + 1, False, d + k == cols - 1, _ALL) for k in range(min(3, cols - d))
    ]


def _band_square(copy: int, slot: int, col: int, cols: int) -> int:
    """The 4 x n square of band square (``slot``, ``col``) in copy 0 (G1) or 1 (G2)."""
    row = (0, 1)[slot] if (col + copy) % 2 == 0 else (3, 2)[slot]
    return row * cols + col


def _thin4(cols: int, start: int, build: bool) -> array[int] | bool:
    row, col = divmod(start, cols)
    if row in (1, 2):
        return False  # every 4 x n path ends on the outer ranks (module docstring)
    copy = (row // 3 + col) % 2  # 0: start in G1, 1: start in G2
    starts = _band_starts(cols)
    # b_c may end the first half when b_{c-2} or b_{c+2} starts the second half.
    allowed = [
        1 | (2 if (c >= 2 and starts[c - 2]) or (c + 2 < cols and starts[c + 2]) else 0)
        for c in range(cols)
    ]
    keys = _keys(_BAND, cols, col, False, allowed)
    sets = _forward(keys)
    if _ACCEPT not in sets[cols]:
        return False
    if not build:
        return True
    first = _trace(_BAND, cols, _walk(keys, _backward(keys, sets)), col)
    end = first[-1] % cols  # the path ends at b_end
    d = end - 2 if end >= 2 and starts[end - 2] else end + 2
    keys = _keys(_BAND, cols, cols + d, False)
    second = _trace(_BAND, cols, _walk(keys, _backward(keys, _forward(keys))), cols + d)
    tour = array("i", [0]) * (4 * cols)
    for i, square in enumerate(first):
        tour[i] = _band_square(copy, *divmod(square, cols), cols)
    for i, square in enumerate(second, 2 * cols):
        tour[i] = _band_square(1 - copy, *divmod(square, cols), cols)
    return tour


def _thin3(cols: int, start: int, closed: bool, build: bool) -> array[int] | bool:
    keys = _keys(_KNIGHT3, cols, -1 if closed else start, closed)
    sets = _forward(keys)
    if _ACCEPT not in sets[cols]:
        return False
    if not build:
        return True
    return _trace(_KNIGHT3, cols, _walk(keys, _backward(keys, sets)), start)


def _solve(rows: int, cols: int, start: int, closed: bool, build: bool) -> array[int] | bool:
    """Check the arguments, turn a board with 3 or 4 columns on its side, and solve."""
    for name, value in (("rows", rows), ("cols", cols), ("start", start)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} must be an int, not {value!r}")
    if rows < 1 or cols < 1 or not 0 <= start < rows * cols:
        raise ValueError(f"start square {start} is off the {rows} x {cols} board")
    if rows not in (3, 4):
        if cols not in (3, 4):
            raise ValueError(f"a thin board has 3 or 4 rows (or columns), not {rows} x {cols}")
        row, col = divmod(start, cols)
        found = _solve(cols, rows, col * rows + row, closed, build)
        if isinstance(found, array):
            for i, square in enumerate(found):
                col, row = divmod(square, rows)
                found[i] = row * cols + col
        return found
    if rows == 4:
        return False if closed else _thin4(cols, start, build)
    return _thin3(cols, start, closed, build)


def thin_tour_exists(rows: int, cols: int, start: int, closed: bool) -> bool:
    """Whether a knight's tour of the ``rows x cols`` board starts at ``start``.

    Same arguments, checks and cost as :func:`thin_tour`, without building the tour.

    >>> thin_tour_exists(3, 8, 10, closed=False), thin_tour_exists(3, 10, 0, closed=True)
    (False, True)
    """
    return _solve(rows, cols, start, closed, build=False) is not False


def thin_tour(rows: int, cols: int, start: int, closed: bool) -> array[int] | None:
    """Return a knight's tour of the ``rows x cols`` board from ``start``, or ``None``.

    Squares are flat indices ``row * cols + col``.  The tour visits every square once,
    starting at ``start``; when ``closed`` its last square is a knight move from ``start``.
    ``None`` is exact: no such tour exists.  The same arguments always give the same tour.

    :param rows: 3 or 4 (or any number, when ``cols`` is 3 or 4: the board is turned).
    :param cols: any number of columns, at least 1.
    :param start: the flat index of the first square.
    :param closed: ask for a closed tour (a cycle) instead of an open one.
    :returns: an ``array('i')`` of ``rows * cols`` squares, or ``None``.
    :raises ValueError: if neither side is 3 or 4, a side is below 1, or ``start`` is off
        the board.

    Time and memory are linear in the long side (about 10 ms for 3 x 1000 once the small
    tables exist; building them takes about 0.2 s the first time).  There is no recursion.

    >>> list(thin_tour(3, 4, 4, closed=False))
    [4, 10, 3, 5, 11, 2, 9, 7, 1, 8, 6, 0]
    >>> thin_tour(3, 4, 5, closed=False) is None
    True
    >>> thin_tour(7, 3, 0, closed=False)[:6].tolist()  # 7 rows, 3 columns: turned to 3 x 7
    [0, 7, 2, 3, 8, 1]
    """
    found = _solve(rows, cols, start, closed, build=True)
    return found if isinstance(found, array) else None
