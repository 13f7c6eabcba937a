"""The depth-first search engine behind the backtracking, Warnsdorff and exhaustive methods.

One iterative loop with an explicit stack of candidate lists (never recursion:
Pyodide's stack is small and the depth equals the number of squares).  What
differs between the methods is the order of the candidates and how hard the
search prunes:

- ``order="fixed"``: the seeds' fixed move order (:data:`~knight_py.board.KNIGHT_STEPS`);
- ``order="warnsdorff"``: fewest onward moves first, ties to the square farthest
  from the centre (Roth), then the seeds' order.  Onward-move counts are kept
  up to date incrementally as squares are entered and left;
- ``prune=0``: none; ``prune=1``: cheap local prunes; ``prune=2``: also the
  global prunes that make exhaustive proofs of small boards quick.

Every prune is sound: a pruned branch holds no tour, so a search that runs to
its end without a tour proves that there is none.

>>> from knight_py.board import Board
>>> from knight_py.search.monitor import Monitor
>>> board = Board.create(5, 5)
>>> sum(1 for _ in tours(board, 0, False, Monitor(), order="warnsdorff", prune=2))
304
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence

from ..board import Board
from .four_ranks import FourRanks
from .monitor import Monitor
from .prunes import global_dead_end, last_colour_squares, lonely_neighbour, start_position

__all__ = ["ORDERS", "centre_tiebreak", "scrambled_tiebreak", "tours"]

ORDERS = ("fixed", "warnsdorff")

# Most dead positions remembered by an exhaustive search before the memo starts afresh.
_MEMO_LIMIT = 400_000


def centre_tiebreak(board: Board) -> list[int]:
    """Per square, a small number that is smaller the farther it is from the centre."""
    rows, cols = board.rows, board.cols
    far = (rows - 1) ** 2 + (cols - 1) ** 2
    return [
        far - ((2 * r - rows + 1) ** 2 + (2 * c - cols + 1) ** 2)
        for r in range(rows)
        for c in range(cols)
    ]


def scrambled_tiebreak(board: Board, seed: int) -> list[int]:
    """Per square, a pseudo-random tie-break in 0..4095, the same on every Python.

    Restarts with other tie-breaks escape the unlucky early choices that a
    single deterministic order can get stuck behind.

    >>> scrambled_tiebreak(Board.create(2, 2), 1) == scrambled_tiebreak(Board.create(2, 2), 1)
    True
    """
    out = []
    for square in range(board.size):
        x = (square * 0x9E3779B1 + seed * 0x85EBCA77 + 0x165667B1) & 0xFFFFFFFF
        x ^= x >> 15
        x = (x * 0x2C1B3C6D) & 0xFFFFFFFF
        x ^= x >> 12
        out.append(x & 0xFFF)
    return out


def tours(
    board: Board,
    start: int,
    closed: bool,
    monitor: Monitor,
    order: str = "warnsdorff",
    prune: int = 1,
    tiebreak: list[int] | None = None,
    prefix: Sequence[int] = (),
) -> Iterator[array[int]]:
    """Yield every tour from ``start``, in search order, as arrays of flat indices.

    ``tiebreak`` orders squares with equal onward-move counts (smaller first);
    the default is :func:`centre_tiebreak`.  ``prefix`` holds squares already
    walked after ``start`` (a checked path: distinct free squares, legal moves);
    only tours that begin with ``start`` then ``prefix`` are yielded.

    The yielded array is the search's own path: copy it to keep it.  Effort is
    counted in ``monitor.nodes`` (squares entered, the start included) and
    ``monitor.backtracks`` (squares left again).

    :raises SearchStopped: when the monitor's budget runs out or it is cancelled.
    :raises ValueError: when ``order`` is not one of :data:`ORDERS`.
    """
    if order not in ORDERS:
        raise ValueError(f"order must be one of {', '.join(ORDERS)}, not {order!r}")
    n = board.free_count
    nbrs = board.neighbours
    preds = board.predecessors
    symmetric = nbrs is preds
    visited, deg = start_position(board, start, closed)
    leaper = board.leaper  # a leaper keeping its colour says nothing of the last square's
    alternates = leaper is None or not leaper.keeps_colour
    can_end = None if closed or not alternates else last_colour_squares(board, start)
    # Squares not yet entered that can still move into the start (closed only).
    start_exits = len(preds[start])
    start_preds = frozenset(preds[start]) if closed else frozenset()
    record = monitor.event_sink()
    if record is not None:
        record(start)

    path = array("i", [start])
    nodes = monitor.nodes + 1
    backtracks = monitor.backtracks
    next_check = monitor.first_checkpoint()
    if n == 1 and not prefix:
        monitor.nodes, monitor.backtracks = nodes, backtracks
        if not closed:
            yield path
        return
    if closed and n < 3:
        monitor.nodes, monitor.backtracks = nodes, backtracks
        return

    # Boards 4 squares wide: outer/inner counting (a cheap, strong prune there).
    four = prune >= 1 and leaper is None and 4 in (board.rows, board.cols)
    ranks = FourRanks(board, start, closed) if four else None
    warnsdorff = order == "warnsdorff"
    if tiebreak is None:
        tiebreak = centre_tiebreak(board) if warnsdorff else []
    shift = max(tiebreak, default=0) + 1

    def candidates(v: int) -> list[int]:
        """Squares to try from v, the next one to try last."""
        cand = [w for w in nbrs[v] if not visited[w]]
        if warnsdorff and len(cand) > 1:
            cand.sort(key=lambda w: deg[w] * shift + tiebreak[w], reverse=True)
        else:
            cand.reverse()
        return cand

    def dead_end(v: int, depth: int) -> bool:
        """Sound prunes (see :mod:`.prunes`) after entering v with ``depth`` squares on the path."""
        if depth == n:
            return False
        if closed and not start_exits:
            return True  # nothing left can close the tour
        if ranks is not None and ranks.hopeless(v):
            return True
        if prune >= 1 and symmetric and depth + 1 < n and lonely_neighbour(nbrs[v], visited, deg):
            return True
        if prune >= 2:
            return global_dead_end(nbrs, preds, visited, deg, v, n - depth, start, closed, can_end)
        return False

    def enter(v: int) -> None:
        nonlocal start_exits
        visited[v] = 1
        for u in preds[v]:
            deg[u] -= 1
        if v in start_preds:
            start_exits -= 1
        if ranks is not None:
            ranks.enter(v)

    def leave(v: int) -> None:
        nonlocal start_exits
        visited[v] = 0
        for u in preds[v]:
            deg[u] += 1
        if v in start_preds:
            start_exits += 1
        if ranks is not None:
            ranks.leave(v)

    # Exhaustive mode remembers positions (squares entered, current square) that
    # led to no tour, so a transposed path reaching one again is cut at once.
    memo = prune >= 2
    dead: set[int] = set()
    size = board.size
    mask = 1 << start
    for v in prefix:
        enter(v)
        path.append(v)
        if memo:
            mask |= 1 << v
        if record is not None:
            record(v)
    base = len(path)  # the search never backs off the prefix
    last = path[-1]
    if base == n or (base > 1 and dead_end(last, base)):
        monitor.nodes, monitor.backtracks = nodes, backtracks
        if base == n and (not closed or last in start_preds):
            yield path
        return
    found = 0
    found_at = [0]
    stack = [candidates(last)]
    while stack:
        cand = stack[-1]
        if not cand:
            stack.pop()
            if len(path) == base:
                break
            v = path.pop()
            if found == found_at.pop() and memo:
                if len(dead) >= _MEMO_LIMIT:
                    dead.clear()
                dead.add(mask * size + v)
            if memo:
                mask ^= 1 << v
            leave(v)
            backtracks += 1
            if record is not None:
                record(-1 - v)
            continue
        v = cand.pop()
        # The budget is checked before a square is entered, so a search stopped by it
        # has entered exactly as many squares as it counts.
        if nodes >= next_check:
            next_check = monitor.checkpoint(nodes, backtracks, len(path))
        nodes += 1
        enter(v)
        path.append(v)
        if record is not None:
            record(v)
        if memo:
            mask |= 1 << v
        depth = len(path)
        if depth == n and (not closed or v in start_preds):
            found += 1
            monitor.nodes, monitor.backtracks = nodes, backtracks
            yield path
            nodes, backtracks = monitor.nodes, monitor.backtracks
            stack.append([])  # the tour's last square: leave it on the next turn
            found_at.append(-1)
        elif depth == n or (memo and mask * size + v in dead) or dead_end(v, depth):
            stack.append([])  # nothing to try from v: leave it on the next turn
            found_at.append(found)
        else:
            found_at.append(found)
            stack.append(candidates(v))
    monitor.nodes, monitor.backtracks = nodes, backtracks
