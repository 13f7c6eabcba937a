"""Following a Learn program's board: only plain data, and never the program's own code.

The board is a ``list`` of ``rows`` lists of ``cols`` ints, or one flat list of
``rows * cols`` ints, that the stepping frame can reach (:meth:`BoardShadow.seek`):
first a variable named ``board`` (a local, else a global); else, in this order, the
frame's locals (its arguments, its own variables, then the variables of the functions
around it that it uses), the attributes of its ``self``, and the module's globals, the
first list of lists and else the first flat list, each only if every square holds the
same number when it is first seen (a board before its first move: a list of squares
such as ``list(range(36))`` or a path is not taken for one).  A generator's frame is
a frame of the program like any other.  :class:`BoardShadow` keeps the values last
recorded and, after each step, records every square that changed as a delta.

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

The recorder calls :meth:`BoardShadow.follow`'s test only after a line of
:func:`changing_lines` (a line without one cannot change a list, short of a C function
the program hid behind an operator, which the next comparison sees); on a 6 x 6
backtracking trace that is one step in eight.

When the board is not followed, :attr:`BoardShadow.note` says why:
:data:`NOTE_SUBCLASS` or :data:`NOTE_NOT_INT`; the page says so.  A run in which no
board was ever seen ends with :data:`NOTE_UNSEEN`, and the page says it could not see one.

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

import dis
import inspect
import types
from dis import get_instructions
from gc import get_referents
from itertools import compress
from operator import is_not
from typing import Any

from .trace_format import NOT_SET, NOTE_NOT_INT, NOTE_SUBCLASS, NOTE_UNSEEN, Columns

__all__ = ["CHANGING_OPS", "EVERY_ATTRIBUTE", "NOTE_NOT_INT", "NOTE_SUBCLASS", "NOTE_UNSEEN",
           "BoardShadow", "Sought", "changing_lines", "first_sought", "seeking_lines"]


# gc.get_referents lists a list's items in the order its traverse visits them: from
# the end on CPython 3.11 to 3.14.  A nested board's values are kept in that order.
_REVERSED = get_referents([1, 2]) == [2, 1]
assert _REVERSED or get_referents([1, 2]) == [1, 2]


#: Instructions that change a list in place (``x[i] = v``, ``del x[i]``, ``x[a:b] = v``,
#: ``x += y``) or call something that may (``row.append(v)``, a property's setter).  A
#: call into the program's own code is traced, but a call to a C function is not.
CHANGING_OPS = frozenset({
    "STORE_SUBSCR", "DELETE_SUBSCR", "STORE_SLICE", "STORE_ATTR", "DELETE_ATTR",
    "PRECALL", "CALL", "CALL_KW", "CALL_FUNCTION_EX", "CALL_INTRINSIC_1", "CALL_INTRINSIC_2",
})


def changing_lines(code: types.CodeType,
                   instructions: list[dis.Instruction] | None = None) -> frozenset[int]:
    """The lines of ``code`` whose instructions may change a list: after such a line the
    board is compared again; after any other, it cannot have changed (but through a C
    function a program hid behind an operator, which is seen at the next comparison).

    >>> def visit(board, x, y, step):
    ...     if board[x][y] == 0:
    ...         board[x][y] = step
    ...         visit(board, x, y, step + 1)
    ...         row = board[x]; row += [0]
    ...     return False
    >>> first = visit.__code__.co_firstlineno
    >>> sorted(line - first for line in changing_lines(visit.__code__))
    [2, 3, 4]
    """
    lines = set()
    for instruction in instructions or get_instructions(code):
        name, line = instruction.opname, instruction.positions
        if line is not None and line.lineno is not None and (name in CHANGING_OPS or (
                name == "BINARY_OP" and instruction.argrepr.endswith("="))):
            lines.add(line.lineno)  # an in-place operator: `row += [0]`, `row *= 2`
    return frozenset(lines)


#: What a line makes a frame look at for a board: its names (locals, free variables,
#: globals) and the attribute names it reads or sets (of ``self``).
Sought = tuple[tuple[str, ...], tuple[str, ...]]
_NAME_OPS = frozenset(dis.hasname) | frozenset(dis.haslocal) | frozenset(dis.hasfree)
#: The attributes of ``self`` all looked at (a frame's first step).
EVERY_ATTRIBUTE = "*"


def seeking_lines(code: types.CodeType, changing: frozenset[int] | None = None,
                  instructions: list[dis.Instruction] | None = None) -> dict[int, Sought]:
    """The lines of ``code`` after which a board may have come into reach while none is
    followed (:func:`changing_lines`, and every line that binds a name or an attribute),
    each with the names and attribute names it uses: only those are looked at after it.
    ``changing``: ``changing_lines(code)`` and ``instructions`` the code's, when known.

    >>> def tour(rows, cols, start):
    ...     grid = [0] * (rows * cols)
    ...     return grid
    >>> first = tour.__code__.co_firstlineno
    >>> {line - first: sought for line, sought in seeking_lines(tour.__code__).items()}
    {1: (('rows', 'cols', 'grid'), ())}
    """
    names: dict[int, dict[str, None]] = {}
    attrs: dict[int, dict[str, None]] = {}
    storing: set[int] = set(changing_lines(code) if changing is None else changing)
    for instruction in instructions or get_instructions(code):
        where = instruction.positions
        if where is None or not where.lineno or instruction.opcode not in _NAME_OPS:
            continue
        line, opname, value = where.lineno, instruction.opname, instruction.argval
        if opname.startswith("STORE_"):
            storing.add(line)
        used = value if isinstance(value, tuple) else (value,)
        kind = attrs if "ATTR" in opname or "METHOD" in opname else names
        kind.setdefault(line, {}).update((v, None) for v in used if isinstance(v, str))
    return {line: (tuple(names.get(line, ())), tuple(attrs.get(line, ())))
            for line in sorted(storing)}


def first_sought(code: types.CodeType) -> Sought:
    """What a frame of ``code`` looks at on its first step: its arguments, and every
    attribute of its ``self``.

    >>> def visit(self, r, c, *rest):
    ...     pass
    >>> first_sought(visit.__code__)
    (('self', 'r', 'c', 'rest'), ('*',))
    """
    count = code.co_argcount + code.co_kwonlyargcount + bool(code.co_flags & inspect.CO_VARARGS) \
        + bool(code.co_flags & inspect.CO_VARKEYWORDS)
    args = code.co_varnames[:count]
    return args, (EVERY_ATTRIBUTE,) if "self" in args else ()


def _reverse_rows(values: list[Any], cols: int) -> list[Any]:
    """``values`` with each row of ``cols`` reversed (its own inverse)."""
    out: list[Any] = []
    for base in range(0, len(values), cols):
        out.extend(reversed(values[base:base + cols]))
    return out


#: Types whose instances are no program's object with a board in its attributes.
_PLAIN = frozenset({int, float, str, bytes, bool, list, tuple, dict, set, frozenset})
_MISSING = object()


def _encode(v: int) -> int:
    return v if -32767 <= v <= 32767 else NOT_SET


class BoardShadow:
    """The program's board as last recorded, and the board it follows now.

    ``board``: the program's list being followed (``None`` before there is one, and
    after it stopped being plain data or changed shape); ``nested``: a list of rows,
    not one flat list; ``values``: the squares' values last recorded, flat, the same
    int objects as the board's (all zero before the program builds a board), in
    the order :func:`gc.get_referents` reads them (:meth:`squares` in board order);
    ``note``: why no board is followed, ``""`` when one is or none was seen;
    ``name``: the local name the board was found under (a call's new frame is asked for
    a new board by that name), ``""`` for an attribute of ``self`` or none;
    ``seen``: a board was followed at some step.
    """

    def __init__(self, rows: int, cols: int, deltas: Columns) -> None:
        self.rows, self.cols, self.size = rows, cols, rows * cols
        self.deltas = deltas
        self.board: list[Any] | None = None
        self.nested = False
        self.values: list[Any] = [0] * self.size
        self.note = ""
        self.name = ""
        self.seen = False
        self._refused: object = None  # the last candidate refused for its types

    def ended(self) -> str:
        """The note of the run's last chunk: :data:`NOTE_UNSEEN` when no board was ever
        followed (and none refused), else :attr:`note`."""
        return NOTE_UNSEEN if not self.seen and not self.note else self.note

    def _plain(self, candidate: object) -> list[Any] | None:
        """``candidate``'s squares (read as :attr:`values` are) when it is a plain board
        of this size whose squares all hold the same int (a board before its first
        move), else None.  Calls nothing the program defined."""
        if type(candidate) is not list:
            return None
        if len(candidate) == self.rows and all(
                type(row) is list and len(row) == self.cols for row in candidate):
            flat = get_referents(*candidate)
        elif len(candidate) == self.size and not any(type(v) is list for v in candidate):
            flat = candidate
        else:
            return None
        if not flat or not all(type(v) is int for v in flat) or flat.count(flat[0]) != len(flat):
            return None
        return flat

    def seek(self, local: Any, global_: Any, sought: Sought) -> bool:
        """Adopt a board among what ``sought`` names in the stepping frame (its
        ``f_locals``, its module's globals, the attributes of its ``self``; see the
        module): whether one is followed now.  A name ``board`` is tried first.

        >>> class Search:
        ...     def __init__(self):
        ...         self.moves, self.grid = [0] * 4, [[0, 0], [0, 0]]
        >>> shadow = BoardShadow(2, 2, Columns())
        >>> shadow.seek({"self": Search(), "path": [1, 2, 3, 4]}, {}, (("path",), ("*",)))
        True
        >>> shadow.nested, shadow.name
        (True, '')
        """
        names, attrs = sought
        if not attrs and "board" not in names:  # the common case, cheaply: no name holds a list
            for name in names:
                value = local.get(name, _MISSING)
                if type(value) is list or (value is _MISSING and type(global_.get(name)) is list):
                    break
            else:
                return False
        if "board" in names and (self.adopt(local.get("board")) or self.adopt(global_.get("board"))):
            self.name = "board"
            return True
        flat: tuple[str, object] | None = None
        for name, value in self._reachable(local, global_, sought):
            if value is self._refused or value is self.board or type(value) is not list:
                continue
            if self._plain(value) is not None:
                if len(value) == self.rows and type(value[0]) is list:
                    return self._take(name, value)
                if flat is None:
                    flat = (name, value)
        return flat is not None and self._take(*flat)

    def _take(self, name: str, board: object) -> bool:
        taken = self.adopt(board)
        if taken:
            self.name = name
        return taken

    @staticmethod
    def _reachable(local: Any, global_: Any, sought: Sought) -> list[tuple[str, object]]:
        """(name, value) of the names ``sought`` gives (a local, else a global), then of
        the attributes of ``self`` it names (name ``""``: read by
        :func:`gc.get_referents`, in C, never by ``getattr``)."""
        names, attrs = sought
        found: list[tuple[str, object]] = []
        for name in names:
            value = local.get(name, _MISSING)
            found.append((name, global_.get(name) if value is _MISSING else value))
        owner = local.get("self") if attrs else None
        if owner is not None and type(owner) not in _PLAIN:
            every = EVERY_ATTRIBUTE in attrs
            for part in get_referents(owner):
                if type(part) is dict:
                    found.extend(("", v) for k, v in part.items() if every or k in attrs)
                elif type(part) is not type:  # values held without their names: all looked at
                    found.append(("", part))
        return found

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
        self.board, self.nested, self.note, self.seen = candidate, nested, "", True
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
        that differ.  ``flat`` holds no object with references (checked by the caller),
        so ``!=`` here only meets built-in values."""
        size, cols, values = self.size, self.cols, self.values
        if len(flat) != size:
            self.board = None  # the board changed shape: looked for again
            return
        last = cols - 1 if self.nested and _REVERSED else -1
        d = self.deltas
        # The squares whose object changed, found in C (`is not` calls nothing).
        for i in compress(range(size), map(is_not, flat, values)):
            v, old = flat[i], values[i]
            if type(v) is not int:
                self._refuse(self.board, NOTE_NOT_INT)
                return
            values[i] = v
            if v != old:
                d.delta_step.append(step)
                d.delta_square.append(i if last < 0 else i - 2 * (i % cols) + last)
                d.delta_old.append(_encode(old))
                d.delta_new.append(_encode(v))
