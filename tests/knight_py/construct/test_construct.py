"""Tests for the linear-time construction (knight_py.construct).

Properties, not fixed tours: every answer passes the validator, starts on the start
square, and is None exactly where no tour exists (odd x odd: closed, or a start of
the minority colour).  Every block pairing the tiling can produce is checked to
merge, so the construction cannot meet an unmergeable pair on a board not tried here.
"""

from __future__ import annotations

import random
import tracemalloc
from array import array
from operator import sub

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knight_py.construct import MIN_SIDE, Tiling, construct_tour, tiling
from knight_py.construct.blocks import (
    SIDES,
    Unit,
    block_link,
    cycle_tour,
    cycle_unit,
    path_tour,
)
from knight_py.construct.join import add_offsets, join
from knight_py.validate import validate
from tests.oracle import tour_expected

EVEN_PARTS = (6, 8, 10)
ODD_PARTS = (5, 7, 9, 11)


def check(rows: int, cols: int, start: int, closed: bool) -> None:
    tour = construct_tour(rows, cols, start, closed)
    if not tour_expected(rows, cols, *divmod(start, cols), closed):
        assert tour is None, (rows, cols, start, closed)
        return
    assert tour is not None, (rows, cols, start, closed)
    assert isinstance(tour, array) and tour.typecode == "i"
    assert tour[0] == start
    validate(rows, cols, tour, closed=closed)


# -- every small board, every start ---------------------------------------------


@pytest.mark.parametrize("rows", range(5, 17))
def test_every_board_up_to_16_every_start(rows: int) -> None:
    for cols in range(5, 17):
        for start in range(rows * cols):
            check(rows, cols, start, closed=False)
            check(rows, cols, start, closed=True)


def test_thin_boards_are_not_covered() -> None:
    for rows, cols in ((4, 8), (8, 4), (3, 10), (1, 1), (2, 9)):
        assert construct_tour(rows, cols, 0, closed=False) is None
    assert construct_tour(5, 5, 25, closed=False) is None
    assert construct_tour(5, 5, -1, closed=False) is None
    assert MIN_SIDE == 5


def test_open_and_closed_share_the_cycle() -> None:
    """On a board with a closed tour the open tour is that cycle, cut at the start."""
    for rows, cols, start in ((6, 7, 20), (10, 10, 55), (23, 40, 400)):
        closed = construct_tour(rows, cols, start, closed=True)
        opened = construct_tour(rows, cols, start, closed=False)
        assert closed is not None and closed == opened


def test_deterministic() -> None:
    assert construct_tour(41, 57, 40 * 57 + 2, False) == construct_tour(41, 57, 40 * 57 + 2, False)


# -- the tiling -----------------------------------------------------------------


def parts_ok(parts: tuple[int, ...], total: int) -> bool:
    odd = [p for p in parts if p % 2]
    return sum(parts) == total and all(p in EVEN_PARTS + ODD_PARTS for p in parts) and len(odd) <= 1


@pytest.mark.parametrize("rows", range(5, 70))
def test_tiling_blocks_all_have_tours(rows: int) -> None:
    for cols in range(5, 70):
        for start in {0, rows * cols - 1, (rows // 2) * cols + cols // 2, cols - 1, 7 % cols}:
            plan = tiling(rows, cols, start, closed=False)
            if plan is None:
                assert rows % 2 and cols % 2 and sum(divmod(start, cols)) % 2
                continue
            assert parts_ok(plan.row_parts, rows) and parts_ok(plan.col_parts, cols)
            shapes = {(h, w) for h in plan.row_parts for w in plan.col_parts}
            if plan.start_block is None:
                assert not (rows % 2 and cols % 2)
                assert all(h % 2 == 0 or w % 2 == 0 for h, w in shapes)
                continue
            i, j = plan.start_block
            row, col = divmod(start, cols)
            top, left = sum(plan.row_parts[:i]), sum(plan.col_parts[:j])
            assert top % 2 == 0 and left % 2 == 0  # the block keeps the board's colours
            assert top <= row < top + plan.row_parts[i] and left <= col < left + plan.col_parts[j]
            assert plan.row_parts[i] % 2 and plan.col_parts[j] % 2
            odd_blocks = [(h, w) for h in plan.row_parts for w in plan.col_parts if h % 2 and w % 2]
            assert len(odd_blocks) == 1


def test_tiling_examples() -> None:
    assert tiling(1000, 1000, 0, True) == Tiling((8,) * 125, (8,) * 125, None)
    assert tiling(11, 11, 5 * 11 + 5, False) == Tiling((11,), (11,), (0, 0))
    assert tiling(9, 9, 0, True) is None


# -- every block pairing the tiling can produce merges ----------------------------


def cycle_shapes() -> list[tuple[int, int]]:
    sizes = EVEN_PARTS + ODD_PARTS
    return [(h, w) for h in sizes for w in sizes if h % 2 == 0 or w % 2 == 0]


def test_every_cycle_shape_has_a_tour() -> None:
    for h, w in cycle_shapes():
        tour = cycle_tour(h, w)
        assert sorted(tour) == list(range(h * w))
        validate(h, w, array("i", tour), closed=True)


def test_every_cycle_pairing_merges() -> None:
    shapes = cycle_shapes()
    for h, w in shapes:
        for h2, w2 in shapes:
            if h2 == h:
                assert block_link(cycle_unit(h, w), cycle_unit(h2, w2), "right") is not None
            if w2 == w:
                assert block_link(cycle_unit(h, w), cycle_unit(h2, w2), "below") is not None


def start_block_cases(largest: int = 80) -> set[tuple[int, int, bool, bool]]:
    """(odd part, start's offset in it, a part before?, a part after?) over many sides."""
    cases = set()
    for total in range(5, largest, 2):
        for x in range(total):
            plan = tiling(total, 5, x * 5 + x % 2, closed=False)
            assert plan is not None and plan.start_block is not None
            i = plan.start_block[0]
            top = sum(plan.row_parts[:i])
            cases.add((plan.row_parts[i], x - top, i > 0, i < len(plan.row_parts) - 1))
    return cases


def test_start_block_cases_saturate() -> None:
    """Sides up to 80 already give every start-block case that larger sides give."""
    assert start_block_cases(80) == start_block_cases(160)


def test_every_start_block_path_exists_and_merges() -> None:
    cases = sorted(start_block_cases())
    count = 0
    for h, row, up, down in cases:
        for w, col, left, right in cases:
            if (row + col) % 2:
                continue
            needs = (left, up, right, down)
            sides = tuple(side for side, need in zip(SIDES, needs, strict=True) if need)
            path = path_tour(h, w, row * w + col, sides)
            assert path is not None, (h, w, row, col, sides)
            assert path[0] == row * w + col
            validate(h, w, array("i", path))
            unit = Unit(h, w, path, False)
            for other in EVEN_PARTS:
                if left:
                    assert block_link(cycle_unit(h, other), unit, "right") is not None
                if right:
                    assert block_link(unit, cycle_unit(h, other), "right") is not None
                if up:
                    assert block_link(cycle_unit(other, w), unit, "below") is not None
                if down:
                    assert block_link(unit, cycle_unit(other, w), "below") is not None
            count += 1
    assert count > 500


# -- joining ------------------------------------------------------------------------


def test_join_path_keeps_its_start() -> None:
    path = array("i", [5, 6, 7])
    ring = array("i", [0, 1, 2, 3])
    # Cut path edge 6-7 and ring edge 1-2 (squares 11-12); crossed: 6-12, 7-11.
    out = join([(path, 0, False), (ring, 10, True)], [(0, 1, 1, 1, False)])
    assert list(out) == [5, 6, 12, 13, 10, 11, 7]


def test_join_rejects_bad_links() -> None:
    ring = array("i", [0, 1, 2, 3])
    with pytest.raises(ValueError):
        join([(ring, 0, True), (ring, 4, True)], [])
    with pytest.raises(ValueError):
        join([(ring, 0, False), (ring, 4, False)], [(0, 0, 1, 0, True)])


def test_add_offsets() -> None:
    squares = array("i", [0, 5, 2**30])
    assert list(add_offsets(squares, array("i", [7, 0, 2**30 - 1]))) == [7, 5, 2**31 - 1]


# -- large boards -----------------------------------------------------------------

# Sides 40..47 cover every residue of 8 (the main part), odd and even, n and n + 2.
RESIDUES = [(m, n) for m in range(40, 48) for n in (m, m + 2)]
LARGE = [
    (5, 1000),
    (1000, 5),
    (6, 999),
    (999, 7),
    (5, 999),
    (999, 5),
    (11, 1000),
    (1000, 11),
    (11, 999),
    (999, 11),
    (101, 103),
    (998, 1000),
    (1000, 999),
    (333, 334),
    (500, 500),
    (1000, 1000),
]


def starts(rows: int, cols: int, count: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    squares = [0, rows * cols - 1, (rows // 2) * cols + cols // 2, cols - 1, (rows - 1) * cols]
    squares += [rng.randrange(rows * cols) for _ in range(count)]
    return squares


@pytest.mark.parametrize(("rows", "cols"), RESIDUES)
def test_residue_classes(rows: int, cols: int) -> None:
    for start in starts(rows, cols, 6, rows * cols):
        for closed in (False, True):
            check(rows, cols, start, closed)


@pytest.mark.parametrize(("rows", "cols"), LARGE)
def test_large_boards(rows: int, cols: int) -> None:
    odd = rows % 2 and cols % 2
    for start in starts(rows, cols, 1, rows + cols)[:3]:
        if odd and sum(divmod(start, cols)) % 2:
            start -= 1  # a majority square next to it
        check(rows, cols, start, closed=not odd)


@settings(max_examples=60, deadline=None)
@given(
    rows=st.integers(5, 120),
    cols=st.integers(5, 120),
    where=st.floats(0, 1, exclude_max=True),
    closed=st.booleans(),
)
def test_any_size_any_start(rows: int, cols: int, where: float, closed: bool) -> None:
    check(rows, cols, int(where * rows * cols), closed)


def test_memory_of_1000_by_1000() -> None:
    tracemalloc.start()
    try:
        tour = construct_tour(1000, 1000, 500 * 1000 + 500, closed=False)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert tour is not None and len(tour) == 1_000_000
    assert peak < 200 * 2**20


def test_2000_by_2000() -> None:
    """Checked in slices (the full validator needs several times the tour's memory)."""
    rows = cols = 2000
    start = 1999 * 2000 + 3
    tracemalloc.start()
    try:
        tour = construct_tour(rows, cols, start, closed=True)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 400 * 2**20
    assert tour is not None and len(tour) == rows * cols and tour[0] == start
    moves = {(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)}
    chunk = 250_000
    for lo in range(0, len(tour), chunk):
        part = tour[lo : lo + chunk + 1]
        rs = [v // cols for v in part]
        cs = [v % cols for v in part]
        steps = set(zip(map(sub, rs[1:], rs), map(sub, cs[1:], cs), strict=False))
        assert steps <= moves
    marks = bytearray(rows * cols)
    for v in tour:
        marks[v] = 1
    assert marks.count(0) == 0
    (r1, c1), (r0, c0) = divmod(tour[-1], cols), divmod(start, cols)
    assert (r0 - r1, c0 - c1) in moves


def test_position_skips_misaligned_matches() -> None:
    from knight_py.construct.assemble import _position

    assert _position(array("i", [256, 1]), 1) == 1  # bytes of 256 then 1 hold 1 at offset 1
    assert _position(array("i", [3, 7, 9]), 9) == 2
