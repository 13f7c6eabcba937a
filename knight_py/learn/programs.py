"""The Learn view's programs: short knight's-tour programs in the blog posts' style.

Each is Python source text (written for this package, not copied from the posts)
whose entry point is ``tour(rows, cols, start)``: ``start`` is ``(row, col)``,
zero-based, row 0 on top.  It returns the board (a list of rows holding move
numbers, 1 for the start, 0 for a square never reached) or ``None`` when it
finds no tour.  :mod:`knight_py.learn.tracer` runs them line by line.

Each program comes in English (``source``) and Chinese (``source_zh``).  The Chinese one
is made from the English one by swapping each comment for its entry in
:data:`COMMENTS_ZH`: the code, the string literals and the line numbers stay the same,
so a trace recorded from either fits both.

>>> sorted(PROGRAMS) == sorted(PROGRAM_IDS)
True
>>> PROGRAMS["backtrack"].description
'Plain backtracking: try the eight moves in a fixed order and undo a move at a dead end.'
>>> namespace: dict[str, object] = {}
>>> exec(PROGRAMS["warnsdorff"].source, namespace)
>>> namespace["tour"](5, 5, (4, 0))[4]
[1, 10, 21, 16, 7]
>>> p = PROGRAMS["backtrack"]
>>> p.rows, p.cols, p.start, p.budget, p.speed
(5, 5, (4, 4), 100000, 500)
>>> PROGRAMS["backtrack"].source_zh.splitlines()[0]
'# 最基本的回溯法（深度优先搜索）'
>>> bug = PROGRAMS["bug_tag60"]
>>> bug.bug_line, bug.source.splitlines()[bug.bug_line - 1].strip()
(16, 'if tag == 60:  # BUG: should be rows * cols (64 on 8 x 8)')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["COMMENTS_ZH", "DEFAULTS", "PROGRAMS", "PROGRAM_IDS", "Program", "line_of"]


@dataclass(frozen=True)
class Program:
    """One program: ``id``, an English one-line ``description``, the ``source`` text
    defining ``tour(rows, cols, start)`` and ``source_zh``, the same text with its
    comments in Chinese.  A program kept for its bug also says it: ``bug`` (the bug in
    English) and ``bug_line`` (its line, 1-based).  The page words them itself, by the
    program's ``id``.

    Its default board, where the page runs it when the program is chosen: ``rows`` x
    ``cols`` from ``start``, with a step ``budget`` and a playing ``speed`` (steps per
    second), chosen from measurement (:data:`DEFAULTS`)."""

    id: str
    description: str
    source: str
    source_zh: str
    bug: str = ""
    bug_line: int = 0
    rows: int = 8
    cols: int = 8
    start: tuple[int, int] = (7, 0)
    budget: int = 100_000
    speed: int = 500


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
    n = 0  # how many unvisited squares a knight on (r, c) can jump to
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

#: Each English comment of the programs (the text after "# ") and its Chinese.  Only the
#: comments differ between a program's two sources: :func:`_in_chinese` swaps them.
COMMENTS_ZH: dict[str, str] = {
    "how many unvisited squares a knight on (r, c) can jump to": "站在 (r, c) 的马下一步能跳到几个没走过的格子",
    # backtrack
    "Plain backtracking (depth-first search).":
        "最基本的回溯法（深度优先搜索）",
    "The eight knight moves, always tried in this order: (row step, column step).":
        "马的 8 种走法，每次都按这个顺序尝试：(行的增量, 列的增量)",
    '0 means "not visited yet"': "0 表示“还没走过”",
    "the knight starts here: move 1": "马从这里出发，这是第 1 步",
    "every way was tried: no tour from this square": "所有走法都试过了：从这个起点出发无解",
    "The knight stands on (r, c); find a square for move number `step`.":
        "马现在在 (r, c)，给第 `step` 步找一个格子",
    "every square has its number: a tour!": "每个格子都填上了步数：找到一个解了",
    "jump to (x, y)": "跳到 (x, y)",
    "a dead end further on: take the move back": "后面走进了死路：撤销这一步（回溯）",
    "no move works from here: go back one step": "从这里哪一步都走不通：退回上一步",
    # warnsdorff
    "Warnsdorff's rule: always jump to the unvisited square with the fewest":
        "贪心（Warnsdorff 规则）：每次都跳到下一步可走的格数最少的",
    "onward moves. It never goes back, so it can get stuck before the end.":
        "那个空格子。它从不回溯，所以可能还没走完就卡住了。",
    "the best square so far and its onward moves": "目前最好的格子，和它下一步可走的格数",
    "strictly fewer: on a tie the first one stays": "严格更少才换：一样多时留下先找到的那个",
    "stuck: no unvisited square to jump to": "卡住了：没有还没走过的格子可跳",
    # warnsdorff_backtrack
    "Backtracking that tries the squares with the fewest onward moves first":
        "回溯 + 贪心：先试下一步可走的格数最少的格子",
    "(Warnsdorff's rule as the move order): it rarely has to go back.":
        "（用 Warnsdorff 规则排出尝试的顺序），所以很少需要回溯。",
    "(onward moves, move number k, x, y) for each free square":
        "每个空格子记成 (下一步可走的格数, 走法编号 k, x, y)",
    "fewest onward moves first; ties in move order": "可走格数少的排在前面；一样多就按走法的顺序",
    "take the move back": "撤销这一步",
    # stack
    "Backtracking without recursion: our own stack of frames.":
        "不用递归的回溯：自己用一个栈记下每一层",
    "A frame is [row, col, k]: a square on the path and the next move to try there.":
        "栈里的每一层是 [行, 列, k]：路径上的一个格子，和在那里下一个要试的走法",
    "every square is on the stack: a tour!": "所有格子都进栈了：找到一个解了",
    "all eight moves tried: go back one step": "8 种走法都试过了：退回上一步",
    "next time round, try the move after k": "下次回到这一层时，试 k 后面的那种走法",
    # bug_tag60
    "Backtracking as a book wrote it for the 8 x 8 board, with its bug kept:":
        "一本书上为 8×8 棋盘写的回溯，原样保留了书里的错误：",
    "it stops when `tag` reaches 60, but the board has 64 squares.":
        "`tag` 到 60 就停了，可是棋盘有 64 个格子。",
    "mark the square with the move number": "在格子上记下这是第几步",
    "BUG: should be rows * cols (64 on 8 x 8)": "错误：应该是 rows * cols（8×8 的棋盘是 64）",
    "no way on from here: wipe the mark": "从这里走不下去了：擦掉标记",
    # bug_repeats
    "Backtracking with a bug: a square is not cleared when the search backs":
        "有错误的回溯：搜索从一个格子退回时没有把它清零，",
    "out of it, so dead ends stay marked and their numbers appear again later.":
        "所以死路上的格子一直留着标记，棋盘上后面会出现重复的步数。",
    "print whatever the board holds": "棋盘上是什么就输出什么",
    'no empty square left: "done"': "没有空格子了：“完成”",
    'BUG: missing `board[r][c] = 0` here, so this square stays "visited"':
        "错误：这里少了 `board[r][c] = 0`，所以这个格子一直算“走过了”",
}


def _in_chinese(source: str) -> str:
    """``source`` with each comment swapped for its :data:`COMMENTS_ZH` entry (a
    KeyError for a comment without one): same lines, same code, same string literals.

    A comment starts at a line's first ``#``: no string in the programs holds one (the
    tests find the comments with :mod:`tokenize` and check; the page's Python need not
    load it).
    """
    lines = source.splitlines(keepends=True)
    for i, line in enumerate(lines):
        code, hash_, comment = line.partition("#")
        if hash_:
            end = "\n" if comment.endswith("\n") else ""
            lines[i] = f"{code}# {COMMENTS_ZH[comment.strip()]}{end}"
    return "".join(lines)


def _program(pid: str, description: str, source: str) -> Program:
    return Program(pid, description, source, _in_chinese(source))


def line_of(source: str, text: str) -> int:
    """The number (1-based) of the one line of ``source`` that holds ``text``.

    >>> line_of("a = 1\\nif tag == 60:\\n", "tag == 60")
    2
    """
    hits = [i for i, line in enumerate(source.splitlines(), 1) if text in line]
    if len(hits) != 1:
        raise ValueError(f"{text!r} is on {len(hits)} lines, not one")
    return hits[0]


def _bug_program(
    pid: str, description: str, source: str, bug: str, marker: str
) -> Program:
    """A program kept for its ``bug`` (in English), on the line holding ``marker``."""
    return Program(pid, description, source, _in_chinese(source), bug, line_of(source, marker))


PROGRAM_IDS: tuple[str, ...] = (
    "backtrack",
    "warnsdorff",
    "warnsdorff_backtrack",
    "stack",
    "bug_tag60",
    "bug_repeats",
)

#: Each program's default board, step budget and playing speed, from measurement under
#: the tracer (CPython 3.11; the page's Pyodide records 110,000 to 200,000 steps a second
#: in Chromium, see docs/learn.md): every one ends by itself within its budget, in well
#: under a second of the page's recording, and playing it to its last line at its speed
#: takes 20 s or less.  Plain backtracking and its stack version share a board (5 x 5
#: from e1: 8,911 and 20,403 steps, 263 moves taken back): on 6 x 6 from a1 they need
#: 1,877,665 and about 4.3 million steps.  The greedy programs and the bugs need 8 x 8
#: (the stop at move 60), from a1: 1,619 to 9,022 steps.
DEFAULTS: dict[str, tuple[int, int, tuple[int, int], int, int]] = {
    # id: (rows, cols, start, budget, speed)
    "backtrack": (5, 5, (4, 4), 100_000, 500),
    "warnsdorff": (8, 8, (7, 0), 100_000, 500),
    "warnsdorff_backtrack": (8, 8, (7, 0), 100_000, 500),
    "stack": (5, 5, (4, 4), 100_000, 2000),
    "bug_tag60": (8, 8, (7, 0), 100_000, 500),
    "bug_repeats": (8, 8, (7, 0), 100_000, 100),
}


def _with_defaults(program: Program) -> Program:
    rows, cols, start, budget, speed = DEFAULTS[program.id]
    return replace(program, rows=rows, cols=cols, start=start, budget=budget, speed=speed)


PROGRAMS: dict[str, Program] = {
    p.id: _with_defaults(p)
    for p in (
        _program(
            "backtrack",
            "Plain backtracking: try the eight moves in a fixed order and undo a move at a dead end.",
            _BACKTRACK,
        ),
        _program(
            "warnsdorff",
            "Warnsdorff's rule: always jump to the square with the fewest onward moves; never go back.",
            _WARNSDORFF,
        ),
        _program(
            "warnsdorff_backtrack",
            "Backtracking that tries the squares with the fewest onward moves first.",
            _WARNSDORFF_BACKTRACK,
        ),
        _program(
            "stack",
            "Backtracking without recursion: an explicit stack of (square, next move) frames.",
            _STACK,
        ),
        _bug_program(
            "bug_tag60",
            "A book's bug: the search stops at move 60, so an 8 x 8 answer misses 4 squares.",
            _BUG_TAG60,
            "the stop test is tag == 60, not rows * cols: the search stops at move 60 "
            "whatever the board's size",
            "if tag == 60:",
        ),
        _bug_program(
            "bug_repeats",
            "A bug: squares are not cleared when backtracking, so numbers repeat on the board.",
            _BUG_REPEATS,
            "a move taken back is not undone: board[r][c] = 0 is missing, so a dead end's "
            "squares stay numbered and the same numbers are used again elsewhere",
            "BUG: missing",
        ),
    )
}
