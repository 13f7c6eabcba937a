"""End to end, the heatmap view on one page of its own: the heatmap of start squares
(checked square by square against survey on CPython), Stop keeping the finished squares,
the CSV download, sampled large boards, and bad view, budget and heatmap-size input."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest

from knight_py import survey, validate

from ..conftest import App, choose_view, set_budget, shot

HEATMAP_TIMEOUT = 240.0


@pytest.fixture
def app(module_app: App) -> App:
    """This file's tests share a page of their own (conftest's module_page)."""
    return module_app



def heatmap(app: App) -> dict[str, Any]:
    return dict(app.page.evaluate("() => JSON.parse(JSON.stringify(window.knightTour.heatmap))"))


def wait_heatmap(app: App) -> dict[str, Any]:
    app.wait_until(
        "window.knightTour.heatmap && window.knightTour.heatmap.status !== 'running'", HEATMAP_TIMEOUT
    )
    return heatmap(app)


def cells_by_square(cells: list[list[Any]]) -> dict[tuple[int, int], tuple[str, int, int]]:
    return {(r, c): (status, nodes, backtracks) for r, c, status, nodes, backtracks in cells}


def test_heatmap_of_6x6_backtracking_matches_survey(app: App) -> None:
    app.set_size(6, 6)
    app.page.select_option("#method", "backtrack")
    choose_view(app, "heatmap")
    state = wait_heatmap(app)
    assert state["status"] == "done" and state["done"] == state["total"] == 36
    assert state["method"] == "backtrack" and state["maxNodes"] == 100_000
    assert state["workers"] >= 1
    expected = survey(6, 6, method="backtrack", max_nodes=100_000)
    page_cells = cells_by_square(state["cells"])
    assert len(page_cells) == 36
    for cell in expected.cells:
        assert page_cells[(cell.row, cell.col)] == (cell.status, cell.nodes, cell.backtracks), cell.name
    # The legend, the marks and the summary are there for a person to read.
    legend = app.page.text_content("#heatmap-legend") or ""
    assert "log scale" in legend and "gave up" in legend and "no tour from here" in legend
    summary = app.page.text_content("#heatmap-summary") or ""
    assert "36 of 36 squares done" in summary and "Hardest found" in summary
    assert "Workers:" in (app.page.text_content("#heatmap-workers") or "")
    shot(app, "heatmap_6x6_backtrack")


def test_heatmap_hover_shows_numbers_and_click_shows_a_valid_tour(app: App) -> None:
    if (app.state().get("heatmap") or {}).get("status") != "done":
        pytest.skip("needs the heatmap of the test before")
    found = [c for c in app.state()["heatmap"]["cells"] if c[2] == "found"]
    row, col, _, nodes, _ = found[0]
    name = f"{'abcdef'[col]}{6 - row}"
    app.page.mouse.move(*app.square_center(name))
    app.wait_until("!document.querySelector('#heatmap-tip').hidden")
    tip = app.page.text_content("#heatmap-tip") or ""
    assert tip.startswith(f"{name}: tour found") and f"{nodes:,} nodes" in tip
    shot(app, "heatmap_hover")
    # The keyboard reaches the same numbers: the cursor starts on a1, arrows move it.
    app.page.focus("canvas.layer-overlay")
    app.page.keyboard.press("ArrowRight")
    app.page.keyboard.press("ArrowLeft")
    a1 = cells_by_square(app.state()["heatmap"]["cells"])[(5, 0)]
    app.wait_until("document.querySelector('#heatmap-square').textContent.startsWith('a1:')")
    readout = app.page.text_content("#heatmap-square") or ""
    assert f"{a1[1]:,} nodes" in readout
    app.click_square(name)
    state = app.wait_result(HEATMAP_TIMEOUT)
    assert state["status"] == "found" and state["start"] == [row, col]
    validate(6, 6, [tuple(p) for p in state["path"]])
    assert app.state()["heatmap"]["done"] == 36  # the map stays under the tour


def test_heatmap_csv_download_matches_the_cells(app: App) -> None:
    if (app.state().get("heatmap") or {}).get("status") != "done":
        pytest.skip("needs the heatmap of the first test")
    with app.page.expect_download() as info:
        app.page.click("#heatmap-csv")
    download = info.value
    assert download.suggested_filename == "knight-heatmap-6x6-backtrack.csv"
    rows = list(csv.DictReader(io.StringIO(Path(download.path()).read_text(encoding="utf-8"))))
    assert list(rows[0]) == ["square", "row", "col", "status", "nodes", "backtracks", "seconds", "method"]
    expected = {c.name: c for c in survey(6, 6, method="backtrack", max_nodes=100_000).cells}
    assert len(rows) == 36
    for r in rows:
        cell = expected[r["square"]]
        assert (r["status"], int(r["nodes"]), int(r["backtracks"])) == (cell.status, cell.nodes, cell.backtracks)


def test_stop_during_a_heatmap_keeps_the_finished_squares(app: App) -> None:
    app.set_size(6, 6)
    app.page.select_option("#method", "backtrack")
    choose_view(app, "heatmap")
    set_budget(app, 300_000)
    app.wait_until("window.knightTour.heatmap.status === 'running' && window.knightTour.heatmap.done >= 2", HEATMAP_TIMEOUT)
    app.page.click("#heatmap-stop")
    state = wait_heatmap(app)
    assert state["status"] == "stopped"
    kept = state["done"]
    assert 2 <= kept < 36 and len(state["cells"]) == kept
    assert f"{kept} of 36 squares kept" in (app.page.text_content("#heatmap-state") or "")
    starts = [(r, c) for r, c, *_ in state["cells"]]
    expected = survey(6, 6, method="backtrack", max_nodes=300_000, starts=starts)
    page_cells = cells_by_square(state["cells"])
    for cell in expected.cells:
        assert page_cells[(cell.row, cell.col)] == (cell.status, cell.nodes, cell.backtracks)
    app.quiet()
    assert heatmap(app)["done"] == kept  # nothing more arrives after Stop
    shot(app, "heatmap_stopped")
    # Leaving the view and coming back keeps the partial map (Run again starts afresh).
    choose_view(app, "tour")
    choose_view(app, "heatmap")
    back = heatmap(app)
    assert (back["status"], back["done"]) == ("stopped", kept)
    set_budget(app, 100_000)


def test_heatmap_8x8_warnsdorff_and_a_sampled_large_board(app: App) -> None:
    app.set_size(8, 8)
    app.page.select_option("#method", "warnsdorff")
    choose_view(app, "heatmap")
    state = wait_heatmap(app)
    assert state["status"] == "done" and state["done"] == 64 and not state["sampled"]
    assert {c[2] for c in state["cells"]} == {"found"}
    shot(app, "heatmap_8x8_warnsdorff")
    app.set_size(40, 40)
    state = wait_heatmap(app)
    assert state["sampled"] and state["status"] == "done"
    assert state["done"] == state["total"] <= 400
    note = app.page.text_content("#heatmap-note") or ""
    assert note.startswith("Sampled: one start square in every")
    shot(app, "heatmap_40x40_sampled")


def test_bad_view_budget_and_heatmap_size_are_named(fresh_app: App) -> None:
    fresh_app.goto("?rows=7&cols=9&view=movie&budget=-3")
    fresh_app.wait_until("document.querySelectorAll('#param-errors li').length === 2")
    errors = fresh_app.page.text_content("#param-errors") or ""
    assert 'view: "movie" is not a view; use one of tour, compare, heatmap, play' in errors
    assert 'budget: "-3" is not a whole number' in errors
    state = fresh_app.state()
    assert (state["rows"], state["cols"], state["view"]) == (7, 9, "tour")
    fresh_app.goto("?rows=200&cols=200&view=heatmap&budget=99999999999")
    fresh_app.wait_python()
    fresh_app.wait_until("window.knightTour.heatmap && window.knightTour.heatmap.status === 'refused'")
    alert = fresh_app.page.text_content("#heatmap-error") or ""
    assert "view=heatmap: a 200 x 200 board is too large for a heatmap; use boards up to 100 x 100" in alert
    assert "budget" in (fresh_app.page.text_content("#param-errors") or "")
    state = fresh_app.state()
    assert (state["rows"], state["cols"]) == (200, 200)
    fresh_app.page.fill("#budget", "0")
    fresh_app.page.dispatch_event("#budget", "change")
    fresh_app.wait_until("!document.querySelector('#budget-error').hidden")
    assert "Node budget" in (fresh_app.page.text_content("#budget-error") or "")


def test_the_depth_chart_shows_in_the_views_that_replay_a_search_and_no_other(app: App) -> None:
    choose_view(app, "tour")
    app.set_size(5, 5)
    app.page.select_option("#method", "backtrack")
    choose_view(app, "heatmap")
    wait_heatmap(app)
    app.click_square("e1")  # a heatmap square's search can be watched too (a1 may be chosen already)
    assert app.wait_result()["status"] == "found"
    app.page.click("#watch-search")
    app.wait_until("!document.querySelector('#depth-chart').hidden")
    assert app.page.is_visible("#depth-chart")
    choose_view(app, "play")
    assert not app.page.is_visible("#depth-chart")
    choose_view(app, "tour")
    assert app.page.is_visible("#depth-chart")
    app.page.click("#watch-search")
    app.wait_until("document.querySelector('#depth-chart').hidden")


def test_heatmap_of_a_leaper_matches_survey_under_its_rule(app: App) -> None:
    choose_view(app, "tour")
    app.set_size(5, 5)
    app.page.select_option("#method", "auto")
    app.page.select_option("#piece", "other")
    app.page.fill("#leaper-a", "0")
    app.page.fill("#leaper-b", "1")
    app.page.press("#leaper-b", "Tab")
    app.wait_until("window.knightTour.rule === 'leaper:0,1'")
    choose_view(app, "heatmap")
    assert "rule=leaper:0,1" in app.page.url
    state = wait_heatmap(app)
    assert state["status"] == "done" and state["done"] == 25
    expected = survey(5, 5, rule="leaper:0,1", max_nodes=state["maxNodes"])
    page_cells = cells_by_square(state["cells"])
    for cell in expected.cells:
        assert page_cells[(cell.row, cell.col)][0] == cell.status, cell.name
    assert {status for status, _, _ in page_cells.values()} == {"found", "impossible"}
    shot(app, "heatmap_leaper_0_1")
    choose_view(app, "tour")
    app.page.select_option("#piece", "knight")
    app.wait_until("window.knightTour.rule === 'knight'")
