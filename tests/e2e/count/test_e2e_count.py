"""End to end, counting tours (web/count/): the count beside the published figure, from one
square and from every square, and a count stopped while the solver still works."""

from __future__ import annotations

from knight_py import count_tours

from ..conftest import PYTHON_TIMEOUT, App, choose_view, shot


def test_count_5x5_from_a1_shows_304_beside_the_published_figure(app: App) -> None:
    choose_view(app, "tour")
    app.set_size(5, 5)
    app.page.select_option("#method", "auto")
    app.click_square("a1")
    app.wait_result()
    app.page.click("#count-run")
    app.wait_until("window.knightTour.count && window.knightTour.count.status === 'done'", PYTHON_TIMEOUT)
    count = app.state()["count"]
    assert count["value"] == 304 == count_tours(5, 5, "a1").value
    assert "304 open tours from a1" in (app.page.text_content("#count-result") or "")
    published = app.page.text_content("#count-published") or ""
    assert "Published: 304 open tours from a corner" in published and "matches" in published
    shot(app, "count_5x5_a1")


def test_count_from_every_square_of_3x4_shows_16(app: App) -> None:
    choose_view(app, "tour")
    app.set_size(3, 4)
    app.page.click("#count-all")
    app.wait_until("window.knightTour.count && window.knightTour.count.status === 'done'", PYTHON_TIMEOUT)
    count = app.state()["count"]
    assert count["value"] == 16 == sum(count_tours(3, 4, (r, c)).value for r in range(3) for c in range(4))
    assert "16 open tours from all 12 start squares" in (app.page.text_content("#count-result") or "")
    published = app.page.text_content("#count-published") or ""
    assert "Published: 16 open tours on the 3 x 4 board, all start squares" in published
    assert "✓ matches" in published
    shot(app, "count_3x4_every_square")


def test_count_can_be_stopped(app: App) -> None:
    app.set_size(6, 6)
    app.page.select_option("#method", "auto")
    app.click_square("a1")
    app.wait_result()
    app.page.click("#count-run")
    app.wait_until("window.knightTour.count.status === 'running' && window.knightTour.count.nodes > 0", PYTHON_TIMEOUT)
    app.page.click("#count-stop")
    app.wait_until("window.knightTour.count.status === 'cancelled'")
    assert "Counting stopped" in (app.page.text_content("#count-result") or "")
    app.click_square("b1")  # the solver still works
    assert app.wait_result()["status"] == "found"
