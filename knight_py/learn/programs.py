"""The Learn view's programs: short knight's-tour programs in the blog posts' style.

Each is Python source text (written for this package, not copied from the posts)
whose entry point is ``tour(rows, cols, start)``: ``start`` is ``(row, col)``,
zero-based, row 0 on top.  It returns the board (a list of rows holding move
numbers, 1 for the start, 0 for a square never reached) or ``None`` when it
finds no tour.  :mod:`knight_py.learn.tracer` runs them line by line.

>>> sorted(PROGRAMS) == sorted(PROGRAM_IDS)
True
>>> PROGRAMS["backtrack"].description
'Plain backtracking: try the eight moves in a fixed order and undo a move at a dead end.'
>>> namespace: dict[str, object] = {}
>>> exec(PROGRAMS["warnsdorff"].source, namespace)
>>> namespace["tour"](5, 5, (4, 0))[4]
[1, 10, 21, 16, 7]
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PROGRAMS", "PROGRAM_IDS", "Program"]


@dataclass(frozen=True)
class Program:
    """One program: ``id``, the page's catalog key for its description, an English
    one-line ``description`` and the ``source`` text defining ``tour(rows, cols, start)``."""

    id: str
    description_key: str
    description: str
    source: str


_MOVES = "MOVES = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]\n"

_BACKTRACK = (
    """\
# Plain backtracking (depth-first search).
# The eight knight moves, always tried in this order: (row step, column step).
"""
    + _MOVES
    + """

def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]  # 0 means "not visited yet"
    r, c = start
    board[r][c] = 1  # the knight starts here: move 1
    if visit(board, rows, cols, r, c, 2):
        return board
    return None  # every way was tried: no tour from this square


def visit(board, rows, cols, r, c, step):
    # The knight stands on (r, c); find a square for move number `step`.
    if step > rows * cols:
        return True  # every square has its number: a tour!
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            board[x][y] = step  # jump to (x, y)
            if visit(board, rows, cols, x, y, step + 1):
                return True
            board[x][y] = 0  # a dead end further on: take the move back
    return False  # no move works from here: go back one step
"""
)

_ONWARD = '''

def onward(board, rows, cols, r, c):
    """How many unvisited squares a knight on (r, c) can jump to."""
    n = 0
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            n += 1
    return n
'''

_WARNSDORFF = (
    """\
# Warnsdorff's rule: always jump to the unvisited square with the fewest
# onward moves. It never goes back, so it can get stuck before the end.
"""
    + _MOVES
    + """

def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    r, c = start
    board[r][c] = 1
    for step in range(2, rows * cols + 1):
        best, fewest = None, 9  # the best square so far and its onward moves
        for dr, dc in MOVES:
            x, y = r + dr, c + dc
            if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
                n = onward(board, rows, cols, x, y)
                if n < fewest:  # strictly fewer: on a tie the first one stays
                    best, fewest = (x, y), n
        if best is None:
            return board  # stuck: no unvisited square to jump to
        r, c = best
        board[r][c] = step
    return board
"""
    + _ONWARD
)

_WARNSDORFF_BACKTRACK = (
    """\
# Backtracking that tries the squares with the fewest onward moves first
# (Warnsdorff's rule as the move order): it rarely has to go back.
"""
    + _MOVES
    + """

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
    options = []  # (onward moves, move number k, x, y) for each free square
    for k, (dr, dc) in enumerate(MOVES):
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            options.append((onward(board, rows, cols, x, y), k, x, y))
    options.sort()  # fewest onward moves first; ties in move order
    for n, k, x, y in options:
        board[x][y] = step
        if visit(board, rows, cols, x, y, step + 1):
            return True
        board[x][y] = 0  # take the move back
    return False
"""
    + _ONWARD
)

_STACK = (
    """\
# Backtracking without recursion: our own stack of frames.
# A frame is [row, col, k]: a square on the path and the next move to try there.
"""
    + _MOVES
    + """

def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    r, c = start
    board[r][c] = 1
    stack = [[r, c, 0]]
    while stack:
        if len(stack) == rows * cols:
            return board  # every square is on the stack: a tour!
        frame = stack[-1]
        r, c, k = frame
        if k == len(MOVES):  # all eight moves tried: go back one step
            board[r][c] = 0
            stack.pop()
            continue
        frame[2] = k + 1  # next time round, try the move after k
        x, y = r + MOVES[k][0], c + MOVES[k][1]
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            board[x][y] = len(stack) + 1
            stack.append([x, y, 0])
    return None
"""
)

_BUG_TAG60 = (
    """\
# Backtracking as a book wrote it for the 8 x 8 board, with its bug kept:
# it stops when `tag` reaches 60, but the board has 64 squares.
"""
    + _MOVES
    + """

def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    r, c = start
    if visit(board, rows, cols, r, c, 1):
        return board
    return None


def visit(board, rows, cols, r, c, tag):
    board[r][c] = tag  # mark the square with the move number
    if tag == 60:  # BUG: should be rows * cols (64 on 8 x 8)
        return True
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            if visit(board, rows, cols, x, y, tag + 1):
                return True
    board[r][c] = 0  # no way on from here: wipe the mark
    return False
"""
)

_BUG_REPEATS = (
    """\
# Backtracking with a bug: a square is not cleared when the search backs
# out of it, so dead ends stay marked and their numbers appear again later.
"""
    + _MOVES
    + """

def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    r, c = start
    visit(board, rows, cols, r, c, 1)
    return board  # print whatever the board holds


def full(board):
    for row in board:
        if 0 in row:
            return False
    return True


def visit(board, rows, cols, r, c, step):
    board[r][c] = step
    if full(board):  # no empty square left: "done"
        return True
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            if visit(board, rows, cols, x, y, step + 1):
                return True
    # BUG: missing `board[r][c] = 0` here, so this square stays "visited"
    return False
"""
)

PROGRAM_IDS: tuple[str, ...] = (
    "backtrack",
    "warnsdorff",
    "warnsdorff_backtrack",
    "stack",
    "bug_tag60",
    "bug_repeats",
)

PROGRAMS: dict[str, Program] = {
    p.id: p
    for p in (
        Program(
            "backtrack",
            "learn.program.backtrack",
            "Plain backtracking: try the eight moves in a fixed order and undo a move at a dead end.",
            _BACKTRACK,
        ),
        Program(
            "warnsdorff",
            "learn.program.warnsdorff",
            "Warnsdorff's rule: always jump to the square with the fewest onward moves; never go back.",
            _WARNSDORFF,
        ),
        Program(
            "warnsdorff_backtrack",
            "learn.program.warnsdorff_backtrack",
            "Backtracking that tries the squares with the fewest onward moves first.",
            _WARNSDORFF_BACKTRACK,
        ),
        Program(
            "stack",
            "learn.program.stack",
            "Backtracking without recursion: an explicit stack of (square, next move) frames.",
            _STACK,
        ),
        Program(
            "bug_tag60",
            "learn.program.bug_tag60",
            "A book's bug: the search stops at move 60, so an 8 x 8 answer misses 4 squares.",
            _BUG_TAG60,
        ),
        Program(
            "bug_repeats",
            "learn.program.bug_repeats",
            "A bug: squares are not cleared when backtracking, so numbers repeat on the board.",
            _BUG_REPEATS,
        ),
    )
}
