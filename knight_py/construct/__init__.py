"""Linear-time tours of boards with both sides at least 5: tile with blocks, join their tours.

>>> from knight_py.validate import validate
>>> validate(12, 10, construct_tour(12, 10, 0, closed=True), closed=True)
"""

from .assemble import MIN_SIDE, Tiling, construct_tour, tiling
from .blocks import SIDES, Link, Unit, block_link, cycle_tour, cycle_unit, find_link, path_tour
from .join import JoinLink, JoinUnit, add_offsets, join

__all__ = [
    "MIN_SIDE",
    "SIDES",
    "JoinLink",
    "JoinUnit",
    "Link",
    "Tiling",
    "Unit",
    "add_offsets",
    "block_link",
    "construct_tour",
    "cycle_tour",
    "cycle_unit",
    "find_link",
    "join",
    "path_tour",
    "tiling",
]
