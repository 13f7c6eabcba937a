"""knight_py.learn.exercises and its page-side helpers: every starting program and
reference solution run through the real tracer on every check case, the verdict on a
case (holes, the xiangqi leg, closing, the start), the printed board read back, and the
fixture the page's judge is tested on (tests/web/learn/exercises/runs.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from knight_py.learn.board_text import format_board, parse_board
from knight_py.learn.exercise_answer import case_verdict
from knight_py.learn.exercises import (
    CHECKS,
    EXERCISES,
    POSTS,
    Case,
    case_trailer,
    in_chinese,
)
from knight_py.learn.programs import PROGRAMS
from knight_py.learn.sandbox import fresh_namespace
from tests.exercise_attempts import ATTEMPTS

SEEDS = Path("/work/shared/seeds")


def test_eight_exercises_each_from_a_post_with_several_cases() -> None:
    assert len(EXERCISES) >= 8
    for ex in EXERCISES:
        assert ex.post in POSTS and ex.check in CHECKS
        assert len(ex.cases) >= 3, ex.id
        assert len({(c.rows, c.cols, c.start) for c in ex.cases}) == len(ex.cases)
        assert ex.starter != ex.solution
        for source in (ex.starter, ex.solution):
            zh = in_chinese(source)
            assert len(zh.splitlines()) == len(source.splitlines())
            compile(source, "<program>", "exec")
            compile(zh, "<program>", "exec")
        assert sum(1 for a in ATTEMPTS if a.exercise == ex.id) == 3, ex.id


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seeds are not on this machine")
def test_the_posts_exist() -> None:
    for file, _language in POSTS.values():
        assert (SEEDS / file).is_file()


def test_the_menu_programs_agree_on_which_cases_have_tours() -> None:
    """The menu's plain backtracking (the library's own search, exhaustive) agrees."""
    from knight_py.learn.tracer import run

    for case in {c for ex in EXERCISES for c in ex.cases if not c.holes and c.rows * c.cols <= 25}:
        result = run(PROGRAMS["backtrack"].source, case.rows, case.cols, case.start,
                     max_steps=5_000_000, on_chunk=lambda chunk: None)
        assert result.status == "done"
        assert result.valid == case.exists, case


def test_the_programs_run_in_the_page_sandbox_namespace() -> None:
    namespace, _output = fresh_namespace()
    exec(EXERCISES[0].solution, namespace)
    assert callable(namespace["tour"])


# --- the verdict on a case ------------------------------------------------------------


def _board(path: list[tuple[int, int]], rows: int, cols: int) -> list[int]:
    values = [0] * (rows * cols)
    for n, (r, c) in enumerate(path, 1):
        values[r * cols + c] = n
    return values


def _solve(source: str, case: Case) -> list[int]:
    namespace: dict[str, object] = {}
    exec(source + case_trailer(case), namespace)
    board = namespace["tour"](case.rows, case.cols, case.start)  # type: ignore[operator]
    assert isinstance(board, list)
    return [n for row in board for n in row]


def test_holes_and_the_horse_leg() -> None:
    ex = next(e for e in EXERCISES if e.id == "xiangqi")
    for case in ex.cases:
        good = _solve(ex.solution, case)
        assert case_verdict({"shape": "board", "values": good}, case)["code"] == "tour"
        bad = case_verdict({"shape": "board", "values": _solve(ex.starter, case)}, case)
        assert bad["code"] == "leg_blocked"
        params = bad["params"]
        assert isinstance(params, dict)
        leg = params["leg"]
        holes = {f"{'abcdefgh'[c]}{case.rows - r}" for r, c in case.holes}
        assert leg in holes
        knight = Case(case.rows, case.cols, case.start, case.holes)
        assert case_verdict({"shape": "board", "values": _solve(ex.starter, case)}, knight)["code"] == "tour"
        # What a hole holds is not read (the programs mark them -1): the free squares are.
        on_hole = list(good)
        r, c = case.holes[0]
        on_hole[r * case.cols + c] = 7
        assert case_verdict({"shape": "board", "values": on_hole}, case)["code"] == "tour"


def test_closed_and_start() -> None:
    ex = next(e for e in EXERCISES if e.id == "closed")
    case = ex.cases[0]
    assert case_verdict({"shape": "board", "values": _solve(ex.solution, case)}, case)["code"] == "tour"
    verdict = case_verdict({"shape": "board", "values": _solve(ex.starter, case)}, case)
    assert verdict["code"] == "not_closed"
    other = Case(case.rows, case.cols, (0, 0), closed=True)
    assert case_verdict({"shape": "board", "values": _solve(ex.solution, case)}, other)["code"] == "wrong_start"


def test_unreadable_and_path_answers() -> None:
    case = Case(3, 4, (2, 0))
    assert case_verdict({"shape": "other"}, case)["code"] == "unreadable"
    assert case_verdict({"shape": "board", "values": [1, 2]}, case)["code"] == "unreadable"
    assert case_verdict({"shape": "path", "values": [2, 0, 9, 9]}, case)["code"] == "invalid"
    ns: dict[str, object] = {}
    exec(PROGRAMS["backtrack"].source, ns)
    board = ns["tour"](3, 4, (2, 0))  # type: ignore[operator]
    values = [n for row in board for n in row]
    path = [divmod(values.index(n), 4) for n in range(1, 13)]
    flat = [v for square in path for v in square]
    assert case_verdict({"shape": "path", "values": flat}, case)["code"] == "tour"
    assert case_verdict({"shape": "board", "values": [n if n < 12 else 0 for n in values]}, case)["code"] == "partial"
    assert case_verdict({"shape": "board", "values": [n if n != 5 else 0 for n in values]}, case)["code"] == "missing"
    assert case_verdict({"shape": "board", "values": [n if n != 5 else 40 for n in values]}, case)["code"] == "out_of_range"


# --- the printed board ----------------------------------------------------------------


boards_strategy = st.integers(1, 6).flatmap(
    lambda rows: st.integers(1, 6).flatmap(
        lambda cols: st.lists(st.lists(st.integers(-99, 9999), min_size=cols, max_size=cols),
                              min_size=rows, max_size=rows)))


@given(boards_strategy, st.sampled_from(["", "The horse has travelled the chess board\n",
                                         "骑士周游算法,开始运行~~\n"]),
       st.sampled_from(["", "\n共耗时: 3 毫秒\n", "\nThe end.\n"]))
def test_printed_board_round_trip(board: list[list[int]], before: str, after: str) -> None:
    rows, cols = len(board), len(board[0])
    values, reason = parse_board(before + format_board(board) + after, rows, cols)
    assert reason == "" and values == [n for row in board for n in row]


@given(boards_strategy, st.sampled_from(["\t", " ", "   "]))
def test_any_whitespace_between_numbers_reads(board: list[list[int]], sep: str) -> None:
    text = "\n".join(sep.join(str(n) for n in row) for row in board)
    assert parse_board(text, len(board), len(board[0]))[0] == [n for row in board for n in row]


def test_lines_that_are_not_ranks() -> None:
    assert parse_board("[1, 2, 3]", 1, 3) == (None, "no_board")
    assert parse_board("[ 1  2  3]", 1, 3) == ([1, 2, 3], "")
    assert parse_board("1 2 x", 1, 3) == (None, "no_board")
    assert parse_board("", 1, 1) == (None, "no_board")
    assert parse_board("1 2\n3 4", 3, 2) == (None, "no_board")


def test_cases_round_trip_through_the_pages_json() -> None:
    for ex in EXERCISES:
        for case in ex.cases:
            assert Case.from_json(json.loads(json.dumps(case.to_json()))) == case
    with pytest.raises(ValueError):
        Case.from_json({"rows": 5})


def test_the_chinese_sources_differ_in_comments_only() -> None:
    import io
    import tokenize

    def code(source: str) -> list[tuple[int, str]]:
        tokens = tokenize.generate_tokens(io.StringIO(source).readline)
        return [(t.type, t.string) for t in tokens if t.type != tokenize.COMMENT]

    for ex in EXERCISES:
        for source in (ex.starter, ex.solution):
            zh = in_chinese(source)
            assert code(zh) == code(source), ex.id
            comments = [line.partition("#")[2] for line in zh.splitlines() if "#" in line]
            assert comments and all(any("\u4e00" <= ch <= "\u9fff" for ch in c) for c in comments)
