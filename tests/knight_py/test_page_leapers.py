"""What the page's solver worker calls (knight_py.page) takes a leaper's rule as the page
sends it ("leaper:a,b" as a board keeps it), and answers as it does for the knight: a tour
only when the validator accepts it under that rule, "impossible" with its reason in every
language."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from knight_py.i18n import LANGS
from knight_py.page import complete, explain_all, first_problem, solve, survey

RULES = st.tuples(st.integers(0, 4), st.integers(0, 5)).filter(lambda p: p != (0, 0)).map(
    lambda p: "knight" if sorted(p) == [1, 2] else f"leaper:{min(p)},{max(p)}")


@settings(max_examples=40, deadline=None)
@given(rule=RULES, rows=st.integers(1, 5), cols=st.integers(1, 5), closed=st.booleans(), data=st.data())
def test_a_leaper_tour_from_the_page_passes_the_validator_under_its_rule(
        rule: str, rows: int, cols: int, closed: bool, data: st.DataObject) -> None:
    start = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    result = solve(rows, cols, start, closed=closed, rule=rule, max_nodes=20_000)
    if result.status == "found":
        assert first_problem(rows, cols, list(result.indices), closed=closed, rule=rule) is None
    elif result.status == "impossible":
        reasons = explain_all(result.why)
        assert reasons is not None and set(reasons) == set(LANGS) and all(reasons.values())


def test_the_camel_on_six_by_six_is_refused_by_its_colour_in_both_languages() -> None:
    result = solve(6, 6, (0, 0), rule="leaper:1,3")
    assert result.status == "impossible"
    reasons = explain_all(result.why)
    assert reasons is not None
    assert "camel (1, 3)" in reasons["en"] and "colour" in reasons["en"]
    assert "骆驼" in reasons["zh"]


def test_a_knight_path_is_not_a_camel_path_and_the_page_says_whose_jump() -> None:
    why = explain_all(first_problem(5, 5, [0, 7], rule="leaper:1,3"))
    assert why is not None and "camel" in why["en"] and "骆驼" in why["zh"]
    assert first_problem(4, 4, [0, 13], closed=False, rule="leaper:1,3") is not None


def test_completing_and_surveying_take_the_leaper_too() -> None:
    assert complete(6, 6, [0], rule="leaper:1,3").status == "impossible"
    cells = survey(5, 5, rule="leaper:0,1", max_nodes=2000).cells
    assert {c.status for c in cells} == {"found", "impossible"}
