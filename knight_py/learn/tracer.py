"""Run a Learn program line by line and record every step, packed for the page.

:func:`run` compiles the program (file name ``"<program>"``), runs it under
``sys.settrace`` (the same on CPython 3.11 and Pyodide's 3.14) and calls
``tour(rows, cols, start)``.  Only frames of the program's own code are traced;
a *step* is one trace event in such a frame: ``line``, ``call``, ``return`` or
``exception``.  Every step is kept (no cap as in Python Tutor, only the
``max_steps`` budget), packed in columns; see :class:`TraceChunk` for the layout.

Watched variables: per code object, up to :data:`SLOTS` int locals chosen once
by name (:func:`watched_names`): the names of :data:`PREFERRED` in that order,
a pair such as ``r, c`` only whole; then, while slots are left, the code's
other argument and local names in ``co_varnames`` order.  A value that is not
an int in -32767..32767 (or is unbound) is recorded as :data:`NOT_SET`.

The board: the program's variable ``board`` (a local of the stepping frame or
a global), a list of ``rows`` lists of ``cols`` ints or one flat list of
``rows * cols``.  After each step the tracer compares it with a shadow copy
(C-level list equality, then the changed row) and records each changed square
as a delta at the step where the change is first seen.  The board starts as all
zeros before the program builds one.

>>> from knight_py.learn.programs import PROGRAMS
>>> result = run(PROGRAMS["backtrack"].source, 5, 5, (4, 0), max_steps=2_000_000)
>>> result.status, result.valid, result.steps > 10_000
('done', True, True)
>>> run("def tour(rows, cols, start):\\n    while True:\\n        pass\\n", 5, 5, (0, 0),
...     max_steps=1000).status
'budget'
>>> run("def tour(rows, cols, start)\\n", 5, 5, (0, 0), max_steps=10).message
"SyntaxError on line 1: expected ':'"
"""

from __future__ import annotations

import json
import sys
import time
import types
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .answer import Verdict, read_answer
from .sandbox import fresh_namespace

__all__ = [
    "EVENT_CALL",
    "EVENT_EXCEPTION",
    "EVENT_LINE",
    "EVENT_RETURN",
    "FILENAME",
    "MAX_DEPTH",
    "NOT_SET",
    "NO_PARENT",
    "PREFERRED",
    "SLOTS",
    "TraceChunk",
    "TraceResult",
    "bench",
    "run",
    "watched_names",
]

FILENAME = "<program>"
#: Event kinds, one byte per step.
EVENT_LINE, EVENT_CALL, EVENT_RETURN, EVENT_EXCEPTION = 0, 1, 2, 3
_EVENTS = {"line": EVENT_LINE, "call": EVENT_CALL, "return": EVENT_RETURN,
           "exception": EVENT_EXCEPTION}
#: Watched variable slots per step (int16 each) and the value of an empty slot.
SLOTS = 4
NOT_SET = -32768
#: Parent frame id of a frame called from outside the program (uint32).
NO_PARENT = 0xFFFFFFFF
#: Deepest nesting of program frames before the tracer raises RecursionError.
MAX_DEPTH = 200
#: Watched names by preference; a tuple is a pair kept whole.
PREFERRED: tuple[tuple[str, ...], ...] = (
    ("step",), ("tag",), ("r", "c"), ("row", "col"), ("k",), ("i",), ("x", "y"),
    ("nr", "nc"), ("n",), ("j",), ("count",), ("depth",), ("fewest",),
)

_BIG_ENDIAN = sys.byteorder == "big"


class _Budget(BaseException):
    """Raised in the program when it has used its step budget."""


class _Stopped(BaseException):
    """Raised in the program when ``should_stop()`` said so."""


def watched_names(code: types.CodeType, slots: int = SLOTS) -> tuple[str, ...]:
    """The variables recorded for frames of ``code`` (see the module's docstring).

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
    ``{"index", "name", "line", "vars"}``.
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

    def meta(self) -> dict[str, object]:
        """The chunk's small fields, JSON-ready."""
        return {
            "first_step": self.first_step, "steps": self.steps,
            "first_frame": self.first_frame, "frames_added": len(self.frame_code),
            "deltas": len(self.delta_step), "slots": self.slots, "codes": self.codes,
            "final": self.final, "status": self.status,
        }

    def to_buffers(self) -> dict[str, bytes]:
        """Name -> little-endian bytes for the page, ``meta`` as UTF-8 JSON.

        >>> chunk = run("def tour(rows, cols, start):\\n    return None\\n", 1, 1, (0, 0),
        ...             max_steps=10).chunks[-1]
        >>> sorted(chunk.to_buffers())[:4], len(chunk.to_buffers()["lines"])  # 6 uint16
        (['delta_new', 'delta_old', 'delta_square', 'delta_step'], 12)
        """
        out = {name: _le(getattr(self, name)) for name in _ARRAYS}
        out["meta"] = json.dumps(self.meta()).encode()
        return out


_ARRAYS: dict[str, str] = {
    "lines": "H", "events": "B", "frames": "I", "vars": "h",
    "delta_step": "I", "delta_square": "H", "delta_old": "h", "delta_new": "h",
    "frame_code": "H", "frame_parent": "I", "frame_call": "I", "frame_parent_step": "I",
}
for _code in "HIh":
    assert array(_code).itemsize == {"H": 2, "I": 4, "h": 2}[_code]


@dataclass
class TraceResult:
    """How a run ended and what it recorded.

    ``status``: ``"done"`` (``tour`` returned), ``"budget"`` (``max_steps`` used),
    ``"stopped"`` (``should_stop()``), ``"error"`` (syntax error or an exception
    in the program: ``message`` says which and on what ``line``).  ``path``: the
    returned board or path read as squares in move order; ``verdict`` (and
    ``valid``, ``validation``) judge it.  ``chunks``: every chunk, when no
    ``on_chunk`` took them.
    """

    status: str
    steps: int
    frames: int
    seconds: float
    message: str = ""
    line: int | None = None
    path: list[tuple[int, int]] | None = None
    verdict: Verdict | None = None
    output: str = ""
    chunks: list[TraceChunk] = field(default_factory=list)
    bytes_recorded: int = 0

    @property
    def valid(self) -> bool:
        return self.verdict is not None and self.verdict.valid

    @property
    def validation(self) -> str:
        return "" if self.verdict is None else self.verdict.text


def _program_line(exc: BaseException) -> int | None:
    line = None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == FILENAME:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _explain(exc: BaseException, line: int | None, depth: int) -> str:
    where = f" on line {line}" if line is not None else ""
    name = type(exc).__name__
    if isinstance(exc, RecursionError):
        return (f"RecursionError{where}: the program went more than {depth} calls deep; "
                "a tour search needs about one call per square")
    text = str(exc)
    return f"{name}{where}: {text}" if text else f"{name}{where}"


def run(
    source: str,
    rows: int,
    cols: int,
    start: tuple[int, int],
    *,
    max_steps: int,
    chunk_steps: int = 65536,
    on_chunk: Callable[[TraceChunk], object] | None = None,
    should_stop: Callable[[], object] | None = None,
    slots: int = SLOTS,
    max_depth: int = MAX_DEPTH,
) -> TraceResult:
    """Run ``tour(rows, cols, start)`` of ``source`` and record every step.

    ``on_chunk(chunk)`` receives the steps of each ``chunk_steps`` (and the rest
    at the end, ``chunk.final`` set); without it, ``result.chunks`` keeps them.
    ``should_stop()`` is polled every 4096 steps.  Board squares are uint16, so
    ``rows * cols`` must be at most 65536.
    """
    if rows * cols > 65536 or rows < 1 or cols < 1:
        raise ValueError("the Learn view traces boards of 1 to 65536 squares")
    began = time.perf_counter()
    kept: list[TraceChunk] = []
    sink: Callable[[TraceChunk], object] = kept.append if on_chunk is None else on_chunk
    namespace, output = fresh_namespace()
    size = rows * cols
    pad_none = [NOT_SET] * slots

    # The current chunk's columns.
    lines: array[int] = array("H")
    events: array[int] = array("B")
    fids: array[int] = array("I")
    values: array[int] = array("h")
    d_step: array[int] = array("I")
    d_square: array[int] = array("H")
    d_old: array[int] = array("h")
    d_new: array[int] = array("h")
    f_code: array[int] = array("H")
    f_parent: array[int] = array("I")
    f_call: array[int] = array("I")
    f_pstep: array[int] = array("I")
    new_codes: list[dict[str, object]] = []

    codes: dict[types.CodeType, tuple[int, tuple[str, ...], list[int]]] = {}
    live: dict[types.FrameType, int] = {}  # program frames now running -> frame id
    last_step: array[int] = array("I")  # frame id -> its latest step
    state = {"steps": 0, "chunk_start": 0, "frame_start": 0, "bytes": 0}
    steps = 0
    next_flush = chunk_steps
    board: list[Any] | None = None
    shadow: list[Any] = [0] * size  # the values last recorded, flat or in rows
    nested = False

    def flush(final: bool = False, status: str = "running") -> None:
        nonlocal lines, events, fids, values, d_step, d_square, d_old, d_new
        nonlocal f_code, f_parent, f_call, f_pstep, new_codes
        chunk = TraceChunk(
            state["chunk_start"], steps - state["chunk_start"], state["frame_start"], slots,
            new_codes, lines, events, fids, values, d_step, d_square, d_old, d_new,
            f_code, f_parent, f_call, f_pstep, final, status,
        )
        state["bytes"] += sum(a.itemsize * len(a) for a in (
            lines, events, fids, values, d_step, d_square, d_old, d_new,
            f_code, f_parent, f_call, f_pstep))
        state["chunk_start"] = steps
        state["frame_start"] += len(f_code)
        lines, events, fids, values = array("H"), array("B"), array("I"), array("h")
        d_step, d_square, d_old, d_new = array("I"), array("H"), array("h"), array("h")
        f_code, f_parent, f_call, f_pstep = array("H"), array("I"), array("I"), array("I")
        new_codes = []
        sink(chunk)

    def encode(v: object) -> int:
        return v if type(v) is int and -32767 <= v <= 32767 else NOT_SET

    def diff(step: int) -> None:
        """Record every square whose value differs from the shadow."""
        assert board is not None
        if nested:
            for r in range(rows):
                row, seen = board[r], shadow[r]
                if row != seen:
                    base = r * cols
                    for c in range(cols):
                        v = row[c]
                        if v != seen[c]:
                            d_step.append(step)
                            d_square.append(base + c)
                            d_old.append(encode(seen[c]))
                            d_new.append(encode(v))
                            seen[c] = v
        else:
            for i in range(size):
                v = board[i]
                if v != shadow[i]:
                    d_step.append(step)
                    d_square.append(i)
                    d_old.append(encode(shadow[i]))
                    d_new.append(encode(v))
                    shadow[i] = v

    def adopt(candidate: object) -> bool:
        """Take ``candidate`` as the board when it has the board's shape; the shadow
        keeps the values last recorded, in the candidate's shape."""
        nonlocal board, nested, shadow
        if candidate is board or not isinstance(candidate, list):
            return False
        flat = [v for row in shadow for v in row] if nested else shadow
        if len(candidate) == rows and all(
            isinstance(row, list) and len(row) == cols for row in candidate
        ):
            board, nested = candidate, True
            shadow = [flat[r * cols:(r + 1) * cols] for r in range(rows)]
            return True
        if len(candidate) == size and (rows == 1 or cols == 1 or not any(
            isinstance(v, list) for v in candidate
        )):
            board, nested, shadow = candidate, False, flat
            return True
        return False

    def look_for_board(frame: types.FrameType) -> None:
        if not adopt(frame.f_locals.get("board")):
            adopt(frame.f_globals.get("board"))

    def record(frame: types.FrameType, kind: int, fid: int, names: tuple[str, ...],
               pad: list[int]) -> None:
        nonlocal steps, next_flush, board
        if steps >= max_steps:
            raise _Budget
        lines.append(frame.f_lineno or 0)
        events.append(kind)
        fids.append(fid)
        if names:
            loc = frame.f_locals
            for name in names:
                v = loc.get(name)
                values.append(v if type(v) is int and -32767 <= v <= 32767 else NOT_SET)
        if pad:
            values.extend(pad)
        last_step[fid] = steps
        if board is None:
            look_for_board(frame)
            if board is not None:
                diff(steps)
        elif board != shadow:
            try:
                diff(steps)
            except (IndexError, TypeError):
                board = None  # the board changed shape: no longer followed
        steps += 1
        if steps >= next_flush:
            next_flush = steps + chunk_steps
            flush()
        if should_stop is not None and not steps & 4095 and should_stop():
            raise _Stopped

    def global_trace(frame: types.FrameType, event: str, arg: object) -> Any:
        code = frame.f_code
        if code.co_filename != FILENAME:
            return None
        info = codes.get(code)
        if info is None:
            names = watched_names(code, slots)
            info = (len(codes), names, pad_none[len(names):])
            codes[code] = info
            new_codes.append({"index": info[0], "name": code.co_name,
                              "line": code.co_firstlineno, "vars": list(names)})
        index, names, pad = info
        parent = NO_PARENT
        back = frame.f_back
        while back is not None:
            found = live.get(back)
            if found is not None:
                parent = found
                break
            back = back.f_back
        fid = len(last_step)
        last_step.append(steps)
        f_code.append(index)
        f_parent.append(parent)
        f_call.append(steps)
        f_pstep.append(last_step[parent] if parent != NO_PARENT else steps)
        if len(live) >= max_depth:
            raise RecursionError("maximum recursion depth exceeded")
        live[frame] = fid
        if board is not None and adopt(frame.f_locals.get("board")):
            diff(steps)  # the program made a new board
        record(frame, EVENT_CALL, fid, names, pad)

        def local_trace(frame: types.FrameType, event: str, arg: object) -> Any:
            # record() inlined: this runs once per step.
            nonlocal steps, next_flush, board
            kind = _EVENTS.get(event)
            if kind is None:
                return local_trace
            if kind == EVENT_RETURN:
                live.pop(frame, None)
            if steps >= max_steps:
                raise _Budget
            lines.append(frame.f_lineno or 0)
            events.append(kind)
            fids.append(fid)
            if names:
                loc = frame.f_locals
                for name in names:
                    v = loc.get(name)
                    values.append(v if type(v) is int and -32767 <= v <= 32767 else NOT_SET)
            if pad:
                values.extend(pad)
            last_step[fid] = steps
            if board is None:
                look_for_board(frame)
                if board is not None:
                    diff(steps)
            elif board != shadow:
                try:
                    diff(steps)
                except (IndexError, TypeError):
                    board = None  # the board changed shape: no longer followed
            steps += 1
            if steps >= next_flush:
                next_flush = steps + chunk_steps
                flush()
            if should_stop is not None and not steps & 4095 and should_stop():
                raise _Stopped
            return local_trace

        return local_trace

    status, message, line, value = "done", "", None, None
    old_limit = sys.getrecursionlimit()
    try:
        code = compile(source, FILENAME, "exec")
    except SyntaxError as exc:
        status, line = "error", exc.lineno
        message = f"SyntaxError on line {exc.lineno}: {exc.msg}"
    else:
        sys.setrecursionlimit(max(old_limit, max_depth + 300))
        sys.settrace(global_trace)
        try:
            exec(code, namespace)
            tour = namespace.get("tour")
            if not callable(tour):
                raise NameError("the program defines no function tour(rows, cols, start)")
            value = tour(rows, cols, start)
        except _Budget:
            status = "budget"
        except _Stopped:
            status = "stopped"
        except BaseException as exc:
            if isinstance(exc, (KeyboardInterrupt, SystemExit, MemoryError)):
                raise
            status, line = "error", _program_line(exc)
            message = _explain(exc, line, max_depth)
        finally:
            sys.settrace(None)
            sys.setrecursionlimit(old_limit)
    flush(final=True, status=status)
    result = TraceResult(status, steps, len(last_step), time.perf_counter() - began, message,
                         line, output=output.text(), chunks=kept, bytes_recorded=state["bytes"])
    if status == "done":
        answer = read_answer(value, rows, cols)
        result.path, result.verdict = answer.path, answer.verdict
    return result


def bench(program: str = "backtrack", rows: int = 6, cols: int = 6,
          start: tuple[int, int] = (5, 0), max_steps: int = 1_000_000) -> dict[str, float]:
    """Steps per second and bytes per step of a recorded run (chunks dropped as sent).

    >>> bench(max_steps=5000)["steps"]
    5000.0
    """
    from .programs import PROGRAMS

    result = run(PROGRAMS[program].source, rows, cols, start, max_steps=max_steps,
                 on_chunk=lambda chunk: None)
    return {
        "steps": float(result.steps),
        "seconds": result.seconds,
        "steps_per_second": result.steps / result.seconds,
        "bytes_per_step": result.bytes_recorded / max(result.steps, 1),
    }
