"""What the web page's solver worker calls (web/solver/worker.mjs): the library's searches,
and the helpers that serve only the page.

The page shows a reason in the language it speaks and switches language without a new
request, so it asks for every reason in every language (:func:`explain_all`); it checks a
pasted tour without an exception crossing into JavaScript (:func:`first_problem`), and
counts tours with progress and a Stop (:func:`tally_tours`).  A Python user wants
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
    "solve",
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
