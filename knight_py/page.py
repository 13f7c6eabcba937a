"""What the web page's solver worker calls (web/solver/worker.mjs): the library's searches,
and the helpers that serve only the page.

The page shows a reason in the language it speaks and switches language without a new
request, so it asks for every reason in every language (:func:`explain_all`); it checks a
pasted tour without an exception crossing into JavaScript (:func:`first_problem`), and
counts tours with progress and a Stop (:func:`count_tours`), draws an exercise's boards for one
Check (:func:`draw_exercise_cases`) and judges a run on one of them
(:func:`judge_exercise_run`), and says why a Learn program is not run
(:func:`source_refusal`).  A Python user wants
:mod:`knight_py`'s own API instead.

>>> from knight_py.page import count_tours, explain_all, first_problem
>>> why = first_problem(5, 5, ["a1", "b1"])
>>> explain_all(why)["en"]
'the path has 2 squares but the board has 25 free squares; step 1: a1 -> b1 is not a knight move'
>>> count_tours(5, 5, "a1").value
304

The rule is passed as the page keeps it (web/core/leapers.js), ``"knight"``,
``"xiangqi"`` or ``"leaper:a,b"``, and every tour these return has passed the validator
under it:

>>> camel = solve(6, 6, (0, 0), rule="leaper:1,3")
>>> camel.status, explain_all(camel.why)["zh"][:22]
('impossible', '不存在从 a6 出发的周游：骆驼（1, 3）')
"""

from __future__ import annotations

from .complete import complete
from .counting import count_tours
from .i18n import LANGS, Reason, explain
from .solver import METHODS, solve
from .survey import survey
from .validate import first_problem

__all__ = [
    "METHODS",
    "complete",
    "count_tours",
    "draw_exercise_cases",
    "explain_all",
    "first_problem",
    "judge_exercise_run",
    "solve",
    "source_refusal",
    "survey",
]


def explain_all(reason: Reason | None) -> dict[str, str] | None:
    """``reason`` in every language, ``{lang: sentence}`` (None for no reason): what the
    page's worker sends, so that switching the page's language needs no new request.

    >>> explain_all(Reason("cli_bad_size", {"text": "'8by8'"}))["zh"]
    "棋盘大小应写成 8x8（先行数后列数）或 8，收到的是 '8by8'"
    >>> explain_all(None) is None
    True
    """
    if reason is None:
        return None
    return {lang: explain(reason, lang) for lang in LANGS}


def draw_exercise_cases(exercise_id: str, seed: int) -> list[dict[str, object]]:
    """The boards of one Check of a Learn exercise for ``seed``, as the page reads them
    (:meth:`~knight_py.learn.exercises.Case.to_json`): :func:`~knight_py.learn.cases.
    draw_cases`; ``[]`` for an unknown exercise or a seed out of range.

    >>> [sorted(c) for c in draw_exercise_cases("stop60", 3)][0][:3]
    ['budget', 'closed', 'cols']
    >>> draw_exercise_cases("stop60", -1)
    []
    """
    from .learn.cases import draw_cases

    try:
        return [case.to_json() for case in draw_cases(exercise_id, seed)]
    except ValueError:
        return []


def _chunk(data: object) -> object:
    """A chunk as the page forwarded it, ``{"meta": <JSON text or dict>, "buffers":
    {name: bytes-like}}``, as a :class:`~knight_py.learn.trace_format.TraceChunk`."""
    import json

    from .learn.trace_format import TraceChunk

    if not isinstance(data, dict):
        raise ValueError("a chunk is {meta, buffers}")
    meta, buffers = data.get("meta"), data.get("buffers")
    if isinstance(meta, (bytes, bytearray, memoryview)):
        meta = bytes(meta).decode()
    if isinstance(meta, str):
        meta = json.loads(meta)
    if not isinstance(meta, dict) or not isinstance(buffers, dict):
        raise ValueError("a chunk is {meta, buffers}")
    return TraceChunk.from_buffers(meta, buffers)


def judge_exercise_run(exercise_id: str, case: dict[str, object], source: str,
                       ended: dict[str, object], chunks: list[dict[str, object]]) -> dict[str, object]:
    """The judgement of one run of a Learn exercise on one of its boards
    (:func:`~knight_py.learn.judge.judge_run`), from what the page holds as plain data:
    the case (``Case.to_json``), the program, the run's end ``{status, line, output,
    answer}`` and its chunks (see :func:`_chunk`).  Adds ``reasons`` (``{en, zh}``) when
    the verdict is the validator's reason (``answer_invalid``) or the source rule's
    refusal, else None.  Never raises: what it cannot read is judged ``unreadable_run``.

    >>> judge_exercise_run("undo", {"rows": 3, "cols": 4, "start": [2, 0]}, "",
    ...                    {"status": "done"}, [])["code"]
    'unreadable_run'
    """
    from .learn.exercises import EXERCISE_BY_ID, Case
    from .learn.judge import Ended, judge_run

    try:
        exercise = EXERCISE_BY_ID[exercise_id]
        kase = Case.from_json(case)
        answer = ended.get("answer")
        line = ended.get("line")
        end = Ended(str(ended.get("status", "")), line if type(line) is int else 0,
                    str(ended.get("output") or ""), answer if isinstance(answer, dict) else None)
        parsed = [_chunk(c) for c in chunks]
    except (KeyError, ValueError, TypeError, UnicodeDecodeError):
        parsed, end, exercise, kase = [], Ended("unreadable"), EXERCISE_BY_ID["undo"], Case(1, 1, (0, 0))
    verdict = judge_run(exercise, kase, str(source), end, parsed)  # type: ignore[arg-type]
    verdict["reasons"] = _reasons(verdict, end, kase, str(source))
    return verdict


def _reasons(verdict: dict[str, object], ended: object, case: object, source: str) -> dict[str, str] | None:
    """The validator's reason (``answer_invalid``) or the source rule's refusal (``refused``)
    in every language."""
    from .learn.exercise_answer import case_verdict
    from .learn.exercises import Case
    from .learn.judge import Ended

    try:
        if verdict.get("code") == "answer_invalid" and isinstance(ended, Ended) \
                and isinstance(case, Case) and isinstance(ended.answer, dict):
            read = case_verdict(ended.answer, case)
            params = read["params"]
            if isinstance(params, dict):
                why, reason = params.get("why"), params.get("reason", {})
                if isinstance(why, str) and isinstance(reason, dict):
                    return explain_all(Reason(why, reason))
        if verdict.get("code") == "refused":
            from .learn.source_rule import refusal  # type: ignore[import-not-found,unused-ignore]

            found = refusal(source)
            if isinstance(found, Reason):
                return explain_all(found)
    except Exception:  # the words are extra: a verdict is sent without them
        return None
    return None


def source_refusal(source: str) -> dict[str, object] | None:
    """Why the page does not run the Learn program ``source``
    (:func:`knight_py.learn.source_rule.refusal`): ``{code, params, reasons}``, its
    reason as data and in every language, or None when it may run.  The params are
    numbers and the rule's own fixed words, never text of the program.

    >>> why = source_refusal("x = getattr(1, 'real')")
    >>> why["code"], why["params"], why["reasons"]["en"]
    ('source_name', {'line': 1, 'name': 'getattr'}, 'Line 1: a Learn program cannot use the name getattr: it reaches into Python itself or outside the program.')
    >>> source_refusal("def tour(rows, cols, start):\\n    return None\\n") is None
    True
    """
    # Imported here: the rule is Learn's, and most pages never run a program.
    from .learn.source_rule import refusal

    why = refusal(source)
    if why is None:
        return None
    reasons = explain_all(why)
    return {**why.to_dict(), "reasons": reasons}
