"""End to end, the compare view and the search tools beside it, on one page of their own:
the comparison of every method (its tours validate), and watching any search with its
depth chart."""

from __future__ import annotations

import pytest

from knight_py import validate

from ..conftest import App, choose_view, set_budget, shot

COMPARE_TIMEOUT = 240.0  # five methods, one after another


@pytest.fixture
def app(module_app: App) -> App:
    """This file's tests share a page of their own (conftest's module_page)."""
    return module_app


def test_compare_lists_every_method_and_their_tours_validate(app: App) -> None:
    choose_view(app, "tour")
    app.set_size(8, 8)
    app.page.select_option("#method", "auto")
    choose_view(app, "compare")
    set_budget(app, 200_000)
    app.click_square("a1")
    app.wait_until("window.knightTour.comparisonStatus === 'done'", COMPARE_TIMEOUT)
    rows = app.state()["comparison"]
    assert [r["method"] for r in rows] == ["auto", "warnsdorff", "backtrack", "exhaustive", "construct"]
    by = {r["method"]: r for r in rows}
    assert by["warnsdorff"]["status"] == "found" and by["backtrack"]["status"] == "gave_up"
    assert by["backtrack"]["nodes"] == 200_000
    assert all(r["ms"] >= 0 for r in rows)
    table = app.page.text_content("#compare-body") or ""
    assert "fastest" in table and "slowest" in table
    assert "faster than plain backtracking" in (app.page.text_content("#compare-summary") or "")
    for method in ("auto", "warnsdorff", "exhaustive", "construct"):
        app.page.click(f"#compare-body tr[data-method={method}] button")
        app.wait_until(f"window.knightTour.comparisonOpened === {method!r}")
        state = app.state()
        assert state["status"] == "found" and state["start"] == [7, 0]
        validate(8, 8, [tuple(p) for p in state["path"]])
    shot(app, "compare_8x8_a1")
    # The row that gave up opens its search, replayed with the depth chart.
    app.page.click("#compare-body tr[data-method=backtrack] button")
    app.wait_until("window.knightTour.comparisonOpened === 'backtrack'")
    app.wait_until("!document.querySelector('#depth-chart').hidden")
    assert app.state()["status"] == "gave_up"
    shot(app, "compare_backtrack_search")


@pytest.mark.parametrize("method", ["warnsdorff", "exhaustive", "backtrack"])
def test_any_search_can_be_watched_with_its_depth_chart(app: App, method: str) -> None:
    choose_view(app, "tour")
    app.set_size(5, 5)
    app.page.select_option("#method", method)
    app.click_square("a1")
    assert app.wait_result()["status"] == "found"
    app.page.click("#watch-search")
    app.wait_until("!document.querySelector('#depth-chart').hidden")
    app.page.click("#show-all")
    caption = app.page.text_content("#depth-caption") or ""
    assert caption.startswith("Search depth over search events") and "advances" in caption
    # Plain backtracking cuts nothing early: its caption never speaks of pruned squares.
    assert ("pruned" not in caption and "prunes nothing" in caption) if method == "backtrack" else "pruned square" in caption, caption
    if method == "backtrack":
        assert " 0 back-offs" not in caption  # the saw-tooth: it backed off many times
        shot(app, "depth_chart_backtrack")
    app.page.click("#watch-search")
    app.wait_until("document.querySelector('#depth-chart').hidden")


def test_compare_runs_a_leaper_and_the_constructions_say_they_are_not_for_it(app: App) -> None:
    choose_view(app, "tour")
    app.set_size(5, 8)
    app.page.select_option("#piece", "giraffe")
    app.wait_until("window.knightTour.rule === 'leaper:1,4'")
    choose_view(app, "compare")
    assert "rule=giraffe" in app.page.url
    set_budget(app, 50_000)
    app.click_square("a1")
    app.wait_until("window.knightTour.comparisonStatus === 'done'", COMPARE_TIMEOUT)
    by = {r["method"]: r for r in app.state()["comparison"]}
    assert by["construct"]["status"] == "not_applicable"
    assert by["auto"]["status"] == "found" and by["exhaustive"]["status"] == "found"
    for method in ("auto", "exhaustive"):
        app.page.click(f"#compare-body tr[data-method={method}] button")
        app.wait_until(f"window.knightTour.comparisonOpened === {method!r}")
        state = app.state()
        validate(5, 8, [tuple(p) for p in state["path"]], rule="giraffe")
    shot(app, "compare_giraffe_5x8_a1")
    choose_view(app, "tour")
    app.page.select_option("#piece", "knight")
    app.wait_until("window.knightTour.rule === 'knight'")
