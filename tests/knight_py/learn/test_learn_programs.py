"""The Learn view's programs: tours where promised, the posts' bugs where kept."""

from __future__ import annotations

from itertools import pairwise

import pytest

from knight_py import solve
from knight_py.board import KNIGHT_STEPS
from knight_py.learn.programs import PROGRAM_IDS, PROGRAMS
from knight_py.learn.tracer import run


def _tour_fn(program: str) -> object:
    namespace: dict[str, object] = {}
    exec(compile(PROGRAMS[program].source, "<program>", "exec"), namespace)
    return namespace["tour"]


def _path(board: list[list[int]]) -> list[tuple[int, int]]:
    cells = sorted((v, (r, c)) for r, row in enumerate(board) for c, v in enumerate(row) if v)
    return [square for _, square in cells]


def _assert_tour(path: list[tuple[int, int]], rows: int, cols: int) -> None:
    assert len(path) == rows * cols
    assert len(set(path)) == rows * cols
    for (r1, c1), (r2, c2) in pairwise(path):
        assert (r2 - r1, c2 - c1) in KNIGHT_STEPS


def test_every_program_is_short_and_described() -> None:
    assert set(PROGRAMS) == set(PROGRAM_IDS)
    for pid, program in PROGRAMS.items():
        assert program.id == pid
        assert program.description and bool(program.bug) == (program.bug_line > 0)
        assert len(program.source.splitlines()) <= 45
        assert "def tour(rows, cols, start):" in program.source


@pytest.mark.parametrize("program", ["backtrack", "warnsdorff_backtrack", "stack"])
@pytest.mark.parametrize(("rows", "cols", "start"), [(5, 5, (4, 0)), (5, 5, (2, 2)),
                                                    (3, 4, (0, 0)), (6, 6, (5, 0)),
                                                    (5, 6, (0, 0))])
def test_searches_find_tours(program: str, rows: int, cols: int, start: tuple[int, int]) -> None:
    board = _tour_fn(program)(rows, cols, start)  # type: ignore[operator]
    _assert_tour(_path(board), rows, cols)
    assert _path(board)[0] == start


@pytest.mark.parametrize(("rows", "cols", "start"), [(5, 5, (4, 0)), (5, 5, (2, 2)),
                                                    (5, 5, (0, 4)), (3, 4, (0, 0)),
                                                    (6, 6, (5, 0)), (5, 6, (0, 0))])
def test_backtrack_and_stack_match_the_library(rows: int, cols: int,
                                               start: tuple[int, int]) -> None:
    expected = solve(rows, cols, start, method="backtrack").path
    assert _path(_tour_fn("backtrack")(rows, cols, start)) == expected  # type: ignore[operator]
    assert _path(_tour_fn("stack")(rows, cols, start)) == expected  # type: ignore[operator]


def test_no_tour_gives_none() -> None:
    assert _tour_fn("backtrack")(5, 5, (4, 1)) is None  # type: ignore[operator]
    assert _tour_fn("stack")(3, 3, (0, 0)) is None  # type: ignore[operator]


def test_warnsdorff_tours_and_dead_ends() -> None:
    tour = _tour_fn("warnsdorff")
    _assert_tour(_path(tour(8, 8, (7, 0))), 8, 8)  # type: ignore[operator]
    # 8 x 8 has tours from c4, but the greedy rule gets stuck there.
    stuck = _path(tour(8, 8, (4, 2)))  # type: ignore[operator]
    assert len(stuck) < 64
    result = run(PROGRAMS["warnsdorff"].source, 8, 8, (4, 2), max_steps=1_000_000)
    assert result.status == "done" and not result.valid
    assert result.validation == f"the answer has {len(stuck)} of 64 squares"


def test_bug_tag60_stops_at_60() -> None:
    result = run(PROGRAMS["bug_tag60"].source, 8, 8, (7, 0), max_steps=1_000_000)
    assert result.status == "done"
    assert result.validation == "the answer has 60 of 64 squares"
    assert result.verdict is not None and result.verdict.code == "partial"


def test_bug_repeats_repeats_numbers() -> None:
    result = run(PROGRAMS["bug_repeats"].source, 5, 5, (4, 0), max_steps=1_000_000)
    assert result.status == "done" and not result.valid
    assert result.verdict is not None and result.verdict.code == "repeat"
    assert result.validation.startswith("the number ")
    assert " appears " in result.validation


@pytest.mark.parametrize("pid", PROGRAM_IDS)
def test_every_menu_program_ends_by_itself_on_its_default_board_within_its_budget(pid: str) -> None:
    """Run as the page runs it when chosen: its board, start and budget; it must end by
    itself ('done': tour returned), with room to spare, and played to its last step at its
    own speed in at most 20 s (so a breakpoint on its last line is reached in that time)."""
    program = PROGRAMS[pid]
    result = run(program.source, program.rows, program.cols, program.start, max_steps=program.budget)
    assert result.status == "done", (pid, result.status, result.steps)
    assert result.steps * 4 <= program.budget, (pid, result.steps)
    assert result.steps / program.speed <= 20, (pid, result.steps, program.speed)
    # Plain backtracking and its stack version share a board, so their costs compare.
    if pid == "stack":
        plain = PROGRAMS["backtrack"]
        assert (plain.rows, plain.cols, plain.start) == (program.rows, program.cols, program.start)
