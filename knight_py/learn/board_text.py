"""The posts' printed board, written and read back: one rank a line, top rank first,
the move numbers apart by spaces or tabs (``"%-5d"``, ``"%4d"``, ``"\\t"``; Go's
``[ 1 16  3]`` with its brackets too).  This is the one reader of a printed board: the
exercises' judge (:mod:`knight_py.learn.judge`) reads a program's output with it, in the
page's solver worker and in the tests alike.

>>> text = format_board([[1, 4, 7], [6, 9, 2], [3, 0, 5]])
>>> print(text)
1    4    7
6    9    2
3    0    5
>>> parse_board("The horse:\\n" + text + "\\ndone", 3, 3)
([1, 4, 7, 6, 9, 2, 3, 0, 5], '')
>>> parse_board("[1, 4, 7]\\n[6, 9, 2]\\n[3, 0, 5]", 3, 3)
(None, 'no_board')

Every reader here is linear in the text's length (no regular expression that can
backtrack): a printed line of 16,000 spaces or a megabyte of output reads in
milliseconds.
"""

from __future__ import annotations

import re

__all__ = ["LINE_END", "MAX_DIGITS", "format_board", "last_number", "parse_board"]

#: Line ends as the page splits them (JavaScript's, not str.splitlines's longer list).
LINE_END = re.compile(r"\r\n|\r|\n")
_DIGITS = frozenset("0123456789")


def format_board(board: list[list[int]]) -> str:
    """The board as the Python post prints it (``"%-5d"``, trailing spaces dropped)."""
    return "\n".join("".join(f"{n:<5d}" for n in row).rstrip() for row in board)


_RANK_CHARS = frozenset("0123456789- \t[]")


def _rank_tokens(line: str, cols: int) -> list[str] | None:
    """The number tokens of a printed rank, checked by C-level string methods only."""
    if not _RANK_CHARS.issuperset(line):
        return None
    body = line.strip(" \t")
    if body.startswith("["):
        body = body[1:]
    if body.endswith("]"):
        body = body[:-1]
    if "[" in body or "]" in body:
        return None
    spaced = " " + body.replace("\t", " ") + " "
    # A minus only starts a number: after a space, before a digit.
    if spaced.count("-") != spaced.count(" -") or "- " in spaced or "--" in spaced:
        return None
    tokens = spaced.split()
    if not tokens or (cols and len(tokens) != cols):
        return None
    return tokens


#: Digits of the longest number read as an int (Python's own limit on int() of text is
#: 4,300); a longer one is only counted.
MAX_DIGITS = 4000


def last_number(text: str) -> tuple[int | None, int]:
    """The last whole number printed (a ``-`` just before it makes it negative), exact,
    and its count of digits; ``(None, digits)`` for a number longer than
    :data:`MAX_DIGITS`, ``(None, 0)`` when no number was printed.

    >>> last_number("backtracks: 12\\n9007199254740993\\n"), last_number("none")
    ((9007199254740993, 16), (None, 0))
    >>> last_number("-" + "9" * 5000)
    (None, 5000)
    """
    end = len(text)
    while end > 0 and text[end - 1] not in _DIGITS:
        end -= 1
    begin = end
    while begin > 0 and text[begin - 1] in _DIGITS:
        begin -= 1
    digits = end - begin
    if digits == 0 or digits > MAX_DIGITS:
        return None, digits
    value = int(text[begin:end])
    return (-value if begin > 0 and text[begin - 1] == "-" else value), digits


def parse_board(text: str, rows: int, cols: int) -> tuple[list[int] | None, str]:
    """The last ``rows`` lines of ``cols`` numbers printed one after another, as one flat
    list of ``rows * cols`` numbers, and ``""``; or ``(None, "no_board")`` when no such
    run of lines was printed.  Lines of other text around the board are skipped; a run
    longer than ``rows`` gives its last ``rows`` lines."""
    best: list[list[str]] | None = None
    run: list[list[str]] = []
    for line in LINE_END.split(text):
        tokens = _rank_tokens(line, cols)
        if tokens is None:
            run = []
            continue
        run.append(tokens)
        if len(run) >= rows:
            best = run
            if len(run) > 2 * rows:
                del run[:-rows]  # only the last rows lines can be the board
    if best is None:
        return None, "no_board"
    return [int(t) for row in best[-rows:] for t in row], ""
