"""The trace's packed format: event codes, watched variables, the columns of a chunk,
and the messages that carry chunks between the Learn worker and the page.

A *step* is one trace event in a frame of the program's own code.  Steps are kept in
columns (one ``array`` per field), handed to the page in :class:`TraceChunk` s.  This
module is the format's one declaration: ``web/learn/wire.js`` is generated from it
(``python3 build.py wire``; ``tools/wire.py``), and the page's reader
(``web/learn/trace-store.js``), checker (``web/learn/sandbox-messages.js``) and worker
import that.  ``docs/learn.md`` describes the layout.

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
from dataclasses import dataclass
from typing import Any

__all__ = [
    "ANSWER_SHAPES",
    "ARRAYS",
    "BOARD_NOTES",
    "CHUNK_STATUSES",
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
    "MAX_DEPTH",
    "MESSAGES",
    "META_FIELDS",
    "NESTING_ALLOWED",
    "NOTE_NOT_INT",
    "NOTE_SUBCLASS",
    "NOTE_UNSEEN",
    "NOT_SET",
    "NO_PARENT",
    "PAGE_LIMITS",
    "PREFERRED",
    "RETURNS",
    "SLOTS",
    "Columns",
    "TraceChunk",
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
#: Watched variable slots per step (int16 each) and the value of an empty slot.
SLOTS = 4
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
#: Program frames nested at most in a search that keeps a stack of its own (the stack
#: exercise's "no nesting"): ``tour``, a helper it calls, and one the helper calls.
NESTING_ALLOWED = 3
#: Watched names by preference; a tuple is a pair kept whole.
PREFERRED: tuple[tuple[str, ...], ...] = (
    ("step",), ("tag",), ("r", "c"), ("row", "col"), ("k",), ("i",), ("x", "y"),
    ("nr", "nc"), ("n",), ("j",), ("count",), ("depth",), ("fewest",),
)
#: Column name -> (array typecode, the meta field that counts its entries; ``vars``
#: holds ``steps * slots``), in the order of :class:`TraceChunk`'s fields.
COLUMNS: dict[str, tuple[str, str]] = {
    "lines": ("H", "steps"), "events": ("B", "steps"), "frames": ("I", "steps"),
    "vars": ("h", "vars"),
    "delta_step": ("I", "deltas"), "delta_square": ("H", "deltas"),
    "delta_old": ("h", "deltas"), "delta_new": ("h", "deltas"),
    "frame_code": ("H", "frames_added"), "frame_parent": ("I", "frames_added"),
    "frame_call": ("I", "frames_added"), "frame_parent_step": ("I", "frames_added"),
}
#: Column name -> array typecode.
ARRAYS: dict[str, str] = {name: code for name, (code, _) in COLUMNS.items()}
#: The small fields of a chunk (:meth:`TraceChunk.meta`), sent as JSON beside the columns.
META_FIELDS = ("first_step", "steps", "first_frame", "frames_added", "deltas", "slots",
               "codes", "final", "status", "board_note")
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
#: The fields of an ended run's ``result`` (:class:`~knight_py.learn.tracer.TraceResult`).
ENDED_FIELDS = ("status", "line", "error", "output", "answer")
#: The messages through the port between the page and the Learn worker, by direction
#: and phase: type -> fields (besides ``type``).  ``buffers`` is :data:`COLUMNS`' names
#: -> bytes, ``meta`` :data:`META_FIELDS`, ``result`` :data:`ENDED_FIELDS`.
MESSAGES: dict[str, dict[str, tuple[str, ...]]] = {
    "to_worker": {
        "file": ("name", "bytes"),
        "run": ("id", "source", "rows", "cols", "start", "maxSteps", "chunkSteps",
                "chunkDeltas", "maxDepth"),
    },
    "starting": {"need": ("name",), "ready": (), "failed": ("message",)},
    "running": {"chunk": ("id", "meta", "buffers"), "ended": ("id", "result")},
}
for _code in "HIh":
    assert array(_code).itemsize == {"H": 2, "I": 4, "h": 2}[_code]

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


@dataclass
class TraceChunk:
    """The steps ``first_step .. first_step + steps - 1`` and what they added.

    Per step: ``lines`` uint16 (line number), ``events`` uint8 (:data:`EVENT_LINE`
    0, call 1, return 2, exception 3), ``frames`` uint32 (frame id), ``vars``
    int16 x ``slots`` (the frame's watched variables, :data:`NOT_SET` when not an
    int).  Per board change: ``delta_step`` uint32, ``delta_square`` uint16
    (``row * cols + col``), ``delta_old`` / ``delta_new`` int16.  Per frame first
    called in this chunk (ids ``first_frame ..``): ``frame_code`` uint16 (index in
    the code table), ``frame_parent`` uint32 (:data:`NO_PARENT` for none),
    ``frame_call`` uint32 (its call step), ``frame_parent_step`` uint32 (the
    parent's last step before the call: the parent's variables in the stack).
    ``codes``: code-table entries first seen in this chunk, each
    ``{"index", "name", "line", "vars"}``.  ``board_note``: why the board is not
    followed (``""`` while it is, or before there is one; see
    :mod:`knight_py.learn.board_shadow`).
    """

    first_step: int
    steps: int
    first_frame: int
    slots: int
    codes: list[dict[str, object]]
    lines: array[int]
    events: array[int]
    frames: array[int]
    vars: array[int]
    delta_step: array[int]
    delta_square: array[int]
    delta_old: array[int]
    delta_new: array[int]
    frame_code: array[int]
    frame_parent: array[int]
    frame_call: array[int]
    frame_parent_step: array[int]
    final: bool = False
    status: str = "running"
    board_note: str = ""

    def meta(self) -> dict[str, object]:
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
        out = {name: _le(getattr(self, name)) for name in ARRAYS}
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
        for name in ("first_step", "steps", "first_frame", "frames_added", "deltas", "slots"):
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
        return cls(counts["first_step"], counts["steps"], counts["first_frame"], counts["slots"],
                   [dict(c) for c in codes], **columns, final=final, status=status,
                   board_note=note)


class Columns:
    """The current chunk's columns, one ``array`` per field of :class:`TraceChunk`.

    The arrays live as long as the run: :meth:`take` copies them into a chunk and
    empties them in place, so a trace function may keep their ``append`` bound.
    """

    def __init__(self) -> None:
        self.lines: array[int] = array("H")
        self.events: array[int] = array("B")
        self.frames: array[int] = array("I")
        self.vars: array[int] = array("h")
        self.delta_step: array[int] = array("I")
        self.delta_square: array[int] = array("H")
        self.delta_old: array[int] = array("h")
        self.delta_new: array[int] = array("h")
        self.frame_code: array[int] = array("H")
        self.frame_parent: array[int] = array("I")
        self.frame_call: array[int] = array("I")
        self.frame_parent_step: array[int] = array("I")

    def arrays(self) -> list[array[int]]:
        """The twelve columns in :data:`ARRAYS`' order."""
        return [getattr(self, name) for name in ARRAYS]

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
        for column in (self.lines, self.events, self.frames):
            del column[steps:]
        del self.vars[steps * slots:]
        calls = self.frame_call
        frames = min(len(calls), len(self.frame_code), len(self.frame_parent),
                     len(self.frame_parent_step))
        while frames and calls[frames - 1] >= step_end:
            frames -= 1
        for column in (self.frame_code, self.frame_parent, self.frame_call, self.frame_parent_step):
            del column[frames:]
        deltas = min(len(self.delta_step), len(self.delta_square), len(self.delta_old),
                     len(self.delta_new))
        while deltas and self.delta_step[deltas - 1] >= step_end:
            deltas -= 1
        for column in (self.delta_step, self.delta_square, self.delta_old, self.delta_new):
            del column[deltas:]

    def take(self, first_step: int, first_frame: int, slots: int,
             codes: list[dict[str, object]], final: bool = False,
             status: str = "running", board_note: str = "") -> TraceChunk:
        """A chunk of everything recorded since the last take; the columns are emptied."""
        copies = []
        for column in self.arrays():
            copies.append(column[:])
            del column[:]
        (lines, events, frames, vars_, delta_step, delta_square, delta_old, delta_new,
         frame_code, frame_parent, frame_call, frame_parent_step) = copies
        return TraceChunk(first_step, len(lines), first_frame, slots, codes, lines, events,
                          frames, vars_, delta_step, delta_square, delta_old, delta_new,
                          frame_code, frame_parent, frame_call, frame_parent_step,
                          final=final, status=status, board_note=board_note)
