"""``complete``: finish a tour from a path walked so far, prove it cannot be done, or give up.

The path is checked first (a bad step is a ``ValueError`` naming it).  Then,
in order: the theorems about the whole board (:mod:`knight_py.theorems`), the
counting and reachability arguments about the squares left
(:mod:`knight_py.position`), and a depth-first search that starts from the
path and never backs off it: Warnsdorff first, restarts with scrambled
tie-breaks, and, when few squares are left, an exhaustive search whose end
without a tour proves "impossible".  A path of one square is a plain
:func:`knight_py.solve`.

>>> r = complete(5, 5, ["a1", "b3", "c1"])
>>> r.status, r.path[:3] == [(4, 0), (2, 1), (4, 2)], len(r.path)
('found', True, 25)
>>> complete(8, 8, ["a1", "b3", "c1", "e2", "c3", "d1", "f2", "d3"]).reason
'a2 and h1 each have only one way in or out left, so both would have to be the last square of the tour.'
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Iterable

from .board import MAX_SIDE, Board
from .i18n import Reason
from .position import lost_why
from .result import SolveResult
from .search import Monitor, Progress, SearchStopped, scrambled_tiebreak, tours
from .search.monitor import UNDECIDED, within
from .solver import solve
from .theorems import no_tour_why
from .validate import check_path, check_tour, path_indices

__all__ = ["complete"]

# At most this many squares left: an exhaustive search may prove "impossible".
_PROOF_SQUARES = 100
# Nodes of the first Warnsdorff attempt, per square left (at least _FIRST_NODES).
_FIRST_NODES = 2_000
# Restarts with scrambled tie-breaks, and the nodes each, before the last search.
_RESTARTS = 20
_RESTART_NODES = 2_000


class _Search:
    """Depth-first searches from one path under one monitor."""

    def __init__(self, board: Board, path: array[int], closed: bool, monitor: Monitor) -> None:
        self.board, self.path, self.closed, self.monitor = board, path, closed, monitor

    def run(
        self, prune: int, budget: int | None = None, tiebreak: list[int] | None = None
    ) -> array[int] | None:
        """A tour, None when the search ended without one, :data:`UNDECIDED` when ``budget`` ran out.

        :raises SearchStopped: when the overall budget ran out or the search was cancelled.
        """
        def run() -> array[int] | None:
            found = tours(
                self.board, self.path[0], self.closed, self.monitor, order="warnsdorff",
                prune=prune, tiebreak=tiebreak, prefix=self.path[1:],
            )
            tour = next(found, None)
            return None if tour is None else array("i", tour)

        return within(self.monitor, budget, run)


def _search(search: _Search, left: int) -> tuple[str, array[int] | None, Reason | None]:
    """(status, tour, why) of the searches from the path."""
    board, monitor = search.board, search.monitor
    small = left <= _PROOF_SQUARES
    tour = search.run(1, budget=max(_FIRST_NODES, 20 * left))
    if tour is UNDECIDED and small:
        tour = search.run(2, budget=max(_FIRST_NODES, 20 * left))
    for seed in range(_RESTARTS):
        if tour is not UNDECIDED:
            break
        tour = search.run(1, _RESTART_NODES, scrambled_tiebreak(board, seed))
    if tour is UNDECIDED:
        tour = search.run(2 if small else 1)
    if tour is None:
        return "impossible", None, Reason("complete_exhausted", {
            "nodes": monitor.nodes, "closed": search.closed, "square": board.name(search.path[-1]),
        })
    return "found", tour, None


def complete(
    rows: int,
    cols: int,
    path: Iterable[object],
    closed: bool = False,
    blocked: Iterable[object] | str = (),
    rule: str = "knight",
    max_nodes: int | None = None,
    *,
    on_progress: Callable[[Progress], object] | None = None,
    progress_every: int = 20_000,
    should_stop: Callable[[], object] | None = None,
    max_side: int = MAX_SIDE,
) -> SolveResult:
    """Find a (closed) tour that begins with ``path``, prove there is none, or give up.

    :param rows, cols: board size, 1..1000 each (``max_side`` raises the limit).
    :param path: the squares walked so far, first square first: ``(row, col)``
        pairs, algebraic names or flat indices ``row * cols + col``; at least one.
    :param closed: ask for a closed tour (the last square a move from the first).
    :param blocked: holes, as pairs or names (a string may list names split by commas).
    :param rule: ``"knight"`` or ``"xiangqi"``.
    :param max_nodes: node budget of the searches (default
        :data:`~knight_py.search.monitor.DEFAULT_MAX_NODES`).
    :param on_progress, progress_every, should_stop: as for :func:`knight_py.solve`.
    :returns: a :class:`~knight_py.result.SolveResult` whose ``status`` is
        ``"found"`` (``indices`` is a validated tour starting with ``path``),
        ``"impossible"`` (``reason`` says why, ``why`` as a :class:`~knight_py.i18n.Reason`)
        or ``"gave_up"``; ``method`` is
        ``"complete"``, ``"position"`` or ``"theorem"`` when a reason decided it,
        or the solve's method for a path of one square.
    :raises ValueError: naming the first bad step of ``path`` or the bad argument (a
        :class:`~knight_py.i18n.TourError` with the ``why`` for the path's problems).

    Deterministic: the same arguments give the same tour.

    >>> complete(5, 5, ["a1", "b3", "d4"]).status
    'found'
    >>> complete(5, 5, ["a1", "b3", "b4"])
    Traceback (most recent call last):
    ...
    ValueError: step 2: b3 -> b4 is not a knight move
    >>> complete(6, 6, ["a1", "b3", "d4", "c2"], closed=True).reason
    'The tour can no longer close: every square a knight move from a1, its first square, is already visited.'
    """
    started = time.perf_counter()
    board = Board.create(rows, cols, blocked, rule, max_side=max_side)
    if not isinstance(closed, bool):
        raise ValueError(f"closed must be True or False, got {closed!r}")
    walked = path_indices(board, path)
    check_path(board, walked)
    if len(walked) == 1:
        return solve(
            board.rows, board.cols, board.square(walked[0]), closed, blocked, rule=rule,
            max_nodes=max_nodes,
            on_progress=on_progress, progress_every=progress_every, should_stop=should_stop,
            max_side=max_side,
        )
    monitor = Monitor(
        max_nodes=max_nodes,
        on_progress=on_progress,
        progress_every=progress_every,
        should_stop=should_stop,
        free=board.free_count,
    )
    outcome = _decide(board, walked, closed, monitor)
    tour = outcome[1]
    if tour is not None:
        check_tour(board, tour, closed)
        if tour[: len(walked)] != walked:
            raise AssertionError("the completed tour does not begin with the given path")
    return SolveResult.from_search(board, closed, monitor, outcome, started)


def _decide(
    board: Board, walked: array[int], closed: bool, monitor: Monitor
) -> tuple[str, array[int] | None, Reason | None, str]:
    """(status, tour, why, method) for a checked path of at least two squares."""
    name = board.name
    if len(walked) == board.free_count:
        if closed and (board.free_count < 3 or not board.is_move(walked[-1], walked[0])):
            open_path = Reason(
                "complete_not_closed", {"last": name(walked[-1]), "first": name(walked[0])}
            )
            return "impossible", None, open_path, "position"
        return "found", array("i", walked), None, "position"
    theorem = no_tour_why(board, walked[0], closed)
    if theorem is not None:
        return "impossible", None, theorem, "theorem"
    lost = lost_why(board, walked, closed)
    if lost is not None:
        return "impossible", None, lost, "position"
    try:
        status, tour, why = _search(_Search(board, walked, closed, monitor), board.free_count - len(walked))
    except SearchStopped as stop:
        return "gave_up", None, Reason("complete_gave_up", {"stop": _stop_why(stop)}), "complete"
    return status, tour, why, "complete"


def _stop_why(stop: SearchStopped) -> Reason:
    """Why a search stopped; a stop raised with plain words (by a caller's callback) keeps them."""
    return stop.why or Reason("stopped_by_caller", {"text": stop.reason})
