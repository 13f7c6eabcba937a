"""How many squares the exercises' reference searches number on a board, found without
running (or tracing) them: the same search, in the same order, counted.

The exercises' reference solutions are backtracking searches that differ only in the
order they try the squares (:data:`ORDERS`): ``plain`` (the eight moves in ``MOVES``
order), ``fewest`` (a stable sort by onward moves) and ``fewest_xy`` (sorted by
``(onward moves, row, col)``).  A traced run takes a bounded number of steps per square
numbered, so a board whose search numbers at most ``limit`` squares fits a budget of
``limit`` times that bound (measured in ``tests/knight_py/learn/test_learn_cases.py``).

>>> squares_numbered(5, 5, (4, 0), order="fewest", limit=10_000)
(25, True)
>>> squares_numbered(4, 4, (3, 0), order="plain", limit=100) is None  # past the limit
True
>>> squares_numbered(4, 4, (3, 0), order="plain", limit=10_000)  # exhausted: no tour
(2223, False)
"""

from __future__ import annotations

from ..board import leg

__all__ = ["MOVES", "ORDERS", "squares_numbered"]

#: The exercises' programs' move order.
MOVES = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
ORDERS = ("plain", "fewest", "fewest_xy")


def squares_numbered(rows: int, cols: int, start: tuple[int, int],
                     holes: tuple[tuple[int, int], ...] = (), *, order: str = "plain",
                     rule: str = "knight", closed: bool = False,
                     limit: int = 10_000) -> tuple[int, bool] | None:
    """Squares numbered (the start included, each retry counted) by the reference search
    of ``order`` until it finds a tour or has tried everything, and whether it found
    one; None past ``limit``.  The search is exhaustive: ``False`` proves there is no
    tour (closed, under ``rule``, avoiding ``holes``) from ``start``.  An ``order`` not in
    :data:`ORDERS` is a ValueError.
    """
    if order not in ORDERS:
        raise ValueError(f"order must be one of {', '.join(ORDERS)}, not {order!r}")
    board = [[0] * cols for _ in range(rows)]
    hole_set = set(holes)
    for x, y in hole_set:
        board[x][y] = -1
    free = rows * cols - len(hole_set)
    r0, c0 = start

    def onward(r: int, c: int) -> int:
        return sum(1 for dr, dc in MOVES if 0 <= r + dr < rows and 0 <= c + dc < cols
                   and board[r + dr][c + dc] == 0)

    def options(r: int, c: int) -> list[tuple[int, int]]:
        found = []
        for dr, dc in MOVES:
            x, y = r + dr, c + dc
            if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0 and not (
                    rule == "xiangqi" and leg(r, c, dr, dc) in hole_set):
                found.append((x, y))
        if order == "fewest":
            found.sort(key=lambda s: onward(*s))
        elif order == "fewest_xy":
            found.sort(key=lambda s: (onward(*s), s[0], s[1]))
        return found

    board[r0][c0] = 1
    numbered = 1
    # One frame per square on the path: (its square, the squares left to try from it).
    stack = [((r0, c0), options(r0, c0))]
    while stack:
        (r, c), left = stack[-1]
        step = len(stack)
        if step == free and (not closed or (r - r0) ** 2 + (c - c0) ** 2 == 5):
            return numbered, True
        if step == free or not left:
            stack.pop()
            if stack:
                board[r][c] = 0
            continue
        x, y = left.pop(0)
        board[x][y] = step + 1
        numbered += 1
        if numbered > limit:
            return None
        stack.append(((x, y), options(x, y)))
    return numbered, False
