"""The exercises' judge (knight_py.learn.judge) on real runs through the tracer: every
reference solution passes on drawn boards, every starter and typical wrong attempt fails
with its code, the corpus of dishonest attempts fails and its honest solutions pass;
hostile chunks never make it raise; the hints name steps and lines that show the bug."""

from __future__ import annotations

import ast
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knight_py.learn.board_text import parse_board
from knight_py.learn.cases import MAX_SEED, draw_cases
from knight_py.learn.exercises import EXERCISE_BY_ID, EXERCISES, Case, Exercise, case_source
from knight_py.learn.judge import JS_SAFE, Ended, judge_run
from knight_py.learn.trace_format import TraceChunk
from knight_py.learn.tracer import TraceResult, run
from knight_py.page import judge_exercise_run
from tests.exercise_attempts import ATTEMPTS
from tests.exercise_corpus import DISHONEST, HONEST

IDS = [ex.id for ex in EXERCISES]


def _run(source: str, case: Case) -> TraceResult:
    return run(case_source(source, case), case.rows, case.cols, case.start, max_steps=case.budget)


def _judge(ex: Exercise, case: Case, source: str, result: TraceResult) -> dict[str, object]:
    ended = Ended(result.status, result.line or 0, result.output, result.answer)
    return judge_run(ex, case, source, ended, result.chunks)


def check(exercise_id: str, source: str, seed: int) -> tuple[dict[str, object], Case, TraceResult]:
    """The judgement of the first board that fails in the check of ``seed`` (or the last)."""
    ex = EXERCISE_BY_ID[exercise_id]
    for case in draw_cases(exercise_id, seed):
        result = _run(source, case)
        verdict = _judge(ex, case, source, result)
        if not verdict["pass"]:
            break
    return verdict, case, result


@pytest.mark.parametrize("exercise_id", IDS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, MAX_SEED))
def test_the_reference_solution_passes_within_the_budget(exercise_id: str, seed: int) -> None:
    ex = EXERCISE_BY_ID[exercise_id]
    for case in draw_cases(exercise_id, seed):
        result = _run(ex.solution, case)
        assert result.status == "done", (case, result.status)
        verdict = _judge(ex, case, ex.solution, result)
        assert verdict == {"pass": True, "code": "pass", "hints": []}, (case, verdict)


STARTER_CODES = {
    "stop60": "budget", "undo": "left_numbered", "count": "count_wrong",
    "warnsdorff": "not_fewest", "closed": "answer_not_closed", "xiangqi": "leg_crossed",
    "stack": "nested", "print": "unread",
}


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_starter_fails_with_its_code(exercise_id: str) -> None:
    for seed in range(2):
        verdict, _, _ = check(exercise_id, EXERCISE_BY_ID[exercise_id].starter, seed)
        assert verdict["code"] == STARTER_CODES[exercise_id]


@pytest.mark.parametrize("attempt", ATTEMPTS, ids=lambda a: f"{a.exercise}-{a.name}")
def test_each_typical_attempt_fails_with_its_code(attempt: object) -> None:
    """On the first seed whose check it fails (an attempt may be right by chance on some
    boards: `abs(dr) + abs(dc) == 3` closes a tour wherever a true knight's move does)."""
    for seed in range(4):
        verdict, _, _ = check(attempt.exercise, attempt.source, seed)  # type: ignore[attr-defined]
        if not verdict["pass"]:
            break
    assert verdict["code"] == attempt.named  # type: ignore[attr-defined]


@pytest.mark.parametrize("program", DISHONEST, ids=lambda p: f"{p.exercise}-{p.name}")
def test_dishonest_attempts_fail_with_a_sentence(program: object) -> None:
    for seed in range(2):
        verdict, _, _ = check(program.exercise, program.source, seed)  # type: ignore[attr-defined]
        assert not verdict["pass"]
        assert verdict["code"] in program.codes  # type: ignore[attr-defined]
        first, second = verdict["hints"]  # type: ignore[misc]
        assert first["key"].startswith("exercise.") and second["key"].startswith("exercise.")


@pytest.mark.parametrize("program", HONEST, ids=lambda p: f"{p.exercise}-{p.name}")
def test_honest_solutions_in_other_styles_pass(program: object) -> None:
    for seed in range(2):
        verdict, case, _ = check(program.exercise, program.source, seed)  # type: ignore[attr-defined]
        assert verdict["pass"], (case, verdict)


# --- the hints point at the bug -------------------------------------------------------


def _line_of(source: str, text: str) -> int:
    return next(i for i, line in enumerate(source.splitlines(), 1) if text in line)


def test_stop60_tag_64_points_at_the_stop_test() -> None:
    source = EXERCISE_BY_ID["stop60"].starter.replace("tag == 60", "tag == 64")
    verdict, _, _ = check("stop60", source, 0)
    assert verdict["code"] == "budget"
    assert verdict["hints"][1]["line"] == _line_of(source, "if tag == 64")  # type: ignore[index]


def test_warnsdorff_points_at_the_first_move_not_fewest_and_the_ordering_line() -> None:
    from tests.exercise_corpus import _STATIC_DEGREE

    verdict, _case, result = check("warnsdorff", _STATIC_DEGREE, 0)
    first, second = verdict["hints"]  # type: ignore[misc]
    assert verdict["code"] == "not_fewest"
    assert second["line"] == _line_of(_STATIC_DEGREE, "options.sort(")
    # The step named is the step at which move `move` numbered its square.
    deltas = [d for c in result.chunks for d in zip(c.delta_step, c.delta_new, strict=True)]
    assert (first["step"], first["params"]["move"]) in deltas
    assert first["params"]["onward"] > first["params"]["fewest"]


def test_print_upside_down_points_at_the_print_in_the_loop() -> None:
    from tests.exercise_corpus import _UPSIDE_DOWN

    verdict, _, _ = check("print", _UPSIDE_DOWN, 0)
    assert verdict["hints"][1]["line"] == _line_of(_UPSIDE_DOWN, 'print("%-5d"')  # type: ignore[index]


def test_xiangqi_leg_hint_lands_on_the_move_step() -> None:
    ex = EXERCISE_BY_ID["xiangqi"]
    verdict, _case, result = check("xiangqi", ex.starter, 0)
    first = verdict["hints"][0]  # type: ignore[index]
    assert verdict["code"] == "leg_crossed"
    deltas = {(k, n) for c in result.chunks for k, n in zip(c.delta_step, c.delta_new, strict=True)}
    assert (first["step"], first["params"]["move"]) in deltas
    assert first["step"] < result.steps - 1


def test_count_formula_and_going_back_hints() -> None:
    from tests.exercise_corpus import _FORMULA_COUNT

    verdict, _, _ = check("count", _FORMULA_COUNT, 0)
    assert verdict["code"] == "count_not_counted"
    assert verdict["hints"][0]["params"]["printed"] == verdict["hints"][0]["params"]["undone"]  # type: ignore[index]


def test_stack_with_26_chained_functions_is_too_deep() -> None:
    from tests.exercise_corpus import _chained_stack

    verdict, _, _ = check("stack", _chained_stack(), 0)
    assert verdict["code"] == "too_deep"
    assert verdict["hints"][0]["params"]["depth"] > verdict["hints"][0]["params"]["allowed"]  # type: ignore[index]


# --- numbers, answers and output ------------------------------------------------------


@pytest.mark.parametrize("printed", [9007199254740993, 10**30, -(2**60)])
def test_printed_counts_are_compared_and_sent_exactly(printed: int) -> None:
    ex = EXERCISE_BY_ID["count"]
    source = ex.solution.replace("    print(backtracks)\n", f"    print({printed})\n")
    verdict, _, _ = check("count", source, 0)
    assert verdict["code"] == "count_wrong"
    assert verdict["hints"][0]["params"]["printed"] == str(printed)  # type: ignore[index]
    assert abs(printed) > JS_SAFE


def test_a_path_with_500_squares_too_many_gets_the_validators_reason() -> None:
    case = draw_cases("undo", 0)[0]
    ex = EXERCISE_BY_ID["undo"]
    result = _run(ex.solution, case)
    good = result.answer
    assert good is not None and good["shape"] == "board"
    squares = sorted(range(case.rows * case.cols), key=lambda i: good["values"][i])  # type: ignore[index,arg-type]
    path = [v for i in squares if good["values"][i] > 0 for v in divmod(i, case.cols)]  # type: ignore[index,operator]
    long_path = {"shape": "path", "values": (path + path * 40)[: 2 * (case.rows * case.cols + 1)],
                 "length": len(path) // 2 + 500}
    wrong_move = {"shape": "path", "values": [*case.start, *case.start], "length": 2}
    for answer in (long_path, wrong_move):
        chunks = [{"meta": c.meta(), "buffers": c.to_buffers()} for c in result.chunks]
        verdict = judge_exercise_run("undo", case.to_json(), ex.solution,
                                     {"status": "done", "line": 0, "output": "", "answer": answer},
                                     chunks)  # type: ignore[arg-type]
        assert verdict["code"] == "answer_invalid", verdict
        reasons = verdict["reasons"]
        assert isinstance(reasons, dict) and reasons["en"] and reasons["zh"]


def test_the_board_reader_reads_huge_texts_right() -> None:
    # Its speed on such texts (linear growth) is bench.exercises' reader_growth.
    assert parse_board(" " * 16_000, 8, 8) == (None, "no_board")
    assert parse_board("1 " * 500_000, 8, 8) == (None, "no_board")
    assert parse_board("[" + " " * 1_000_000 + "1", 8, 8) == (None, "no_board")
    board = "1 2 3 4 5 6 7 8\n" * 8192
    assert parse_board(board, 8, 8) == ([1, 2, 3, 4, 5, 6, 7, 8] * 8, "")


@given(st.text(alphabet=" \t[]-0123456789x\n", max_size=200))
def test_the_board_reader_agrees_with_the_ranks_grammar(text: str) -> None:
    import re

    rank = re.compile(r"^[ \t]*\[?[ \t]*(-?[0-9]+(?:[ \t]+-?[0-9]+)*)[ \t]*\]?[ \t]*$")
    for line in text.split("\n"):
        match = rank.match(line)
        expected = None if match is None else [int(t) for t in re.split(r"[ \t]+", match.group(1))]
        if expected is not None:
            assert parse_board(line, 1, len(expected)) == (expected, "")
        else:  # no count of numbers reads it (200 characters hold at most 100 numbers)
            assert all(parse_board(line, 1, cols)[0] is None for cols in range(1, 101))


def test_no_hint_param_holds_program_text() -> None:
    marker = "\u202eHIDDEN"
    ex = EXERCISE_BY_ID["print"]
    source = ex.starter.replace("    print(board)\n", f"    print({marker!r})\n")
    verdict, _, _ = check("print", source, 0)
    for hint in verdict["hints"]:  # type: ignore[attr-defined]
        for value in hint["params"].values():
            assert type(value) in (int, str) and "HIDDEN" not in str(value)


# --- hostile chunks -------------------------------------------------------------------


@cache
def _real_run() -> tuple[Case, list[TraceChunk], TraceResult]:
    case = draw_cases("undo", 3)[0]
    result = run(case_source(EXERCISE_BY_ID["undo"].solution, case), case.rows, case.cols,
                 case.start, max_steps=case.budget, chunk_steps=512)
    return case, result.chunks, result


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_malformed_chunks_never_raise(data: st.DataObject) -> None:
    case, chunks, result = _real_run()
    ex = EXERCISE_BY_ID["undo"]
    forwarded = [{"meta": dict(c.meta()), "buffers": dict(c.to_buffers())} for c in chunks]
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(forwarded) - 1))
        what = data.draw(st.sampled_from(["cut", "garble", "meta", "drop", "swap"]))
        chunk = forwarded[i]
        if what == "drop":
            forwarded.pop(i)
            if not forwarded:
                break
        elif what == "swap":
            j = data.draw(st.integers(0, len(forwarded) - 1))
            forwarded[i], forwarded[j] = forwarded[j], forwarded[i]
        elif what == "meta":
            field = data.draw(st.sampled_from(["first_step", "steps", "first_frame", "codes",
                                               "final", "status", "slots", "deltas"]))
            chunk["meta"][field] = data.draw(st.one_of(st.integers(-5, 2**33), st.text(max_size=5),
                                                       st.none(), st.lists(st.integers(), max_size=2)))
        else:
            name = data.draw(st.sampled_from(sorted(chunk["buffers"])))
            raw = bytearray(chunk["buffers"][name])
            if what == "cut":
                raw = raw[: data.draw(st.integers(0, len(raw)))]
            elif raw:
                for _ in range(data.draw(st.integers(1, 8))):
                    raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
            chunk["buffers"][name] = memoryview(bytes(raw))
    verdict = judge_exercise_run("undo", case.to_json(), ex.solution,
                                 {"status": "done", "output": result.output, "answer": result.answer},
                                 forwarded)  # type: ignore[arg-type]
    assert isinstance(verdict["pass"], bool) and isinstance(verdict["code"], str)


def test_forwarded_chunks_judge_as_the_run_itself() -> None:
    case, chunks, result = _real_run()
    forwarded = [{"meta": __import__("json").dumps(c.meta()),
                  "buffers": {k: memoryview(v) for k, v in c.to_buffers().items()}} for c in chunks]
    verdict = judge_exercise_run("undo", case.to_json(), EXERCISE_BY_ID["undo"].solution,
                                 {"status": "done", "line": 0, "output": result.output,
                                  "answer": result.answer}, forwarded)  # type: ignore[arg-type]
    assert verdict["pass"] is True and verdict["reasons"] is None
    # The run's end must agree with its chunks.
    lying = judge_exercise_run("undo", case.to_json(), EXERCISE_BY_ID["undo"].solution,
                               {"status": "budget"}, forwarded)  # type: ignore[arg-type]
    assert lying["code"] == "unreadable_run"


@pytest.mark.parametrize(("status", "key"), [("limit", "exercise.hint.limit"),
                                             ("tracer_failed", "exercise.hint.tracer_failed"),
                                             ("whatever", "exercise.hint.page_ended")])
def test_any_other_ending_is_the_pages(status: str, key: str) -> None:
    case = Case(3, 4, (2, 0))
    result = run("def tour(rows, cols, start):\n    return None\n", 3, 4, (2, 0), max_steps=100)
    chunk = result.chunks[-1]
    chunk.status = status
    verdict = judge_run(EXERCISE_BY_ID["undo"], case, "", Ended(status), [chunk])
    assert verdict["code"] == "page_ended"
    assert verdict["hints"][0]["key"] == key  # type: ignore[index]


def test_the_program_lines_parse_what_python_parses() -> None:
    for ex in EXERCISES:
        ast.parse(ex.solution)
