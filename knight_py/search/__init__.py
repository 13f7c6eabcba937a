"""Searches for tours: the depth-first engine, its prunes, outer/inner counting, the monitor;
the cycle-cover method (:mod:`.cycle_cover`, :mod:`.cycle_merge`) and the exact sweep
(:mod:`.sweep`) are imported where used.

>>> from knight_py.board import Board
>>> board = Board.create(5, 5)
>>> sum(1 for _ in tours(board, 0, False, Monitor(), order="warnsdorff", prune=2))
304
"""

from .depth_first import ORDERS, centre_tiebreak, scrambled_tiebreak, tours
from .four_ranks import FourRanks
from .monitor import DEFAULT_MAX_NODES, Monitor, Progress, SearchStopped

__all__ = [
    "DEFAULT_MAX_NODES",
    "ORDERS",
    "FourRanks",
    "Monitor",
    "Progress",
    "SearchStopped",
    "centre_tiebreak",
    "scrambled_tiebreak",
    "tours",
]
