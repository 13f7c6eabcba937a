"""Every exercise's programs (starter, solution, the typical wrong attempts) run through
knight_py's tracer on each check case, with the facts the page would compute and its
verdict: the fixture tests/web/learn/exercises/runs.json that the node tests feed to the
page's judge.  ``python -m tests.exercise_runs`` writes it again."""

from __future__ import annotations

import json
from pathlib import Path

from knight_py.learn.board_text import parse_board
from knight_py.learn.exercise_answer import CASE_CODES, read_case
from knight_py.learn.exercise_facts import facts_of
from knight_py.learn.exercises import EXERCISES, Case, case_source
from knight_py.learn.tracer import run
from tests.exercise_attempts import ATTEMPTS

__all__ = ["FIXTURE", "boards", "one_run", "programs", "runs"]

FIXTURE = Path(__file__).resolve().parent / "web" / "learn" / "exercises" / "runs.json"


def one_run(source: str, case: Case, printed: bool) -> dict[str, object]:
    """The facts and the page's verdict of ``source`` on ``case`` (for a ``printed``
    check, the verdict on the board read back from the output, None when none was)."""
    result = run(case_source(source, case), case.rows, case.cols, case.start,
                 max_steps=case.budget)
    facts = facts_of(result)
    verdict: dict[str, object] | None
    if printed:
        values, _reason = parse_board(result.output, case.rows, case.cols)
        verdict = None if values is None else read_case({"shape": "board", "values": values}, case)
    elif result.answer is None:
        verdict = None
    else:
        verdict = read_case(result.answer, case)
    return {"facts": facts, "verdict": verdict}


def programs() -> list[tuple[str, str, str, str]]:
    """(exercise, program name, source, what its hint must name: "pass" for the solution,
    "fail" for the starter) for every program judged."""
    out: list[tuple[str, str, str, str]] = []
    for ex in EXERCISES:
        out.append((ex.id, "starter", ex.starter, "fail"))
        out.append((ex.id, "solution", ex.solution, "pass"))
        out.extend((a.exercise, a.name, a.source, a.named) for a in ATTEMPTS if a.exercise == ex.id)
    return out


def boards() -> list[dict[str, object]]:
    """Printed outputs and what knight_py.learn.board_text reads from them: the page's
    parser must read the same."""
    samples = [
        ("1    4    7\n6    9    2\n3    0    5\n", 3, 3),
        ("The horse:\r\n1\t4\t7\r\n6\t9\t2\r\n3\t0\t5\r\ndone 12\n", 3, 3),
        ("[ 1  4  7]\n[ 6  9  2]\n[ 3  0  5]\n", 3, 3),
        ("[1, 4, 7]\n[6, 9, 2]\n[3, 0, 5]\n", 3, 3),
        ("1 2\n3 4\n5 6\n7 8\n", 2, 2),
        ("1 2 3\n4 5 6\n", 3, 3),
        ("1 2 3\n\n4 5 6\n7 8 9\n", 2, 3),
        ("  -1   2\n 3 4 \n", 2, 2),
        ("1 2\u00a03\n4 5 6\n", 1, 3),
        ("1 2\r3 4\n", 2, 2),
        ("", 1, 1),
        ("\u0661 2\n", 1, 2),
    ]
    return [{"text": text, "rows": rows, "cols": cols, "values": parse_board(text, rows, cols)[0]}
            for text, rows, cols in samples]


def runs() -> dict[str, object]:
    """The exercises as the page reads them, every program of :func:`programs` (with its
    source) on each of its exercise's cases, :func:`boards`, and the verdict codes."""
    from tools.learn_exercises import exercises_json

    by_id = {ex.id: ex for ex in EXERCISES}
    out: list[dict[str, object]] = []
    for eid, name, source, expect in programs():
        ex = by_id[eid]
        out.append({
            "exercise": eid, "program": name, "expect": expect, "source": source,
            "runs": [one_run(source, case, ex.check == "printed") for case in ex.cases],
        })
    return {"exercises": exercises_json(), "programs": out, "boards": boards(),
            "caseCodes": list(CASE_CODES)}


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(runs(), ensure_ascii=False, indent=1) + "\n")
