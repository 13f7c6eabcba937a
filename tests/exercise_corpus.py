"""Attempts at the exercises beyond the typical mistakes: dishonest ones (answers written in,
formulas in place of counting, searches that are not the asked one, nesting in disguise,
a board printed upside down) that must fail, each with the judge's code that says why,
and honest solutions in several styles (recursive, iterative with a stack of their own, a
class, a generator, a path returned, names other than the posts') that must pass."""

from __future__ import annotations

from dataclasses import dataclass

from knight_py import solve
from knight_py.learn.exercises import EXERCISE_BY_ID, EXERCISES

__all__ = ["DISHONEST", "HONEST", "Program"]


@dataclass(frozen=True)
class Program:
    """``exercise``, ``name``, ``source`` and ``codes``: the judge's codes any of which
    may name its failure (empty: it must pass)."""

    exercise: str
    name: str
    source: str
    codes: tuple[str, ...] = ()


def _table_source(exercise: str, *, count_line: str = "") -> str:
    """A program holding the tours of the exercise's fixed boards, searching nothing."""
    table = {}
    for case in EXERCISE_BY_ID[exercise].cases:
        result = solve(case.rows, case.cols, case.start, closed=case.closed, blocked=case.holes,
                       rule=case.rule)
        if result.path:
            board = [[0] * case.cols for _ in range(case.rows)]
            for n, (r, c) in enumerate(result.path, 1):
                board[r][c] = n
            table[(case.rows, case.cols, case.start)] = board
    return (f"TABLE = {table!r}\nHOLES = set()\n\n\ndef tour(rows, cols, start):\n"
            f"    {count_line or 'pass'}\n"
            "    board = TABLE.get((rows, cols, tuple(start)))\n    return board\n")


_PLAIN_BODY = '''
MOVES = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
HOLES = set()
'''

_FORMULA_COUNT = _PLAIN_BODY + '''moves = 0


def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    for x, y in HOLES:
        board[x][y] = -1
    r, c = start
    board[r][c] = 1
    free = rows * cols - len(HOLES)
    found = visit(board, rows, cols, r, c, 2, free)
    print(moves - (free - 1) if found else moves)
    return board if found else None


def visit(board, rows, cols, r, c, step, free):
    global moves
    if step > free:
        return True
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            board[x][y] = step
            moves += 1
            if visit(board, rows, cols, x, y, step + 1, free):
                return True
            board[x][y] = 0
    return False
'''

_STATIC_DEGREE = EXERCISE_BY_ID["warnsdorff"].solution.replace(
    "    options.sort(key=lambda s: onward(board, rows, cols, s[0], s[1]))",
    "    options.sort(key=lambda s: onward([[0] * cols for _ in range(rows)], rows, cols, s[0], s[1]))")


def _chained_stack() -> str:
    """The stack solution behind 26 functions level2..level27 calling each other."""
    solution = EXERCISE_BY_ID["stack"].solution.replace("def tour(rows, cols, start):",
                                                        "def level27(rows, cols, start):")
    chain = "".join(f"\n\ndef level{k}(rows, cols, start):\n    return level{k + 1}(rows, cols, start)\n"
                    for k in range(2, 27))
    return solution + chain + "\n\ndef tour(rows, cols, start):\n    return level2(rows, cols, start)\n"


_UPSIDE_DOWN = EXERCISE_BY_ID["print"].solution.replace("    for row in board:\n",
                                                         "    for row in reversed(board):\n")

_ROTATED_CYCLE = '''HOLES = set()
CYCLES = {}


def tour(rows, cols, start):
    cycle = CYCLES.get((rows, cols))
    if cycle is None:
        return None
    i = cycle.index(tuple(start))
    path = cycle[i:] + cycle[:i]
    board = [[0] * cols for _ in range(rows)]
    for n, (r, c) in enumerate(path, 1):
        board[r][c] = n
    return board
'''


def _cycles_source() -> str:
    cycles = {}
    for rows, cols in ((6, 6), (6, 8), (8, 6)):
        result = solve(rows, cols, (0, 0), closed=True)
        assert result.path is not None
        cycles[(rows, cols)] = [tuple(s) for s in result.path]
    return _ROTATED_CYCLE.replace("CYCLES = {}", f"CYCLES = {cycles!r}")


_STOP64 = EXERCISE_BY_ID["stop60"].starter.replace("tag == 60", "tag == 64")

DISHONEST: tuple[Program, ...] = (
    *(Program(ex.id, "table", _table_source(ex.id),
              ("answer_none", "answer_unreadable", "unread", "count_missing", "answer_invalid",
               "answer_tour", "not_fewest", "budget"))
      for ex in EXERCISES),
    Program("count", "table-print-0", _table_source("count", count_line="print(0)"),
            ("answer_none", "answer_unreadable", "count_wrong", "answer_tour")),
    Program("count", "formula", _FORMULA_COUNT, ("count_not_counted",)),
    Program("warnsdorff", "plain-backtracking", EXERCISE_BY_ID["warnsdorff"].starter,
            ("not_fewest",)),
    Program("warnsdorff", "static-degree", _STATIC_DEGREE, ("not_fewest",)),
    Program("stack", "chained-26", _chained_stack(), ("too_deep",)),
    Program("print", "upside-down", _UPSIDE_DOWN, ("upside_down",)),
    Program("closed", "rotated-cycle", _cycles_source(),
            ("answer_invalid", "answer_missing", "answer_partial", "answer_repeat",
             "answer_out_of_range", "not_searched", "not_own")),
    Program("stop60", "stop-at-64", _STOP64, ("budget",)),
)

_RECURSIVE_OTHER_NAMES = _PLAIN_BODY + '''

def tour(rows, cols, start):
    grid = [[0] * cols for _ in range(rows)]
    for x, y in HOLES:
        grid[x][y] = -1
    goal = rows * cols - len(HOLES)
    a, b = start
    grid[a][b] = 1

    def go(a, b, depth):
        if depth == goal:
            return True
        for da, db in MOVES:
            p, q = a + da, b + db
            if 0 <= p < rows and 0 <= q < cols and grid[p][q] == 0:
                grid[p][q] = depth + 1
                if go(p, q, depth + 1):
                    return True
                grid[p][q] = 0
        return False

    return grid if go(a, b, 1) else None
'''

_PATH_RETURNED = _PLAIN_BODY + '''

def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    for x, y in HOLES:
        board[x][y] = -1
    free = rows * cols - len(HOLES)
    path = [tuple(start)]
    board[start[0]][start[1]] = 1

    def search():
        if len(path) == free:
            return True
        r, c = path[-1]
        for dr, dc in MOVES:
            x, y = r + dr, c + dc
            if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
                board[x][y] = len(path) + 1
                path.append((x, y))
                if search():
                    return True
                path.pop()
                board[x][y] = 0
        return False

    return path if search() else None
'''

_CLASS_STYLE = _PLAIN_BODY + '''

class Knight:
    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols
        self.board = [[0] * cols for _ in range(rows)]
        for x, y in HOLES:
            self.board[x][y] = -1
        self.free = rows * cols - len(HOLES)

    def jump(self, r, c, n):
        if n > self.free:
            return True
        for dr, dc in MOVES:
            x, y = r + dr, c + dc
            if 0 <= x < self.rows and 0 <= y < self.cols and self.board[x][y] == 0:
                self.board[x][y] = n
                if self.jump(x, y, n + 1):
                    return True
                self.board[x][y] = 0
        return False


def tour(rows, cols, start):
    knight = Knight(rows, cols)
    knight.board[start[0]][start[1]] = 1
    return knight.board if knight.jump(start[0], start[1], 2) else None
'''

_GENERATOR_STYLE = _PLAIN_BODY + '''

def tours(board, rows, cols, r, c, step, free):
    if step > free:
        yield board
        return
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            board[x][y] = step
            yield from tours(board, rows, cols, x, y, step + 1, free)
            board[x][y] = 0


def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    for x, y in HOLES:
        board[x][y] = -1
    board[start[0]][start[1]] = 1
    for found in tours(board, rows, cols, start[0], start[1], 2, rows * cols - len(HOLES)):
        return [row[:] for row in found]
    return None
'''

_COUNT_CLASS = _CLASS_STYLE.replace(
    "        if n > self.free:\n", "        board = self.board  # the page follows a board named board\n"
    "        if n > self.free:\n").replace(
    "        self.free = rows * cols - len(HOLES)\n",
    "        self.free = rows * cols - len(HOLES)\n        self.cleared = 0\n").replace(
    "                self.board[x][y] = 0\n",
    "                self.board[x][y] = 0\n                self.cleared = self.cleared + 1\n").replace(
    "    knight.board[start[0]][start[1]] = 1\n    return",
    "    knight.board[start[0]][start[1]] = 1\n    found = knight.jump(start[0], start[1], 2)\n"
    "    print('backtracks:', knight.cleared)\n    return").replace(
    "knight.board if knight.jump(start[0], start[1], 2) else None",
    "knight.board if found else None")

_WARNSDORFF_MIN = _PLAIN_BODY + '''

def degree(board, rows, cols, r, c):
    return sum(1 for dr, dc in MOVES if 0 <= r + dr < rows and 0 <= c + dc < cols
               and board[r + dr][c + dc] == 0)


def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    for x, y in HOLES:
        board[x][y] = -1
    free = rows * cols - len(HOLES)
    board[start[0]][start[1]] = 1
    stack = [(start, None)]
    while stack:
        (r, c), left = stack[-1]
        if left is None:
            if len(stack) == free:
                return board
            left = [(r + dr, c + dc) for dr, dc in MOVES
                    if 0 <= r + dr < rows and 0 <= c + dc < cols and board[r + dr][c + dc] == 0]
            stack[-1] = ((r, c), left)
        if not left:
            stack.pop()
            board[r][c] = 0 if stack else 1
            continue
        best = min(left, key=lambda s: degree(board, rows, cols, s[0], s[1]))
        left.remove(best)
        board[best[0]][best[1]] = len(stack) + 1
        stack.append((best, None))
    return None
'''

_PRINT_TABS = EXERCISE_BY_ID["print"].solution.replace(
    "    for row in board:\n        for n in row:\n            print(\"%-5d\" % n, end=\"\")\n        print()\n",
    "    for row in board:\n        print(\"\\t\".join(str(n) for n in row))\n")

HONEST: tuple[Program, ...] = (
    *(Program(eid, "recursive-other-names", _RECURSIVE_OTHER_NAMES) for eid in ("stop60", "undo")),
    *(Program(eid, "path-returned", _PATH_RETURNED) for eid in ("stop60", "undo")),
    *(Program(eid, "class", _CLASS_STYLE) for eid in ("stop60", "undo")),
    *(Program(eid, "generator", _GENERATOR_STYLE) for eid in ("stop60", "undo")),
    Program("stop60", "own-stack", EXERCISE_BY_ID["stack"].solution),
    Program("count", "class-counter", _COUNT_CLASS),
    Program("warnsdorff", "min-with-own-stack", _WARNSDORFF_MIN),
    Program("stack", "own-stack-min", _WARNSDORFF_MIN),
    Program("print", "tabs", _PRINT_TABS),
)
