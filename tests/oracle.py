"""An independent exhaustive tour finder for the tests: bitmasks, memo of dead ends.

Written without the package's code so that it can check the package's
"impossible" answers.  Small boards only.
"""

from __future__ import annotations

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
    """True/False whether a tour from (row, col) start exists; None if the budget ran out."""
    holes = frozenset(holes)
    table = moves(rows, cols, holes, xiangqi)
    full = 0
    for i in range(rows * cols):
        if divmod(i, cols) not in holes:
            full |= 1 << i
    s = start[0] * cols + start[1]
    if full == 1 << s:
        return not closed
    dead: set[tuple[int, int]] = set()
    nodes = 0
    # Explicit stack of (current, visited mask, remaining candidate mask).
    stack = [(s, 1 << s, table[s] & ~(1 << s))]
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
        if not xiangqi and _hopeless(table, full & ~(seen | low), nxt, s, closed):
            dead.add(key)
            continue
        stack.append((nxt, seen | low, table[nxt] & ~(seen | low)))
    return False


def _hopeless(table: list[int], left: int, cur: int, s: int, closed: bool) -> bool:
    """Degree counting: each square left needs two path neighbours, except an open path's end.

    Sound only when moves are symmetric (the knight), so it is not used for xiangqi.
    """
    around = left | 1 << cur | (1 << s if closed else 0)
    ends = 0
    rest = left
    while rest:
        low = rest & -rest
        rest ^= low
        links = (table[low.bit_length() - 1] & around).bit_count()
        if links == 0 or (closed and links < 2):
            return True
        if links == 1:
            ends += 1
            if ends > 1:
                return True
    return False
