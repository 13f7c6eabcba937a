"""Boards without holes up to 60 x 60 (and samples to 1000): every answer is right.

The expected verdict is written here from the published theory, independently
of the package: Schwenk's theorem for closed tours; for open tours the list of
boards that have one, the colour rule, the 4 x n outer-rank rule, and the
brute-force oracle for the short 3 x n boards whose squares differ.
"""

from __future__ import annotations

import random

import pytest

from knight_py import solve, validate
from tests.oracle import tour_expected


def starts(rows: int, cols: int, rng: random.Random) -> list[tuple[int, int]]:
    picked = {(rows - 1, 0), (rows // 2, cols // 2)}
    picked.update((rng.randrange(rows), rng.randrange(cols)) for _ in range(10))
    return sorted(picked)


@pytest.mark.parametrize("m", range(1, 61))
def test_every_board_to_60_from_corner_centre_and_random_squares(m):
    rng = random.Random(m)
    for n in range(m, 61):
        for rows, cols in {(m, n), (n, m)} if n % 7 == 0 else {(m, n)}:
            for row, col in starts(rows, cols, rng):
                for closed in (False, True):
                    result = solve(rows, cols, (row, col), closed=closed)
                    want = tour_expected(rows, cols, row, col, closed)
                    assert result.status == ("found" if want else "impossible"), (
                        rows, cols, row, col, closed, result.reason)
                    if want:
                        validate(rows, cols, result.indices, closed=closed)
                        assert result.indices[0] == row * cols + col


SIZES = [(3, 1000), (1000, 3), (4, 999), (999, 4), (5, 1000), (1000, 5), (6, 997), (7, 1000),
         (99, 101), (100, 102), (250, 250), (333, 334), (499, 501), (1000, 1000), (999, 999)]


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_sample_of_large_boards(rows, cols):
    rng = random.Random(rows * 7919 + cols)
    for row, col in [(rows - 1, 0), (rows // 2, cols // 2), (rng.randrange(rows),
                                                             rng.randrange(cols))]:
        for closed in (False, True):
            result = solve(rows, cols, (row, col), closed=closed)
            want = tour_expected(rows, cols, row, col, closed)
            assert result.status == ("found" if want else "impossible"), result.reason
            assert result.method in ("construct", "thin", "theorem")
            if want:
                validate(rows, cols, result.indices, closed=closed)


def test_two_thousand_square_boards_behind_an_explicit_option():
    with pytest.raises(ValueError, match="from 1 to 1000"):
        solve(2000, 2000, "a1")
    result = solve(2000, 2000, (1000, 1000), closed=True, max_side=2000)
    assert result.status == "found" and len(result.indices) == 4_000_000
