"""Each view owns its board and its words. Every view is entered from every
other after a tour, a game and a Learn run: the board shows that view's layers only (one
knight at most; no path on the heatmap; Play empty unless linked), the status line is that
view's, and a change of board clears or marks the old run. Screenshots of every pair, in
English and Chinese, go to the test's temporary folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import PYTHON_TIMEOUT, App
from tests.e2e.views import VIEW_IDS

VIEWS = list(VIEW_IDS)
# The canvases each view may paint on besides the board and the pointer's overlay (a view
# not named here: its own canvas, of its name).
OWN = {
    "tour": {"lines", "numbers", "marks", "pasted"},
    "compare": {"lines", "numbers", "marks"},
    "heatmap": {"heat"},
    "play": {"play"},
    "learn": {"learn"},
}
VIEW_CANVASES = {"heat", "pasted", "lines", "numbers", "play", "learn", "marks"}


def painted(app: App) -> dict[str, int]:
    """Pixels painted on each of the views' canvases."""
    return dict(app.page.evaluate(
        """(names) => Object.fromEntries(names.map((name) => {
             const canvas = document.querySelector(`canvas.layer-${name}`);
             const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
             let n = 0;
             for (let i = 3; i < data.length; i += 4) if (data[i]) n++;
             return [name, n];
           }))""",
        sorted(VIEW_CANVASES),
    ))


def open_view(app: App, view: str) -> None:
    app.page.click(f"#tab-{view}")
    app.wait_until(f"window.knightTour.state.view === {view!r}", 10)
    app.next_frame()
    app.next_frame()


def status(app: App) -> str:
    return str(app.page.text_content("#status"))


def prepare(app: App, lang: str) -> str:
    """A tour on 5 x 5 from a1, a game of two moves, a Learn run; returns the tour's status line."""
    app.goto(f"?rows=5&cols=5&lang={lang}")
    app.wait_python()
    app.click_square("a1")
    assert app.wait_result()["status"] == "found"
    app.page.click("#show-all")
    app.next_frame()
    tour_status = status(app)
    open_view(app, "play")
    assert app.page.evaluate("() => window.knightTour.state.play") is None  # empty on entry
    assert painted(app)["play"] == 0 and painted(app)["lines"] == 0
    app.click_square("c3")
    app.wait_until("window.knightTour.state.play && window.knightTour.state.play.length === 1", 5)
    app.click_square("b1")
    app.wait_until("window.knightTour.state.play.length === 2", 5)
    # The copied game link starts where the game did, not at the tour's a1.
    app.page.click("#copy-link")
    app.wait_until("window.knightTour.state.share !== null", 5)
    url = app.page.evaluate("() => window.knightTour.state.share.url")
    assert "start=c3" in url and "game=" in url, url
    open_view(app, "learn")
    app.wait_until("window.knightTour.learn.ready", PYTHON_TIMEOUT)
    app.page.click("#learn-run")
    app.wait_until("window.knightTour.learn.status === 'done'", 120)
    app.page.fill("#learn-position", "300")
    app.page.dispatch_event("#learn-position", "input")
    app.next_frame()
    return tour_status


def check_view(app: App, view: str, tour_status: str) -> None:
    pixels = painted(app)
    stray = {name: n for name, n in pixels.items() if n and name not in OWN.get(view, {view})}
    assert not stray, (view, stray)
    knights = [name for name in ("marks", "play", "learn") if pixels[name]]
    assert len(knights) <= 1, (view, knights)
    if view == "heatmap":
        assert pixels["lines"] == 0 and pixels["numbers"] == 0  # no path on the heatmap
    if view in ("heatmap", "play", "learn"):
        assert status(app) != tour_status, view  # never another view's sentence
    if view == "play":
        assert pixels["play"] > 0  # the game kept
        assert app.page.evaluate("() => window.knightTour.state.play.length") == 2
    if view == "learn":
        assert app.page.evaluate("() => window.knightTour.learn.shown")
        assert app.page.evaluate("() => window.knightTour.learn.step") == 300  # kept


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_view_entered_from_every_other_shows_its_own_layers_and_words(app: App, lang: str, tmp_path: Path) -> None:
    app.page.set_viewport_size({"width": 1280, "height": 800})
    tour_status = prepare(app, lang)
    # The page's tabs are the registry's views, in its order.
    assert app.page.evaluate("() => [...document.querySelectorAll('#view-tabs [role=tab]')].map((t) => t.dataset.view)") == VIEWS
    for before in VIEWS:
        for view in VIEWS:
            if view == before:
                continue
            open_view(app, before)
            open_view(app, view)
            if view == "heatmap":
                app.wait_until("window.knightTour.state.heatmap && window.knightTour.state.heatmap.status === 'done'", 60)
                app.next_frame()
            check_view(app, view, tour_status)
            app.page.screenshot(path=str(tmp_path / f"{lang}-{before}-to-{view}.png"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_change_of_board_marks_the_learn_run_and_play_starts_empty(app: App, lang: str, tmp_path: Path) -> None:
    app.goto(f"?rows=5&cols=5&start=a1&view=learn&lang={lang}")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    app.page.click("#learn-run")
    app.wait_until("window.knightTour.learn.status === 'done'", 120)
    app.set_size(6, 6)
    app.next_frame()
    learn: dict[str, Any] = app.page.evaluate("() => window.knightTour.learn")
    assert not learn["shown"]
    stale = str(app.page.text_content("#learn-stale"))
    assert ("5 x 5 from a1" in stale) if lang == "en" else ("从 a1 出发的 5×5 棋盘" in stale), stale
    assert app.page.is_disabled("#learn-forward")
    assert painted(app)["learn"] > 0  # only the waiting knight
    app.page.screenshot(path=str(tmp_path / f"{lang}-learn-board-changed.png"))
    # Back to 5 x 5: the run is this board's again.
    app.set_size(5, 5)
    app.next_frame()
    assert app.page.evaluate("() => window.knightTour.learn.shown")
    # A link to Play with a start square starts the game there; without one, empty.
    app.goto(f"?rows=5&cols=5&start=c3&view=play&lang={lang}")
    app.wait_until("window.knightTour.state.play && window.knightTour.state.play.length === 1", 10)
    app.goto(f"?rows=5&cols=5&view=play&lang={lang}")
    app.next_frame()
    assert app.page.evaluate("() => window.knightTour.state.play") is None
