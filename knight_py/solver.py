"""``solve``: choose a method, run it under a monitor, validate, explain.

``method="auto"`` tries, in order: the theorems in :mod:`knight_py.theorems`;
on boards without holes the exact constructions (3- and 4-row boards:
:mod:`knight_py.thin`; larger: :mod:`knight_py.construct`), after a short
Warnsdorff attempt on small boards where it is quicker; otherwise Warnsdorff
with backtracking, a cycle cover merged into one tour
(:mod:`knight_py.search.cycle_merge`, for large boards with holes) and, on small
boards, an exhaustive search that proves "impossible" when it ends without a
tour; on small narrow boards the exact sweep (:mod:`knight_py.search.sweep`)
settles what the depth-first search could not quickly.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Iterable
from functools import partial
from typing import NamedTuple

from .board import MAX_SIDE, Board
from .i18n import Reason
from .result import SolveResult
from .search import Monitor, Progress, SearchStopped, scrambled_tiebreak, tours
from .search.monitor import UNDECIDED, within
from .theorems import no_tour_why
from .validate import check_tour

__all__ = ["METHODS", "solve"]

#: Method names accepted by :func:`solve`.
METHODS = ("auto", "warnsdorff", "backtrack", "exhaustive", "construct")

# Boards up to this many free squares get an exhaustive proof when a quicker search fails.
_PROOF_SQUARES = 100
# Restarts with scrambled tie-breaks, and the nodes each, before a complete search.
_RESTARTS = 100
_RESTART_NODES = 5_000
# Nodes of the first, quick exhaustive attempt on small boards with holes.
_QUICK_PROOF_NODES = 100_000
# Shuffles tried by the cycle-cover method, and its work budget per free square.
_MERGE_SEEDS = 4
_MERGE_NODES_PER_SQUARE = 400
# Widest frontier (squares) the exact sweep is tried on, and its share of the budget left (%).
_SWEEP_WIDTH = 13
_SWEEP_SHARE = 85
# Nodes of the first, short sweep on small narrow boards (before the tour finders).
_QUICK_SWEEP_NODES = 100_000
# Nodes of each direction's first turn of the sweep (later turns get four times more).
_SWEEP_FIRST_NODES = 20_000
# Empty boards up to this many squares try Warnsdorff before the construction.
_WARNSDORFF_FIRST = 64


def _search(
    board: Board,
    start: int,
    closed: bool,
    monitor: Monitor,
    order: str,
    prune: int,
    tiebreak: list[int] | None = None,
) -> array[int] | None:
    """First tour of a depth-first search, or None when the search space is exhausted."""
    found = tours(board, start, closed, monitor, order=order, prune=prune, tiebreak=tiebreak)
    tour = next(found, None)
    return None if tour is None else array("i", tour)


def _narrow(board: Board) -> bool:
    """Whether the exact sweep's frontier is narrow enough for it to pay off."""
    from .search.sweep import frontier_width

    return frontier_width(board) <= _SWEEP_WIDTH


def _construction(board: Board, start: int, closed: bool) -> tuple[array[int] | None, str]:
    """The linear constructions for boards without holes: (tour or None, method name)."""
    # Imported here: Pyodide compiles modules from source, so load them only when used.
    if min(board.rows, board.cols) in (3, 4):
        from .thin import thin_tour  # turns boards with 3 or 4 columns itself

        return thin_tour(board.rows, board.cols, start, closed), "thin"
    from .construct import construct_tour

    return construct_tour(board.rows, board.cols, start, closed), "construct"


class _Attempt:
    """Runs the methods of one solve and keeps what they found out."""

    def __init__(self, board: Board, start: int, closed: bool, monitor: Monitor) -> None:
        self.board, self.start, self.closed, self.monitor = board, start, closed, monitor

    def search(
        self,
        order: str,
        prune: int,
        budget: int | None = None,
        tiebreak: list[int] | None = None,
    ) -> array[int] | None:
        """Search with an optional sub-budget; SearchStopped escapes unless the sub-budget ran out."""
        args = (self.board, self.start, self.closed, self.monitor, order, prune, tiebreak)
        return within(self.monitor, budget, lambda: _search(*args))

    def merge(self, seeds: int, budget: int) -> array[int] | None:
        """Cycle cover and merging (:mod:`knight_py.search.cycle_merge`) with up to ``seeds``
        shuffles; a tour, or UNDECIDED (this method never proves anything)."""
        from .search.cycle_merge import merge_tour  # loaded when used (Pyodide compiles source)

        monitor = self.monitor
        next_check = monitor.first_checkpoint()

        def tick(work: int) -> None:
            nonlocal next_check
            monitor.nodes += work
            if monitor.nodes >= next_check:
                next_check = monitor.checkpoint(monitor.nodes, monitor.backtracks, 0)

        def run() -> array[int] | None:
            for seed in range(seeds):
                tour = merge_tour(self.board, self.start, self.closed, seed, tick)
                if tour is not None:
                    return tour
            return UNDECIDED

        return within(self.monitor, budget, run)

    def sweep(self, budget: int) -> array[int] | None:
        """The exact sweep (:mod:`knight_py.search.sweep`): a tour, None (a proof), or
        UNDECIDED when its sub-budget ran out.

        A sweep settles quickly when it starts at the board's tight end (the squares
        with few moves), and which end that is varies: the two directions take turns
        with growing budgets, so the wrong one costs at most about as much as the right.
        """
        from .search.sweep import sweep  # loaded when used (Pyodide compiles source)

        monitor = self.monitor
        limit = monitor.nodes + budget
        share = _SWEEP_FIRST_NODES
        while monitor.nodes < limit:
            for backwards in (False, True):
                left = limit - monitor.nodes
                if left <= 0:
                    break
                run = partial(sweep, self.board, self.start, self.closed, monitor, backwards)
                tour = within(self.monitor, min(share, left), run)
                if tour is not UNDECIDED:
                    return tour
            share *= 4
        return UNDECIDED

    def restarts(self, seeds: range) -> array[int] | None:
        """Short Warnsdorff searches with scrambled tie-breaks: a tour or UNDECIDED."""
        for seed in seeds:
            tour = self.search("warnsdorff", 1, _RESTART_NODES, scrambled_tiebreak(self.board, seed))
            if tour is not UNDECIDED:
                return tour
        return UNDECIDED


class _Outcome(NamedTuple):
    status: str
    tour: array[int] | None
    why: Reason | None
    method: str


def _by_construction(attempt: _Attempt, method: str) -> _Outcome:
    """Boards without holes: a short Warnsdorff try on small boards, then the constructions."""
    board, start, closed = attempt.board, attempt.start, attempt.closed
    if method == "auto" and board.size <= _WARNSDORFF_FIRST:
        tour = attempt.search("warnsdorff", 1, budget=20 * board.size)
        if tour:
            return _Outcome("found", tour, None, "warnsdorff")
    tour, used = _construction(board, start, closed)
    if tour is not None:
        return _Outcome("found", tour, None, used)
    if used == "thin":
        return _Outcome("impossible", None, Reason("thin_none", {
            "closed": closed, "rows": board.rows, "cols": board.cols, "start": board.name(start),
        }), used)
    # Only reached when the theorems and the construction disagree: a bug, said plainly.
    return _Outcome(
        "gave_up", None,
        Reason("construction_gap", {"closed": closed, "start": board.name(start)}), used,
    )


def _auto_with_holes(attempt: _Attempt) -> tuple[array[int] | None, str]:
    """``auto`` on a board with holes: quick tries first, the costly complete ones last.

    Returns the tour, None (a proof: the last method run was complete), or UNDECIDED,
    with the name of the method that answered.
    """
    board = attempt.board
    small = board.free_count <= _PROOF_SQUARES
    narrow = small and _narrow(board)
    tour = attempt.search("warnsdorff", 1, budget=max(10_000, 2 * board.free_count))
    if tour is not UNDECIDED:
        return tour, "warnsdorff"
    if small:  # most small boards without a tour are proved quickly
        tour = attempt.search("warnsdorff", 2, budget=_QUICK_PROOF_NODES)
        if tour is not UNDECIDED:
            return tour, "exhaustive"
    if narrow:  # a short exact sweep proves most of the rest
        tour = attempt.sweep(budget=_QUICK_SWEEP_NODES)
        if tour is not UNDECIDED:
            return tour, "sweep"
    # Tours the depth-first search missed: a cycle cover merged into one tour, and
    # short restarts with scrambled tie-breaks.
    tour = attempt.merge(_MERGE_SEEDS, budget=_MERGE_NODES_PER_SQUARE * board.free_count)
    if tour is not UNDECIDED:
        return tour, "cycles"
    tour = attempt.restarts(range(_RESTARTS // 2))
    if tour is not UNDECIDED:
        return tour, "warnsdorff"
    if narrow:  # the complete answer on narrow boards
        left = attempt.monitor.max_nodes - attempt.monitor.nodes
        tour = attempt.sweep(budget=left * _SWEEP_SHARE // 100)
        if tour is not UNDECIDED:
            return tour, "sweep"
    tour = attempt.restarts(range(_RESTARTS // 2, _RESTARTS))
    if tour is not UNDECIDED:
        return tour, "warnsdorff"
    # A complete search with the rest of the budget (it ends with a proof on small boards).
    return attempt.search("warnsdorff", 2 if small else 1), "exhaustive" if small else "warnsdorff"


def _auto_leaper(attempt: _Attempt) -> tuple[array[int] | None, str]:
    """``auto`` for a leaper other than the knight: Warnsdorff with backtracking, the
    exhaustive search on small boards, short restarts, then a complete search with the
    rest of the budget (the knight's constructions and sweep are the knight's own).

    Returns the tour, None (a proof: the last method run was complete), or UNDECIDED.
    """
    n = attempt.board.free_count
    small = n <= _PROOF_SQUARES
    tour = attempt.search("warnsdorff", 1, budget=max(10_000, 2 * n))
    if tour is not UNDECIDED:
        return tour, "warnsdorff"
    if small:
        tour = attempt.search("warnsdorff", 2, budget=_QUICK_PROOF_NODES)
        if tour is not UNDECIDED:
            return tour, "exhaustive"
    tour = attempt.restarts(range(_RESTARTS))
    if tour is not UNDECIDED:
        return tour, "warnsdorff"
    return attempt.search("warnsdorff", 2 if small else 1), "exhaustive" if small else "warnsdorff"


def _by_search(attempt: _Attempt, method: str) -> _Outcome:
    """Depth-first searches; running out of squares to try is a proof of "impossible"."""
    board = attempt.board
    if method == "backtrack":
        tour, used = attempt.search("fixed", 0), "backtrack"
    elif method == "warnsdorff":
        tour, used = attempt.search("warnsdorff", 1), "warnsdorff"
    elif method == "exhaustive":
        tour, used = attempt.search("warnsdorff", 2), "exhaustive"
    elif attempt.board.leaper is not None:
        tour, used = _auto_leaper(attempt)
    else:
        tour, used = _auto_with_holes(attempt)
    if tour is None:
        code = "sweep_exhausted" if used == "sweep" else "search_exhausted"
        return _Outcome("impossible", None, Reason(code, {
            "nodes": attempt.monitor.nodes, "closed": attempt.closed,
            "start": board.name(attempt.start),
        }), used)
    return _Outcome("found", tour, None, used)


def _run(board: Board, start: int, closed: bool, method: str, monitor: Monitor) -> _Outcome:
    """Theorems first, then the construction or a search, as ``method`` asks."""
    why = no_tour_why(board, start, closed)
    if why is not None:
        return _Outcome("impossible", None, why, "theorem")
    if board.free_count == 1:
        return _Outcome("found", array("i", [start]), None, "theorem")
    attempt = _Attempt(board, start, closed, monitor)
    if board.leaper is None and (method == "construct" or (method == "auto" and board.is_empty)):
        return _by_construction(attempt, method)
    return _by_search(attempt, method)


def solve(
    rows: int,
    cols: int,
    start: object,
    closed: bool = False,
    blocked: Iterable[object] | str = (),
    method: str = "auto",
    rule: object = "knight",
    max_nodes: int | None = None,
    *,
    on_progress: Callable[[Progress], object] | None = None,
    progress_every: int = 20_000,
    should_stop: Callable[[], object] | None = None,
    record_events: int = 0,
    max_side: int = MAX_SIDE,
) -> SolveResult:
    """Find a knight's tour from ``start``, prove there is none, or give up on a budget.

    :param rows, cols: board size, 1..1000 each (``max_side`` raises the limit).
    :param start: ``(row, col)`` (row 0 on top) or an algebraic name such as ``"a1"``.
    :param closed: ask for a closed tour (the last square a move from the first).
    :param blocked: holes, as pairs or names (a string may list names split by commas).
    :param method: one of :data:`METHODS`.
    :param rule: ``"knight"``, ``"xiangqi"`` (the horse is blocked by a hole at its leg)
        or another leaper (:mod:`knight_py.leaper`): a name such as ``"camel"``,
        ``"leaper:a,b"``, a pair or a :class:`~knight_py.leaper.Leaper`.
    :param max_nodes: node budget of the searches (default
        :data:`~knight_py.search.DEFAULT_MAX_NODES`); the constructions need none.
    :param on_progress: called with a :class:`~knight_py.search.Progress` every
        ``progress_every`` nodes.
    :param should_stop: polled during searches; returning True gives up promptly.
    :param record_events: keep up to this many search events in ``result.events``.
    :returns: a :class:`~knight_py.result.SolveResult`; a found tour has passed the validator;
        otherwise ``reason`` says why in English and ``why`` holds the same as a
        :class:`~knight_py.i18n.Reason` for :func:`~knight_py.i18n.explain`.
    :raises ValueError: naming the bad argument and what is allowed.

    Deterministic: the same arguments give the same tour.

    >>> r = solve(8, 8, "a1", closed=True)
    >>> r.status, len(r.path), r.method
    ('found', 64, 'warnsdorff')
    >>> solve(4, 4, (0, 0)).reason
    'No open tour exists on a 4 x 4 board: open tours exist only on 1 x 1, 3 x 4, 3 x n (n >= 7), 4 x n (n >= 5) and boards with both sides >= 5.'
    >>> r = solve(5, 8, "a1", rule="giraffe")
    >>> r.status, len(r.path)
    ('found', 40)
    >>> solve(8, 8, "a1", rule="camel").why.code
    'leaper_colour'
    """
    started = time.perf_counter()
    board = Board.create(rows, cols, blocked, rule, max_side=max_side)
    start_index = board.start_index(start)
    if not isinstance(closed, bool):
        raise ValueError(f"closed must be True or False, got {closed!r}")
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(map(repr, METHODS))}, got {method!r}")
    if method == "construct" and board.leaper is not None:
        raise ValueError(
            "method 'construct' builds knight's tours only; "
            "use 'auto', 'warnsdorff', 'exhaustive' or 'backtrack' for other leapers"
        )
    if method == "construct" and not board.is_empty:
        raise ValueError(
            "method 'construct' works on boards without blocked squares; "
            "use 'auto', 'warnsdorff', 'exhaustive' or 'backtrack' for boards with holes"
        )
    monitor = Monitor(
        max_nodes=max_nodes,
        on_progress=on_progress,
        progress_every=progress_every,
        should_stop=should_stop,
        record_events=record_events,
        free=board.free_count,
    )
    try:
        outcome = _run(board, start_index, closed, method, monitor)
    except SearchStopped as stop:
        stopped = stop.why or Reason("stopped_by_caller", {"text": stop.reason})
        outcome = _Outcome("gave_up", None, Reason("solve_gave_up", {"stop": stopped}), method)
    if outcome.tour is not None:
        check_tour(board, outcome.tour, closed)
    return SolveResult.from_search(board, closed, monitor, outcome, started)
