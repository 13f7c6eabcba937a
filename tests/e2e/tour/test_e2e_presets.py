"""Tours that came with the page: a preset board's square clicked before Python is ready
is drawn at once from the build's file (web/presets/), marked as checking, and checked by
Python's validator once Python is up; other boards say Python is still on its way."""

from __future__ import annotations

from typing import Any

from ..conftest import PYTHON_TIMEOUT, App


def hold_python(app: App) -> list[Any]:
    """Hold the worker's script back: Python cannot start until the routes continue."""
    held: list[Any] = []
    app.page.route("**/worker.mjs", lambda route: held.append(route))
    return held


def arrived(app: App, size: str) -> None:
    app.wait_until(
        "performance.getEntriesByType('resource')"
        f".some((e) => e.name.endsWith('/presets/{size}.json'))"
    )


def test_a_preset_square_clicked_before_python_draws_the_build_tour(fresh_app: App) -> None:
    held = hold_python(fresh_app)
    fresh_app.goto("?rows=8&cols=8")
    # The 8 x 8 file arrives by itself once the board is drawn.
    arrived(fresh_app, "8x8")
    assert not fresh_app.state()["pythonReady"]
    fresh_app.click_square("a1")
    fresh_app.wait_until("window.knightTour.state.tourFrom === 'preset'")
    state = fresh_app.page.evaluate(
        "() => ({ ...window.knightTour, check: window.knightTour.state.tourCheck })"
    )
    assert state["status"] == "found" and state["tourLength"] == 64
    assert state["check"] == "checking" and not state["pythonReady"]
    assert state["path"][0] == [7, 0]
    assert "came with the page: checking it" in fresh_app.status_text("came with the page")
    for route in held:
        route.continue_()
    fresh_app.page.unroute("**/worker.mjs")
    fresh_app.wait_until("window.knightTour.state.tourCheck === 'valid'", PYTHON_TIMEOUT)
    assert fresh_app.state()["tourLength"] == 64
    assert "came with the page." in fresh_app.status_text("came with the page.")
    assert "checked by the validator" in str(fresh_app.page.text_content("#status-detail"))


def test_a_closed_preset_tour_comes_from_any_square(fresh_app: App) -> None:
    held = hold_python(fresh_app)
    fresh_app.goto("?rows=6&cols=6&closed=1")
    arrived(fresh_app, "6x6")
    fresh_app.click_square("c4")
    fresh_app.wait_until("window.knightTour.state.tourFrom === 'preset'")
    path = fresh_app.state()["path"]
    assert len(path) == 36 and path[0] == [2, 2]
    last, first = path[-1], path[0]
    assert sorted((abs(last[0] - first[0]), abs(last[1] - first[1]))) == [1, 2]  # closed
    for route in held:
        route.continue_()


def test_another_board_says_python_is_still_on_its_way(fresh_app: App) -> None:
    held = hold_python(fresh_app)
    fresh_app.goto("?rows=7&cols=7")
    fresh_app.wait_until("performance.getEntriesByName('app-ready').length")
    fresh_app.click_square("a1")
    assert "Python is still on its way" in fresh_app.status_text("Python is still on its way")
    assert fresh_app.state()["status"] == "loading"
    for route in held:
        route.continue_()
    fresh_app.page.unroute("**/worker.mjs")
    state = fresh_app.wait_result()
    assert state["status"] == "found"
    assert fresh_app.page.evaluate("() => window.knightTour.state.tourFrom") == "solver"
