"""The page's layout per view: the tabs, each view's own controls and no others, the board
and the view's main controls in the first screen at 1280 x 900, the board first on a
phone (390 x 844) with nothing wider than the screen, and "Copy link" copying what the
view shows (a game in Play). Screenshots of every view at both sizes go to the run's
screenshots folder (ARTIFACTS)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from knight_py import square_name
from tests.e2e.conftest import ARTIFACTS, PYTHON_TIMEOUT, App
from tests.e2e.views import VIEW_IDS

# Every view the registry lists; what each must show (its main controls) and what it must
# not (other views' controls), for those it names (another is checked for its tab alone).
OWN = {
    "tour": ["#rows", "#method", "#open-tour", "#copy-link", "#play"],
    "compare": ["#compare-body", "#budget", "#rows", "#copy-link"],
    "heatmap": ["#heatmap-legend", "#budget", "#method", "#copy-link"],
    "play": ["#play-panel", "#play-undo", "#rows", "#copy-link"],
    "learn": ["#learn-program", "#learn-run", "#learn-listing", "#learn-position", "#rows"],
}
FOREIGN = {
    "tour": ["#play-panel", "#budget-box", "#compare-view", "#heatmap-view", "#learn-panel", "#learn-controls"],
    "compare": ["#count-box", "#check-box", "#play-panel", "#heatmap-view", "#method", "#learn-panel"],
    "heatmap": ["#count-box", "#check-box", "#play-panel", "#compare-view", "#export-box", "#learn-panel"],
    "play": ["#method", "#count-box", "#check-box", "#status", "#export-box", "#budget-box", "#learn-panel"],
    "learn": ["#method", "#count-box", "#check-box", "#status", "#export-box", "#play-panel", "#closed-tour", "#edit-holes"],
}
SHARE_LABELS = {
    "tour": "Copy link to this board",  # no tour yet: the link holds the board
    "compare": "Copy link to this comparison",
    "heatmap": "Copy link to this heatmap",
    "play": "Copy link to this game",
}


@pytest.fixture(scope="module")
def sized(browser: Any, base_url: str) -> Iterator[Any]:
    contexts: list[Any] = []

    def open_page(width: int, height: int) -> App:
        context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
        contexts.append(context)
        return App(context.new_page(), base_url)

    yield open_page
    for context in contexts:
        context.close()


def box(app: App, selector: str) -> dict[str, float]:
    found = app.page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return dict(found)


def open_view(app: App, view: str, query: str = "") -> None:
    app.goto(f"?view={view}{query}")
    app.wait_until("window.knightTour.pythonReady", PYTHON_TIMEOUT)
    app.wait_until(f"document.body.dataset.view === {view!r}")
    app.page.evaluate("() => window.scrollTo(0, 0)")
    app.next_frame()


@pytest.mark.parametrize("view", VIEW_IDS)
def test_each_view_shows_its_own_controls_in_the_first_screen(sized: Any, view: str) -> None:
    app = sized(1280, 900)
    open_view(app, view)
    tab = app.page.locator(f"#view-tabs [data-view={view}]")
    assert tab.get_attribute("aria-selected") == "true"
    assert app.page.get_attribute("#view-main", "aria-labelledby") == tab.get_attribute("id")
    board = box(app, "canvas.layer-overlay")
    assert board["y"] >= 0 and board["y"] + board["height"] <= 900, board
    for selector in OWN.get(view, []):
        assert app.page.locator(selector).first.is_visible(), f"{view}: {selector} hidden"
        top = box(app, selector)["y"]
        assert top < 900, f"{view}: {selector} starts at {top} px, below the first screen"
    for selector in FOREIGN.get(view, []):
        assert not app.page.locator(selector).first.is_visible(), f"{view}: {selector} shown"
    if view in SHARE_LABELS:
        assert app.page.text_content("#copy-link") == SHARE_LABELS[view]
    ARTIFACTS.mkdir(exist_ok=True)
    app.page.screenshot(path=str(ARTIFACTS / f"layout-{view}-1280x900.png"))


@pytest.mark.parametrize("view", VIEW_IDS)
def test_on_a_phone_the_board_comes_first_and_nothing_overflows(sized: Any, view: str) -> None:
    app = sized(390, 844)
    open_view(app, view)
    width = app.page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"{view}: the page is {width} px wide"
    wide = app.page.evaluate(
        """() => [...document.querySelectorAll('main *')]
                 .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().right > 391)
                 .filter((el) => !el.closest('.compare-view, .learn-listing, .tabs'))
                 .map((el) => el.id || el.className || el.tagName).slice(0, 5)"""
    )
    assert wide == [], f"{view}: wider than the screen: {wide}"
    board = box(app, "canvas.layer-overlay")
    first_control = box(app, OWN[view][0] if view in OWN else f"[data-views~={view}]")
    text_views = app.page.locator(".as-text")
    assert board["y"] < 844, "the board is not in the first screen"
    assert board["y"] < first_control["y"], f"{view}: its first control comes before the board"
    if text_views.is_visible():
        assert first_control["y"] < box(app, ".as-text")["y"], "the text views come before the controls"
    ARTIFACTS.mkdir(exist_ok=True)
    app.page.screenshot(path=str(ARTIFACTS / f"layout-{view}-390x844.png"), full_page=True)


def test_tabs_work_by_keyboard_and_keep_the_board(sized: Any) -> None:
    app = sized(1280, 900)
    open_view(app, "tour", "&rows=6&cols=6")
    app.page.focus("#tab-tour")
    app.page.keyboard.press("ArrowRight")
    assert app.page.evaluate("() => document.activeElement.id") == "tab-compare"
    app.page.keyboard.press("End")
    assert app.page.evaluate("() => document.activeElement.id") == "tab-learn"
    app.page.keyboard.press("ArrowLeft")
    app.page.keyboard.press("Enter")
    app.wait_until("window.knightTour.view === 'play'")
    assert app.state()["rows"] == 6
    assert "view=play" in app.page.url


def test_copy_link_in_play_carries_the_game_and_the_link_restores_it(sized: Any) -> None:
    app = sized(1280, 900)
    app.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app.base_url.rstrip("/"))
    open_view(app, "play", "&rows=5&cols=5")
    for name in ("a1", "b3", "c5"):
        app.click_square(name)
        app.wait_until(f"window.knightTour.play && window.knightTour.play.path.length && "
                       f"window.knightTour.play.path.at(-1).join() === {list(app_square(name, 5))!r}.join()")
    app.page.click("#copy-link")
    link = app.wait_until("window.knightTour.state.share?.url")
    assert "view=play" in link and "game=" in link, link
    assert "Anyone who opens it sees this game" in str(app.page.text_content("#copy-result"))
    other = sized(1280, 900)
    other.open(link)
    other.wait_until("window.knightTour.play && window.knightTour.play.path.length === 3")
    path = [square_name(tuple(sq), 5) for sq in other.state()["play"]["path"]]
    assert path == ["a1", "b3", "c5"]
    # A game that breaks play's rules stops before the bad move, and says so.
    bad = link.replace("rows=5&cols=5", "rows=5&cols=5&holes=c5")
    other.open(bad)
    other.wait_until("window.knightTour.play && window.knightTour.play.path.length === 2")
    assert "c5" in str(other.page.text_content("#play-notice"))


def app_square(name: str, rows: int) -> tuple[int, int]:
    return rows - int(name[1:]), ord(name[0]) - 97
