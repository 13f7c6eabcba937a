"""Exact tours of 3 x n and 4 x n boards: a frontier dynamic program, linear in n.

>>> thin_tour_exists(4, 7, 0, closed=False), thin_tour_exists(4, 7, 8, closed=False)
(True, False)
"""

from .tours import thin_tour, thin_tour_exists

__all__ = ["thin_tour", "thin_tour_exists"]
