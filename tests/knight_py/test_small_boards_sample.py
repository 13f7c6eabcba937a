"""Boards of at most 64 squares with random holes, both rules: auto decides every one.

The cases are ``bench.holes``'s draw (fixed seed): CI runs the first 40;
``KNIGHT_SAMPLE=1000 python -m pytest tests/knight_py/test_small_boards_sample.py`` runs
the full acceptance sample of 1000.  Every verdict is checked against the independent
oracle: a found tour by the oracle's own move table, an "impossible" by the oracle's
exhaustive search or, past its budget, by the oracle's own plain frontier program.
"""

from __future__ import annotations

import os
import random
from itertools import pairwise

from bench.holes import draw
from knight_py import solve
from tests.oracle import frontier_has_tour, has_tour, moves

SAMPLE = int(os.environ.get("KNIGHT_SAMPLE", "40"))
# Nodes the oracle may spend on one "impossible" (the acceptance run may raise it).
ORACLE_BUDGET = int(os.environ.get("KNIGHT_ORACLE_BUDGET", "5000000"))


def oracle_accepts(rows, cols, path, closed, holes, rule) -> bool:
    """Whether ``path`` (flat indices) is a tour by the oracle's own move table."""
    table = moves(rows, cols, frozenset(holes), rule == "xiangqi")
    free = {r * cols + c for r in range(rows) for c in range(cols) if (r, c) not in holes}
    steps = list(pairwise(path)) + ([(path[-1], path[0])] if closed else [])
    return sorted(path) == sorted(free) and all(table[a] >> b & 1 for a, b in steps)


def test_every_verdict_agrees_with_the_oracle_and_nothing_gives_up():
    rng = random.Random(2026)
    gave_up, wrong = [], []
    for _ in range(SAMPLE):
        rows, cols, start, closed, holes, rule = draw(rng)
        result = solve(rows, cols, start, closed, holes, rule=rule)
        case = (rows, cols, start, closed, holes, rule, result.status, result.method)
        if result.status == "gave_up":
            gave_up.append(case)
        elif result.found:
            first = start[0] * cols + start[1]
            if result.indices[0] != first or not oracle_accepts(
                rows, cols, list(result.indices), closed, holes, rule
            ):
                wrong.append(case)
        else:
            xiangqi = rule == "xiangqi"
            verdict = has_tour(rows, cols, start, closed, holes, xiangqi, ORACLE_BUDGET)
            if verdict is None:  # past the search's budget: the oracle's second method
                verdict = frontier_has_tour(rows, cols, start, closed, holes, xiangqi)
            if verdict is not False:
                wrong.append((*case, verdict))  # the oracle found a tour, or could not decide
    assert not wrong, "\n".join(map(repr, wrong))
    assert not gave_up, "\n".join(map(repr, gave_up))
