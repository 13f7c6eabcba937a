"""The boards an exercise's check runs on, drawn afresh for each Check from the
exercise's family with a seed the page shows afterwards (the same seed draws the same
boards again, so a failure can be replayed).

A :class:`Family` gives the sizes, how many holes, the rule and whether the tour must
close; :func:`draw_cases` draws ``boards`` distinct boards from it: a size, a start and
holes.  A board is kept only when the reference solution's own search, counted without
running it (:func:`~knight_py.learn.search_cost.squares_numbered`), decides it within
the family's ``max_squares``; its ``exists`` is that search's answer: the search is
exhaustive, so ``False`` is a proof.  The tests check it against the library's own
(:func:`knight_py.solve` with the board's holes, rule and closing) on many seeds; the
draw does not call it, since on a board with holes and the xiangqi rule it takes about
0.2 s in CPython, three times that in the page.  Every board gets the family's
``budget``, which the reference solution fits (``tests/knight_py/learn/test_learn_cases.py``
runs it on many seeds; ``python3 build.py bench`` measures it).  ``docs/exercises.md`` counts the boards of each family.

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

from .exercises import Case
from .search_cost import squares_numbered

__all__ = ["FAMILIES", "MAX_SEED", "Family", "draw_cases"]

#: Seeds go from 0 to this (a 31-bit number: exact in JavaScript, short to show).
MAX_SEED = 2**31 - 1
#: Draws tried before a family is said to be exhausted (never reached by the families here).
_MAX_DRAWS = 500


@dataclass(frozen=True)
class Family:
    """``sizes``: ``(rows, cols)`` to draw from; ``holes``: the fewest and most holes;
    ``rule``, ``closed``: as :class:`~knight_py.learn.exercises.Case`; ``boards``: boards
    per check; ``order``: the reference solution's order of trying squares
    (:data:`~knight_py.learn.search_cost.ORDERS`); ``max_squares``: a board is kept only
    when that search numbers at most this many squares (retries counted) before it
    finds a tour or proves there is none; ``per_square``: the most traced steps the
    reference solution takes per square it numbers (measured), so that the budget
    ``per_square * max_squares + 1000`` fits every board of the family;
    ``tours_only``: only boards with a tour (else the first board has one and the
    others may have none); with the xiangqi rule or a closed tour asked for, only boards
    where the same search without the rule, or open, finds another answer (the starting
    program, which lacks the rule or the closing, fails there); ``backtracks``: only boards where the
    reference search takes a move back (so a check of the undo and the count sees one)."""

    sizes: tuple[tuple[int, int], ...]
    boards: int
    order: str
    max_squares: int
    per_square: int
    holes: tuple[int, int] = (0, 0)
    rule: str = "knight"
    closed: bool = False
    tours_only: bool = True
    backtracks: bool = False

    @property
    def budget(self) -> int:
        """The step budget of every board of the family."""
        return self.per_square * self.max_squares + 1000


#: Steps per square numbered allowed to the plain-order exercises: the recursive reference
#: solutions take at most 33, the stack exercise's (a loop trying one move a turn) 75; a
#: student may write either for any of them.
_PLAIN_STEPS = 80
_PLAIN_SIZES = ((4, 5), (5, 4), (5, 5), (3, 7), (7, 3), (4, 6), (6, 4))
_WARNSDORFF_SIZES = ((6, 6), (6, 7), (7, 6), (6, 8), (8, 6), (7, 7), (7, 8), (8, 7), (8, 8))

#: Each exercise's family, by the exercise's id.
FAMILIES: dict[str, Family] = {
    "stop60": Family(_PLAIN_SIZES, 3, "plain", 1500, _PLAIN_STEPS, holes=(1, 3)),
    "undo": Family(_PLAIN_SIZES, 3, "plain", 1500, _PLAIN_STEPS, holes=(1, 3), backtracks=True),
    "count": Family((*_PLAIN_SIZES, (4, 4), (3, 5), (3, 6)), 4, "plain", 1200, _PLAIN_STEPS,
                    holes=(0, 3), tours_only=False, backtracks=True),
    "warnsdorff": Family(_WARNSDORFF_SIZES, 3, "fewest", 150, 115, holes=(1, 3)),
    "closed": Family(((6, 6), (6, 8), (8, 6)), 3, "fewest_xy", 1000, 115, holes=(2, 2),
                     closed=True),
    "xiangqi": Family(((5, 5), (5, 6), (6, 5), (6, 6), (6, 7), (7, 6), (7, 7)), 3, "fewest_xy",
                      300, 115, holes=(1, 3), rule="xiangqi"),
    "stack": Family(_PLAIN_SIZES, 3, "plain", 1000, _PLAIN_STEPS, holes=(1, 3)),
    "print": Family(((5, 5), (5, 6), (6, 5), *_WARNSDORFF_SIZES), 3, "fewest_xy", 150, 115,
                    holes=(0, 2)),
}


def _draw_one(family: Family, rng: random.Random, need_tour: bool,
              hole_counts: list[int]) -> Case | None:
    rows, cols = rng.choice(family.sizes)
    start = (rng.randrange(rows), rng.randrange(cols))
    others = [(r, c) for r in range(rows) for c in range(cols) if (r, c) != start]
    holes = tuple(sorted(rng.sample(others, rng.choice(hole_counts))))
    searched = squares_numbered(rows, cols, start, holes, order=family.order, rule=family.rule,
                                closed=family.closed, limit=family.max_squares)
    if searched is None:
        return None
    numbered, found = searched
    free = rows * cols - len(holes)
    if ((family.tours_only or need_tour) and not found) or (family.backtracks and numbered <= free):
        return None
    if (family.rule != "knight" or family.closed) and squares_numbered(
            rows, cols, start, holes, order=family.order, limit=family.max_squares) == searched:
        return None  # the same search without the rule or the closing finds the same tour
    return Case(rows, cols, start, holes, family.rule, family.closed, family.budget, found)


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
    low, high = family.holes
    for _ in range(_MAX_DRAWS):
        # Boards of one check hold different numbers of holes while the range allows: a
        # stop test or a count right for one number of holes only fails on another.
        used = {len(c.holes) for c in cases}
        counts = [k for k in range(low, high + 1) if k not in used] or list(range(low, high + 1))
        case = _draw_one(family, rng, not cases, counts)
        if case is None or any((c.rows, c.cols, c.start, c.holes) ==
                               (case.rows, case.cols, case.start, case.holes) for c in cases):
            continue
        cases.append(case)
        if len(cases) == family.boards:
            return tuple(cases)
    raise ValueError(f"the family of {exercise_id} has too few boards")
