"""The page's own verdict on an exercise's answer for one check case: the returned value
(or the printed board read back) judged against the case's board, holes, rule and closing.

It runs in the page's Python (the solver's worker), never in the sandbox: its input is
the plain numbers :func:`~knight_py.learn.answer.answer_data` sent, or the numbers the
page read from the printed output (:mod:`~knight_py.learn.board_text`).  The verdict is a
plain dict, ``{"code", "params", "path"}``: ``code`` one of :data:`CASE_CODES`.

>>> from knight_py.learn.exercises import Case
>>> case = Case(3, 4, (2, 0))
>>> board = [3, 6, 9, 12, 8, 11, 2, 5, 1, 4, 7, 10]
>>> read_case({"shape": "board", "values": board}, case)["code"]
'tour'
>>> read_case({"shape": "none"}, case)
{'code': 'none', 'params': {}, 'path': []}
>>> read_case({"shape": "board", "values": board[::-1]}, case)["code"]
'wrong_start'
"""

from __future__ import annotations

from itertools import pairwise

from ..board import leg
from ..squares import square_name
from ..validate import first_problem
from .exercises import Case

__all__ = ["CASE_CODES", "read_case", "read_case_json"]

#: A tour; None returned; nothing readable; a number twice; part of a board; a number
#: missing; a number off the board's range; not from the case's start; a path the
#: validator refuses; a horse move over a hole; a tour that does not close.
CASE_CODES = ("tour", "none", "unreadable", "repeat", "partial", "missing", "out_of_range",
              "wrong_start", "invalid", "leg_blocked", "not_closed")

Verdict = dict[str, object]


def _verdict(code: str, path: list[tuple[int, int]], **params: object) -> Verdict:
    return {"code": code, "params": params, "path": [list(s) for s in path]}


def _board_path(values: list[int], case: Case) -> Verdict | list[tuple[int, int]]:
    holes = {r * case.cols + c for r, c in case.holes}
    free = case.rows * case.cols - len(holes)
    where: dict[int, list[int]] = {}
    for i, n in enumerate(values):
        if i not in holes and n != 0:
            where.setdefault(n, []).append(i)
    path = [divmod(where[n][0], case.cols) for n in sorted(where)]

    def name(i: int) -> str:
        return square_name(divmod(i, case.cols), case.rows)

    for n in sorted(where):
        if len(where[n]) > 1:
            return _verdict("repeat", path, number=n, count=len(where[n]),
                            squares=[name(i) for i in where[n]])
    for n in sorted(where):
        if not 1 <= n <= free:
            return _verdict("out_of_range", path, number=n, square=name(where[n][0]), size=free)
    if len(where) < free:
        if max(where, default=0) == len(where):
            return _verdict("partial", path, count=len(where), size=free)
        missing = next(k for k in range(1, free + 1) if k not in where)
        return _verdict("missing", path, number=missing)
    return path


def read_case(data: dict[str, object], case: Case) -> Verdict:
    """The verdict on ``data`` (``answer_data``'s shape) for ``case``; see the module."""
    shape, values = data.get("shape"), data.get("values")
    rows, cols = case.rows, case.cols
    if shape == "none":
        return _verdict("none", [])
    if not isinstance(values, list) or not all(type(v) is int for v in values):
        return _verdict("unreadable", [])
    path: list[tuple[int, int]]
    if shape == "board" and len(values) == rows * cols:
        read = _board_path(values, case)
        if isinstance(read, dict):
            return read
        path = read
    elif shape == "path" and values and len(values) % 2 == 0:
        path = [(values[i], values[i + 1]) for i in range(0, len(values), 2)]
    else:
        return _verdict("unreadable", [])

    def name(square: tuple[int, int]) -> str:
        return square_name(square, rows)

    if not all(0 <= r < rows and 0 <= c < cols for r, c in path):
        why = first_problem(rows, cols, path, blocked=case.holes)
        return _verdict("invalid", [], why=None if why is None else why.code)
    if path[0] != case.start:
        return _verdict("wrong_start", path, first=name(path[0]), start=name(case.start))
    why = first_problem(rows, cols, path, blocked=case.holes)
    if why is not None:
        return _verdict("invalid", path, why=why.code, reason=dict(why.params))
    if case.rule == "xiangqi":
        holes = set(case.holes)
        for n, (a, b) in enumerate(pairwise(path), 2):
            step_leg = leg(a[0], a[1], b[0] - a[0], b[1] - a[1])
            if step_leg in holes:
                return _verdict("leg_blocked", path, move=n, source=name(a), target=name(b),
                                leg=name(step_leg))
    if case.closed:
        (r0, c0), (r1, c1) = path[0], path[-1]
        if (r0 - r1) ** 2 + (c0 - c1) ** 2 != 5:
            return _verdict("not_closed", path, last=name(path[-1]), start=name(path[0]))
    return _verdict("tour", path)


def read_case_json(data: dict[str, object], case: dict[str, object]) -> Verdict:
    """:func:`read_case` with the case in the page's JSON form (``Case.to_json``): what the
    page's own Python worker calls with the numbers the sandbox sent.

    >>> read_case_json({"shape": "none"}, {"rows": 4, "cols": 4, "start": [3, 0]})["code"]
    'none'
    """
    return read_case(data, Case.from_json(case))
