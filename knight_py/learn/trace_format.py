"""The trace's packed format: event codes, watched variables, the columns of a chunk,
and the messages that carry chunks between the Learn worker and the page.

A *step* is one trace event in a frame of the program's own code.  Steps are kept in
columns (one ``array`` per field), handed to the page in :class:`TraceChunk` s.  This
module is the format's one declaration: ``web/learn/wire.js`` is generated from it
(``python3 build.py wire``; ``tools/wire.py``), and every part of the page that reads or
writes the wire (its reader ``web/learn/trace-store.js``, checker
``web/learn/sandbox-messages.js``, worker and session) imports that; none writes a field,
a column's kind or a limit of its own (``tests/web/learn/wire-copies.test.mjs``).  Each
column is declared once, as a field of :class:`Columns` with its typecode, the count that
sizes it and its meaning; the chunk's small fields once, as :class:`ChunkMeta`; the end
of a run once, as :class:`EndedResult`.

>>> columns = Columns()
>>> columns.lines.append(3); columns.events.append(EVENT_LINE); columns.frames.append(0)
>>> columns.nbytes(), columns.take(0, 0, 4, [], final=True, status="done").steps
(7, 1)
>>> len(columns.lines)  # taken: the columns are empty again, the same arrays
0
"""

from __future__ import annotations

import json
import sys
import types
from array import array
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Protocol, TypedDict, get_type_hints

__all__ = [
    "ANSWER_SHAPES",
    "ARRAYS",
    "BOARD_NOTES",
    "CHUNK_DELTAS",
    "CHUNK_STATUSES",
    "CHUNK_STEPS",
    "COLUMNS",
    "ENDED_FIELDS",
    "ENDINGS",
    "ENDING_BUDGET",
    "ENDING_DONE",
    "ENDING_ERROR",
    "ENDING_LIMIT",
    "ENDING_STOPPED",
    "ENDING_TRACER_FAILED",
    "EVENTS",
    "EVENT_CALL",
    "EVENT_EXCEPTION",
    "EVENT_LINE",
    "EVENT_RETURN",
    "EVENT_RETURN_EMPTY",
    "EVENT_RETURN_FALSE",
    "EVENT_RETURN_NONE",
    "EVENT_RETURN_RAISED",
    "EVENT_RETURN_TRUE",
    "FAILED_RETURNS",
    "FILENAME",
    "MAX_CODES",
    "MAX_DEPTH",
    "MAX_FILE_NAME",
    "MAX_MESSAGE",
    "MAX_NAME",
    "MAX_OUTPUT",
    "MEANINGS",
    "MESSAGES",
    "META_COUNTS",
    "META_FIELDS",
    "NESTING_ALLOWED",
    "NOTE_NOT_INT",
    "NOTE_SUBCLASS",
    "NOTE_UNSEEN",
    "NOT_SET",
    "NO_PARENT",
    "OUTPUT_LIMIT",
    "PAGE_LIMITS",
    "PREFERRED",
    "RETURNS",
    "SLOTS",
    "ChunkMeta",
    "Columns",
    "EndedResult",
    "TraceChunk",
    "ended_result",
    "return_kind",
    "watched_names",
]

FILENAME = "<program>"
#: Event kinds, one byte per step.
EVENT_LINE, EVENT_CALL, EVENT_RETURN, EVENT_EXCEPTION = 0, 1, 2, 3
#: A return's event byte says what came back (:func:`return_kind`): another value (or
#: one not told apart) stays :data:`EVENT_RETURN`.
EVENT_RETURN_FALSE, EVENT_RETURN_TRUE, EVENT_RETURN_NONE = 4, 5, 6
EVENT_RETURN_EMPTY, EVENT_RETURN_RAISED = 7, 8
#: The returns, and of them those that carry no success (False, None, 0 or an empty list).
RETURNS = (EVENT_RETURN, EVENT_RETURN_FALSE, EVENT_RETURN_TRUE, EVENT_RETURN_NONE,
           EVENT_RETURN_EMPTY, EVENT_RETURN_RAISED)
FAILED_RETURNS = (EVENT_RETURN_FALSE, EVENT_RETURN_NONE, EVENT_RETURN_EMPTY)
#: ``sys.settrace``'s event names -> event kinds (``c_call`` and the like are not steps).
EVENTS = {"line": EVENT_LINE, "call": EVENT_CALL, "return": EVENT_RETURN,
          "exception": EVENT_EXCEPTION}
#: Watched variables per step (int16 each), the page's and the tracer's: in the posts'
#: programs, the step counter, the square (``r, c``) and the move tried (``x, y``), what
#: a reader follows (4 leave the move out); a chunk of more is refused.  Each slot costs
#: 2 bytes a step.
SLOTS = 6
#: The value of an empty slot.
NOT_SET = -32768
#: Parent frame id of a frame called from outside the program (uint32).
NO_PARENT = 0xFFFFFFFF
#: Deepest nesting of program frames the page follows: a call one deeper ends the run
#: with :data:`ENDING_LIMIT`, the page's own limit (never Python's RecursionError, which
#: a program may catch).  Measured under this tracer in the page's Learn worker (Pyodide,
#: Python 3.14; ``test_measure_learn_depth``, docs/learn.md): plain recursion (a search
#: frame with a loop over the moves) went 55,000 calls deep in Chromium, Firefox ESR and
#: WebKitGTK alike; recursion through a builtin (``return n >= D or any(visit(n + 1) for
#: ...)``, two program frames a level) went 1,000 levels deep in Chromium and failed at
#: 1,200 (the JavaScript stack), 2,400 / failed at 3,200 in Firefox, 3,200 in WebKit.  400
#: frames (200 such levels) keeps a margin of 5 below the least; honest searches of 5 x 5
#: nest 25-30 calls, and a correct one 254 calls deep runs.
MAX_DEPTH = 400
#: Steps a chunk holds at most, as the page asks them (the run message's ``chunk_steps``):
#: the first chunk reaches the page soon after Run, and reading one stays within a slice.
CHUNK_STEPS = 8192
#: Board changes after which a chunk is handed over early (``chunk_deltas``): a program
#: that changes many squares a step keeps the reader's work per chunk bounded.
CHUNK_DELTAS = 65_536
#: Distinct functions of a program over a whole run (its code table); the posts' have 1-4.
MAX_CODES = 4096
#: Characters of a function's, a variable's or an error's name.
MAX_NAME = 100
#: Characters of the name of a start file the worker asks the page for (one that
#: build.json names for Python's start).
MAX_FILE_NAME = 200
#: Characters of Python's words for an error (of a failed start, or of a program's error),
#: cut to this by the worker and refused past it by the page.  CPython cuts what it
#: quotes in its own messages to 200 characters (``%.200s``, ``%.200R``): the longest of
#: them, ``invalid literal for int() with base 10: '...'``, is 242 with its quotes; 300
#: keeps those whole.  A program's own ``raise`` of a longer text is cut.
MAX_MESSAGE = 300
#: Characters of printed output the sandbox keeps (:mod:`knight_py.learn.sandbox`), and
#: at most what the page accepts: those and the sandbox's note that it cut the rest.
OUTPUT_LIMIT = 65_536
MAX_OUTPUT = OUTPUT_LIMIT + 100
#: Program frames nested at most in a search that keeps a stack of its own (the stack
#: exercise's "no nesting"): ``tour``, a helper it calls, and one the helper calls.
NESTING_ALLOWED = 3
#: Watched names by preference; a tuple is a pair kept whole.
PREFERRED: tuple[tuple[str, ...], ...] = (
    ("step",), ("tag",), ("r", "c"), ("row", "col"), ("k",), ("i",), ("x", "y"),
    ("nr", "nc"), ("n",), ("j",), ("count",), ("depth",), ("fewest",),
)
#: Column name -> (array typecode, the meta field that counts its entries; ``vars``
#: holds ``steps * slots``), in order: :class:`Columns`' fields.
COLUMNS: dict[str, tuple[str, str]]
#: Column name -> array typecode.
ARRAYS: dict[str, str]
#: The small fields of a chunk (:class:`ChunkMeta`), sent as JSON beside the columns.
META_FIELDS: tuple[str, ...]
#: How a run ends.  ``done``: ``tour`` returned under the tracer; ``error``: the program
#: did not compile or raised.  The page's limits, which end a run from outside the
#: program (whatever it catches afterwards, the ending stays): ``budget`` (the step
#: budget), ``stopped`` (Stop), ``limit`` (calls nested past :data:`MAX_DEPTH`).
#: ``tracer_failed``: the page's tracer lost the program (a fault of its own, or tracing
#: switched off), a page error; never ``done``.
ENDING_DONE, ENDING_ERROR, ENDING_BUDGET = "done", "error", "budget"
ENDING_STOPPED, ENDING_LIMIT, ENDING_TRACER_FAILED = "stopped", "limit", "tracer_failed"
#: The endings that the tracer decides, not the program.
PAGE_LIMITS = (ENDING_BUDGET, ENDING_STOPPED, ENDING_LIMIT, ENDING_TRACER_FAILED)
#: A chunk's status: ``running`` until the last chunk, which says how the run ended.
CHUNK_STATUSES = ("running", ENDING_DONE, ENDING_ERROR, *PAGE_LIMITS)
ENDINGS = CHUNK_STATUSES[1:]
#: Why the tracer stopped following the program's board (:mod:`~knight_py.learn.board_shadow`):
#: the board (or a row) is a subclass of list, or a square holds something not an int.
NOTE_SUBCLASS, NOTE_NOT_INT = "subclass", "not_int"
#: The run ended and the tracer never saw a board in it (the last chunk's note only).
NOTE_UNSEEN = "unseen"
BOARD_NOTES = ("", NOTE_SUBCLASS, NOTE_NOT_INT, NOTE_UNSEEN)
#: The shapes of a returned value sent as numbers (:func:`~knight_py.learn.answer.answer_numbers`).
ANSWER_SHAPES = ("board", "path", "none", "other")
#: The fields of an ended run's ``result`` (:class:`EndedResult`).
ENDED_FIELDS: tuple[str, ...]
#: The messages through the port between the page and the Learn worker, by direction
#: and phase: type -> fields (besides ``type``).  ``buffers`` is :data:`COLUMNS`' names
#: -> bytes, ``meta`` :data:`META_FIELDS`, ``result`` :data:`ENDED_FIELDS`; a run's
#: fields but ``id`` are :func:`knight_py.learn.tracer.run`'s arguments, by name.
MESSAGES: dict[str, dict[str, tuple[str, ...]]] = {
    "to_worker": {
        "file": ("name", "bytes"),
        "run": ("id", "source", "rows", "cols", "start", "max_steps", "chunk_steps",
                "chunk_deltas", "max_depth", "slots"),
    },
    "starting": {"need": ("name",), "ready": (), "failed": ("message",)},
    "running": {"chunk": ("id", "meta", "buffers"), "ended": ("id", "result")},
}
_BIG_ENDIAN = sys.byteorder == "big"


_COUNTED = frozenset({int, list, tuple, dict, str, set})


def return_kind(value: object) -> int:
    """The event byte of a return that gave back ``value``: only ``None``, the two bools
    and the truth of a plain int, list, tuple, dict, str or set are told apart (asking
    any other object its truth would run the program's own code untraced).

    >>> [return_kind(v) for v in (False, True, None, 0, [], [[1]], 7, object())]
    [4, 5, 6, 7, 7, 2, 2, 2]
    """
    if value is None:
        return EVENT_RETURN_NONE
    if value is True:
        return EVENT_RETURN_TRUE
    if value is False:
        return EVENT_RETURN_FALSE
    if type(value) in _COUNTED and not value:
        return EVENT_RETURN_EMPTY
    return EVENT_RETURN


def watched_names(code: types.CodeType, slots: int = SLOTS) -> tuple[str, ...]:
    """The variables recorded for frames of ``code``: up to ``slots`` names, those of
    :data:`PREFERRED` in that order (a pair only whole), then the code's other
    argument and local names in ``co_varnames`` order.

    >>> def visit(board, rows, cols, r, c, step):
    ...     x, y = r + 1, c + 2
    >>> watched_names(visit.__code__)
    ('step', 'r', 'c', 'x', 'y', 'board')
    >>> watched_names(visit.__code__, slots=4)
    ('step', 'r', 'c', 'board')
    """
    names = code.co_varnames
    chosen: list[str] = []
    for group in PREFERRED:
        if all(g in names for g in group) and len(chosen) + len(group) <= slots:
            chosen.extend(group)
    for name in names:
        if len(chosen) >= slots:
            break
        if name not in chosen and not any(name in g for g in PREFERRED):
            chosen.append(name)
    return tuple(chosen)


def _le(a: array[Any]) -> bytes:
    if _BIG_ENDIAN:
        a = array(a.typecode, a)
        a.byteswap()
    return a.tobytes()


@dataclass(frozen=True)
class _Column:
    """A column of :class:`Columns`, the factory of its empty ``array``: its ``typecode``,
    the meta field whose ``count`` sizes it, and what an entry means."""

    typecode: str
    count: str
    meaning: str

    def __call__(self) -> array[int]:
        return array(self.typecode)


@dataclass
class Columns:
    """The trace's columns, one ``array`` each, in their order on the wire: the one
    declaration of each column's typecode (sent little-endian), the meta field that counts
    its entries and what an entry means (:data:`COLUMNS`; ``tools/wire.py`` writes them
    into ``web/learn/wire.js`` for the page).

    The recorder's columns live as long as the run: :meth:`take` copies them into a
    :class:`TraceChunk` and empties them in place, so a trace function may keep their
    ``append`` bound (the module's example).
    """

    lines: array[int] = field(default_factory=_Column("H", "steps", "the line number"))
    events: array[int] = field(default_factory=_Column(
        "B", "steps", "the event: 0 line, 1 call, 3 exception; a return by what came back: "
        "4 False, 5 True, 6 None, 7 0 or an empty list, 8 left by an exception, 2 another "
        "value (return_kind)"))
    frames: array[int] = field(default_factory=_Column("I", "steps", "the frame's id"))
    vars: array[int] = field(default_factory=_Column("h", "vars", "the frame's watched variables, slots a step "
                               "(NOT_SET: not an int that fits)"))
    delta_step: array[int] = field(default_factory=_Column("I", "deltas", "a board change's step"))
    delta_square: array[int] = field(default_factory=_Column("H", "deltas", "its square, row * cols + col"))
    delta_old: array[int] = field(default_factory=_Column("h", "deltas", "the square's value before the change"))
    delta_new: array[int] = field(default_factory=_Column("h", "deltas", "the square's value after the change"))
    frame_code: array[int] = field(default_factory=_Column("H", "frames_added", "a frame first called in the "
                                     "chunk (ids first_frame ..): its code table index"))
    frame_parent: array[int] = field(default_factory=_Column("I", "frames_added", "the calling program frame, "
                                       "NO_PARENT for none"))
    frame_call: array[int] = field(default_factory=_Column("I", "frames_added", "the frame's call step"))
    frame_parent_step: array[int] = field(default_factory=_Column(
        "I", "frames_added", "the parent's last step before the call: the parent's "
        "variables in the stack"))

    def arrays(self) -> list[array[int]]:
        """The columns in :data:`COLUMNS`' order."""
        return [getattr(self, name) for name in COLUMNS]

    def nbytes(self) -> int:
        """Bytes held now."""
        return sum(a.itemsize * len(a) for a in self.arrays())

    def trim(self, steps: int, step_end: int, slots: int) -> None:
        """Keep the first ``steps`` whole steps, and the frames called and the board
        changes seen before step ``step_end``: what a trace function stopped by a fault
        halfway through a step had appended is dropped, so the last chunk stays whole.

        >>> columns = Columns()
        >>> columns.lines.extend([3, 4]); columns.events.append(EVENT_LINE)
        >>> columns.trim(1, 1, 0); list(columns.lines), list(columns.events)
        ([3], [0])
        """
        keep = {"steps": steps, "vars": steps * slots}
        # A frame or a board change is kept when its step (frame_call, delta_step) is.
        for count, step_of in (("frames_added", self.frame_call), ("deltas", self.delta_step)):
            kept = min(len(getattr(self, name)) for name in _COUNTED_BY[count])
            while kept and step_of[kept - 1] >= step_end:
                kept -= 1
            keep[count] = kept
        for name, (_, count) in COLUMNS.items():
            del getattr(self, name)[keep[count]:]

    def take(self, first_step: int, first_frame: int, slots: int,
             codes: list[dict[str, object]], final: bool = False,
             status: str = "running", board_note: str = "") -> TraceChunk:
        """A chunk of everything recorded since the last take; the columns are emptied."""
        copies: dict[str, array[int]] = {}
        for name in COLUMNS:
            column = getattr(self, name)
            copies[name] = column[:]
            del column[:]
        return TraceChunk(**copies, first_step=first_step, steps=len(copies["lines"]),
                          first_frame=first_frame, slots=slots, codes=codes, final=final,
                          status=status, board_note=board_note)


_DECLARED = {f.name: f.default_factory for f in fields(Columns)
             if isinstance(f.default_factory, _Column)}
COLUMNS = {name: (column.typecode, column.count) for name, column in _DECLARED.items()}
#: Column name -> what an entry means.
MEANINGS = {name: column.meaning for name, column in _DECLARED.items()}
ARRAYS = {name: code for name, (code, _) in COLUMNS.items()}
_COUNTED_BY = {count: tuple(n for n, (_, c) in COLUMNS.items() if c == count)
               for _, count in COLUMNS.values()}


class ChunkMeta(TypedDict):
    """A chunk's small fields, sent as JSON beside its columns: the one declaration of
    :data:`META_FIELDS`.  ``codes``: code-table entries first seen in this chunk, each
    ``{"index", "name", "line", "vars"}``; ``status``: one of :data:`CHUNK_STATUSES`;
    ``board_note``: one of :data:`BOARD_NOTES`.  The others are counts."""

    first_step: int
    steps: int
    first_frame: int
    frames_added: int
    deltas: int
    slots: int
    codes: list[dict[str, object]]
    final: bool
    status: str
    board_note: str


META_FIELDS = tuple(ChunkMeta.__annotations__)
#: The small fields that are counts.
META_COUNTS = tuple(n for n, kind in get_type_hints(ChunkMeta).items() if kind is int)


@dataclass
class TraceChunk(Columns):
    """The steps ``first_step .. first_step + steps - 1`` and what they added: the
    :class:`Columns`, and the small fields of :class:`ChunkMeta` (``frames_added`` and
    ``deltas`` are the lengths of their columns).  ``board_note``: why the board is not
    followed (``""`` while it is, or before there is one; see
    :mod:`knight_py.learn.board_shadow`).
    """

    first_step: int = 0
    steps: int = 0
    first_frame: int = 0
    slots: int = SLOTS
    codes: list[dict[str, object]] = field(default_factory=list)
    final: bool = False
    status: str = "running"
    board_note: str = ""

    def meta(self) -> ChunkMeta:
        """The chunk's small fields (:data:`META_FIELDS`), JSON-ready."""
        return {
            "first_step": self.first_step, "steps": self.steps,
            "first_frame": self.first_frame, "frames_added": len(self.frame_code),
            "deltas": len(self.delta_step), "slots": self.slots, "codes": self.codes,
            "final": self.final, "status": self.status, "board_note": self.board_note,
        }

    def to_buffers(self) -> dict[str, bytes]:
        """Name -> little-endian bytes for the page, ``meta`` as UTF-8 JSON.

        >>> from knight_py.learn.tracer import run
        >>> chunk = run("def tour(rows, cols, start):\\n    return None\\n", 1, 1, (0, 0),
        ...             max_steps=10).chunks[-1]
        >>> sorted(chunk.to_buffers())[:4], len(chunk.to_buffers()["lines"])  # 6 uint16
        (['delta_new', 'delta_old', 'delta_square', 'delta_step'], 12)
        """
        out = {name: _le(getattr(self, name)) for name in COLUMNS}
        out["meta"] = json.dumps(self.meta()).encode()
        return out

    @classmethod
    def from_buffers(cls, meta: Mapping[str, object], buffers: Mapping[str, object]) -> TraceChunk:
        """The chunk :meth:`to_buffers` sent: ``meta`` (:meth:`meta`'s dict) and ``buffers``
        (column name -> little-endian bytes, or anything bytes-like).  Every column's length
        is checked against the count ``meta`` gives it.

        :raises ValueError: a field missing or of the wrong kind, or a column whose length
            does not match.

        >>> from knight_py.learn.tracer import run
        >>> chunk = run("def tour(rows, cols, start):\\n    return None\\n", 1, 1, (0, 0),
        ...             max_steps=10).chunks[-1]
        >>> TraceChunk.from_buffers(chunk.meta(), chunk.to_buffers()) == chunk
        True
        >>> TraceChunk.from_buffers({**chunk.meta(), "steps": 7}, chunk.to_buffers())
        Traceback (most recent call last):
        ...
        ValueError: column lines holds 12 bytes, not 14
        """
        counts: dict[str, int] = {}
        for name in META_COUNTS:
            value = meta.get(name)
            if type(value) is not int or not 0 <= value < 2**32:
                raise ValueError(f"meta field {name} is not a count")
            counts[name] = value
        codes, status, note = meta.get("codes"), meta.get("status"), meta.get("board_note", "")
        if not isinstance(codes, list) or not all(isinstance(c, dict) for c in codes):
            raise ValueError("meta field codes is not a list of entries")
        if not isinstance(status, str) or not isinstance(note, str):
            raise ValueError("meta fields status and board_note are text")
        final = meta.get("final")
        if type(final) is not bool:
            raise ValueError("meta field final is not a bool")
        counts["vars"] = counts["steps"] * counts["slots"]
        columns: dict[str, array[int]] = {}
        for name, (code, counted) in COLUMNS.items():
            raw = buffers.get(name)
            if not isinstance(raw, (bytes, bytearray, memoryview)):
                raise ValueError(f"column {name} is not bytes")
            column = array(code)
            size = counts[counted] * column.itemsize
            if len(raw) != size:
                raise ValueError(f"column {name} holds {len(raw)} bytes, not {size}")
            column.frombytes(bytes(raw))
            if _BIG_ENDIAN:
                column.byteswap()
            columns[name] = column
        return cls(**columns, first_step=counts["first_step"], steps=counts["steps"],
                   first_frame=counts["first_frame"], slots=counts["slots"],
                   codes=[dict(c) for c in codes], final=final, status=status, board_note=note)


class EndedResult(TypedDict):
    """How a run ended, as the worker tells the page (the ``ended`` message's ``result``):
    data only, never a sentence of the page's.  ``line``: the error's; ``error``: Python's
    own ``name`` and ``text`` for it (``error`` runs only); ``output``: what it printed;
    ``answer``: the returned value as numbers (``done`` runs only,
    :func:`~knight_py.learn.answer.answer_numbers`)."""

    status: str
    line: int | None
    error: dict[str, str] | None
    output: str
    answer: dict[str, object] | None


ENDED_FIELDS = tuple(EndedResult.__annotations__)


class _Ending(Protocol):
    """What :func:`ended_result` reads of a run (a :class:`~knight_py.learn.tracer.TraceResult`)."""

    status: str
    line: int | None
    error_name: str
    error_text: str
    output: str
    answer: dict[str, object] | None


def ended_result(ending: _Ending) -> EndedResult:
    """The ``ended`` message's result for a run: the error's name and words cut to
    :data:`MAX_NAME` and :data:`MAX_MESSAGE` characters (the page refuses longer ones).

    >>> from knight_py.learn.tracer import run
    >>> source = "def tour(rows, cols, start):\\n    raise ValueError('x' * 1000)\\n"
    >>> ended = ended_result(run(source, 1, 1, (0, 0), max_steps=10))
    >>> ended["status"], ended["line"], ended["error"]["name"], len(ended["error"]["text"])
    ('error', 2, 'ValueError', 300)
    >>> tuple(ended) == ENDED_FIELDS
    True
    """
    error = None
    if ending.status == ENDING_ERROR:
        error = {"name": ending.error_name[:MAX_NAME], "text": ending.error_text[:MAX_MESSAGE]}
    answer = ending.answer if ending.status == ENDING_DONE else None
    return {"status": ending.status, "line": ending.line, "error": error,
            "output": ending.output, "answer": answer}
