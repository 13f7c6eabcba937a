"""The page's own verdict on an exercise's answer for one check case: the returned value
(or the printed board read back) judged against the case's board, holes, rule and closing.

It runs in the page's Python (the solver's worker), never in the sandbox: its input is
the plain numbers :func:`~knight_py.learn.answer.answer_numbers` sent, or the numbers the
page read from the printed output (:mod:`~knight_py.learn.board_text`).  The verdict is a
plain dict, ``{"code", "params", "path"}``; its ``code`` says: a tour (``tour``), None
returned (``none``), nothing readable (``unreadable``), a number twice (``repeat``), part of a board
(``partial``), a number missing (``missing``), a number off the board's range
(``out_of_range``), not from the case's start (``wrong_start``), a path the validator refuses
(``invalid``), a horse move over a hole (``leg_blocked``), a tour that does not close
(``not_closed``).

>>> from knight_py.learn.exercises import Case
>>> case = Case(3, 4, (2, 0))
>>> board = [3, 6, 9, 12, 8, 11, 2, 5, 1, 4, 7, 10]
>>> case_verdict({"shape": "board", "values": board}, case)["code"]
'tour'
>>> case_verdict({"shape": "none"}, case)
{'code': 'none', 'params': {}, 'path': []}
>>> case_verdict({"shape": "board", "values": board[::-1]}, case)["code"]
'wrong_start'
"""

from __future__ import annotations

from itertools import pairwise

from ..board import leg
from ..squares import square_name
from ..validate import first_problem
from .exercises import Case

__all__ = ["CaseVerdict", "case_verdict"]

CaseVerdict = dict[str, object]


def _verdict(code: str, path: list[tuple[int, int]], **params: object) -> CaseVerdict:
    return {"code": code, "params": params, "path": [list(s) for s in path]}


def _board_path(values: list[int], case: Case) -> CaseVerdict | list[tuple[int, int]]:
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


def case_verdict(data: dict[str, object], case: Case) -> CaseVerdict:
    """The verdict on ``data`` (``answer_numbers``'s shape) for ``case``; see the module."""
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
