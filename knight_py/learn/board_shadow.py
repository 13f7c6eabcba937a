"""Following a Learn program's board: only plain data, and never the program's own code.

The board is the program's variable ``board`` (a local of the stepping frame, else a
global): a ``list`` of ``rows`` lists of ``cols`` ints, or one flat list of
``rows * cols`` ints.  :class:`BoardShadow` keeps the values last recorded and, after
each step, records every square that changed as a delta.

A program from a link is hostile, and a comparison is a call into it: ``a != b`` runs
the ``__ne__`` of whatever the program stored, and a trace function's callees are not
traced, so a loop there would ignore the step budget and Stop.  So the shadow calls
nothing the program defined:

- it follows a board only when the board is exactly ``list`` and every row exactly
  ``list`` (``type(x) is list``, never ``isinstance``, which reads ``__class__``) and
  every square exactly ``int`` when it is taken;
- before each comparison it checks, in C, that no square holds an object with
  references (``gc.get_referents``: every instance of a class defined in Python has at
  least its class), so ``!=`` only ever meets ints and the like;
- a square that then holds anything but an int ends the following.

When the board is not followed, :attr:`BoardShadow.note` says why:
:data:`NOTE_SUBCLASS` or :data:`NOTE_NOT_INT`; the page says so.

>>> from knight_py.learn.trace_format import Columns
>>> deltas = Columns()
>>> shadow = BoardShadow(2, 2, deltas)
>>> shadow.adopt([[1, 0], [0, 0]]), shadow.follow(7), list(deltas.delta_square)
(True, None, [0])
>>> class Loud(list):
...     def __ne__(self, other):
...         raise AssertionError("called")
>>> shadow = BoardShadow(2, 2, Columns())
>>> shadow.adopt(Loud([[0, 0], [0, 0]])), shadow.note
(False, 'subclass')
"""

from __future__ import annotations

from gc import get_referents
from typing import Any

from .trace_format import NOT_SET, Columns

__all__ = ["NOTE_NOT_INT", "NOTE_SUBCLASS", "BoardShadow"]

#: The board (or one of its rows) is a subclass of list: it is never compared.
NOTE_SUBCLASS = "subclass"
#: A square holds something other than a plain int.
NOTE_NOT_INT = "not_int"


# gc.get_referents lists a list's items in the order its traverse visits them: from
# the end on CPython 3.11 to 3.14.  A nested board's values are kept in that order.
_REVERSED = get_referents([1, 2]) == [2, 1]
assert _REVERSED or get_referents([1, 2]) == [1, 2]


def _reverse_rows(values: list[Any], cols: int) -> list[Any]:
    """``values`` with each row of ``cols`` reversed (its own inverse)."""
    out: list[Any] = []
    for base in range(0, len(values), cols):
        out.extend(reversed(values[base:base + cols]))
    return out


def _encode(v: int) -> int:
    return v if -32767 <= v <= 32767 else NOT_SET


class BoardShadow:
    """The program's board as last recorded, and the board it follows now.

    ``board``: the program's list being followed (``None`` before there is one, and
    after it stopped being plain data or changed shape); ``nested``: a list of rows,
    not one flat list; ``values``: the squares' values last recorded, flat, the same
    int objects as the board's (all zero before the program builds a board), in
    the order :func:`gc.get_referents` reads them (:meth:`squares` in board order);
    ``note``: why no board is followed, ``""`` when one is or none was seen.
    """

    def __init__(self, rows: int, cols: int, deltas: Columns) -> None:
        self.rows, self.cols, self.size = rows, cols, rows * cols
        self.deltas = deltas
        self.board: list[Any] | None = None
        self.nested = False
        self.values: list[Any] = [0] * self.size
        self.note = ""
        self._refused: object = None  # the last candidate refused for its types

    def adopt(self, candidate: object) -> bool:
        """Follow ``candidate`` from now on when it is a plain board (see the module).

        >>> shadow = BoardShadow(1, 3, Columns())
        >>> shadow.adopt([0, 0, 0]), shadow.adopt([1, 2.5, 3]), shadow.note
        (True, False, 'not_int')
        """
        if candidate is self.board or candidate is self._refused or candidate is None:
            return False
        if type(candidate) is not list:
            if issubclass(type(candidate), list):  # a type check in C: no __class__ read
                self._refuse(candidate, NOTE_SUBCLASS)
            return False
        if any(type(row) is not list and issubclass(type(row), list) for row in candidate):
            self._refuse(candidate, NOTE_SUBCLASS)
            return False
        if len(candidate) == self.rows and all(
            type(row) is list and len(row) == self.cols for row in candidate
        ):
            nested, flat = True, get_referents(*candidate)
        elif len(candidate) == self.size and (self.rows == 1 or self.cols == 1 or not any(
            type(v) is list for v in candidate
        )):
            nested, flat = False, candidate
        else:
            return False
        if not all(type(v) is int for v in flat):
            self._refuse(candidate, NOTE_NOT_INT)
            return False
        if nested != self.nested and _REVERSED:
            self.values = _reverse_rows(self.values, self.cols)
        self.board, self.nested, self.note = candidate, nested, ""
        return True

    def squares(self) -> list[Any]:
        """The values last recorded, in board order (``row * cols + col``)."""
        if self.nested and _REVERSED:
            return _reverse_rows(self.values, self.cols)
        return list(self.values)

    def _refuse(self, candidate: object, note: str) -> None:
        self._refused, self.note = candidate, note
        if candidate is self.board:
            self.board = None

    def look(self, local: object, global_: object) -> bool:
        """Adopt the stepping frame's ``board``, else the global one."""
        return self.adopt(local) or self.adopt(global_)

    def follow(self, step: int) -> None:
        """Record at ``step`` every square whose value changed since the last call."""
        board = self.board
        if board is None:
            return
        flat = get_referents(*board) if self.nested else board
        if get_referents(*flat):
            # A square (or a row's place) holds an object with references, such as an
            # instance of the program's own class: it is never compared.
            self._refuse(board, NOTE_NOT_INT)
        elif flat != self.values:  # only plain values here: C-level compares
            self.diff(step, flat)

    def diff(self, step: int, flat: list[Any]) -> None:
        """Record the squares of ``flat`` (the board's values, read as ``values`` is)
        that differ."""
        size, cols, values = self.size, self.cols, self.values
        reversed_rows = self.nested and _REVERSED
        if len(flat) != size:
            self.board = None  # the board changed shape: looked for again
            return
        d = self.deltas
        for base in range(0, size, cols):
            end = base + cols
            if flat[base:end] == values[base:end]:
                continue
            for i in range(base, end):
                v, old = flat[i], values[i]
                if v is old:
                    continue
                if type(v) is not int:
                    self._refuse(self.board, NOTE_NOT_INT)
                    return
                values[i] = v
                if v != old:
                    d.delta_step.append(step)
                    d.delta_square.append(base + end - 1 - i if reversed_rows else i)
                    d.delta_old.append(_encode(old))
                    d.delta_new.append(_encode(v))
