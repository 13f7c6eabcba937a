"""What the web page's solver worker calls (web/solver/worker.mjs): the library's searches,
and the helpers that serve only the page.

The page shows a reason in the language it speaks and switches language without a new
request, so it asks for every reason in every language (:func:`explain_all`); it checks a
pasted tour without an exception crossing into JavaScript (:func:`first_problem`), and
counts tours with progress and a Stop (:func:`tally_tours`), reads a Learn exercise's
answer for one check case (:func:`read_exercise_case`), and says why a Learn program is
not run (:func:`source_refusal`).  A Python user wants
:mod:`knight_py`'s own API instead.

>>> from knight_py.page import explain_all, first_problem, tally_tours
>>> why = first_problem(5, 5, ["a1", "b1"])
>>> explain_all(why)["en"]
'the path has 2 squares but the board has 25 free squares; step 1: a1 -> b1 is not a knight move'
>>> tally_tours(5, 5, "a1").value
304
"""

from __future__ import annotations

from .complete import complete
from .counting import TourCount, tally_tours
from .i18n import LANGS, Reason, explain
from .solver import METHODS, solve
from .survey import survey
from .validate import first_problem

__all__ = [
    "METHODS",
    "TourCount",
    "complete",
    "explain_all",
    "first_problem",
    "read_exercise_case",
    "solve",
    "source_refusal",
    "survey",
    "tally_tours",
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


def read_exercise_case(data: dict[str, object], case: dict[str, object]) -> dict[str, object]:
    """A Learn exercise's answer (the numbers the sandbox sent, or the board the page read
    back) for one check case in its JSON form: :func:`~knight_py.learn.exercise_answer.
    read_case_json`'s ``{code, params, path}``, and ``reasons``: for a path the validator
    refused (``invalid``), its reason in every language, else None.

    >>> v = read_exercise_case({"shape": "path", "values": [2, 0, 0, 0]},
    ...                        {"rows": 3, "cols": 4, "start": [2, 0]})
    >>> v["code"], v["reasons"]["en"]
    ('invalid', 'the path has 2 squares but the board has 12 free squares; step 1: a1 -> a3 is not a knight move')
    """
    # Imported here: the exercises are Learn's, and most pages never check one.
    from .learn.exercise_answer import read_case_json

    verdict = read_case_json(data, case)
    params = verdict["params"]
    verdict["reasons"] = None
    if verdict["code"] == "invalid" and isinstance(params, dict):
        why, reason = params.get("why"), params.get("reason", {})
        if isinstance(why, str) and isinstance(reason, dict):
            verdict["reasons"] = explain_all(Reason(why, reason))
    return verdict


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
