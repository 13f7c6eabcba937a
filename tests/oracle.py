"""The tests' one oracle, written without the package's code so that it can check it.

- :func:`has_tour` and :func:`completes`: an exhaustive search over bitmasks with a
  memo of dead ends, counting ways in and out and reachability (small boards only),
  for tours from a start or the rest of a path;
- :func:`frontier_has_tour`: a second exact method, the plainest frontier dynamic
  program over one-way moves, for boards the search cannot finish;
- :func:`tour_expected`: the verdict the published theory gives for boards without holes
  (Schwenk's theorem for closed tours; for open tours the boards that have one, the
  colour rule and the 4 x n outer-rank rule), the search for the short 3 x n boards;
- :func:`check_tour`: a plain tour checker for boards past the package's size limit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise

KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def moves(rows: int, cols: int, holes: frozenset[tuple[int, int]], xiangqi: bool) -> list[int]:
    """Per square, a bitmask of the squares one move away."""
    table = []
    for r in range(rows):
        for c in range(cols):
            mask = 0
            if (r, c) not in holes:
                for dr, dc in KNIGHT:
                    rr, cc = r + dr, c + dc
                    if not (0 <= rr < rows and 0 <= cc < cols) or (rr, cc) in holes:
                        continue
                    if xiangqi:
                        lr, lc = (r + dr // 2, c) if abs(dr) == 2 else (r, c + dc // 2)
                        if (lr, lc) in holes:
                            continue
                    mask |= 1 << (rr * cols + cc)
            table.append(mask)
    return table


def has_tour(rows, cols, start, closed=False, holes=(), xiangqi=False, budget=5_000_000):
    """True/False whether a tour from (row, col) start exists; None if the budget ran out.

    Two classical counts come first (every move changes colour; on a board four squares
    wide, every move from an outer rank lands on an inner one), then the search.
    """
    free = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in set(holes)]
    if len(free) > 1 and not _counts_allow(rows, cols, free, start, closed):
        return False
    table = moves(rows, cols, frozenset(holes), xiangqi)
    if len(free) > 2 and not _pieces_allow(table, [r * cols + c for r, c in free], closed):
        return False
    if closed and free:
        # A closed tour passes every square: search from the one with fewest moves.
        start = min(free, key=lambda sq: (table[sq[0] * cols + sq[1]].bit_count(), sq))
    return completes(rows, cols, [start], closed, holes, xiangqi, budget)


def _pieces_allow(table: list[int], free: list[int], closed: bool) -> bool:
    """False when taking one square away splits the rest into too many pieces.

    Moves are taken either way.  A path loses at most two pieces' worth of links
    when one square is taken away (one piece if it was an end), a loop at most
    one: so closed, the rest must stay in one piece, and every square needs two
    neighbours; open, in at most two pieces.
    """
    into = _into(table)
    either = {w: table[w] | into[w] for w in free}
    if closed and any(mask.bit_count() < 2 for mask in either.values()):
        return False
    everything = sum(1 << w for w in free)
    for gone in free:
        left = everything & ~(1 << gone)
        pieces = 0
        while left:
            left &= ~_reach(either, left & -left, left)
            pieces += 1
        if pieces > (1 if closed else 2):
            return False
    return True


def _counts_allow(rows, cols, free, start, closed):
    """False when colour counts, or outer/inner rank counts on a 4-wide board, rule tours out.

    A path alternates between two classes of squares when every move leaves its class
    (colours always; outer ranks always, inner ranks not necessarily): the path's
    squares of the first class number at most one more than those of the other, and
    with one more it starts on the first; a closed path has at most as many.
    """
    classes = [lambda r, c: (r + c) % 2 == (sum(start) % 2)]
    if rows == 4:
        classes.append(lambda r, c: r in (0, 3))
    if cols == 4:
        classes.append(lambda r, c: c in (0, 3))
    for first in classes:
        ones = sum(1 for r, c in free if first(r, c))
        others = len(free) - ones
        if closed and ones > others:
            return False
        if not closed and (ones > others + 1 or (ones == others + 1 and not first(*start))):
            return False
        if ones == others + (0 if closed else 1):
            # The path alternates first-class and other squares strictly, and colours
            # too: the first-class squares all share a colour (the start's, if open).
            colours = {(r + c) % 2 for r, c in free if first(r, c)}
            if len(colours) > 1 or (not closed and colours != {sum(start) % 2}):
                return False
    # Colours alternate both ways: the start's colour cannot be outnumbered either.
    other_colour = sum(1 for r, c in free if (r + c) % 2 != sum(start) % 2)
    return other_colour <= len(free) - other_colour


def completes(
    rows: int,
    cols: int,
    path: Sequence[tuple[int, int]],
    closed: bool = False,
    holes: Iterable[tuple[int, int]] = (),
    xiangqi: bool = False,
    budget: int = 5_000_000,
) -> bool | None:
    """Whether ``path`` (a walk of moves, no square twice) extends to a tour.

    True/False; None if the budget of nodes ran out first.
    """
    holes = frozenset(holes)
    table = moves(rows, cols, holes, xiangqi)
    full = 0
    for i in range(rows * cols):
        if divmod(i, cols) not in holes:
            full |= 1 << i
    s = path[0][0] * cols + path[0][1]
    cur = path[-1][0] * cols + path[-1][1]
    entered = 0
    for r, c in path:
        entered |= 1 << (r * cols + c)
    if entered == full:
        return not closed or (len(path) > 2 and bool(table[cur] >> s & 1))
    into = _into(table)
    outer = 0  # outer ranks of a board four squares wide
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        if (r in (0, 3)) if rows == 4 else (cols == 4 and c in (0, 3)):
            outer |= 1 << i
    outer &= full
    # Every move changes colour: the colour of an open tour's last square is known.
    last_colour = (sum(path[0]) + full.bit_count() - 1) % 2
    dead: set[tuple[int, int]] = set()
    nodes = 0
    # Explicit stack of (current, entered mask, remaining candidate mask).
    stack = [(cur, entered, table[cur] & ~entered)]
    while stack:
        cur, seen, cand = stack[-1]
        if seen == full:
            if not closed or table[cur] >> s & 1:
                return True
            dead.add((cur, seen))
            stack.pop()
            continue
        if not cand:
            dead.add((cur, seen))
            stack.pop()
            continue
        low = cand & -cand
        stack[-1] = (cur, seen, cand ^ low)
        nxt = low.bit_length() - 1
        key = (nxt, seen | low)
        if key in dead:
            continue
        nodes += 1
        if nodes > budget:
            return None
        if _hopeless(table, into, full & ~(seen | low), nxt, s, closed, last_colour, cols, outer):
            dead.add(key)
            continue
        stack.append((nxt, seen | low, table[nxt] & ~(seen | low)))
    return False


def _hopeless(
    table: list[int], into: list[int], left: int, cur: int, s: int, closed: bool,
    last_colour: int, cols: int, outer: int,
) -> bool:
    """True when no tour can finish: counting ways in and out, then reachability.

    Every square left needs a way in from a square left or the current one, and a way
    out to a square left (or to the start, closed) that is not the square it came
    from; only an open path's last square, of colour ``last_colour``, may lack it.
    With two-way moves each also needs two path neighbours (one for the last square).
    On a board four wide no two ``outer`` squares follow each other, which caps how
    many of the squares left can be outer.  And every square left must be reachable
    from ``cur``.
    """
    if outer:
        lo = 2 if outer >> cur & 1 else 1
        hi = left.bit_count() - (1 if closed and outer >> s & 1 else 0)
        if (left & outer).bit_count() > max(0, (hi - lo + 2) // 2):
            return True
    symmetric = table == into
    back = 1 << s if closed else 0
    ends = 0
    only_in = only_on = 0
    rest = left
    while rest:
        low = rest & -rest
        rest ^= low
        w = low.bit_length() - 1
        if not into[w] & (left | 1 << cur):
            return True
        if symmetric:
            links = (table[w] & (left | 1 << cur | back)).bit_count()
            lacking = links < 2
        else:
            ways_in = into[w] & (left | 1 << cur)
            ways_on = table[w] & (left | back)
            lacking = not ways_on or (ways_in == ways_on and ways_in.bit_count() == 1)
            # Two squares with one and the same only way in (or, closed, on): one misses out.
            if ways_in & (ways_in - 1) == 0:
                if ways_in & only_in:
                    return True
                only_in |= ways_in
            if closed and ways_on & (ways_on - 1) == 0:
                if ways_on & only_on:
                    return True
                only_on |= ways_on
        if lacking:
            ends += 1
            if closed or ends > 1 or sum(divmod(w, cols)) % 2 != last_colour:
                return True
    return left & ~_reach(table, 1 << cur, left) != 0


def _into(table: list[int]) -> list[int]:
    """Per square, a bitmask of the squares one move into it."""
    into = [0] * len(table)
    for i, mask in enumerate(table):
        while mask:
            low = mask & -mask
            mask ^= low
            into[low.bit_length() - 1] |= 1 << i
    return into


def _reach(table: Mapping[int, int] | list[int], first: int, within: int) -> int:
    """The squares reached from the bitmask ``first`` by moves inside ``within``."""
    reached = wave = first
    while wave:
        low = wave & -wave
        wave ^= low
        new = table[low.bit_length() - 1] & within & ~reached
        reached |= new
        wave |= new
    return reached


def frontier_has_tour(rows, cols, start, closed=False, holes=(), xiangqi=False, limit=50_000_000):
    """A second exact method: True/False whether a tour exists; None past ``limit`` states.

    The plainest frontier dynamic program over one-way moves: squares join in reading
    order along the longer side and each move to or from an earlier square is taken or
    not.  A state records, per square still in the frontier, 0 untouched, 1 entered and
    left, or for a path piece's ends 2 + 2p (the end still to leave) / 3 + 2p (the end
    still to enter), p the other end's position.  An open tour is a loop through an
    extra square Z that moves only to the start and that any square may move to.
    A state dies as soon as a square has lost its last chance of a way in or out.
    Written apart from the package, for verdicts the search above cannot reach.
    """
    holes = frozenset(holes)
    table = moves(rows, cols, holes, xiangqi)
    order = [r * cols + c for r in range(rows) for c in range(cols) if (r, c) not in holes]
    if rows < cols:
        order.sort(key=lambda i: (i % cols, i // cols))
    if len(order) < (3 if closed else 2):
        return not closed and len(order) == 1
    rank = {v: k for k, v in enumerate(order)}
    s = start[0] * cols + start[1]
    extra = -1
    steps = []
    for v in order:
        steps.append(("join", v))
        if not closed:
            # Every move changes colour: only squares of the last square's colour end it.
            if (sum(divmod(v, cols)) - sum(start) - len(order) + 1) % 2 == 0:
                steps.append(("arc", (v, extra)))
            if v == s:
                steps.append(("arc", (extra, v)))
        for w in order[: rank[v]]:
            if table[v] >> w & 1:
                steps.append(("arc", (v, w)))
            if table[w] >> v & 1:
                steps.append(("arc", (w, v)))
    last, last_out, last_in = {}, {}, {}
    for k, (kind, item) in enumerate(steps):
        if kind == "arc":
            last[item[0]] = last[item[1]] = last_out[item[0]] = last_in[item[1]] = k
    if any(v not in last for v in order):
        return False
    frontier = [] if closed else [extra]
    states = {()} if closed else {(0,)}
    joined, total, handled = 0, len(order), 0
    for k, (kind, item) in enumerate(steps):
        if kind == "join":
            frontier.append(item)
            joined += 1
            states = {(*t, 0) for t in states}
            continue
        u, v = item
        pu, pv = frontier.index(u), frontier.index(v)
        # The move not taken: unless it was u's last way out or v's last way in.
        new = {
            t for t in states
            if not (last_out[u] == k and (t[pu] == 0 or (t[pu] > 1 and t[pu] % 2 == 0)))
            and not (last_in[v] == k and (t[pv] == 0 or (t[pv] > 1 and t[pv] % 2)))
        }
        for t in states:
            handled += 1
            a, b = t[pu], t[pv]
            if a == 1 or (a > 1 and a % 2) or b == 1 or (b > 1 and b % 2 == 0):
                continue  # u has its way out, or v its way in
            tail = pu if a == 0 else (a - 2) // 2
            head = pv if b == 0 else (b - 3) // 2
            if tail == pv:  # the move closes a loop: only the whole tour may
                if joined == total and all(x == 1 for i, x in enumerate(t) if i not in (pu, pv)):
                    return True
                continue
            x = list(t)
            x[pu] = 1 if a else 3 + 2 * head
            x[pv] = 1 if b else 2 + 2 * tail
            x[tail] = 3 + 2 * head
            x[head] = 2 + 2 * tail
            new.add(tuple(x))
        states = new
        if handled > limit:
            return None
        for w in [w for w in (u, v) if w != extra and last[w] == k]:
            p = frontier.index(w)
            frontier.pop(p)
            states = {
                tuple(y - 2 if y > 1 and (y - 2) // 2 > p else y for y in t[:p] + t[p + 1:])
                for t in states
                if t[p] == 1
            }
        if not states:
            return False
    return False


def closed_tour_expected(rows: int, cols: int) -> bool:
    """Schwenk's theorem: which boards without holes have a closed tour."""
    m, n = sorted((rows, cols))
    return not ((m % 2 and n % 2) or m in (1, 2, 4) or (m == 3 and n in (4, 6, 8)))


def open_tour_expected(rows: int, cols: int, row: int, col: int) -> bool:
    """Whether an open tour of a board without holes starts on (row, col)."""
    m, n = sorted((rows, cols))
    if (m, n) == (1, 1):
        return True
    if not ((m, n) == (3, 4) or (m == 3 and n >= 7) or (m == 4 and n >= 5) or m >= 5):
        return False
    if rows * cols % 2 and (row + col) % 2:
        return False  # odd board: tours start on the corners' colour
    if m == 4:
        return (row if rows == 4 else col) in (0, 3)
    if m == 3 and n < 10:
        return bool(has_tour(rows, cols, (row, col)))
    return True


def tour_expected(rows: int, cols: int, row: int, col: int, closed: bool) -> bool:
    """Whether a tour (closed or open) of a board without holes starts on (row, col)."""
    if closed:
        return closed_tour_expected(rows, cols)
    return open_tour_expected(rows, cols, row, col)


def check_tour(rows: int, cols: int, path: Sequence[int], closed: bool = False) -> None:
    """Raise ValueError unless ``path`` (flat indices) is a knight's tour of an empty board."""
    if sorted(path) != list(range(rows * cols)):
        raise ValueError("not every square exactly once")
    steps = list(pairwise(path))
    if closed:
        steps.append((path[-1], path[0]))
    for a, b in steps:
        (ra, ca), (rb, cb) = divmod(a, cols), divmod(b, cols)
        if (rb - ra, cb - ca) not in KNIGHT:
            raise ValueError(f"{a} -> {b} is not a knight move")
