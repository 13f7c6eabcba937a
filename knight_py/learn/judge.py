"""The exercises' judge: one run of a student's program on one drawn board, judged from
the run's own trace, its end and the page's own reading of its answer.

It runs in the page's trusted solver worker (Pyodide) and in the CPython tests alike.
Its inputs come from the sandbox and are not trusted: the chunks are checked
(:func:`~knight_py.learn.run_trace.join_chunks`), the answer is read as numbers
(:func:`~knight_py.learn.exercise_answer.case_verdict`), the output as text by a
linear-time reader (:mod:`~knight_py.learn.board_text`).  :func:`judge_run` never
raises: what it cannot read is a failed judgement with code ``unreadable_run``.

A judgement is ``{"pass", "code", "hints"}``: ``hints`` is empty on a pass, else
``[first, second]``: ``first = {"key", "params", "step"}`` says what the run did, with
the trace step that shows it (-1: none); ``second = {"key", "params", "line"}`` names
the program line where the run shows the bug (0: none).  Keys are the page's catalog
keys (``web/i18n/{en,zh}/exercises.js``); params are ints (an int beyond
``2**53 - 1`` is sent as its decimal text) and the page's own words (square names,
codes), never text of the program.  ``docs/exercises.md`` lists the codes and checks.

>>> from knight_py.learn.exercises import EXERCISE_BY_ID, case_source
>>> from knight_py.learn.cases import draw_cases
>>> from knight_py.learn.tracer import run
>>> exercise = EXERCISE_BY_ID["undo"]
>>> case = draw_cases("undo", 1)[0]
>>> def check(source):
...     result = run(case_source(source, case), case.rows, case.cols, case.start,
...                  max_steps=case.budget)
...     ended = Ended(result.status, result.line or 0, result.output, result.answer)
...     return judge_run(exercise, case, source, ended, result.chunks)
>>> check(exercise.solution)
{'pass': True, 'code': 'pass', 'hints': []}
>>> verdict = check(exercise.starter)
>>> verdict["code"], verdict["hints"][0]["key"]
('left_numbered', 'exercise.hint.left_numbered')
>>> judge_run(exercise, case, "", Ended("done"), [])["code"]
'unreadable_run'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..squares import square_name
from . import trace_format
from .board_moves import built_paths, first_leg_crossed, first_not_fewest
from .board_text import last_number, parse_board
from .exercise_answer import case_verdict
from .exercise_facts import Facts, facts_of, first_deeper, line_before
from .exercises import Case, Exercise
from .program_lines import counter_lines, order_line, print_line, stop_test_line
from .run_trace import RunTrace, join_chunks
from .sandbox import OUTPUT_LIMIT
from .trace_format import TraceChunk

__all__ = ["ANSWER_KEYS", "COUNT_KEYS", "JS_SAFE", "NESTING_ALLOWED", "Ended", "judge_run"]

#: The first hint's catalog key per verdict code of the returned answer, written whole.
ANSWER_KEYS = {
    "none": "exercise.hint.answer.none", "tour": "exercise.hint.answer.tour",
    "unreadable": "exercise.hint.answer.unreadable", "repeat": "exercise.hint.answer.repeat",
    "partial": "exercise.hint.answer.partial", "missing": "exercise.hint.answer.missing",
    "out_of_range": "exercise.hint.answer.out_of_range", "wrong_start": "exercise.hint.answer.wrong_start",
    "invalid": "exercise.hint.answer.invalid", "leg_blocked": "exercise.hint.answer.leg_blocked",
    "not_closed": "exercise.hint.answer.not_closed",
}
#: The first hint's catalog key per way a printed count can be wrong.
COUNT_KEYS = {
    "count_is_going_back": "exercise.hint.count_is_going_back", "count_is_calls": "exercise.hint.count_is_calls",
    "count_is_moves": "exercise.hint.count_is_moves", "count_wrong": "exercise.hint.count_wrong",
}

#: The deepest call chain the stack exercise allows: ``tour`` (depth 1, called by the
#: page), the search it calls and one helper of that.
NESTING_ALLOWED: int = trace_format.NESTING_ALLOWED
#: The largest int JavaScript holds exactly; a param beyond it is sent as text.
JS_SAFE = 2**53 - 1


@dataclass(frozen=True)
class Ended:
    """How the run ended, as the page's worker reported it: ``status`` (``done``,
    ``budget``, ``stopped``, ``error`` or an ending of the page's own), the error's
    ``line`` (0: none), the printed ``output``, and ``answer``: the returned value as
    :func:`~knight_py.learn.answer.answer_numbers` sent it (None unless ``done``)."""

    status: str
    line: int = 0
    output: str = ""
    answer: dict[str, object] | None = None


Hint = dict[str, Any]


class _Failed(Exception):
    """A judgement that failed, raised from deep in the checks."""

    def __init__(self, code: str, first: Hint, second: Hint) -> None:
        super().__init__(code)
        self.code, self.first, self.second = code, first, second


def _param(value: object) -> object:
    if type(value) is int and not -JS_SAFE <= value <= JS_SAFE:
        return str(value)
    return value


def _first(key: str, params: dict[str, object], step: int = -1) -> Hint:
    return {"key": key, "params": {k: _param(v) for k, v in params.items()}, "step": step}


def _second(key: str, params: dict[str, object], line: int) -> Hint:
    line = line if type(line) is int and line > 0 else 0
    return {"key": key, "params": {k: _param(v) for k, v in {**params, "line": line}.items()},
            "line": line}


def _fail(code: str, first: Hint, second: Hint) -> dict[str, object]:
    return {"pass": False, "code": code, "hints": [first, second]}


class _Run:
    """One run being judged: the case, the source, the trace and its facts."""

    def __init__(self, exercise: Exercise, case: Case, source: str, ended: Ended,
                 trace: RunTrace) -> None:
        self.exercise, self.case, self.source, self.ended, self.trace = (
            exercise, case, source, ended, trace)
        self.facts: Facts = facts_of(trace)
        self.free = case.rows * case.cols - len(set(case.holes))
        # The sandbox keeps at most OUTPUT_LIMIT characters (and a note past them): more is
        # not an honest run's output, and is not read.
        self.output = ended.output[: 2 * OUTPUT_LIMIT]
        f = self.facts
        self.base: dict[str, object] = {
            "rows": case.rows, "cols": case.cols, "start": self.name(case.start),
            "budget": case.budget, "steps": f.steps, "undone": f.undone, "back": f.back,
            "placed": f.placed, "calls": f.calls, "depth": f.depth,
        }

    def name(self, square: tuple[int, int] | int) -> str:
        if isinstance(square, int):
            square = divmod(square, self.case.cols)
        return square_name(square, self.case.rows)

    def first(self, key: str, step: int = -1, **params: object) -> Hint:
        return _first(key, {**self.base, **params}, step)

    def second(self, key: str, line: int, **params: object) -> Hint:
        return _second(key, {**self.base, **params}, line)

    def fail(self, code: str, first: Hint, second: Hint) -> _Failed:
        return _Failed(code, first, second)

    # -- the checks, in order ---------------------------------------------------------

    def ending(self) -> None:
        status, f, ex = self.ended.status, self.facts, self.exercise
        last = f.last_step[0]
        if status == "done" and f.steps <= self.case.budget:
            return
        if status == "error":
            raise self.fail("error", self.first("exercise.hint.error", last, line=self.ended.line),
                            self.second("exercise.line.error", self.ended.line))
        if status in ("budget", "stopped", "done"):
            if ex.id == "warnsdorff":
                self.fewest()
            if self.case.rule == "xiangqi":
                self.legs()
            key = "exercise.hint.budget.tour" if self.case.exists else "exercise.hint.budget.none"
            if ex.id == "stop60" and stop_test_line(self.source, f.search_name):
                second = self.second("exercise.line.stop_test",
                                     stop_test_line(self.source, f.search_name))
            elif f.last_undo[0] >= 0:
                second = self.second("exercise.line.undo", f.last_undo[1])
            else:
                second = self.second("exercise.line.last", f.last_step[1])
            raise self.fail("budget", self.first(key, last), second)
        if status == trace_format.ENDING_LIMIT:
            first = self.first("exercise.hint.limit", last, depth=trace_format.MAX_DEPTH)
        elif status == trace_format.ENDING_TRACER_FAILED:
            first = self.first("exercise.hint.tracer_failed", last)
        else:
            first = self.first("exercise.hint.page_ended", last)
        raise self.fail("page_ended", first, self.second("exercise.line.last", f.last_step[1]))

    def nesting(self) -> None:
        f = self.facts
        if f.nested[0] >= 0:
            raise self.fail("nested", self.first("exercise.hint.nested", f.nested[0]),
                            self.second("exercise.line.nested", f.nested[1]))
        deep = first_deeper(self.trace, NESTING_ALLOWED)
        if deep[0] >= 0:
            raise self.fail("too_deep", self.first("exercise.hint.too_deep", deep[0],
                                                   allowed=NESTING_ALLOWED),
                            self.second("exercise.line.nested", deep[1]))

    def answer(self) -> dict[str, object]:
        """The page's verdict on the answer (the printed board for ``print``)."""
        case, f = self.case, self.facts
        if self.exercise.check == "printed":
            values, _ = parse_board(self.output, case.rows, case.cols)
            if values is None:
                key = "exercise.hint.unread" if self.output.strip() else \
                    "exercise.hint.unread.empty"
                raise self.fail("unread", self.first(key, f.returned[0]),
                                self.second("exercise.line.print", print_line(self.source)))
            verdict = case_verdict({"shape": "board", "values": values}, case)
            if verdict["code"] not in ("tour", "none") and case.exists:
                flipped = [n for r in range(case.rows - 1, -1, -1)
                           for n in values[r * case.cols:(r + 1) * case.cols]]
                if case_verdict({"shape": "board", "values": flipped}, case)["code"] == "tour":
                    raise self.fail("upside_down",
                                    self.first("exercise.hint.upside_down", f.returned[0]),
                                    self.second("exercise.line.print", print_line(self.source)))
            return verdict
        answer: dict[str, object] = {"shape": "other"}
        if isinstance(self.ended.answer, dict):
            answer = self.ended.answer
        return case_verdict(answer, case)

    def truth(self, verdict: dict[str, object]) -> None:
        f, case = self.facts, self.case
        code = str(verdict["code"])
        if code == ("tour" if case.exists else "none"):
            return
        if f.left_numbered[0] >= 0:
            raise self.fail("left_numbered",
                            self.first("exercise.hint.left_numbered", f.left_numbered[0]),
                            self.second("exercise.line.left_numbered", f.left_numbered[1]))
        params = verdict.get("params")
        extra: dict[str, object] = {}
        if isinstance(params, dict):
            extra = {k: v for k, v in params.items()
                     if type(v) is int or (type(v) is str and k != "reason")}
            if isinstance(params.get("squares"), list):
                extra["squares"] = ", ".join(str(s) for s in params["squares"])
        step = f.returned[0]
        if code == "leg_blocked":
            target = extra.get("target")
            path = verdict.get("path")
            move = extra.get("move")
            if isinstance(path, list) and isinstance(move, int) and 0 < move <= len(path):
                r, c = path[move - 1]
                at = f.numbered_at[r * case.cols + c]
                step = at if at >= 0 else step
            del target
        key = ANSWER_KEYS.get(code, ANSWER_KEYS["unreadable"])
        if code == "none" or (self.exercise.id == "stop60" and code in ("partial", "missing")):
            line = stop_test_line(self.source, f.search_name) if self.exercise.id == "stop60" \
                else 0
            second = self.second("exercise.line.stop_test", line) if line else (
                self.second("exercise.line.undo", f.last_undo[1]) if f.last_undo[0] >= 0
                else self.second("exercise.line.return", f.returned[1]))
        elif code in ("partial", "missing", "not_closed") and f.success[0] >= 0:
            second = self.second("exercise.line.success", f.success[1])
        elif code == "leg_blocked" and f.last_advance[0] >= 0:
            second = self.second("exercise.line.advance", f.last_advance[1])
        else:
            second = self.second("exercise.line.return", f.returned[1])
        raise self.fail(f"answer_{code}", self.first(key, step, **extra), second)

    def own(self, verdict: dict[str, object]) -> None:
        """A tour must be the one the search built in its board, where the board is
        followed (a board named ``board`` of plain ints, given numbers in the run)."""
        f, case = self.facts, self.case
        path = verdict.get("path")
        if verdict["code"] != "tour" or not isinstance(path, list) or f.placed == 0 \
                or self.trace.board_note:
            return
        squares = [r * case.cols + c for r, c in path]
        built = built_paths(self.trace, self.free)
        if built.last_full is None:
            raise self.fail("not_searched",
                            self.first("exercise.hint.not_searched", f.returned[0],
                                       most=built.most, free=self.free),
                            self.second("exercise.line.return", f.returned[1]))
        if built.last_full != squares:
            move = next(i for i, (a, b) in enumerate(zip(built.last_full, squares, strict=False)) if a != b)
            raise self.fail("not_own",
                            self.first("exercise.hint.not_own", built.full_step, move=move + 1,
                                       square=self.name(squares[move]),
                                       held=self.name(built.last_full[move])),
                            self.second("exercise.line.return", f.returned[1]))

    def followed(self) -> None:
        """The count and Warnsdorff's rule are read from the board's changes: a run whose
        board the page never saw change cannot show them."""
        f = self.facts
        if f.placed == 0:
            raise self.fail("board_not_followed",
                            self.first("exercise.hint.board_not_followed", f.returned[0]),
                            self.second("exercise.line.return", f.returned[1]))

    def count(self) -> None:
        f = self.facts
        printed, digits = last_number(self.output)
        undo_line = f.last_undo[1] if f.last_undo[0] >= 0 else 0
        step = f.last_undo[0] if f.last_undo[0] >= 0 else f.returned[0]
        if printed is None and digits:
            raise self.fail("count_wrong", self.first("exercise.hint.count_huge", step,
                                                      digits=digits),
                            self.second("exercise.line.count", undo_line))
        if printed is None:
            raise self.fail("count_missing", self.first("exercise.hint.count_missing", f.returned[0]),
                            self.second("exercise.line.count", undo_line))
        if printed != f.undone:
            if printed == f.back:
                why = "count_is_going_back"
            elif printed == f.calls:
                why = "count_is_calls"
            elif printed in (f.placed, f.placed - 1):
                why = "count_is_moves"
            else:
                why = "count_wrong"
            raise self.fail(why, self.first(COUNT_KEYS[why], step, printed=printed),
                            self.second("exercise.line.count", undo_line))
        counters = counter_lines(self.source)
        if not any(f.line_runs.get(line, 0) == f.undone for line in counters):
            raise self.fail("count_not_counted",
                            self.first("exercise.hint.count_not_counted", step,
                                       printed=printed),
                            self.second("exercise.line.count", undo_line))

    def fewest(self) -> None:
        miss = first_not_fewest(self.trace)
        if miss is None:
            return
        raise self.fail("not_fewest",
                        self.first("exercise.hint.not_fewest", miss.step, move=miss.move,
                                   square=self.name(miss.square), onward=miss.onward,
                                   other=self.name(miss.other), fewest=miss.fewest),
                        self.second("exercise.line.order",
                                    order_line(self.source, self.facts.search_name)))

    def legs(self) -> None:
        """Under the xiangqi rule, no move of the search (kept or taken back) may jump
        over a hole on the horse's leg: the search must never try a move the rule forbids."""
        crossed = first_leg_crossed(self.trace, set(self.case.holes))
        if crossed is None:
            return
        _, line = line_before(self.trace, crossed.step)
        raise self.fail("leg_crossed",
                        self.first("exercise.hint.leg_crossed", crossed.step, move=crossed.move,
                                   source=self.name(crossed.source),
                                   target=self.name(crossed.target), leg=self.name(crossed.leg)),
                        self.second("exercise.line.advance", line))

    def judge(self) -> dict[str, object]:
        self.ending()
        if self.case.rule == "xiangqi":
            self.legs()
        if self.exercise.check == "no_nesting":
            self.nesting()
        verdict = self.answer()
        self.truth(verdict)
        self.own(verdict)
        if self.exercise.check == "count":
            self.followed()
            self.count()
        if self.exercise.id == "warnsdorff":
            self.followed()
            self.fewest()
        return {"pass": True, "code": "pass", "hints": []}


def _refused(source: str) -> dict[str, object] | None:
    try:
        from .source_rule import refusal  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    reason = refusal(source)
    if reason is None:
        return None
    params = {k: v for k, v in dict(getattr(reason, "params", {})).items()
              if type(v) is int or type(v) is str}
    line = params.get("line", 0)
    return _fail("refused",
                 _first("exercise.hint.refused", {"why": str(getattr(reason, "code", "")), **params}),
                 _second("exercise.line.refused", {}, line if type(line) is int else 0))


def _unreadable() -> dict[str, object]:
    return _fail("unreadable_run", _first("exercise.hint.unreadable_run", {}),
                 _second("exercise.line.none", {}, 0))


def judge_run(exercise: Exercise, case: Case, source: str, ended: Ended,
              chunks: Sequence[TraceChunk]) -> dict[str, object]:
    """The judgement of one run (see the module); never raises."""
    try:
        refused = _refused(source)
        if refused is not None:
            return refused
        trace = join_chunks(chunks, case.rows, case.cols)
        if trace.status != ended.status:
            return _unreadable()
        return _Run(exercise, case, source, ended, trace).judge()
    except _Failed as failed:
        return _fail(failed.code, failed.first, failed.second)
    except Exception:  # a hostile or broken run: judged unreadable, never an exception
        return _unreadable()
