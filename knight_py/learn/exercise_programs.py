"""The exercises' programs as text: for each exercise of :mod:`knight_py.learn.exercises`,
its starting program (the posts' code with their bug, or the step not yet taken) and its
reference solution, each defining ``tour(rows, cols, start)``; and their comments in
Chinese (:data:`EXERCISE_COMMENTS_ZH`, beside the menu programs' own).

A solution keeps its starter's lines but where the exercise asks for a change (the stack
exercise's is a rewrite of the recursion):

>>> starter, solution = PROGRAMS["undo"]
>>> [line for line in solution.splitlines() if line not in starter.splitlines()]
['            board[x][y] = 0  # a dead end further on: take the move back']
>>> sorted(PROGRAMS) == sorted(["stop60", "undo", "count", "warnsdorff", "closed", "xiangqi", "stack", "print"])
True
"""

from __future__ import annotations

from .programs import PROGRAMS as MENU_PROGRAMS

__all__ = ["EXERCISE_COMMENTS_ZH", "PROGRAMS"]

_MOVES = "MOVES = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]\n"

_ONWARD = '''

def onward(board, rows, cols, r, c):
    n = 0  # how many unvisited squares a knight on (r, c) can jump to
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            n += 1
    return n
'''

def _with_holes(source: str) -> str:
    """``source`` reading the page's ``HOLES``: each hole marked -1 on the board, and the
    search done once every free square has its number."""
    return (source
            .replace(_MOVES, _MOVES + "HOLES = set()  # the page sets the holes of each board\n", 1)
            .replace("    board = [[0] * cols for _ in range(rows)]\n",
                     "    board = [[0] * cols for _ in range(rows)]\n    for x, y in HOLES:\n"
                     "        board[x][y] = -1  # a hole: never a move's square\n", 1)
            .replace("if step > rows * cols:", "if step > rows * cols - len(HOLES):"))



_STOP60 = _with_holes("""\
# Fix the book's stop: it was written for 8 x 8 and stops at move 60.
""" + _MOVES + """

def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    r, c = start
    if visit(board, rows, cols, r, c, 1):
        return board
    return None


def visit(board, rows, cols, r, c, tag):
    board[r][c] = tag  # mark the square with the move number
    if tag == 60:  # the book stops here
        return True
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            if visit(board, rows, cols, x, y, tag + 1):
                return True
    board[r][c] = 0  # no way on from here: wipe the mark
    return False
""")

_UNDO = _with_holes("""\
# Backtracking that forgets to undo: find what is missing.
""" + _MOVES + """

def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    r, c = start
    board[r][c] = 1
    if visit(board, rows, cols, r, c, 2):
        return board
    return None


def visit(board, rows, cols, r, c, step):
    if step > rows * cols:
        return True  # every square has its number: a tour!
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            board[x][y] = step  # jump to (x, y)
            if visit(board, rows, cols, x, y, step + 1):
                return True
    return False  # no move works from here: go back one step
""")

_UNDO_FIXED = _UNDO.replace(
    "                return True\n    return False",
    "                return True\n            board[x][y] = 0  # a dead end further on: take the move back\n"
    "    return False",
)

_COUNT = _with_holes("""\
# Count the backtracks as the Go post does (backup++), and print the count.
""" + _MOVES + """
backtracks = 0  # how many times a move was taken back


def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    r, c = start
    board[r][c] = 1
    found = visit(board, rows, cols, r, c, 2)
    print(backtracks)
    if found:
        return board
    return None


def visit(board, rows, cols, r, c, step):
    global backtracks
    if step > rows * cols:
        return True
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            board[x][y] = step
            if visit(board, rows, cols, x, y, step + 1):
                return True
            board[x][y] = 0  # take the move back
    return False
""")

_COUNT_FIXED = _COUNT.replace(
    "            board[x][y] = 0  # take the move back\n",
    "            board[x][y] = 0  # take the move back\n            backtracks += 1\n",
)

_PLAIN = _with_holes("""\
# Plain backtracking: add Warnsdorff's rule, so that 8 x 8 is quick.
""" + _MOVES + """

def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    r, c = start
    board[r][c] = 1
    if visit(board, rows, cols, r, c, 2):
        return board
    return None


def visit(board, rows, cols, r, c, step):
    if step > rows * cols:
        return True
    options = []  # the squares to try, in this order
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            options.append((x, y))
    for x, y in options:
        board[x][y] = step
        if visit(board, rows, cols, x, y, step + 1):
            return True
        board[x][y] = 0  # take the move back
    return False
""" + _ONWARD)

_WARNSDORFF = _PLAIN.replace(
    "            options.append((x, y))\n",
    "            options.append((x, y))\n"
    "    options.sort(key=lambda s: onward(board, rows, cols, s[0], s[1]))  # fewest onward moves first\n",
)

_OPEN = _with_holes("""\
# Backtracking in Warnsdorff's order; make it find a closed tour.
""" + _MOVES + """

def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    r, c = start
    board[r][c] = 1
    if visit(board, rows, cols, start, r, c, 2):
        return board
    return None


def visit(board, rows, cols, start, r, c, step):
    if step > rows * cols:
        return True  # every square has its number
    options = []
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            options.append((onward(board, rows, cols, x, y), x, y))
    options.sort()
    for n, x, y in options:
        board[x][y] = step
        if visit(board, rows, cols, start, x, y, step + 1):
            return True
        board[x][y] = 0
    return False
""" + _ONWARD)

_CLOSED = _OPEN.replace(
    "        return True  # every square has its number\n",
    "        dr, dc = r - start[0], c - start[1]\n"
    "        return dr * dr + dc * dc == 5  # closed: the last square a knight's move from the start\n",
)

_HORSE = """\
# The xiangqi horse: a move is blocked when its leg stands on a hole.
""" + _MOVES + """HOLES = set()  # the page sets the holes of each board


def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    for x, y in HOLES:
        board[x][y] = -1  # a hole: never a move's square
    r, c = start
    board[r][c] = 1
    free = rows * cols - len(HOLES)
    if visit(board, rows, cols, r, c, 2, free):
        return board
    return None


def blocked(r, c, dr, dc):
    return False  # is the horse's leg on a hole?


def visit(board, rows, cols, r, c, step, free):
    if step > free:
        return True
    options = []
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0 and not blocked(r, c, dr, dc):
            options.append((onward(board, rows, cols, x, y), x, y))
    options.sort()
    for n, x, y in options:
        board[x][y] = step
        if visit(board, rows, cols, x, y, step + 1, free):
            return True
        board[x][y] = 0
    return False
""" + _ONWARD

_HORSE_FIXED = _HORSE.replace(
    "    return False  # is the horse's leg on a hole?\n",
    "    if abs(dr) == 2:  # the leg: one square along the long step\n"
    "        return (r + dr // 2, c) in HOLES\n"
    "    return (r, c + dc // 2) in HOLES\n",
)

_RECURSIVE = _with_holes("""\
# Turn the recursion into your own stack.
""" + _MOVES + """

def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    r, c = start
    board[r][c] = 1
    if visit(board, rows, cols, r, c, 2):
        return board
    return None


def visit(board, rows, cols, r, c, step):
    if step > rows * cols:
        return True
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            board[x][y] = step
            if visit(board, rows, cols, x, y, step + 1):
                return True
            board[x][y] = 0
    return False
""")

# The reference solution is the menu's own stack program, as the student sees it there,
# reading the holes as every exercise's program does.
_STACK = _with_holes(MENU_PROGRAMS["stack"].source).replace(
    "if len(stack) == rows * cols:", "if len(stack) == rows * cols - len(HOLES):")

_PRINT = _with_holes("""\
# Print the board as the posts do: one rank a line, numbers apart.
""" + _MOVES + """

def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    r, c = start
    board[r][c] = 1
    if visit(board, rows, cols, r, c, 2):
        show(board)
        return board
    return None


def show(board):
    print(board)


def visit(board, rows, cols, r, c, step):
    if step > rows * cols:
        return True
    options = []
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            options.append((onward(board, rows, cols, x, y), x, y))
    options.sort()
    for n, x, y in options:
        board[x][y] = step
        if visit(board, rows, cols, x, y, step + 1):
            return True
        board[x][y] = 0
    return False
""" + _ONWARD)

_PRINT_FIXED = _PRINT.replace(
    "    print(board)\n",
    "    for row in board:\n"
    "        for n in row:\n"
    "            print(\"%-5d\" % n, end=\"\")\n"
    "        print()\n",
)


#: Each exercise's (starter, solution), by the exercise's id.
PROGRAMS: dict[str, tuple[str, str]] = {
    "stop60": (_STOP60, _STOP60.replace("if tag == 60:", "if tag == rows * cols - len(HOLES):")),
    "undo": (_UNDO, _UNDO_FIXED),
    "count": (_COUNT, _COUNT_FIXED),
    "warnsdorff": (_PLAIN, _WARNSDORFF),
    "closed": (_OPEN, _CLOSED),
    "xiangqi": (_HORSE, _HORSE_FIXED),
    "stack": (_RECURSIVE, _STACK),
    "print": (_PRINT, _PRINT_FIXED),
}

#: The exercises' comments (after "# ") in Chinese, beside the menu programs' own.
EXERCISE_COMMENTS_ZH: dict[str, str] = {
    "Fix the book's stop: it was written for 8 x 8 and stops at move 60.":
        "改正书里的停止条件：它是为 8×8 写的，走到第 60 步就停了。",
    "the book stops here": "书里在这里停下",
    "Backtracking that forgets to undo: find what is missing.":
        "忘了撤销的回溯：找出少了什么。",
    "Count the backtracks as the Go post does (backup++), and print the count.":
        "像 Go 那篇文章一样数回溯次数（backup++），并输出这个数。",
    "how many times a move was taken back": "撤销了多少次（回溯次数）",
    "Plain backtracking: add Warnsdorff's rule, so that 8 x 8 is quick.":
        "最基本的回溯：加上贪心（Warnsdorff 规则），让 8×8 很快走完。",
    "the squares to try, in this order": "要试的格子，按这个顺序",
    "fewest onward moves first": "下一步可走的格数最少的先试",
    "Backtracking in Warnsdorff's order; make it find a closed tour.":
        "按贪心顺序的回溯；改成找回到起点的解（哈密顿回路）。",
    "every square has its number": "每个格子都填上了步数",
    "closed: the last square a knight's move from the start":
        "回到起点：最后一格和起点只差一个马步",
    "The xiangqi horse: a move is blocked when its leg stands on a hole.":
        "象棋的马：马脚上是障碍格时，这一步不能走（蹩马腿）。",
    "the page sets the holes of each board": "每个棋盘的障碍格由页面设定",
    "a hole: never a move's square": "障碍格：马不能走到这里",
    "is the horse's leg on a hole?": "马脚上是不是障碍格",
    "the leg: one square along the long step": "马脚：沿着走两格的方向的第一格",
    "Turn the recursion into your own stack.": "把递归改成自己用栈来做。",
    "Print the board as the posts do: one rank a line, numbers apart.":
        "像文章里那样输出棋盘：每行一排，数字之间用空白隔开。",
}
