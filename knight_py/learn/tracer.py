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

The board: a plain ``list`` of ``rows`` lists of ``cols`` ints or one flat list of
``rows * cols`` that the stepping frame reaches (a variable named ``board`` first, else
any local, free variable, attribute of ``self`` or global:
:meth:`~knight_py.learn.board_shadow.BoardShadow.seek`); a run that never shows one ends
with ``board_note`` ``"unseen"``.  After each step that follows a line able to change it (a store,
a delete, an in-place operator or a call: ``changing_lines``) the tracer compares it
with a shadow copy and records each changed square as a delta at that step.
The board starts as all zeros before the program builds one.  A board that is not
plain data (a list subclass, a square holding an object) is never compared, since
comparing would run the program's code untraced: ``board_note`` says why
(:mod:`knight_py.learn.board_shadow`).

The parts: :mod:`~knight_py.learn.trace_format` (the packed format),
:mod:`~knight_py.learn.recorder` (the trace functions and what they keep),
:mod:`~knight_py.learn.board_shadow` (the board); this module runs a program.

>>> from knight_py.learn.programs import PROGRAMS
>>> result = run(PROGRAMS["backtrack"].source, 5, 5, (4, 0), max_steps=2_000_000)
>>> result.status, result.valid, result.steps > 10_000
('done', True, True)
>>> run("def tour(rows, cols, start):\\n    while True:\\n        pass\\n", 5, 5, (0, 0),
...     max_steps=1000).status
'budget'
>>> run("def tour(rows, cols, start)\\n", 5, 5, (0, 0), max_steps=10).message
"SyntaxError on line 1: expected ':'"

The page's limits end a run from outside the program: the recorder sets the ending
before it raises, so a program that catches the exception (and goes on untraced, as
CPython switches tracing off) still ends at the limit, with no answer read.

>>> catching = ("def tour(rows, cols, start):\\n    try:\\n        while True:\\n"
...             "            pass\\n    except BaseException:\\n        return [[1]]\\n")
>>> result = run(catching, 1, 1, (0, 0), max_steps=100)
>>> result.status, result.steps, result.answer
('budget', 100, None)
"""

from __future__ import annotations

import sys
import time
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

from .answer import Verdict, answer_numbers, read_answer
from .board_shadow import NOTE_NOT_INT, NOTE_SUBCLASS
from .recorder import Recorder, RunEnded
from .sandbox import fresh_namespace
from .trace_format import (
    ENDING_DONE,
    ENDING_ERROR,
    ENDING_LIMIT,
    ENDING_TRACER_FAILED,
    EVENT_CALL,
    EVENT_EXCEPTION,
    EVENT_LINE,
    EVENT_RETURN,
    FILENAME,
    MAX_DEPTH,
    NO_PARENT,
    NOT_SET,
    PREFERRED,
    RETURNS,
    SLOTS,
    TraceChunk,
    watched_names,
)

__all__ = [
    "EVENT_CALL",
    "EVENT_EXCEPTION",
    "EVENT_LINE",
    "EVENT_RETURN",
    "FILENAME",
    "MAX_DEPTH",
    "NOTE_NOT_INT",
    "NOTE_SUBCLASS",
    "NOT_SET",
    "NO_PARENT",
    "PREFERRED",
    "RETURNS",
    "SLOTS",
    "TraceChunk",
    "TraceResult",
    "bench",
    "run",
    "warm_up",
    "watched_names",
]


@dataclass
class TraceResult:
    """How a run ended and what it recorded.

    ``status``: ``"done"`` (``tour`` returned), ``"budget"`` (``max_steps`` used),
    ``"stopped"`` (``should_stop()``), ``"limit"`` (calls nested past ``max_depth``;
    ``depth`` says how deep), ``"error"`` (syntax error or an exception in the
    program: ``message`` says which and on what ``line``), ``"tracer_failed"`` (the
    tracer lost the program: a fault of its own, or tracing switched off).  Only a
    ``"done"`` run has an answer.  ``path``: the
    returned board or path read as squares in move order; ``verdict`` (and
    ``valid``, ``validation``) judge it.  ``chunks``: every chunk, when no
    ``on_chunk`` took them.  ``board_note``: why the board was not followed at the
    end (:data:`NOTE_SUBCLASS`, :data:`NOTE_NOT_INT`, or ``"unseen"``: none was ever
    seen), ``""`` when it was.
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
    board_note: str = ""
    #: What the program returned as plain numbers (:func:`~knight_py.learn.answer.answer_numbers`),
    #: for a reader that judges the answer itself; None unless ``status`` is ``"done"``.
    answer: dict[str, object] | None = None
    #: Python's own name and words for the error (``"IndexError"``, ``"list index out of
    #: range"``), apart from ``message``, which adds the line.
    error_name: str = ""
    error_text: str = ""
    #: The page's limit of nested calls that a ``"limit"`` run met; 0 otherwise.
    depth: int = 0

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


def _explain(exc: BaseException, text: str, line: int | None) -> str:
    where = f" on line {line}" if line is not None else ""
    name = type(exc).__name__
    return f"{name}{where}: {text}" if text else f"{name}{where}"


@dataclass
class _Outcome:
    status: str
    message: str = ""
    line: int | None = None
    value: object = None
    error_name: str = ""
    error_text: str = ""


def _call_tour(source: str, namespace: dict[str, object], recorder: Recorder,
               rows: int, cols: int, start: tuple[int, int]) -> _Outcome:
    """Compile and run the program under ``recorder``.  The recorder's ending, when it
    has one, decides how the run ended, whatever the program did after; a run whose
    tracing was lost (``sys.gettrace()`` is not the recorder's any more) ends as
    ``tracer_failed``, never as done."""
    try:
        code = compile(source, FILENAME, "exec")
    except SyntaxError as exc:
        return _Outcome("error", f"SyntaxError on line {exc.lineno}: {exc.msg}", exc.lineno,
                        None, type(exc).__name__, str(exc.msg))
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, recorder.max_depth + 300))
    tracing = recorder.trace
    sys.settrace(tracing)
    try:
        outcome = _execute(code, namespace, rows, cols, start)
    except BaseException:
        if not recorder.ending:
            raise
        outcome = _Outcome(recorder.ending)
    finally:
        lost = sys.gettrace() is not tracing
        sys.settrace(None)
        sys.setrecursionlimit(old_limit)
    if recorder.ending:
        return _Outcome(recorder.ending)
    if lost:
        return _Outcome(ENDING_TRACER_FAILED, "the page's tracer lost the program: tracing was "
                        "switched off while it ran")
    return outcome


def _execute(code: types.CodeType, namespace: dict[str, object], rows: int, cols: int,
             start: tuple[int, int]) -> _Outcome:
    """Run the compiled program and call its ``tour``: done, or the program's error."""
    try:
        exec(code, namespace)
        if "tour" not in namespace:
            # Python's own words for the call the page makes (the page adds what to write;
            # a message of ours here would reach the reader in English only, as Python's).
            raise NameError("name 'tour' is not defined", name="tour")
        # Called whatever it is: a tour that is not a function gets Python's own TypeError.
        tour = cast(Callable[..., object], namespace["tour"])
        return _Outcome(ENDING_DONE, value=tour(rows, cols, start))
    except RunEnded:
        raise
    except BaseException as exc:
        if isinstance(exc, (KeyboardInterrupt, SystemExit, MemoryError)):
            raise
        line = _program_line(exc)
        try:
            text = str(exc)
        except Exception:  # a program's exception whose __str__ fails: its name is said
            text = ""
        return _Outcome(ENDING_ERROR, _explain(exc, text, line), line, None,
                        type(exc).__name__, text)


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
    chunk_deltas: int | None = None,
    on_end: Callable[[TraceResult], object] | None = None,
) -> TraceResult:
    """Run ``tour(rows, cols, start)`` of ``source`` and record every step.

    ``on_chunk(chunk)`` receives the steps of each ``chunk_steps`` (and the rest
    at the end, ``chunk.final`` set); without it, ``result.chunks`` keeps them.
    ``chunk_deltas``: hand a chunk over early once it holds that many board changes.
    ``should_stop()`` is polled every 4096 steps.  Board squares are uint16, so
    ``rows * cols`` must be at most 65536.  ``on_end(result)`` is called once, as soon
    as the end is known: at a limit, from the trace function, after the last chunk and
    before the program can go on (it may never return); else once ``tour`` returned.
    The result returned is the same.
    """
    if rows * cols > 65536 or rows < 1 or cols < 1:
        raise ValueError("the Learn view traces boards of 1 to 65536 squares")
    began = time.perf_counter()
    namespace, output = fresh_namespace()
    ended: list[TraceResult] = []

    def announce(outcome: _Outcome) -> None:
        result = _result(outcome, recorder, time.perf_counter() - began, output.text(),
                         rows, cols)
        if on_end is not None:
            on_end(result)
        ended.append(result)

    recorder = Recorder(rows, cols, max_steps=max_steps, chunk_steps=chunk_steps,
                        sink=on_chunk, should_stop=should_stop, slots=slots,
                        max_depth=max_depth, chunk_deltas=chunk_deltas,
                        on_end=lambda ending: announce(_Outcome(ending)))
    outcome = _call_tour(source, namespace, recorder, rows, cols, start)
    if not ended:  # announced from the trace function when the tracer ended the run
        recorder.finish(outcome.status)
        announce(outcome)
    return ended[0]


def _result(outcome: _Outcome, recorder: Recorder, seconds: float, output: str,
            rows: int, cols: int) -> TraceResult:
    """The run's result as it ended: only a ``done`` run's answer is read."""
    steps = recorder.ended_steps if recorder.ending else recorder.steps
    message = outcome.message
    if outcome.status == ENDING_TRACER_FAILED and recorder.fault is not None:
        message = f"the page's tracer failed: {type(recorder.fault).__name__}"
    result = TraceResult(outcome.status, steps, len(recorder.last_step), seconds, message,
                         outcome.line, output=output, chunks=recorder.chunks,
                         bytes_recorded=recorder.bytes, board_note=recorder.board.ended(),
                         error_name=outcome.error_name, error_text=outcome.error_text,
                         depth=recorder.max_depth if outcome.status == ENDING_LIMIT else 0)
    if outcome.status == ENDING_DONE:
        answer = read_answer(outcome.value, rows, cols)
        result.path, result.verdict = answer.path, answer.verdict
        result.answer = answer_numbers(outcome.value, rows, cols)
    return result


# Steps traced by warm_up: enough for WebKit's JIT to compile the tracer's hot paths
# with its optimising tier (measured in WebKitGTK 2.50: a fresh worker's first 30,000
# steps ran at 48,000-68,000 a second, the next 200,000 at 200,000-250,000, as fast as
# Chromium's). After 30,000, a run of 200,000 steps soon after "ready" still took 1.0-1.5 s
# there; after 90,000, 0.84-0.97 s (interleaved, 6 each; docs/engines.md, "What the page does for each engine's speed").
WARM_UP_STEPS = 90_000


def warm_up(max_steps: int = WARM_UP_STEPS, slots: int = SLOTS) -> int:
    """Trace the plain backtracking on 5 x 5 for ``max_steps`` steps and drop them;
    the steps traced.  A fresh Python's engine compiles its hot paths as they run, so
    the Learn worker does this before it says it is ready: the reader's program then
    runs at full speed from its first step.

    >>> warm_up(2000)
    2000
    """
    from .programs import PROGRAMS

    result = run(PROGRAMS["backtrack"].source, 5, 5, (4, 0), max_steps=max_steps,
                 on_chunk=lambda chunk: chunk.to_buffers(), slots=slots)
    return result.steps


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
