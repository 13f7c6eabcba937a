"""The knight's moves a run made, replayed from its trace's board changes: the path the
search built, and whether each move went to a square with the fewest onward moves.

A move is a square going from 0 to a positive number ``n`` while the square numbered
``n - 1`` holds the knight; a square going back to 0 is a move taken back.

>>> from knight_py.learn.tracer import run
>>> from knight_py.learn.programs import PROGRAMS
>>> from knight_py.learn.run_trace import join_chunks
>>> trace = join_chunks(run(PROGRAMS["warnsdorff"].source, 5, 5, (4, 0),
...                         max_steps=100_000).chunks, 5, 5)
>>> built = built_paths(trace)
>>> len(built.last_full or []), built.most
(25, 25)
>>> first_not_fewest(trace)
>>> trace = join_chunks(run(PROGRAMS["backtrack"].source, 5, 5, (4, 0),
...                         max_steps=100_000).chunks, 5, 5)
>>> first_not_fewest(trace).move
3
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import leg
from .run_trace import RunTrace

__all__ = ["Built", "LegCrossed", "NotFewest", "built_paths", "first_leg_crossed", "first_not_fewest",
           "knight_neighbours"]

_MOVES = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def knight_neighbours(rows: int, cols: int) -> list[list[int]]:
    """Per square (``row * cols + col``), the squares a knight's move away.

    >>> knight_neighbours(3, 3)[0]
    [5, 7]
    """
    out: list[list[int]] = []
    for r in range(rows):
        for c in range(cols):
            out.append(sorted((r + dr) * cols + c + dc for dr, dc in _MOVES
                              if 0 <= r + dr < rows and 0 <= c + dc < cols))
    return out


@dataclass
class Built:
    """``last_full``: the squares numbered, in the order they were numbered, the last
    time the numbered squares were as many as the board's free ones (``None``: never);
    ``full_step``: the step of that moment; ``most``: the most squares numbered at once."""

    last_full: list[int] | None
    full_step: int
    most: int


def built_paths(trace: RunTrace, free: int | None = None) -> Built:
    """The path the search built in its board (see :class:`Built`); ``free``: the
    squares a tour numbers (the board's size when not given)."""
    want = trace.rows * trace.cols if free is None else free
    stack: list[int] = []
    last_full: list[int] | None = None
    full_step, most = -1, 0
    for k, square, old, new in zip(trace.delta_step, trace.delta_square, trace.delta_old,
                                   trace.delta_new, strict=True):
        if old <= 0 < new:
            stack.append(square)
            if len(stack) > most:
                most = len(stack)
            if len(stack) == want:
                last_full, full_step = list(stack), k
        elif old > 0 >= new and square in stack:
            if stack[-1] == square:
                stack.pop()
            else:
                stack.remove(square)
    return Built(last_full, full_step, most)


@dataclass(frozen=True)
class NotFewest:
    """Move ``move`` (the number it gave its square), made at ``step``, went to
    ``square`` with ``onward`` onward moves while ``other`` had ``fewest``."""

    move: int
    step: int
    square: int
    onward: int
    other: int
    fewest: int


def first_not_fewest(trace: RunTrace) -> NotFewest | None:
    """The first move that went to a square with more onward moves (free squares a
    knight's move away) than another square it could have gone to and had not yet tried
    from there; None when every move chose a fewest (ties allowed)."""
    near = knight_neighbours(trace.rows, trace.cols)
    board = [0] * (trace.rows * trace.cols)
    where: dict[int, int] = {}  # move number -> its square
    tried: dict[int, set[int]] = {}  # square -> squares already tried from it

    def onward(square: int) -> int:
        return sum(1 for t in near[square] if board[t] == 0)

    for k, square, old, new in zip(trace.delta_step, trace.delta_square, trace.delta_old,
                                   trace.delta_new, strict=True):
        if old == 0 and new > 0:
            source = where.get(new - 1)
            if source is not None and square in near[source]:
                done = tried.setdefault(source, set())
                choices = [t for t in near[source] if board[t] == 0 and t not in done]
                best = min(choices, key=onward)
                if onward(square) > onward(best):
                    return NotFewest(new, k, square, onward(square), best, onward(best))
                done.add(square)
            where[new] = square
            tried[square] = set()
        elif old > 0 and new == 0:
            if where.get(old) == square:
                del where[old]
            tried.pop(square, None)
        board[square] = new
    return None


@dataclass(frozen=True)
class LegCrossed:
    """Move ``move`` (the number it gave its square), made at ``step``, went from
    ``source`` to ``target`` (flat squares) over the hole ``leg``."""

    move: int
    step: int
    source: int
    target: int
    leg: int


def first_leg_crossed(trace: RunTrace, holes: set[tuple[int, int]]) -> LegCrossed | None:
    """The first move of the search (kept or later taken back) that jumped over a hole
    on the xiangqi horse's leg; None when no move did.

    >>> from knight_py.learn.tracer import run
    >>> from knight_py.learn.programs import PROGRAMS
    >>> from knight_py.learn.run_trace import join_chunks
    >>> trace = join_chunks(run(PROGRAMS["backtrack"].source, 5, 5, (4, 0),
    ...                         max_steps=2_000).chunks, 5, 5)
    >>> first_leg_crossed(trace, {(3, 0)})  # a5 -> b3 first steps over a4
    LegCrossed(move=2, step=..., source=20, target=11, leg=15)
    >>> first_leg_crossed(trace, set())
    """
    cols = trace.cols
    where: dict[int, int] = {}  # move number -> its square
    for k, square, old, new in zip(trace.delta_step, trace.delta_square, trace.delta_old,
                                   trace.delta_new, strict=True):
        if old <= 0 < new:
            source = where.get(new - 1)
            if source is not None:
                (ra, ca), (rb, cb) = divmod(source, cols), divmod(square, cols)
                if (rb - ra) ** 2 + (cb - ca) ** 2 == 5:
                    lr, lc = leg(ra, ca, rb - ra, cb - ca)
                    if (lr, lc) in holes:
                        return LegCrossed(new, k, source, square, lr * cols + lc)
            where[new] = square
        elif old > 0 >= new and where.get(old) == square:
            del where[old]
    return None
