"""knight_py: knight's tours that are always right.

A verified tour, a proof that none exists, or an honest give-up; on boards up
to 1000 x 1000, on CPython and in the browser through Pyodide.

>>> from knight_py import solve, validate
>>> result = solve(6, 6, "a1", closed=True)
>>> result.status
'found'
>>> validate(6, 6, result.path, closed=True)

The web page's worker calls :mod:`knight_py.page`; the Learn view's tracer and programs
are :mod:`knight_py.learn`.

Every reason comes in English and Simplified Chinese (:mod:`knight_py.i18n`):

>>> from knight_py import explain
>>> why = solve(5, 5, "a1", closed=True).why
>>> explain(why, "en")
"No closed tour exists on a 5 x 5 board: both sides are odd, so the board has an odd number of squares (Schwenk's theorem)."
>>> explain(why, "zh")
'5×5 的棋盘上不存在回到起点的周游：两条边都是奇数，格子总数是奇数（施文克定理）。'
"""

from .board import MAX_SIDE, RULES, Board
from .complete import complete
from .counting import TourCount, count_tours
from .i18n import LANGS, Reason, TourError, explain
from .result import STATUSES, SolveResult
from .search import DEFAULT_MAX_NODES, Progress, SearchStopped
from .solver import METHODS, solve
from .squares import parse_square, square_name
from .survey import Survey, SurveyCell, survey
from .validate import validate

__all__ = [
    "DEFAULT_MAX_NODES",
    "LANGS",
    "MAX_SIDE",
    "METHODS",
    "RULES",
    "STATUSES",
    "Board",
    "Progress",
    "Reason",
    "SearchStopped",
    "SolveResult",
    "Survey",
    "SurveyCell",
    "TourCount",
    "TourError",
    "complete",
    "count_tours",
    "explain",
    "parse_square",
    "solve",
    "square_name",
    "survey",
    "validate",
]

__version__ = "0.1.0"
