"""The facts of a run that an exercise's judge reads, computed from its trace alone.

Every fact is computed in one or two passes over the trace's columns (O(steps) and
O(board changes)), most of them in C (``array`` slices, ``collections.Counter``,
``itertools.compress``): the judge runs in the page's Python on runs of a few hundred
thousand steps.

A *mark* is ``(step, line)``; ``NO_MARK`` is ``(-1, 0)``.  The facts:

- ``search``: the search function's code index (of the functions that call themselves,
  directly or through others, the one whose frames or the frames they call make the most
  knight moves), or -1; ``search_name``; ``calls``: its frames;
- ``nested``: the first call of a function below a frame of its own (its call step, and
  the caller's line that called); ``depth``: the deepest nesting of program frames (1:
  a frame called from outside the program, the module's);
- ``placed``: squares given a number (0 to a positive number: a knight move made);
  ``undone``: squares cleared (a positive number to 0: a move taken back);
  ``back``: returns of the search without success (``False``, ``None``, 0, empty);
- ``left_numbered``: the first of those returns after which, once the caller has gone on,
  more squares hold a number than before the call (the forgotten undo);
- ``last_undo``, ``last_advance``: the last square cleared / numbered, with the line its
  frame ran just before the change was seen;
- ``success``: the search's first return of ``True``; ``returned``: the last return of a
  ``tour`` frame; ``last_step``: the run's last step;
- ``line_runs``: line number -> how often a line event ran it;
- ``board``: the board as the trace left it (row * cols + col -> value), ``numbered_at``:
  per square, the step it last became non-zero (-1: it is 0 at the end);
  ``advance_steps``: distinct steps at which a square was numbered.

>>> from knight_py.learn.tracer import run
>>> from knight_py.learn.programs import PROGRAMS
>>> from knight_py.learn.run_trace import join_chunks
>>> result = run(PROGRAMS["bug_repeats"].source, 5, 5, (4, 0), max_steps=100_000)
>>> facts = facts_of(join_chunks(result.chunks, 5, 5))
>>> facts.search_name, facts.nested[0] > 0, facts.undone, facts.left_numbered[0] > 0
('visit', True, 0, True)
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import eq, gt

from .run_trace import RunTrace
from .trace_format import (
    EVENT_CALL,
    EVENT_LINE,
    EVENT_RETURN_TRUE,
    FAILED_RETURNS,
    NO_PARENT,
    RETURNS,
)

__all__ = ["EXPRESSION_FRAMES", "MAX_CHECKED", "NO_MARK", "Facts", "Mark", "facts_of", "first_deeper", "line_before"]

#: Returns of no success checked for squares left numbered.
MAX_CHECKED = 50_000

Mark = tuple[int, int]
NO_MARK: Mark = (-1, 0)


@dataclass
class Facts:
    """The facts of one run; see the module."""

    steps: int = 0
    search: int = -1
    search_name: str = ""
    calls: int = 0
    nested: Mark = NO_MARK
    depth: int = 0
    placed: int = 0
    undone: int = 0
    back: int = 0
    left_numbered: Mark = NO_MARK
    last_undo: Mark = NO_MARK
    last_advance: Mark = NO_MARK
    success: Mark = NO_MARK
    returned: Mark = NO_MARK
    last_step: Mark = NO_MARK
    line_runs: Counter[int] = field(default_factory=Counter)
    board: list[int] = field(default_factory=list)
    numbered_at: list[int] = field(default_factory=list)
    advance_steps: int = 0


def line_before(trace: RunTrace, k: int) -> Mark:
    """``(k, line)``: the line the frame of step ``k`` ran at its step before ``k``
    (where a board change seen at ``k`` was made); ``NO_MARK`` for ``k < 0``.  One walk
    back, O(steps) at worst."""
    if k < 0:
        return NO_MARK
    frames, frame = trace.frames, trace.frames[k]
    s = k - 1
    while s >= 0 and frames[s] != frame:
        s -= 1
    return (k, trace.lines[s if s >= 0 else k])


#: Frames Python makes for an expression, not a function the program calls by name: a
#: call chain's depth does not count them.
EXPRESSION_FRAMES = frozenset({"<lambda>", "<genexpr>", "<listcomp>", "<dictcomp>",
                               "<setcomp>"})


def first_deeper(trace: RunTrace, limit: int) -> Mark:
    """The first call of a frame nested deeper than ``limit`` (``tour``, called by the
    page, is at depth 1; frames of :data:`EXPRESSION_FRAMES` add no depth): its call
    step, and the caller's line that made it; or ``NO_MARK``.

    >>> from knight_py.learn.tracer import run
    >>> from knight_py.learn.run_trace import join_chunks
    >>> source = "def tour(rows, cols, start):\\n    return f()\\ndef f():\\n    return None\\n"
    >>> trace = join_chunks(run(source, 1, 1, (0, 0), max_steps=50).chunks, 1, 1)
    >>> first_deeper(trace, 2), first_deeper(trace, 1)
    ((-1, 0), (6, 2))
    """
    named = [name not in EXPRESSION_FRAMES for name in trace.names]
    codes = trace.frame_code
    depth = [0] * len(codes)
    for f, parent in enumerate(trace.frame_parent):
        depth[f] = (0 if parent == NO_PARENT else depth[parent]) + named[codes[f]]
        if depth[f] > limit:
            return (trace.frame_call[f], trace.lines[trace.frame_parent_step[f]])
    return NO_MARK


def _depths(trace: RunTrace) -> list[int]:
    depth = [0] * len(trace.frame_code)
    for f, parent in enumerate(trace.frame_parent):
        depth[f] = 1 if parent == NO_PARENT else depth[parent] + 1
    return depth


def _recursion(trace: RunTrace, facts: Facts) -> list[bool]:
    """Per function, whether one of its frames runs below a frame of its own; notes the
    first such call (``facts.nested``)."""
    codes, parents = trace.frame_code, trace.frame_parent
    recursive = [False] * len(trace.names)
    # The nearest frame of each code on a frame's stack: a dict per chain would be
    # quadratic, so walk up through the parent only while the code differs, with the
    # answer of each frame memoised per (frame, code) for the codes actually asked.
    memo: dict[tuple[int, int], int] = {}

    def nearest(f: int, code: int) -> int:
        chain: list[int] = []
        while f != NO_PARENT:
            key = (f, code)
            if key in memo:
                found = memo[key]
                break
            if codes[f] == code:
                found = f
                break
            chain.append(f)
            f = parents[f]
        else:
            found = -1
        for g in chain:
            memo[(g, code)] = found
        return found

    for f, parent in enumerate(parents):
        if parent != NO_PARENT and nearest(parent, codes[f]) >= 0:
            recursive[codes[f]] = True
            if facts.nested == NO_MARK:
                facts.nested = (trace.frame_call[f], trace.lines[trace.frame_parent_step[f]])
    return recursive


@dataclass
class _Changes:
    """What the board's changes give besides the facts: the knight moves per function
    (its frames' and those of the frames it called), the squares holding a number after
    each change, and the steps of the moves made."""

    moves: list[int]
    filled: list[int]
    advances: list[int]


def _board_changes(trace: RunTrace, facts: Facts) -> _Changes:
    """One pass over the board's changes: the board, the moves made and taken back."""
    frames, codes, parents = trace.frames, trace.frame_code, trace.frame_parent
    moves = [0] * len(trace.names)
    size = trace.rows * trace.cols
    board = [0] * size
    numbered_at = [-1] * size
    filled: list[int] = []
    count = placed = undone = 0
    last_undo = last_advance = last_advance_step = -1
    advance_steps = 0
    advances: list[int] = []
    for k, square, old, new in zip(trace.delta_step, trace.delta_square, trace.delta_old,
                                   trace.delta_new, strict=True):
        board[square] = new
        if old == 0 and new != 0:
            count += 1
            numbered_at[square] = k
        elif old != 0 and new == 0:
            count -= 1
            numbered_at[square] = -1
        filled.append(count)
        if old == 0 and new > 0:
            placed += 1
            last_advance = k
            advances.append(k)
            if k != last_advance_step:
                advance_steps += 1
                last_advance_step = k
            frame = frames[k]
            moves[codes[frame]] += 1
            if parents[frame] != NO_PARENT:
                moves[codes[parents[frame]]] += 1
        elif old > 0 and new == 0:
            undone += 1
            last_undo = k
    facts.placed, facts.undone, facts.advance_steps = placed, undone, advance_steps
    facts.board, facts.numbered_at = board, numbered_at
    facts.last_undo = line_before(trace, last_undo)
    facts.last_advance = line_before(trace, last_advance)
    return _Changes(moves, filled, advances)


def _search_code(recursive: list[bool], moves: list[int]) -> int:
    """Of the functions that call themselves, the one that makes the most moves; with
    none (a loop with its own stack), the one that makes the moves; -1 when none does."""
    search, most = -1, 0
    for c, made in enumerate(moves):
        if recursive[c] and made > most:
            search, most = c, made
    if search < 0:
        for c, made in enumerate(moves):
            if made > most:
                search, most = c, made
    return search


def _returns(trace: RunTrace, facts: Facts) -> list[int]:
    """The search's returns: its first success and the ``tour`` frame's last return
    noted; the steps of its returns without success given back."""
    events, frames, codes, lines = trace.events, trace.frames, trace.frame_code, trace.lines
    tour_code = trace.names.index("tour") if "tour" in trace.names else -1
    failed: list[int] = []
    returns = frozenset(RETURNS)
    fails = frozenset(FAILED_RETURNS)
    returned = success = NO_MARK
    for k in compress(range(trace.steps), map(gt, events, repeat(EVENT_CALL))):
        event = events[k]
        if event not in returns:
            continue
        code = codes[frames[k]]
        if code == facts.search:
            if event in fails:
                failed.append(k)
            elif event == EVENT_RETURN_TRUE and success == NO_MARK:
                success = (k, lines[k])
        if code == tour_code:
            returned = (k, lines[k])
    facts.back, facts.success, facts.returned = len(failed), success, returned
    return failed


def _left_numbered(trace: RunTrace, failed: list[int], changes: _Changes) -> Mark:
    """The first return without success after which, once the caller went on (to its
    next call or knight move), more squares hold a number than before the call."""
    steps, lines, frames = trace.steps, trace.lines, trace.frames
    calls_at = list(compress(range(steps), map(eq, trace.events, repeat(EVENT_CALL))))
    d_step, filled, advances = trace.delta_step, changes.filled, changes.advances

    def filled_at(k: int) -> int:
        j = bisect_right(d_step, k)
        return filled[j - 1] if j else 0

    for k in failed[:MAX_CHECKED]:
        before = filled_at(trace.frame_call[frames[k]] - 1)
        ends = []
        i = bisect_right(calls_at, k)
        if i < len(calls_at):
            ends.append(calls_at[i])
        i = bisect_right(advances, k)
        if i < len(advances):
            ends.append(advances[i])
        settled = min(ends) - 1 if ends else steps - 1
        if filled_at(settled) > before:
            return (k, lines[k])
    return NO_MARK


def facts_of(trace: RunTrace) -> Facts:
    """The facts of ``trace``; see the module."""
    facts = Facts(steps=trace.steps)
    lines, events = trace.lines, trace.events
    facts.depth = max(_depths(trace), default=0)
    recursive = _recursion(trace, facts)
    changes = _board_changes(trace, facts)
    facts.search = search = _search_code(recursive, changes.moves)
    facts.search_name = trace.names[search] if search >= 0 else ""
    facts.calls = trace.frame_code.count(search) if search >= 0 else 0
    facts.line_runs = Counter(compress(lines, map(eq, events, repeat(EVENT_LINE))))
    facts.last_step = (trace.steps - 1, lines[-1]) if trace.steps else NO_MARK
    failed = _returns(trace, facts)
    facts.left_numbered = _left_numbered(trace, failed, changes)
    return facts
