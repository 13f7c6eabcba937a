"""A run's trace chunks joined into one trace, each checked against the others.

The chunks come from the sandbox, which runs the student's program and is not trusted:
:func:`join_chunks` refuses (``ValueError``) chunks that do not follow one another, a
frame id or code index that was never declared, a parent that is not an earlier frame,
a board change outside the chunk's steps or the board, an unknown event byte.  What it
returns can be read without a bounds check.

>>> from knight_py.learn.tracer import run
>>> result = run("def tour(rows, cols, start):\\n    return None\\n", 1, 1, (0, 0),
...              max_steps=10)
>>> trace = join_chunks(result.chunks, 1, 1)
>>> trace.steps, trace.status, trace.names
(6, 'done', ['<module>', 'tour'])
>>> join_chunks(result.chunks[::-1] + result.chunks, 1, 1)
Traceback (most recent call last):
...
ValueError: the last chunk is not final, or a chunk before it is
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass

from .trace_format import ARRAYS, EVENT_RETURN_RAISED, NO_PARENT, TraceChunk

__all__ = ["RunTrace", "join_chunks"]


@dataclass
class RunTrace:
    """Every step of a run, the columns of :class:`TraceChunk` end to end.

    ``names``: each code's name by its index; ``status``: the final chunk's;
    ``board_note``: the final chunk's (``""`` while the board was followed)."""

    rows: int
    cols: int
    steps: int
    status: str
    board_note: str
    names: list[str]
    lines: array[int]
    events: array[int]
    frames: array[int]
    delta_step: array[int]
    delta_square: array[int]
    delta_old: array[int]
    delta_new: array[int]
    frame_code: array[int]
    frame_parent: array[int]
    frame_call: array[int]
    frame_parent_step: array[int]


# The columns a RunTrace joins: all of the wire's but the watched variables.
_JOINED = tuple(name for name in ARRAYS if name in RunTrace.__dataclass_fields__)


def _within(column: array[int], low: int, high: int) -> bool:
    """Every value of ``column`` in ``low .. high - 1`` (true when empty)."""
    return not column or (low <= min(column) and max(column) < high)


def join_chunks(chunks: Sequence[TraceChunk], rows: int, cols: int) -> RunTrace:
    """The chunks of one run, in order, as one :class:`RunTrace`.

    :raises ValueError: the chunks are not the consistent trace of one run (see the
        module).
    """
    if not chunks:
        raise ValueError("no chunk")
    if not chunks[-1].final or any(c.final for c in chunks[:-1]):
        raise ValueError("the last chunk is not final, or a chunk before it is")
    trace = RunTrace(rows, cols, 0, chunks[-1].status, chunks[-1].board_note, [],
                     **{name: array(ARRAYS[name]) for name in _JOINED})
    size = rows * cols
    for chunk in chunks:
        steps, frames = trace.steps, len(trace.frame_code)
        if chunk.first_step != steps or chunk.first_frame != frames:
            raise ValueError("a chunk does not follow the one before")
        for entry in chunk.codes:
            index, name = entry.get("index"), entry.get("name")
            if index != len(trace.names) or not isinstance(name, str):
                raise ValueError("a code entry out of order")
            trace.names.append(name)
        end, added = steps + chunk.steps, len(chunk.frame_code)
        if not (_within(chunk.events, 0, EVENT_RETURN_RAISED + 1)
                and _within(chunk.frames, 0, frames + added)
                and _within(chunk.frame_code, 0, len(trace.names))
                and _within(chunk.frame_call, steps, end)
                and _within(chunk.frame_parent_step, 0, end)
                and _within(chunk.delta_step, steps, end)
                and _within(chunk.delta_square, 0, size)):
            raise ValueError("a chunk names a step, frame, code or square it does not have")
        for f, parent in enumerate(chunk.frame_parent, frames):
            if parent != NO_PARENT and parent >= f:
                raise ValueError("a frame's parent is not an earlier frame")
        if any(a > b for a, b in zip(chunk.delta_step, chunk.delta_step[1:], strict=False)):
            raise ValueError("board changes out of order")
        if any(a > b for a, b in zip(chunk.frame_call, chunk.frame_call[1:], strict=False)):
            raise ValueError("frames out of order")
        for name in _JOINED:
            getattr(trace, name).extend(getattr(chunk, name))
        trace.steps = end
    for f, call in enumerate(trace.frame_call):
        if trace.frames[call] != f:
            raise ValueError("a frame's call step is another frame's")
    return trace
