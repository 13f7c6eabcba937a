"""The boards an exercise's check runs on, drawn afresh for each Check from the
exercise's family with a seed the page shows afterwards (the same seed draws the same
boards again, so a failure can be replayed).

A :class:`Family` gives the sizes, how many holes, the rule and whether the tour must
close; :func:`draw_cases` draws ``boards`` distinct boards from it: a size, a start and
holes, each with ``exists`` computed by the library (:func:`knight_py.solve` with the
board's holes, rule and closing; a board where the library gives up is drawn again) and
the family's ``budget``, which the reference solution fits on every board of the family
(``tests/knight_py/learn/test_learn_cases.py`` runs it on many seeds; ``python3 build.py
bench`` measures it).  ``docs/exercises.md`` counts the boards of each family.

>>> cases = draw_cases("stop60", 7)
>>> cases == draw_cases("stop60", 7), len(cases)
(True, 3)
>>> all(isinstance(c.exists, bool) and c.budget == FAMILIES["stop60"].budget for c in cases)
True
>>> draw_cases("nothing", 1)
Traceback (most recent call last):
...
ValueError: no exercise nothing
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..solver import solve
from .exercises import Case

__all__ = ["FAMILIES", "MAX_SEED", "Family", "draw_cases", "family_size"]

#: Seeds go from 0 to this (a 31-bit number: exact in JavaScript, short to show).
MAX_SEED = 2**31 - 1
#: Library search nodes spent deciding whether a drawn board has a tour.
_SOLVE_NODES = 200_000
#: Draws tried before a family is said to be exhausted (never reached by the families here).
_MAX_DRAWS = 500


@dataclass(frozen=True)
class Family:
    """``sizes``: ``(rows, cols)`` to draw from; ``holes``: the fewest and most holes;
    ``rule``, ``closed``: as :class:`~knight_py.learn.exercises.Case`; ``boards``: boards
    per check; ``budget``: the step budget of every board; ``tours_only``: only boards
    with a tour (else a size is drawn whatever its answer, so None is asked for too);
    ``corner_free``: holes never on the squares a knight's move from the start (a hole
    there would leave the start no way out)."""

    sizes: tuple[tuple[int, int], ...]
    boards: int
    budget: int
    holes: tuple[int, int] = (0, 0)
    rule: str = "knight"
    closed: bool = False
    tours_only: bool = True


_PLAIN_SMALL = ((3, 4), (4, 3))
_WARNSDORFF_SIZES = ((5, 5), (5, 6), (6, 5), (6, 6), (6, 7), (7, 6), (7, 7), (7, 8), (8, 7),
                     (8, 8))

#: Each exercise's family, by the exercise's id.
FAMILIES: dict[str, Family] = {
    "stop60": Family(_PLAIN_SMALL, 3, 50_000),
    "undo": Family(_PLAIN_SMALL, 3, 50_000),
    "count": Family((*_PLAIN_SMALL, (4, 4), (3, 5), (3, 6)), 4, 50_000, tours_only=False),
    "warnsdorff": Family(((8, 8), (7, 8), (8, 7), (7, 7)), 3, 50_000),
    "closed": Family(((6, 6), (5, 6), (6, 5)), 3, 100_000, closed=True),
    "xiangqi": Family(((5, 5), (5, 6), (6, 5), (6, 6)), 3, 100_000, holes=(1, 3),
                      rule="xiangqi"),
    "stack": Family(_PLAIN_SMALL, 3, 50_000),
    "print": Family(_WARNSDORFF_SIZES, 3, 50_000),
}


def family_size(family: Family) -> int:
    """How many boards the family holds: per size, the starts times the ways to place
    the holes among the other squares.

    >>> family_size(Family(((3, 4),), 3, 1000))
    12
    >>> family_size(Family(((3, 3),), 3, 1000, holes=(0, 1)))
    81
    """
    from math import comb

    total = 0
    for rows, cols in family.sizes:
        squares = rows * cols
        total += squares * sum(comb(squares - 1, k)
                               for k in range(family.holes[0], family.holes[1] + 1))
    return total


def _draw_one(family: Family, rng: random.Random) -> Case | None:
    rows, cols = rng.choice(family.sizes)
    start = (rng.randrange(rows), rng.randrange(cols))
    others = [(r, c) for r in range(rows) for c in range(cols) if (r, c) != start]
    holes = tuple(sorted(rng.sample(others, rng.randint(*family.holes))))
    result = solve(rows, cols, start, closed=family.closed, blocked=holes, rule=family.rule,
                   max_nodes=_SOLVE_NODES)
    if result.status not in ("found", "impossible"):
        return None
    exists = result.status == "found"
    if family.tours_only and not exists:
        return None
    return Case(rows, cols, start, holes, family.rule, family.closed, family.budget, exists)


def draw_cases(exercise_id: str, seed: int) -> tuple[Case, ...]:
    """The boards of one check of ``exercise_id`` for ``seed`` (0 .. :data:`MAX_SEED`):
    the same for the same pair, on CPython and in the page's Pyodide alike (Python's own
    ``random.Random`` seeded with a string).

    :raises ValueError: an unknown exercise or a seed out of range.
    """
    family = FAMILIES.get(exercise_id)
    if family is None:
        raise ValueError(f"no exercise {exercise_id}")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}")
    rng = random.Random(f"{exercise_id}:{seed}")
    cases: list[Case] = []
    for _ in range(_MAX_DRAWS):
        case = _draw_one(family, rng)
        if case is None or any((c.rows, c.cols, c.start, c.holes) ==
                               (case.rows, case.cols, case.start, case.holes) for c in cases):
            continue
        cases.append(case)
        if len(cases) == family.boards:
            return tuple(cases)
    raise ValueError(f"the family of {exercise_id} has too few boards")
