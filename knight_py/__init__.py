"""knight_py: knight's tours that are always right.

A verified tour, a proof that none exists, or an honest give-up; on boards up
to 1000 x 1000, on CPython and in the browser through Pyodide.

>>> from knight_py import solve, validate
>>> result = solve(6, 6, "a1", closed=True)
>>> result.status
'found'
>>> validate(6, 6, result.path, closed=True)
"""

from .board import MAX_SIDE, RULES, Board
from .complete import complete
from .counting import TourCount, count_tours, tally_tours
from .result import STATUSES, SolveResult
from .search import DEFAULT_MAX_NODES, Progress, SearchStopped
from .solver import METHODS, solve
from .squares import file_letters, parse_square, square_name
from .survey import Survey, SurveyCell, survey
from .validate import validate

__all__ = [
    "DEFAULT_MAX_NODES",
    "MAX_SIDE",
    "METHODS",
    "RULES",
    "STATUSES",
    "Board",
    "Progress",
    "SearchStopped",
    "SolveResult",
    "Survey",
    "SurveyCell",
    "TourCount",
    "complete",
    "count_tours",
    "file_letters",
    "parse_square",
    "solve",
    "square_name",
    "survey",
    "tally_tours",
    "validate",
]

__version__ = "0.1.0"
