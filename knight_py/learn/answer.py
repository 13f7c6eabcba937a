"""What a Learn program returned, read as a path, and the verdict on it.

A program returns a board (rows of move numbers, 0 for a square never reached;
or one flat list of ``rows * cols`` numbers), a path (a list of ``(row, col)``)
or ``None``.  :func:`read_answer` turns a board into the path it numbers and
says, in words and as a message descriptor for the page's catalog, whether it
is a tour and if not what is wrong first.

>>> read_answer([[1, 0], [0, 0]], 2, 2).verdict.text
'the answer has 1 of 4 squares'
>>> read_answer([[1, 3, 0], [0, 0, 2], [3, 0, 0]], 3, 3).verdict.text
'the number 3 appears twice: at b3 and a1'
>>> read_answer([(2, 0), (0, 1)], 3, 3).path
[(2, 0), (0, 1)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..squares import square_name
from ..validate import validate

__all__ = ["Answer", "Verdict", "read_answer"]


@dataclass(frozen=True)
class Verdict:
    """``key`` and ``params`` for the page's message catalog, ``text`` in English;
    ``valid`` is True only for a tour."""

    valid: bool
    key: str
    text: str
    params: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Answer:
    """The returned value read as a path (``None`` when there is nothing to read)."""

    path: list[tuple[int, int]] | None
    verdict: Verdict


def _times(n: int) -> str:
    return "twice" if n == 2 else f"{n} times"


def _names(squares: list[tuple[int, int]], rows: int) -> str:
    names = [square_name(s, rows) for s in squares]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _board_cells(value: object, rows: int, cols: int) -> list[tuple[int, tuple[int, int]]] | None:
    """(number, square) for every cell of a board value, or None when it is no board."""
    if not isinstance(value, list):
        return None
    cells: list[tuple[int, tuple[int, int]]] = []
    if len(value) == rows and all(isinstance(row, list) and len(row) == cols for row in value):
        for r, row in enumerate(value):
            for c, v in enumerate(row):
                if type(v) is not int:
                    return None
                cells.append((v, (r, c)))
        return cells
    if len(value) == rows * cols and all(type(v) is int for v in value) and cols > 1:
        return [(v, divmod(i, cols)) for i, v in enumerate(value)]
    return None


def _path_value(value: object, rows: int, cols: int) -> list[tuple[int, int]] | None:
    if not isinstance(value, (list, tuple)):
        return None
    path = []
    for item in value:
        if (
            not isinstance(item, (list, tuple))
            or len(item) != 2
            or not all(type(v) is int for v in item)
        ):
            return None
        path.append((item[0], item[1]))
    return path


def _check_path(path: list[tuple[int, int]], rows: int, cols: int) -> Verdict:
    try:
        validate(rows, cols, path)
    except ValueError as exc:
        return Verdict(False, "learn.verdict.invalid", str(exc), {"message": str(exc)})
    return Verdict(True, "learn.verdict.tour", "a tour: every square once, each step a knight move")


def read_answer(value: object, rows: int, cols: int) -> Answer:
    """Read a program's return value; see the module's docstring."""
    size = rows * cols
    if value is None:
        return Answer(None, Verdict(False, "learn.verdict.none", "the program found no tour"))
    cells = _board_cells(value, rows, cols)
    if cells is None:
        path = _path_value(value, rows, cols)
        if path is None or not path:
            text = "the program returned something that is neither a board nor a path"
            return Answer(None, Verdict(False, "learn.verdict.unreadable", text))
        return Answer(path, _check_path(path, rows, cols))
    where: dict[int, list[tuple[int, int]]] = {}
    for number, square in cells:
        if number:
            where.setdefault(number, []).append(square)
    path = [where[n][0] for n in sorted(where)]
    repeated = [n for n in sorted(where) if len(where[n]) > 1]
    if repeated:
        n = repeated[0]
        text = f"the number {n} appears {_times(len(where[n]))}: at {_names(where[n], rows)}"
        params = {"number": n, "count": len(where[n]),
                  "squares": [square_name(s, rows) for s in where[n]]}
        return Answer(path, Verdict(False, "learn.verdict.repeat", text, params))
    odd = [n for n in sorted(where) if not 1 <= n <= size]
    if odd:
        n = odd[-1] if odd[-1] > size else odd[0]
        name = square_name(where[n][0], rows)
        text = f"the number {n} at {name} is outside 1..{size}"
        return Answer(path, Verdict(False, "learn.verdict.out_of_range", text,
                                    {"number": n, "square": name, "size": size}))
    count = len(where)
    if count < size:
        if max(where, default=0) == count:
            text = f"the answer has {count} of {size} squares"
            return Answer(path, Verdict(False, "learn.verdict.partial", text,
                                        {"count": count, "size": size}))
        n = next(k for k in range(1, size + 1) if k not in where)
        text = f"the number {n} is missing"
        return Answer(path, Verdict(False, "learn.verdict.missing", text, {"number": n}))
    return Answer(path, _check_path(path, rows, cols))
