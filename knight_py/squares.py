"""Square names: zero-based ``(row, col)`` with row 0 on top, and algebraic names.

A square is a ``(row, col)`` pair, row 0 being the top row as the board is
printed.  Inside the solvers a square is a flat index ``row * cols + col``.
Algebraic names count files from the left (``a`` .. ``z``, then ``aa``, ``ab``,
...) and ranks from the bottom, so ``a1`` is the bottom-left square.

>>> square_name((7, 0), rows=8)
'a1'
>>> parse_square("h8", rows=8, cols=8)
(0, 7)
>>> file_letters(26), file_index("aa")
('aa', 26)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .i18n import Reason, TourError

__all__ = [
    "Square",
    "coerce_square",
    "coerce_squares",
    "file_index",
    "file_letters",
    "parse_square",
    "square_name",
]

Square = tuple[int, int]

_NAME = re.compile(r"([a-z]+)([0-9]+)")


def file_letters(col: int) -> str:
    """Name the file of zero-based column ``col``: 0 -> ``a``, 25 -> ``z``, 26 -> ``aa``.

    >>> [file_letters(c) for c in (0, 25, 26, 27, 51, 52, 701, 702)]
    ['a', 'z', 'aa', 'ab', 'az', 'ba', 'zz', 'aaa']
    """
    if col < 0:
        raise ValueError(f"column must be >= 0, got {col}")
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("a") + rem) + letters
    return letters


def file_index(letters: str) -> int:
    """Zero-based column of a file name: the inverse of :func:`file_letters`.

    >>> file_index("a"), file_index("z"), file_index("ab")
    (0, 25, 27)
    """
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - ord("a") + 1)
    return n - 1


def square_name(square: Square, rows: int) -> str:
    """Algebraic name of ``(row, col)`` on a board with ``rows`` rows.

    >>> square_name((0, 0), rows=5)
    'a5'
    """
    row, col = square
    return f"{file_letters(col)}{rows - row}"


def parse_square(name: str, rows: int, cols: int) -> Square:
    """Parse an algebraic name such as ``"c3"`` into ``(row, col)``.

    :raises ValueError: when the text is not a square name or lies off the board.

    >>> parse_square("a1", rows=3, cols=4)
    (2, 0)
    >>> parse_square("e1", rows=3, cols=4)
    Traceback (most recent call last):
    ...
    ValueError: square 'e1' is off the 3 x 4 board (files a..d, ranks 1..3)
    """
    text = name.strip().lower()
    match = _NAME.fullmatch(text)
    if match is None:
        raise TourError(Reason("not_a_square_name", {"name": repr(name)}))
    col = file_index(match.group(1))
    rank = int(match.group(2))
    row = rows - rank
    if not (0 <= row < rows and 0 <= col < cols):
        raise TourError(Reason("square_off_board", {
            "name": repr(name), "rows": rows, "cols": cols, "last_file": file_letters(cols - 1),
        }))
    return (row, col)


def coerce_square(value: object, rows: int, cols: int, what: str | Reason) -> Square:
    """Turn ``(row, col)`` or an algebraic name into ``(row, col)`` on the board.

    ``what`` names the argument in error messages: a parameter name (``"start"``,
    ``"blocked"``, ``"starts"``) or a reason such as ``step_label``.

    :raises ValueError: naming ``what`` and what is allowed.

    >>> coerce_square("b1", 8, 8, "start"), coerce_square((0, 1), 8, 8, "start")
    ((7, 1), (0, 1))
    >>> coerce_square((9, 0), 8, 8, "start")
    Traceback (most recent call last):
    ...
    ValueError: start (9, 0) is off the 8 x 8 board: row must be 0..7 and col 0..7
    """
    if isinstance(value, str):
        try:
            return parse_square(value, rows, cols)
        except TourError as error:
            raise TourError(Reason("argument_error", {"what": what, "error": error.why})) from None
    if (
        isinstance(value, (tuple, list))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        row, col = value
        if 0 <= row < rows and 0 <= col < cols:
            return (row, col)
        raise TourError(Reason("pair_off_board", {
            "what": what, "pair": str(tuple(value)), "rows": rows, "cols": cols,
            "last_row": rows - 1, "last_col": cols - 1,
        }))
    raise TourError(Reason("not_a_square", {"what": what, "value": repr(value)}))


def coerce_squares(values: Iterable[object] | str, rows: int, cols: int, what: str) -> list[Square]:
    """Coerce many squares; a string is read as comma- or space-separated names.

    >>> coerce_squares("a1, b3", 8, 8, "blocked")
    [(7, 0), (5, 1)]
    """
    if isinstance(values, str):
        items: Iterable[object] = [v for v in re.split(r"[,\s]+", values) if v]
    else:
        try:
            items = list(values)
        except TypeError:
            raise TourError(
                Reason("not_squares", {"what": what, "value": repr(values)})
            ) from None
    return [coerce_square(v, rows, cols, what) for v in items]
