"""The one place that decides whether a path is a tour.

Every tour the package prints, returns or hands to the page passes
:func:`check_tour` first.  The check is linear in the length of the path; a
tour passes it in a few C-level passes (:mod:`knight_py.fast_validate`), so a
million squares cost about as much as one plain Python loop over them.

>>> validate(3, 4, ["a1", "b3", "d2", "b1", "a3", "c2", "c3"])
Traceback (most recent call last):
...
ValueError: the path has 7 squares but the board has 12 free squares; step 6: c2 -> c3 is not a knight move
>>> validate(1, 1, [(0, 0)])
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence

from .board import KNIGHT_STEPS, Board, leg
from .fast_validate import is_tour
from .squares import coerce_square

__all__ = ["check_path", "check_tour", "path_indices", "validate"]

# (row step, col step) pairs of a knight move.
_KNIGHT_DELTAS = frozenset(KNIGHT_STEPS)


def path_indices(board: Board, path: Iterable[object]) -> array[int]:
    """Read a path of ``(row, col)`` pairs, algebraic names or flat indices.

    :raises ValueError: naming the first entry that is not a square of the board.
    """
    size = board.size
    if isinstance(path, array):
        # Checked in one C-level pass; the loop below checks each entry as it reads it.
        out = array("i", path)
        if out and (min(out) < 0 or max(out) >= size):
            bad = next(i for i, v in enumerate(out) if not 0 <= v < size)
            raise ValueError(
                f"step {bad}: square index {out[bad]} is off the board (0..{size - 1})"
            )
        return out
    out = array("i")
    for step, item in enumerate(path):
        if isinstance(item, int) and not isinstance(item, bool):
            if not 0 <= item < size:
                raise ValueError(
                    f"step {step}: square index {item} is off the board (0..{size - 1})"
                )
            out.append(item)
        else:
            out.append(board.index(coerce_square(item, board.rows, board.cols, f"step {step}")))
    return out


def check_tour(board: Board, path: Sequence[int], closed: bool = False) -> None:
    """Raise ``ValueError`` unless ``path`` (flat indices) is a tour of ``board``.

    A tour starts anywhere, visits every free square exactly once and moves by
    the board's rule; a closed tour also moves from its last square back to its
    first.  The message names the first problem.

    A path that passes the C-level check of :mod:`knight_py.fast_validate` is a tour
    without further work; any other path gets the exact walk, which decides and
    names the problem.
    """
    if closed and board.free_count < 3:
        raise ValueError("a closed tour needs at least 3 free squares")
    fast = _as_array(path)
    if (
        fast is not None
        and is_tour(board, fast)
        and (not closed or board.is_move(fast[-1], fast[0]))
    ):
        return
    if isinstance(path, array):
        path = path.tolist()  # one conversion: iterating an array makes a new int per step
    problems: list[str] = []
    if len(path) != board.free_count:
        problems.append(
            f"the path has {len(path)} squares but the board has {board.free_count} free squares"
        )
    bad = _first_bad_step(board, path)
    if bad is not None:
        problems.append(bad)
    elif closed and path and not board.is_move(path[-1], path[0]):
        problems.append(
            f"closing move {board.name(path[-1])} -> {board.name(path[0])} is not a "
            f"{_move_word(board)}"
        )
    if problems:
        raise ValueError("; ".join(problems))


def _as_array(path: Sequence[int]) -> array[int] | None:
    """``path`` as an ``array('i')`` for the fast check, or None when it is no such array."""
    if isinstance(path, array):
        return path if path.typecode == "i" else None
    try:
        return array("i", path)
    except (OverflowError, TypeError):
        return None


def check_path(board: Board, path: Sequence[int]) -> None:
    """Raise ``ValueError`` unless ``path`` (flat indices) could begin a tour of ``board``.

    Its squares must be free and distinct and each step a move of the board's
    rule; it need not cover the board.  The message names the first bad step.

    >>> board = Board.create(5, 5)
    >>> check_path(board, [20, 11, 2])
    >>> check_path(board, [20, 11, 12])
    Traceback (most recent call last):
    ...
    ValueError: step 2: b3 -> c3 is not a knight move
    """
    if isinstance(path, array):
        path = path.tolist()
    if not path:
        raise ValueError("the path is empty; it needs at least its first square")
    bad = _first_bad_step(board, path)
    if bad is not None:
        raise ValueError(bad)


def _move_word(board: Board) -> str:
    return "xiangqi horse move" if board.rule == "xiangqi" and board.blocked else "knight move"


def _first_bad_step(board: Board, path: Sequence[int]) -> str | None:
    """Describe the first repeated square, hole or illegal move, or return None."""
    blocked = board.blocked
    cols = board.cols
    seen: set[int] = set()
    for step, square in enumerate(path):
        if square in blocked:
            return f"step {step}: {board.name(square)} is a blocked square"
        if square in seen:
            return f"step {step}: {board.name(square)} is visited twice"
        seen.add(square)
        if step:
            previous = path[step - 1]
            if not board.is_move(previous, square):
                move = _move_word(board)
                ra, ca = divmod(previous, cols)
                rb, cb = divmod(square, cols)
                if (rb - ra, cb - ca) in _KNIGHT_DELTAS:
                    lr, lc = leg(ra, ca, rb - ra, cb - ca)
                    return (
                        f"step {step}: {board.name(previous)} -> {board.name(square)} is blocked "
                        f"by the hole at {board.name(lr * cols + lc)} (xiangqi rule)"
                    )
                return f"step {step}: {board.name(previous)} -> {board.name(square)} is not a {move}"
    return None


def validate(
    rows: int,
    cols: int,
    path: Iterable[object],
    closed: bool = False,
    blocked: Iterable[object] | str = (),
    rule: str = "knight",
) -> None:
    """Check that ``path`` is a (closed) tour; return None or raise ``ValueError``.

    ``path`` holds ``(row, col)`` pairs, algebraic names or flat indices
    ``row * cols + col`` (an ``array('i')`` works too).  Runs in linear time.

    :raises ValueError: naming the first bad step, or the bad argument.

    >>> validate(3, 4, [(0, 0), (1, 2), (2, 0), (0, 1), (1, 3), (2, 1), (0, 2), (1, 0),
    ...                 (2, 2), (0, 3), (1, 1), (2, 3)])
    >>> validate(3, 4, [(0, 0), (0, 1)])
    Traceback (most recent call last):
    ...
    ValueError: the path has 2 squares but the board has 12 free squares; step 1: a3 -> b3 is not a knight move
    """
    board = Board.create(rows, cols, blocked, rule)
    check_tour(board, path_indices(board, path), closed)
