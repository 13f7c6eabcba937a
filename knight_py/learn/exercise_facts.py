"""The facts of a run that an exercise's check reads, computed from the trace alone.

The page computes the same facts from its own copy of the trace
(``web/learn/exercises/facts.js``, through ``web/learn/trace.js``'s queries); this
module computes them from a :class:`~knight_py.learn.tracer.TraceResult`'s chunks, so
that the tests can run every exercise's programs on CPython and feed the facts to the
page's judge.  The two must agree; a node test checks one run of each through both.

The facts (a plain dict; a step is -1 and a line 0 where there is none):

- ``status``: how the run ended (``done``, ``budget``, ``stopped``, ``error``);
  ``steps``: steps recorded; ``errorLine``: the error's line (0 when none);
- ``search``: the name of the search function (of the functions that call themselves,
  the one whose frames, or the helpers they call, make the most knight moves), or "";
  ``recursed``: whether a function was called while one of its frames was running
  (directly or through others: ``nestedCall`` says where first);
  ``calls``: frames of the search function; ``maxDepth``: the deepest nesting of program
  frames (1: a frame called from outside the program, the module's);
- ``placed``: squares given a number (a knight move made: 0 to a positive number);
  ``undone``: squares cleared (a move taken back: a positive number to 0);
  ``back``: returns of the search without success (``False``, ``None``, 0, ``[]``);
- ``leftNumbered``: ``{step, line}`` of the first of those returns after which, once the
  caller has gone on, more squares hold a number than before the call (the forgotten
  undo);
- ``lastUndo``, ``lastAdvance``: ``{step, line}`` of the last square cleared / numbered
  (the line: the one the frame ran just before the change was seen);
- ``nestedCall``: ``{step, line}`` of the first call of a function below a frame of its
  own (its call step, and the caller's line that called);
- ``success``: ``{step, line}`` of the search's first return of ``True``;
- ``returned``: ``{step, line}`` of the last return of a ``tour`` frame;
- ``lastStep``: ``{step, line}`` of the run's last step (where a budget ran out);
- ``output``: what the program printed.

>>> from knight_py.learn.tracer import run
>>> from knight_py.learn.programs import PROGRAMS
>>> facts = facts_of(run(PROGRAMS["bug_repeats"].source, 5, 5, (4, 0), max_steps=100_000))
>>> facts["search"], facts["recursed"], facts["undone"], facts["leftNumbered"]["step"] > 0
('visit', True, 0, True)
"""

from __future__ import annotations

from bisect import bisect_right

from .trace_format import (
    EVENT_CALL,
    EVENT_RETURN_TRUE,
    FAILED_RETURNS,
    NO_PARENT,
    RETURNS,
)
from .tracer import TraceResult

__all__ = ["MAX_CHECKED", "facts_of"]

#: Returns of no success checked for squares left numbered (as ``going-back.js``).
MAX_CHECKED = 50_000


def _at(step: int, line: int) -> dict[str, int]:
    return {"step": step, "line": line}


def facts_of(result: TraceResult) -> dict[str, object]:
    """The facts of ``result`` (its ``chunks`` kept: run without ``on_chunk``)."""
    lines: list[int] = []
    events: list[int] = []
    frames: list[int] = []
    d_step: list[int] = []
    d_old: list[int] = []
    d_new: list[int] = []
    f_code: list[int] = []
    f_parent: list[int] = []
    f_call: list[int] = []
    f_parent_step: list[int] = []
    names: dict[int, str] = {}
    for chunk in result.chunks:
        lines.extend(chunk.lines)
        events.extend(chunk.events)
        frames.extend(chunk.frames)
        d_step.extend(chunk.delta_step)
        d_old.extend(chunk.delta_old)
        d_new.extend(chunk.delta_new)
        f_code.extend(chunk.frame_code)
        f_parent.extend(chunk.frame_parent)
        f_call.extend(chunk.frame_call)
        f_parent_step.extend(chunk.frame_parent_step)
        for entry in chunk.codes:
            names[int(str(entry["index"]))] = str(entry["name"])
    steps = len(lines)
    codes = len(names)
    depth = [0] * len(f_code)
    recursive = [False] * codes
    nested = _at(-1, 0)
    for f, parent in enumerate(f_parent):
        depth[f] = 1 if parent == NO_PARENT else depth[parent] + 1
        if parent != NO_PARENT and f_code[parent] == f_code[f]:
            recursive[f_code[f]] = True
        if nested["step"] < 0:
            above = parent
            while above != NO_PARENT and f_code[above] != f_code[f]:
                above = f_parent[above]
            if above != NO_PARENT:
                nested = _at(f_call[f], lines[f_parent_step[f]])
    moves = [0] * codes
    filled: list[int] = []
    count = placed = undone = 0
    last_undo = last_advance = -1
    for j, k in enumerate(d_step):
        old, new = d_old[j], d_new[j]
        if old == 0 and new != 0:
            count += 1
        elif old != 0 and new == 0:
            count -= 1
        filled.append(count)
        if old == 0 and new > 0:
            placed += 1
            last_advance = k
            frame = frames[k]
            moves[f_code[frame]] += 1
            if f_parent[frame] != NO_PARENT:
                moves[f_code[f_parent[frame]]] += 1
        elif old > 0 and new == 0:
            undone += 1
            last_undo = k
    search, most = -1, 0
    for c in range(codes):
        if recursive[c] and moves[c] > most:
            search, most = c, moves[c]

    def line_before(k: int) -> dict[str, int]:
        if k < 0:
            return _at(-1, 0)
        frame, s = frames[k], k - 1
        while s >= 0 and frames[s] != frame:
            s -= 1
        return _at(k, lines[s] if s >= 0 else lines[k])

    def filled_at(k: int) -> int:
        j = bisect_right(d_step, k)
        return filled[j - 1] if j else 0

    failed = [k for k in range(steps) if events[k] in FAILED_RETURNS
              and search >= 0 and f_code[frames[k]] == search]
    left = -1
    calls_at = [k for k in range(steps) if events[k] == EVENT_CALL]
    advances = [d_step[j] for j in range(len(d_step)) if d_old[j] == 0 and d_new[j] > 0]
    for k in failed[:MAX_CHECKED]:
        before = filled_at(f_call[frames[k]] - 1)
        ends = []
        i = bisect_right(calls_at, k)
        if i < len(calls_at):
            ends.append(calls_at[i])
        i = bisect_right(advances, k)
        if i < len(advances):
            ends.append(advances[i])
        settled = min(ends) - 1 if ends else steps - 1
        if filled_at(settled) > before:
            left = k
            break
    success = _at(-1, 0)
    returned = _at(-1, 0)
    for k in range(steps):
        code = f_code[frames[k]]
        if events[k] == EVENT_RETURN_TRUE and code == search and success["step"] < 0:
            success = _at(k, lines[k])
        if events[k] in RETURNS and names.get(code) == "tour":
            returned = _at(k, lines[k])
    return {
        "status": result.status, "steps": steps, "errorLine": result.line or 0,
        "search": names[search] if search >= 0 else "", "recursed": nested["step"] >= 0,
        "calls": sum(1 for c in f_code if c == search) if search >= 0 else 0,
        "maxDepth": max(depth, default=0),
        "placed": placed, "undone": undone, "back": len(failed),
        "leftNumbered": _at(left, lines[left]) if left >= 0 else _at(-1, 0),
        "lastUndo": line_before(last_undo), "lastAdvance": line_before(last_advance),
        "nestedCall": nested, "success": success, "returned": returned,
        "lastStep": _at(steps - 1, lines[-1]) if steps else _at(-1, 0),
        "output": result.output,
    }
