"""The posts' printed board, written and read back: one rank a line, top rank first,
the move numbers apart by spaces or tabs (``"%-5d"``, ``"%4d"``, ``"\\t"``; Go's
``[ 1 16  3]`` with its brackets too).  The page reads a program's printed output back
with the same rules (``web/learn/exercises/board-text.js``) and judges what it read.

>>> text = format_board([[1, 4, 7], [6, 9, 2], [3, 0, 5]])
>>> print(text)
1    4    7
6    9    2
3    0    5
>>> parse_board("The horse:\\n" + text + "\\ndone", 3, 3)
([1, 4, 7, 6, 9, 2, 3, 0, 5], '')
>>> parse_board("[1, 4, 7]\\n[6, 9, 2]\\n[3, 0, 5]", 3, 3)
(None, 'no_board')
"""

from __future__ import annotations

import re

__all__ = ["BOARD_LINE", "LINE_END", "format_board", "parse_board", "read_line"]

#: A printed rank: integers apart by spaces or tabs, perhaps inside one pair of brackets.
BOARD_LINE = re.compile(r"^[ \t]*\[?[ \t]*(-?\d+(?:[ \t]+-?\d+)*)[ \t]*\]?[ \t]*$", re.ASCII)
#: Line ends as the page splits them (JavaScript's, not str.splitlines's longer list).
LINE_END = re.compile(r"\r\n|\r|\n")


def format_board(board: list[list[int]]) -> str:
    """The board as the Python post prints it (``"%-5d"``, trailing spaces dropped)."""
    return "\n".join("".join(f"{n:<5d}" for n in row).rstrip() for row in board)


def read_line(line: str) -> list[int] | None:
    """The numbers of a printed rank, or None when the line is not one."""
    match = BOARD_LINE.match(line)
    if match is None:
        return None
    return [int(t) for t in re.split(r"[ \t]+", match.group(1))]


def parse_board(text: str, rows: int, cols: int) -> tuple[list[int] | None, str]:
    """The last ``rows`` lines of ``cols`` numbers printed one after another, as one flat
    list of ``rows * cols`` numbers, and ``""``; or ``(None, "no_board")`` when no such
    run of lines was printed.  Lines of other text around the board are skipped; a run
    longer than ``rows`` gives its last ``rows`` lines."""
    best: list[list[int]] | None = None
    run: list[list[int]] = []
    for line in LINE_END.split(text):
        numbers = read_line(line)
        if numbers is not None and len(numbers) == cols:
            run.append(numbers)
            if len(run) >= rows:
                best = run[-rows:]
        else:
            run = []
    if best is None:
        return None, "no_board"
    return [n for row in best for n in row], ""
