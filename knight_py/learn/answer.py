"""What a Learn program returned, read as a path, and the verdict on it.

A program returns a board (rows of move numbers, 0 for a square never reached;
or one flat list of ``rows * cols`` numbers), a path (a list of ``(row, col)``)
or ``None``.  :func:`read_answer` turns a board into the path it numbers and
says whether it is a tour and if not what is wrong first: a :class:`Verdict`, a
``code`` with its ``params`` and, as the validator speaks, a
:class:`~knight_py.i18n.Reason` (``why``: the validator's own for a path it
refuses) that :func:`~knight_py.i18n.explain` words in English or Chinese.

In the page the program's Python is not trusted to judge its own answer: it
sends only :func:`answer_numbers` (plain numbers), and the page's own Python
reads them back with :func:`read_answer_numbers`.

>>> answer_numbers([[1, 2], [0, 0]], 2, 2)
{'shape': 'board', 'values': [1, 2, 0, 0], 'length': 4}
>>> read_answer_numbers({'shape': 'board', 'values': [1, 2, 0, 0]}, 2, 2).verdict.code
'partial'

>>> read_answer([[1, 0], [0, 0]], 2, 2).verdict.text
'the answer has 1 of 4 squares'
>>> why = read_answer([[1, 3, 0], [0, 0, 2], [3, 0, 0]], 3, 3).verdict.why
>>> str(why)
'the number 3 appears 2 times: at b3, a1'
>>> from knight_py import explain
>>> explain(why, "zh")
'数字 3 出现了 2 次：在 b3、a1'
>>> read_answer([(2, 0), (0, 1)], 3, 3).path
[(2, 0), (0, 1)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..i18n import Reason
from ..squares import square_name
from ..validate import first_problem
from .trace_format import ANSWER_SHAPES

__all__ = ["ANSWER_SHAPES", "VERDICT_CODES", "Answer", "Verdict", "answer_numbers", "read_answer",
           "read_answer_numbers"]

#: A verdict's codes: a tour, no answer, an answer not read, a path the validator
#: refuses, a number twice, a number off 1..rows * cols, part of a board, a gap.
VERDICT_CODES = ("tour", "none", "unreadable", "invalid", "repeat", "out_of_range", "partial",
                 "missing")

#: Numbers beyond this are not sent (a board of such numbers is read as "other").
LIMIT = 2**31 - 1


@dataclass(frozen=True)
class Verdict:
    """``code`` (one of :data:`VERDICT_CODES`) and its ``params``; ``why``, the same as
    a :class:`~knight_py.i18n.Reason` (``answer_<code>`` with those params, or the
    validator's own reason for ``invalid``; never None once made), and ``text``, its
    English sentence.  ``valid`` is True only for a tour.

    >>> verdict = Verdict(False, "missing", {"number": 7})
    >>> verdict.why, verdict.text
    (Reason('answer_missing', {'number': 7}), 'the number 7 is missing')
    """

    valid: bool
    code: str
    params: dict[str, object] = field(default_factory=dict)
    why: Reason | None = None

    def __post_init__(self) -> None:
        if self.why is None:
            object.__setattr__(self, "why", Reason(f"answer_{self.code}", self.params))

    @property
    def text(self) -> str:
        """The verdict in English: ``str(why)``."""
        return str(self.why)


@dataclass(frozen=True)
class Answer:
    """The returned value read as a path (``None`` when there is nothing to read)."""

    path: list[tuple[int, int]] | None
    verdict: Verdict


def _board_cells(value: object, rows: int, cols: int) -> list[tuple[int, tuple[int, int]]] | None:
    """(number, square) for every cell of a board value, or None when it is no board."""
    if type(value) is not list:  # exactly a list: a subclass's methods are the program's
        return None
    cells: list[tuple[int, tuple[int, int]]] = []
    if len(value) == rows and all(type(row) is list and len(row) == cols for row in value):
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
    if not isinstance(value, (list, tuple)) or type(value) not in (list, tuple):
        return None
    path = []
    for item in value:
        if (
            type(item) not in (list, tuple)
            or len(item) != 2
            or not all(type(v) is int for v in item)
        ):
            return None
        path.append((item[0], item[1]))
    return path


def _check_path(path: list[tuple[int, int]], rows: int, cols: int, rule: str) -> Verdict:
    try:
        why = first_problem(rows, cols, path, rule=rule)
    except ValueError as exc:  # an argument the validator could not read at all
        why = Reason("argument_error", {"what": "path", "error": str(exc)})
        return Verdict(False, "invalid", {}, why)
    if why is not None:
        return Verdict(False, "invalid", {}, why)
    return Verdict(True, "tour")


def read_answer(value: object, rows: int, cols: int, rule: str = "knight") -> Answer:
    """Read a program's return value; see the module's docstring.  ``rule`` is the
    piece's, as the page keeps it (``"knight"``, ``"xiangqi"`` or ``"leaper:a,b"``): a
    path is a tour only when every jump is that piece's.

    >>> side_step = [[1, 2]]  # a (0, 1)-leaper's tour of a 1 x 2 board
    >>> read_answer(side_step, 1, 2, "leaper:0,1").verdict.valid
    True
    >>> read_answer(side_step, 1, 2).verdict.text
    'step 1: a1 -> b1 is not a knight move'
    >>> read_answer([[1, 0, 0, 0], [0, 0, 0, 2]], 2, 4, "leaper:1,3").verdict.code
    'partial'
    """
    size = rows * cols
    if value is None:
        return Answer(None, Verdict(False, "none"))
    cells = _board_cells(value, rows, cols)
    if cells is None:
        path = _path_value(value, rows, cols)
        if path is None or not path:
            return Answer(None, Verdict(False, "unreadable"))
        return Answer(path, _check_path(path, rows, cols, rule))
    where: dict[int, list[tuple[int, int]]] = {}
    for number, square in cells:
        if number:
            where.setdefault(number, []).append(square)
    path = [where[n][0] for n in sorted(where)]
    repeated = [n for n in sorted(where) if len(where[n]) > 1]
    if repeated:
        n = repeated[0]
        params: dict[str, object] = {"number": n, "count": len(where[n]),
                                     "squares": [square_name(s, rows) for s in where[n]]}
        return Answer(path, Verdict(False, "repeat", params))
    odd = [n for n in sorted(where) if not 1 <= n <= size]
    if odd:
        n = odd[-1] if odd[-1] > size else odd[0]
        name = square_name(where[n][0], rows)
        return Answer(path, Verdict(False, "out_of_range",
                                    {"number": n, "square": name, "size": size}))
    count = len(where)
    if count < size:
        if max(where, default=0) == count:
            return Answer(path, Verdict(False, "partial", {"count": count, "size": size}))
        n = next(k for k in range(1, size + 1) if k not in where)
        return Answer(path, Verdict(False, "missing", {"number": n}))
    return Answer(path, _check_path(path, rows, cols, rule))


def _number(value: object) -> bool:
    return type(value) is int and -LIMIT <= value <= LIMIT


def answer_numbers(value: object, rows: int, cols: int) -> dict[str, object]:
    """A program's return value as plain numbers, for the page to read itself:
    ``{"shape": "board", "values": [rows * cols numbers], "length"}``, ``{"shape":
    "path", "values": [r0, c0, r1, c1, ...], "length": squares}`` (at most
    ``rows * cols + 1`` squares sent, ``length`` the whole), ``{"shape": "none"}`` or
    ``{"shape": "other"}``.  Reads only plain lists, tuples and ints (never a method a
    program defined).

    >>> answer_numbers([(0, 0), (1, 2)], 3, 3)
    {'shape': 'path', 'values': [0, 0, 1, 2], 'length': 2}
    >>> answer_numbers("a tour", 3, 3)
    {'shape': 'other'}
    """
    if value is None:
        return {"shape": "none"}
    cells = _board_cells(value, rows, cols)
    if cells is not None:
        if all(_number(n) for n, _ in cells):
            return {"shape": "board", "values": [n for n, _ in cells], "length": len(cells)}
        return {"shape": "other"}
    if not isinstance(value, (list, tuple)) or type(value) not in (list, tuple):
        return {"shape": "other"}
    items = list(value[: rows * cols + 1])  # an exact list or tuple: a plain slice
    flat: list[int] = []
    for item in items:
        if not isinstance(item, (list, tuple)) or type(item) not in (list, tuple) or len(item) != 2 \
                or not all(_number(v) for v in item):
            return {"shape": "other"}
        flat.extend(item)
    if not flat:
        return {"shape": "other"}
    return {"shape": "path", "values": flat, "length": len(value)}


def read_answer_numbers(data: dict[str, object], rows: int, cols: int, rule: str = "knight") -> Answer:
    """:func:`read_answer` of what :func:`answer_numbers` sent (already checked to be
    plain numbers by the page), under ``rule``: the page's own reading of a program's answer.

    >>> read_answer_numbers({"shape": "path", "values": [0, 0, 2, 1], "length": 2}, 3, 3).verdict.code
    'invalid'
    >>> read_answer_numbers({"shape": "none"}, 3, 3).verdict.code
    'none'
    """
    shape = data.get("shape")
    values = [int(v) for v in data.get("values", ()) or ()]  # type: ignore[attr-defined]
    if shape == "none":
        return read_answer(None, rows, cols, rule)
    if shape == "board" and len(values) == rows * cols:
        return read_answer([values[r * cols:(r + 1) * cols] for r in range(rows)], rows, cols, rule)
    if shape == "path" and values and len(values) % 2 == 0:
        path = [(values[i], values[i + 1]) for i in range(0, len(values), 2)]
        length = data.get("length", len(path))
        if isinstance(length, int) and length > len(path):
            why = Reason("wrong_length", {"length": length, "free": rows * cols})
            return Answer(path, Verdict(False, "invalid", {}, why))
        return read_answer(path, rows, cols, rule)
    return read_answer("unreadable", rows, cols, rule)
