"""Learn by doing: the posts' exercises as data, each with its starting program, its
reference solution and the cases the page checks it on.

An :class:`Exercise` names the post it comes from (``post``: the file in the seeds, by
the language it is written in), says what to do (the page words ``statement`` from its
own catalog by the exercise's id: ``exercise.<id>.statement``), gives a ``starter`` (the
posts' program with their bug, or the step not yet taken) and a ``solution``, both
defining ``tour(rows, cols, start)`` as every Learn program does, and the
:class:`Case` list its check runs.  The rule that judges a run is the exercise's
``check``: one of :data:`CHECKS`, applied by the page (``web/learn/exercises/judge.js``)
to facts it computes itself; see ``docs/exercises.md``.

A case with holes or the xiangqi rule reaches the program through a global: the page
appends the line :func:`case_trailer` after the program (so the program's own line
numbers stay), ``HOLES = {(row, col), ...}``; the starting programs say ``HOLES = set()``.

>>> [e.id for e in EXERCISES]
['stop60', 'undo', 'count', 'warnsdorff', 'closed', 'xiangqi', 'stack', 'print']
>>> EXERCISE_BY_ID["stop60"].cases[0]
Case(rows=5, cols=5, start=(4, 0), holes=(), rule='knight', closed=False, budget=3000000, exists=True)
>>> case_trailer(Case(5, 5, (4, 0), holes=((1, 2), (3, 3))))
'\\nHOLES = {(1, 2), (3, 3)}\\n'
>>> EXERCISE_BY_ID["stop60"].starter.splitlines()[line_of_starter("stop60", "tag ==") - 1].strip()
'if tag == 60:  # the book stops here'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .programs import COMMENTS_ZH, line_of

__all__ = [
    "CHECKS",
    "EXERCISES",
    "EXERCISE_BY_ID",
    "POSTS",
    "Case",
    "Exercise",
    "case_source",
    "case_trailer",
    "in_chinese",
    "line_of_starter",
]

#: The seeds' posts, by the id the page uses for them: (file, language of the code).
POSTS: dict[str, tuple[str, str]] = {
    "java-ten": ("000_d5e906c47da4f9e6.txt", "Java"),
    "python-book": ("001_bfefb9f1824eccbc.txt", "Python"),
    "c-greedy": ("002_0e8c3516ea01c280.txt", "C"),
    "java-game": ("003_068fff252c126854.txt", "Java"),
    "go-stack": ("004_65651d82530522a4.txt", "Go"),
}

#: What a check asks of every case's run, on top of the run ending (``done``):
#: ``tour`` the page's validator says tour; ``count`` a tour (or None where there is
#: none) and the last number printed equal to the page's count of moves taken back;
#: ``budget`` a tour within the case's budget; ``closed`` a tour whose last square is a
#: knight's move from the first; ``rule`` a tour of the free squares under the case's
#: rule (the xiangqi leg); ``no_nesting`` a tour with no function calling itself;
#: ``printed`` the printed board, read back by the page, is a tour.
CHECKS = ("tour", "count", "budget", "closed", "rule", "no_nesting", "printed")


@dataclass(frozen=True)
class Case:
    """One board the check runs on: ``rows`` x ``cols``, ``start`` (row, col) zero-based
    with row 0 on top, ``holes`` (squares no move may land on), ``rule`` (``knight`` or
    ``xiangqi``), ``closed`` (the tour must close) and ``budget`` (the run's step budget,
    the page's ``maxSteps``)."""

    rows: int
    cols: int
    start: tuple[int, int]
    holes: tuple[tuple[int, int], ...] = ()
    rule: str = "knight"
    closed: bool = False
    budget: int = 3_000_000
    #: Whether a tour exists (the tests check it with the library's solver): where
    #: none does, the check asks for ``None``.
    exists: bool = True

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Case:
        """The case from :meth:`to_json`'s form (the page's ``learn-exercises.json``).

        :raises ValueError: a field missing or of the wrong kind.

        >>> Case.from_json(Case(5, 5, (4, 0), ((1, 2),), "xiangqi").to_json()).holes
        ((1, 2),)
        """
        try:
            start = data["start"]
            holes = data.get("holes", [])
            if not isinstance(start, list) or not isinstance(holes, list):
                raise TypeError("start and holes are lists")
            return cls(
                int(str(data["rows"])), int(str(data["cols"])),
                (int(start[0]), int(start[1])),
                tuple((int(h[0]), int(h[1])) for h in holes),
                str(data.get("rule", "knight")), bool(data.get("closed", False)),
                int(str(data.get("budget", 3_000_000))), bool(data.get("exists", True)),
            )
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise ValueError(f"not a check case: {exc}") from exc

    def to_json(self) -> dict[str, object]:
        """The case as the page reads it."""
        return {"rows": self.rows, "cols": self.cols, "start": list(self.start),
                "holes": [list(h) for h in self.holes], "rule": self.rule,
                "closed": self.closed, "budget": self.budget, "exists": self.exists}


@dataclass(frozen=True)
class Exercise:
    """One exercise: ``id``; ``post`` (a key of :data:`POSTS`); ``check`` (one of
    :data:`CHECKS`); ``starter`` and ``solution`` (English sources; :func:`in_chinese`
    gives the Chinese); ``cases``; ``hint_line``: the text that marks the starter's line
    the second hint points at when the run alone names no better one."""

    id: str
    post: str
    check: str
    starter: str
    solution: str
    cases: tuple[Case, ...]
    hint_line: str = ""
    tags: tuple[str, ...] = field(default=())


def case_trailer(case: Case) -> str:
    """The line the page appends after the program for a case with holes ("" without)."""
    if not case.holes:
        return ""
    holes = ", ".join(f"({r}, {c})" for r, c in sorted(case.holes))
    return f"\nHOLES = {{{holes}}}\n"


def case_source(source: str, case: Case) -> str:
    """The program as run for ``case``: ``source`` and its trailer."""
    return source + case_trailer(case)


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

_STOP60 = """\
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
"""

_UNDO = """\
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
"""

_UNDO_FIXED = _UNDO.replace(
    "                return True\n    return False",
    "                return True\n            board[x][y] = 0  # a dead end further on: take the move back\n"
    "    return False",
)

_COUNT = """\
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
"""

_COUNT_FIXED = _COUNT.replace(
    "            board[x][y] = 0  # take the move back\n",
    "            board[x][y] = 0  # take the move back\n            backtracks += 1\n",
)

_PLAIN = """\
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
""" + _ONWARD

_WARNSDORFF = _PLAIN.replace(
    "            options.append((x, y))\n",
    "            options.append((x, y))\n"
    "    options.sort(key=lambda s: onward(board, rows, cols, s[0], s[1]))  # fewest onward moves first\n",
)

_OPEN = """\
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
""" + _ONWARD

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

_RECURSIVE = """\
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
"""

_STACK = """\
# Backtracking without recursion: our own stack of frames.
# A frame is [row, col, k]: a square on the path and the next move to try there.
""" + _MOVES + """

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

_PRINT = """\
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
""" + _ONWARD

_PRINT_FIXED = _PRINT.replace(
    "    print(board)\n",
    "    for row in board:\n"
    "        for n in row:\n"
    "            print(\"%-5d\" % n, end=\"\")\n"
    "        print()\n",
)

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


def in_chinese(source: str) -> str:
    """``source`` with its comments in Chinese: same lines, same code.

    >>> in_chinese("x = 1  # take the move back\\n")
    'x = 1  # 撤销这一步\\n'
    """
    table = {**COMMENTS_ZH, **EXERCISE_COMMENTS_ZH}
    lines = source.splitlines(keepends=True)
    for i, line in enumerate(lines):
        code, hash_, comment = line.partition("#")
        if hash_:
            end = "\n" if comment.endswith("\n") else ""
            lines[i] = f"{code}# {table[comment.strip()]}{end}"
    return "".join(lines)


_A1_5, _C3_5, _E5_5 = (4, 0), (2, 2), (0, 4)

EXERCISES: tuple[Exercise, ...] = (
    Exercise("stop60", "python-book", "tour", _STOP60, _STOP60.replace("if tag == 60:", "if tag == rows * cols:"),
             (Case(5, 5, _A1_5), Case(5, 5, _C3_5), Case(6, 6, (5, 0), budget=2_000_000)), "if tag == 60:"),
    Exercise("undo", "java-game", "tour", _UNDO, _UNDO_FIXED,
             (Case(5, 5, _A1_5), Case(5, 5, _C3_5), Case(5, 5, _E5_5)), "return False"),
    Exercise("count", "go-stack", "count", _COUNT, _COUNT_FIXED,
             (Case(5, 5, _A1_5), Case(3, 4, (2, 0)), Case(4, 4, (3, 0), exists=False), Case(5, 5, _C3_5)),
             "board[x][y] = 0"),
    Exercise("warnsdorff", "java-ten", "budget", _PLAIN, _WARNSDORFF,
             (Case(8, 8, (7, 0), budget=100_000), Case(8, 8, (4, 2), budget=100_000),
              Case(8, 8, (0, 7), budget=100_000)), "for x, y in options:"),
    Exercise("closed", "c-greedy", "closed", _OPEN, _CLOSED,
             (Case(6, 6, (0, 1), closed=True), Case(6, 6, (1, 1), closed=True),
              Case(6, 6, (3, 1), closed=True), Case(6, 6, (0, 4), closed=True)), "return True  # every square"),
    Exercise("xiangqi", "java-ten", "rule", _HORSE, _HORSE_FIXED,
             (Case(5, 5, (2, 0), ((1, 0), (4, 0)), "xiangqi"),
              Case(6, 6, (4, 4), ((3, 3), (5, 2)), "xiangqi"),
              Case(5, 6, (2, 0), ((3, 5), (4, 1)), "xiangqi")), "return False  # is the"),
    Exercise("stack", "go-stack", "no_nesting", _RECURSIVE, _STACK,
             (Case(5, 5, _C3_5), Case(3, 4, (2, 0)), Case(3, 4, (0, 3))),
             "if visit(board, rows, cols, x, y, step + 1):"),
    Exercise("print", "python-book", "printed", _PRINT, _PRINT_FIXED,
             (Case(5, 5, _A1_5), Case(6, 6, (5, 0)), Case(8, 8, (4, 2))), "print(board)"),
)

EXERCISE_BY_ID: dict[str, Exercise] = {e.id: e for e in EXERCISES}


def line_of_starter(exercise_id: str, text: str) -> int:
    """The line (1-based) of the exercise's starter holding ``text``."""
    return line_of(EXERCISE_BY_ID[exercise_id].starter, text)
