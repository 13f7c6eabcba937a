"""The Learn tracer's recorder: what ``sys.settrace`` calls, and everything it keeps.

A :class:`Recorder` holds the current chunk's columns, the frame table (every program
frame ever called: its code, its parent, its call step), the code table (per code
object: its index and watched names) and the board's shadow.  :meth:`Recorder.trace` is
the global trace function; for each program frame it returns a local one made by
:meth:`Recorder.stepper`, which records one step per event.

>>> recorder = Recorder(1, 1, max_steps=100)
>>> def tour(rows, cols, start):
...     return None
>>> tour.__code__ = tour.__code__.replace(co_filename=FILENAME)
>>> import sys
>>> sys.settrace(recorder.trace); _ = tour(1, 1, (0, 0)); sys.settrace(None)
>>> recorder.steps, [EVENT_NAMES[e] for e in recorder.columns.events]
(3, ['call', 'line', 'return'])
>>> recorder.codes_seen[0]["vars"]
['rows', 'cols', 'start']
"""

from __future__ import annotations

import types
from array import array
from collections.abc import Callable
from dis import get_instructions
from gc import get_referents
from typing import Any

from .board_shadow import BoardShadow, Sought, changing_lines, first_sought, seeking_lines
from .trace_format import (
    ENDING_BUDGET,
    ENDING_LIMIT,
    ENDING_STOPPED,
    ENDING_TRACER_FAILED,
    EVENT_EXCEPTION,
    EVENT_RETURN,
    EVENT_RETURN_RAISED,
    EVENTS,
    FILENAME,
    MAX_DEPTH,
    NO_PARENT,
    NOT_SET,
    RETURNS,
    SLOTS,
    Columns,
    TraceChunk,
    return_kind,
    watched_names,
)

__all__ = ["EVENT_NAMES", "Budget", "CodeEntry", "NestingLimit", "Recorder", "RunEnded", "Stopped",
           "TraceFunction", "TracerFault", "first_statement_line"]

EVENT_NAMES = {kind: name for name, kind in EVENTS.items()}
EVENT_NAMES.update({kind: "return" for kind in RETURNS})
TraceFunction = Callable[[types.FrameType, str, Any], Any]
#: Per code object: its index, watched names, padding to ``slots``, the lines after
#: which the board may have changed (:func:`~knight_py.learn.board_shadow.changing_lines`)
#: and those after which a board may have come into reach, with what to look at
#: (``seeking_lines``), and what its frames look at on their first step (``first_sought``).
CodeEntry = tuple[int, tuple[str, ...], list[int], frozenset[int], dict[int, Sought], Sought]


def first_statement_line(code: types.CodeType) -> int:
    """The line of `code`'s first statement: where a module's first event (which has no
    line) is shown, past the comments and blank lines above it.

    >>> first_statement_line(compile("# a comment\\n\\nMOVES = [1]\\n", "p", "exec"))
    3
    """
    return next((line for _, _, line in code.co_lines() if line), code.co_firstlineno)


class RunEnded(BaseException):
    """Raised in the program when the page's tracer ends the run.  The program may catch
    it, and CPython switches tracing off once a trace function raises; neither changes
    how the run ended: :attr:`Recorder.ending` was set before the raise."""


class Budget(RunEnded):
    """The program has used its step budget."""


class Stopped(RunEnded):
    """``should_stop()`` said so (the reader pressed Stop)."""


class NestingLimit(RunEnded):
    """A call would nest the program's frames deeper than ``max_depth``."""


class TracerFault(RunEnded):
    """The trace function itself failed: the run ends as the page's own error."""


#: The exception raised in the program for each ending the tracer decides.
_RAISED: dict[str, type[RunEnded]] = {
    ENDING_BUDGET: Budget, ENDING_STOPPED: Stopped, ENDING_LIMIT: NestingLimit,
    ENDING_TRACER_FAILED: TracerFault,
}


class Recorder:
    """Every step of one run, packed, handed to ``sink`` a chunk at a time.

    ``steps``: steps recorded; ``columns``: the current chunk's columns;
    ``last_step``: frame id -> its latest step; ``live``: program frames running now
    -> their ids; ``codes``: code object -> its :data:`CodeEntry`;
    ``board``: the :class:`~knight_py.learn.board_shadow.BoardShadow`.
    """

    def __init__(self, rows: int, cols: int, *, max_steps: int, chunk_steps: int = 65536,
                 sink: Callable[[TraceChunk], object] | None = None,
                 should_stop: Callable[[], object] | None = None,
                 slots: int = SLOTS, max_depth: int = MAX_DEPTH,
                 chunk_deltas: int | None = None,
                 on_end: Callable[[str], object] | None = None) -> None:
        self.max_steps, self.chunk_steps = max_steps, chunk_steps
        #: A chunk is handed over early once it holds this many board changes (a program
        #: that changes many squares a step): the reader's work per chunk stays bounded.
        self.chunk_deltas = chunk_deltas
        self.should_stop, self.slots, self.max_depth = should_stop, slots, max_depth
        self.chunks: list[TraceChunk] = []
        self.sink: Callable[[TraceChunk], object] = self.chunks.append if sink is None else sink
        self.columns = Columns()
        self.steps = 0
        self.chunk_first_step = 0
        self.chunk_first_frame = 0
        self.bytes = 0
        self.codes: dict[types.CodeType, CodeEntry] = {}
        self.codes_seen: list[dict[str, object]] = []  # entries not yet in a chunk
        self.live: dict[types.FrameType, int] = {}
        self.last_step: array[int] = array("I")
        self.board = BoardShadow(rows, cols, self.columns)
        #: How the tracer ended the run (:data:`~knight_py.learn.trace_format.PAGE_LIMITS`),
        #: or "" while it has not: set before the program sees any exception of the ending.
        self.ending = ""
        #: Steps recorded when the run ended (``steps`` is moved to the budget then, so that
        #: any later event of the program raises again).
        self.ended_steps = 0
        #: The last chunk has been handed over.
        self.finished = False
        #: Called with the ending from the trace function, once the last chunk is handed
        #: over and before the program sees the exception: the page learns the end at once,
        #: even from a program that catches it and never returns.
        self.on_end = on_end
        #: The exception inside the trace function that ended the run as a fault, if any.
        self.fault: BaseException | None = None

    def end(self, ending: str) -> RunEnded:
        """End the run as ``ending`` (the first ending wins): the last chunk is handed
        over and ``on_end`` told before the caller raises the exception returned."""
        if not self.ending:
            self.ending = ending
            self.columns.trim(self.steps - self.chunk_first_step, self.steps, self.slots)
            self.ended_steps = self.steps
            self.steps = max(self.steps, self.max_steps)
            try:
                if self.finish(ending) and self.on_end is not None:
                    self.on_end(ending)
            except Exception as exc:  # handing over failed: run() tries again once control is back
                self.fault = self.fault or exc
        return _RAISED[self.ending]()

    def failed(self, exc: BaseException) -> RunEnded:
        """The trace function met ``exc``: the run ends as the tracer's fault."""
        self.fault = self.fault or exc
        return self.end(ENDING_TRACER_FAILED)

    def finish(self, status: str) -> bool:
        """Hand over the last chunk (``status`` its ending), once; whether this call did."""
        if self.finished:
            return False
        self.finished = True
        self.flush(final=True, status=status, note=self.board.ended())
        return True

    def flush(self, final: bool = False, status: str = "running", note: str | None = None) -> None:
        """Hand the steps since the last flush to the sink as one chunk (``note``: the
        board's, :attr:`BoardShadow.note` unless given)."""
        self.bytes += self.columns.nbytes()
        chunk = self.columns.take(self.chunk_first_step, self.chunk_first_frame, self.slots,
                                  self.codes_seen, final, status,
                                  self.board.note if note is None else note)
        self.chunk_first_step = self.steps
        self.chunk_first_frame += len(chunk.frame_code)
        self.codes_seen = []
        self.sink(chunk)

    def code_entry(self, code: types.CodeType) -> CodeEntry:
        """The :data:`CodeEntry` of ``code``, made on first sight."""
        entry = self.codes.get(code)
        if entry is None:
            names = watched_names(code, self.slots)
            instructions = list(get_instructions(code))
            changing = changing_lines(code, instructions)
            entry = (len(self.codes), names, [NOT_SET] * (self.slots - len(names)),
                     changing, seeking_lines(code, changing, instructions), first_sought(code))
            self.codes[code] = entry
            self.codes_seen.append({"index": entry[0], "name": code.co_name,
                                    "line": code.co_firstlineno, "vars": list(names)})
        return entry

    def enter(self, frame: types.FrameType, code_index: int) -> int:
        """Add ``frame`` to the frame table (its parent: the nearest running program
        frame below it) and return its id."""
        if len(self.live) >= self.max_depth:
            # Before the frame is in the table: it has no step, and the last step is the
            # caller's line that made the call.
            raise self.end(ENDING_LIMIT)
        parent = NO_PARENT
        back = frame.f_back
        while back is not None:
            found = self.live.get(back)
            if found is not None:
                parent = found
                break
            back = back.f_back
        fid = len(self.last_step)
        columns = self.columns
        self.last_step.append(self.steps)
        columns.frame_code.append(code_index)
        columns.frame_parent.append(parent)
        columns.frame_call.append(self.steps)
        columns.frame_parent_step.append(
            self.last_step[parent] if parent != NO_PARENT else self.steps)
        self.live[frame] = fid
        return fid

    def trace(self, frame: types.FrameType, event: str, arg: object) -> TraceFunction | None:
        """The global trace function: a program frame is entered (``event`` is "call")."""
        try:
            code = frame.f_code
            if code.co_filename != FILENAME:
                return None
            if self.steps >= self.max_steps:
                # Before the frame is in the table: a call the budget has no step for has no
                # frame either (the page refuses a frame called outside its chunk).
                raise self.end(ENDING_BUDGET)
            index, names, pad, changing, seeking, first = self.code_entry(code)
            fid = self.enter(frame, index)
            shadow = self.board
            if shadow.board is not None and shadow.name and shadow.adopt(
                    frame.f_locals.get(shadow.name)):
                shadow.follow(self.steps)  # the program made a new board, under the same name
            step = self.stepper(fid, names, pad, changing, seeking, first)
            step(frame, event, arg)
            return step
        except RunEnded:
            raise
        except BaseException as exc:  # any fault of ours ends the run, never tracing silently
            raise self.failed(exc) from exc

    def stepper(self, fid: int, names: tuple[str, ...], pad: list[int],
                changing: frozenset[int] = frozenset(),
                seeking: dict[int, Sought] | None = None,
                first: Sought = ((), ())) -> TraceFunction:
        """The local trace function of frame ``fid``: one step per event.

        The board is compared at a step only when this frame's step before ran a line
        of ``changing`` (it may have changed the board), and at the frame's first step
        (the line that called may have).  A change made in another frame is seen there:
        every frame's own lines are watched, and a caller's line that goes on after a
        call returns is one of ``changing`` (it calls).  While no board is followed, one
        is looked for (:meth:`BoardShadow.seek`) at the frame's first step (among
        ``first``) and after a line of ``seeking`` (a board may have been bound or built
        there: among the names it uses)."""
        # Bound to locals once per frame: `step` below runs once per trace event, and a
        # closure variable costs less than an attribute of self (as in the search's hot
        # loop, knight_py/search/depth_first.py). The columns are emptied in place by a
        # flush, never replaced, so the bound methods stay right.
        recorder, columns, shadow = self, self.columns, self.board
        lines_append, events_append = columns.lines.append, columns.events.append
        frames_append, values_append = columns.frames.append, columns.vars.append
        values_extend, last_step, live = columns.vars.extend, self.last_step, self.live
        kinds, max_steps, chunk_steps = EVENTS, self.max_steps, self.chunk_steps
        seek, follow, should_stop = shadow.seek, shadow.follow, self.should_stop
        referents, diff = get_referents, shadow.diff
        delta_steps, chunk_deltas = columns.delta_step, self.chunk_deltas or 1 << 62
        changed = True  # this frame's step before may have changed the board
        # What to look at for a board while none is followed (None: nothing): what this
        # frame's step before may have brought into reach.
        sought: Sought | None = first
        seeking_get = (seeking or {}).get
        before = -1  # this frame's event before (a return after an exception is no answer)

        def step(frame: types.FrameType, event: str, arg: object) -> TraceFunction:
            nonlocal changed, sought, before
            # A try costs nothing until something raises (CPython 3.11+), so every fault of
            # the trace function ends the run, and the hot path stays as fast.
            try:
                kind = kinds.get(event)
                if kind is None:
                    return step
                if kind == EVENT_RETURN:
                    live.pop(frame, None)
                    kind = EVENT_RETURN_RAISED if before == EVENT_EXCEPTION else return_kind(arg)
                before = kind
                n = recorder.steps
                if n >= max_steps:
                    # Also every event after the run ended (end() moved `steps` to the budget).
                    raise recorder.end(ENDING_BUDGET)
                # A module's first event has no line (f_lineno 0): its first statement's, as
                # a function's first event has its def line (not "Line 0" to a student).
                line = frame.f_lineno or first_statement_line(frame.f_code)
                lines_append(line)
                events_append(kind)
                frames_append(fid)
                if names:
                    loc = frame.f_locals
                    for name in names:
                        v = loc.get(name)
                        values_append(v if type(v) is int and -32767 <= v <= 32767 else NOT_SET)
                if pad:
                    values_extend(pad)
                last_step[fid] = n
                board = shadow.board
                if board is None:
                    if sought is not None and seek(frame.f_locals, frame.f_globals, sought):
                        follow(n)
                    sought = seeking_get(line)
                elif changed:
                    # BoardShadow.follow, inline: not plain data any more, or a change.
                    flat = referents(*board) if shadow.nested else board
                    if referents(*flat):
                        follow(n)  # a square holds an object: follow() stops following
                    elif flat != shadow.values:  # only plain values here: C-level compares
                        diff(n, flat)
                changed = line in changing
                n += 1
                recorder.steps = n
                if not n % chunk_steps or len(delta_steps) >= chunk_deltas:
                    recorder.flush()
                if should_stop is not None and not n & 4095 and should_stop():
                    raise recorder.end(ENDING_STOPPED)
                return step
            except RunEnded:
                raise
            except BaseException as exc:
                raise recorder.failed(exc) from exc

        return step
