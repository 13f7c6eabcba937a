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

The errors are :class:`~knight_py.i18n.TourError` (a ``ValueError``) carrying the
:class:`~knight_py.i18n.Reason` as ``why``, to be told in another language:

>>> from knight_py.i18n import TourError, explain
>>> try:
...     validate(5, 5, ["a1", "b3", "b4"])
... except TourError as error:
...     print(error.why.code, explain(error.why, "zh"))
two_problems 路径有 3 个格子，但棋盘上可走的格子有 25 个；第 2 步：b3 到 b4 不是一步马步
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence

from .board import KNIGHT_STEPS, Board, leg
from .fast_validate import is_tour
from .i18n import Reason, TourError
from .squares import coerce_square

__all__ = ["check_path", "check_tour", "first_problem", "path_indices", "validate"]

# (row step, col step) pairs of a knight move.
_KNIGHT_DELTAS = frozenset(KNIGHT_STEPS)


def path_indices(board: Board, path: Iterable[object]) -> array[int]:
    """Read a path of ``(row, col)`` pairs, algebraic names or flat indices.

    :raises TourError: naming the first entry that is not a square of the board.
    """
    size = board.size
    if isinstance(path, array):
        # Checked in one C-level pass; the loop below checks each entry as it reads it.
        out = array("i", path)
        if out and (min(out) < 0 or max(out) >= size):
            bad = next(i for i, v in enumerate(out) if not 0 <= v < size)
            raise TourError(
                Reason("index_off_board", {"step": bad, "index": out[bad], "last": size - 1})
            )
        return out
    out = array("i")
    for step, item in enumerate(path):
        if isinstance(item, int) and not isinstance(item, bool):
            if not 0 <= item < size:
                raise TourError(
                    Reason("index_off_board", {"step": step, "index": item, "last": size - 1})
                )
            out.append(item)
        else:
            what = Reason("step_label", {"step": step})
            out.append(board.index(coerce_square(item, board.rows, board.cols, what)))
    return out


def check_tour(board: Board, path: Sequence[int], closed: bool = False) -> None:
    """Raise :class:`~knight_py.i18n.TourError` unless ``path`` (flat indices) is a tour.

    A tour starts anywhere, visits every free square exactly once and moves by
    the board's rule; a closed tour also moves from its last square back to its
    first.  The message names the first problem (a wrong length and the first bad
    step together, as one ``two_problems`` reason).

    A path that passes the C-level check of :mod:`knight_py.fast_validate` is a tour
    without further work; any other path gets the exact walk, which decides and
    names the problem.
    """
    if closed and board.free_count < 3:
        raise TourError(Reason("closed_needs_three"))
    # The fast check knows the knight's eight index differences only.
    fast = _as_array(path) if board.leaper is None else None
    if (
        fast is not None
        and is_tour(board, fast)
        and (not closed or board.is_move(fast[-1], fast[0]))
    ):
        return
    if isinstance(path, array):
        path = path.tolist()  # one conversion: iterating an array makes a new int per step
    problems: list[Reason] = []
    if len(path) != board.free_count:
        problems.append(Reason("wrong_length", {"length": len(path), "free": board.free_count}))
    bad = _first_bad_step(board, path)
    if bad is not None:
        problems.append(bad)
    elif closed and path and not board.is_move(path[-1], path[0]):
        ends = {"last": board.name(path[-1]), "first": board.name(path[0])}
        if board.leaper is not None:
            problems.append(Reason("leaper_closing_move", {**ends, "piece": board.leaper.piece()}))
        else:
            problems.append(Reason("closing_move", {**ends, "horse": _horse(board)}))
    if len(problems) == 2:
        raise TourError(Reason("two_problems", {"first": problems[0], "second": problems[1]}))
    if problems:
        raise TourError(problems[0])


def _as_array(path: Sequence[int]) -> array[int] | None:
    """``path`` as an ``array('i')`` for the fast check, or None when it is no such array."""
    if isinstance(path, array):
        return path if path.typecode == "i" else None
    try:
        return array("i", path)
    except (OverflowError, TypeError):
        return None


def check_path(board: Board, path: Sequence[int]) -> None:
    """Raise :class:`~knight_py.i18n.TourError` unless ``path`` (flat indices) could begin a tour.

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
        raise TourError(Reason("empty_path"))
    bad = _first_bad_step(board, path)
    if bad is not None:
        raise TourError(bad)


def _horse(board: Board) -> bool:
    """True when moves are the xiangqi horse's (a hole can block its leg)."""
    return board.rule == "xiangqi" and bool(board.blocked)


def _first_bad_step(board: Board, path: Sequence[int]) -> Reason | None:
    """Describe the first repeated square, hole or illegal move, or return None."""
    blocked = board.blocked
    cols = board.cols
    seen: set[int] = set()
    for step, square in enumerate(path):
        if square in blocked:
            return Reason("blocked_step", {"step": step, "square": board.name(square)})
        if square in seen:
            return Reason("visited_twice", {"step": step, "square": board.name(square)})
        seen.add(square)
        if step:
            previous = path[step - 1]
            if not board.is_move(previous, square):
                ra, ca = divmod(previous, cols)
                rb, cb = divmod(square, cols)
                if board.leaper is not None:
                    return Reason("leaper_not_a_move", {
                        "step": step, "source": board.name(previous),
                        "target": board.name(square), "piece": board.leaper.piece(),
                    })
                if (rb - ra, cb - ca) in _KNIGHT_DELTAS:
                    lr, lc = leg(ra, ca, rb - ra, cb - ca)
                    return Reason("leg_blocked", {
                        "step": step, "source": board.name(previous), "target": board.name(square),
                        "leg": board.name(lr * cols + lc),
                    })
                return Reason("not_a_move", {
                    "step": step, "source": board.name(previous), "target": board.name(square),
                    "horse": _horse(board),
                })
    return None


def validate(
    rows: int,
    cols: int,
    path: Iterable[object],
    closed: bool = False,
    blocked: Iterable[object] | str = (),
    rule: object = "knight",
) -> None:
    """Check that ``path`` is a (closed) tour; return None or raise ``ValueError``.

    ``path`` holds ``(row, col)`` pairs, algebraic names or flat indices
    ``row * cols + col`` (an ``array('i')`` works too).  Runs in linear time.

    :raises ValueError: naming the first bad step (a :class:`~knight_py.i18n.TourError`
        whose ``why`` is the :class:`~knight_py.i18n.Reason`), or the bad argument.

    >>> validate(3, 4, [(0, 0), (1, 2), (2, 0), (0, 1), (1, 3), (2, 1), (0, 2), (1, 0),
    ...                 (2, 2), (0, 3), (1, 1), (2, 3)])
    >>> validate(3, 4, [(0, 0), (0, 1)])
    Traceback (most recent call last):
    ...
    ValueError: the path has 2 squares but the board has 12 free squares; step 1: a3 -> b3 is not a knight move

    ``rule`` takes a leaper too (:mod:`knight_py.leaper`):

    >>> validate(1, 2, ["a1", "b1"], rule="leaper:0,1")
    >>> validate(2, 2, ["a1", "a2"], rule="leaper:1,1")
    Traceback (most recent call last):
    ...
    ValueError: the path has 2 squares but the board has 4 free squares; step 1: a1 -> a2 is not a jump of the (1, 1)-leaper
    """
    board = Board.create(rows, cols, blocked, rule)
    check_tour(board, path_indices(board, path), closed)


def first_problem(
    rows: int,
    cols: int,
    path: Iterable[object],
    closed: bool = False,
    blocked: Iterable[object] | str = (),
    rule: object = "knight",
) -> Reason | None:
    """What :func:`validate` would raise, as a value: the first problem's reason, or None
    for a tour. For callers that render the reason in another language (the page).

    >>> first_problem(3, 4, ["a1", "c2"]) is None
    False
    >>> first_problem(1, 1, ["a1"]) is None
    True
    """
    try:
        validate(rows, cols, path, closed=closed, blocked=blocked, rule=rule)
    except TourError as err:
        return err.why
    return None
