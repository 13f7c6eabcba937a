"""The answer where the eye is: on a phone (390 x 844, touch, both languages), every view's
controls and a square of its board are tapped, and what each tap changed is on screen
afterwards, not covered: Tour's status (why b1 has no tour on 5 x 5), the heatmap's
figures for the tapped square, Compare's board for a tapped method, Play's verdict,
Learn's board and sentence. The reader's scroll is where a thumb left it: each tap is made
from the place the page was scrolled to, the way a person scrolls to a control first."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import PYTHON_TIMEOUT, STILL_SCROLL, App

WIDTH, HEIGHT = 390, 844

# What is on screen and uncovered: the box inside the viewport and the element itself at
# its middle (not a sticky bar over it). A canvas board counts when most of it shows.
ON_SCREEN = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return { on: false, why: 'absent' };
  const r = el.getBoundingClientRect();
  const tall = el.id === 'board';
  const top = tall ? r.top + r.height / 4 : r.top;
  const bottom = tall ? r.bottom - r.height / 4 : r.bottom;
  const inside = r.height > 0 && top >= -1 && bottom <= innerHeight + 1;
  const x = r.left + Math.min(40, r.width / 2);
  const y = (Math.max(top, 0) + Math.min(bottom, innerHeight)) / 2;
  const hit = document.elementFromPoint(x, y);
  const uncovered = Boolean(hit && (el === hit || el.contains(hit) || (tall && hit.closest('#board'))));
  return { on: inside && uncovered, top: Math.round(r.top), bottom: Math.round(r.bottom), uncovered, scrollY };
}"""


def tap_control(app: App, selector: str) -> None:
    """Scroll the control on screen as a thumb would (to the screen's middle, where a
    reader stops scrolling to tap; Playwright's own scrolling may leave it at the very top
    edge), then tap it."""
    app.page.evaluate(STILL_SCROLL)  # an answer still being brought on screen first
    app.page.evaluate("""(s) => { const el = document.querySelector(s); const r = el.getBoundingClientRect();
        if (r.top < 0 || r.bottom > innerHeight) el.scrollIntoView({ block: 'center' }); }""", selector)
    app.page.evaluate(STILL_SCROLL)
    app.page.tap(selector)


def tap_square(app: App, name: str) -> None:
    """Scroll until the square is on screen, then tap it."""
    x, y = app.square_center(name)
    if not 60 <= y <= HEIGHT - 60:
        app.page.evaluate("(dy) => scrollBy(0, dy)", y - HEIGHT / 2)
        app.next_frame()
        x, y = app.square_center(name)
    app.page.touchscreen.tap(x, y)


def assert_in_view(app: App, selector: str, what: str) -> None:
    """Wait (the page may scroll smoothly) until `selector` is on screen, uncovered."""
    try:
        app.wait_until(f"({ON_SCREEN})({selector!r}).on", 15)
    except AssertionError:
        found = app.page.evaluate(ON_SCREEN, selector)
        raise AssertionError(f"{what}: {selector} is off screen after the tap: {found}") from None


def scroll_to(app: App, selector: str) -> None:
    """The reader scrolls to a place of their own (the control's), away from the answer."""
    app.page.evaluate("(s) => document.querySelector(s).scrollIntoView({block: 'start'})", selector)
    app.next_frame()


def open_view(app: App, query: str, lang: str) -> None:
    app.goto(f"{query}&lang={lang}")
    app.wait_until("window.knightTour.pythonReady", PYTHON_TIMEOUT)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_tour_a_square_and_the_playback_controls(phone: Any, lang: str) -> None:
    app = phone(WIDTH, lang)
    open_view(app, "?rows=5&cols=5", lang)
    tap_square(app, "b1")  # no tour from b1 on 5 x 5: the status says why
    app.wait_until("window.knightTour.status === 'impossible'")
    assert_in_view(app, "#status", "Tour, b1 on 5 x 5")
    assert_in_view(app, "#board", "Tour, b1 on 5 x 5: the board stays")
    tap_square(app, "a1")
    app.wait_result()
    assert_in_view(app, "#status", "Tour, a1 on 5 x 5")
    for control in ["#restart", "#step-forward", "#step-back", "#show-all"]:
        tap_control(app, control)
        app.next_frame()
        assert_in_view(app, "#move-count", f"Tour, {control}")
        assert_in_view(app, "#board", f"Tour, {control}")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_heatmap_a_square_shows_its_figures(phone: Any, lang: str) -> None:
    app = phone(WIDTH, lang)
    open_view(app, "?rows=5&cols=5&view=heatmap&method=backtrack", lang)
    app.wait_until("window.knightTour.heatmap && window.knightTour.heatmap.done === window.knightTour.heatmap.total", PYTHON_TIMEOUT)
    for square in ["c3", "a1"]:
        tap_square(app, square)
        app.wait_until(f"document.querySelector('#heatmap-square').textContent.startsWith('{square}')")
        assert_in_view(app, "#heatmap-square", f"Heatmap, {square}")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_compare_each_method_is_drawn_where_it_is_tapped(phone: Any, lang: str) -> None:
    app = phone(WIDTH, lang)
    open_view(app, "?rows=6&cols=6&view=compare&start=a1", lang)
    app.wait_until("window.knightTour.comparison && window.knightTour.comparison.length >= 4", PYTHON_TIMEOUT)
    app.wait_until("document.querySelectorAll('#compare-body tr[data-method] button').length >= 4")
    methods = app.page.evaluate("() => [...document.querySelectorAll('#compare-body tr[data-method]')].map((tr) => tr.dataset.method)")
    for method in methods:
        row = f"#compare-body tr[data-method={method}] button"
        scroll_to(app, row)
        tap_control(app, row)
        app.wait_until(f"document.querySelector({row!r}).getAttribute('aria-pressed') === 'true'")
        assert_in_view(app, "#board", f"Compare, {method}")
    # "Watch the search" sits under the table: its search plays on the board above.
    found = app.page.evaluate("() => document.querySelector('#compare-body tr[data-status=found]').dataset.method")
    tap_control(app, f"#compare-body tr[data-method={found}] button")
    app.wait_until("!document.querySelector('#watch-search').hidden")
    tap_control(app, "#watch-search")
    app.wait_until("window.knightTour.state.search !== null")
    assert_in_view(app, "#board", "Compare, Watch the search")
    tap_square(app, "b1")
    app.wait_until("window.knightTour.start && window.knightTour.start[1] === 1")
    assert_in_view(app, "#board", "Compare, a square")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_play_each_move_and_control_shows_the_verdict(phone: Any, lang: str) -> None:
    app = phone(WIDTH, lang)
    open_view(app, "?rows=6&cols=6&view=play", lang)
    for count, square in enumerate(["a1", "b3", "c1"], 1):
        tap_square(app, square)
        app.wait_until(f"window.knightTour.play && window.knightTour.play.path.length === {count}")
        assert_in_view(app, "#play-verdict", f"Play, {square}")
        assert_in_view(app, "#board", f"Play, {square}")
    for control, length in [("#play-undo", 2), ("#play-redo", 3), ("#play-hint", 3), ("#play-restart", 0)]:
        scroll_to(app, control)
        tap_control(app, control)
        app.wait_until(f"(window.knightTour.play ? window.knightTour.play.path.length : 0) === {length}")
        assert_in_view(app, "#play-verdict" if control != "#play-hint" else "#play-hint-text", f"Play, {control}")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_learn_a_square_and_a_step(phone: Any, lang: str) -> None:
    app = phone(WIDTH, lang)
    open_view(app, "?rows=5&cols=5&view=learn", lang)
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    tap_square(app, "a1")
    app.wait_until("window.knightTour.start && window.knightTour.start[0] === 4 && window.knightTour.start[1] === 0")
    assert_in_view(app, "#board", "Learn, a1")
    tap_control(app, "#learn-run")
    app.wait_until("window.knightTour.learn.steps > 1", PYTHON_TIMEOUT)
    step = app.page.evaluate("window.knightTour.learn.step")
    tap_control(app, "#learn-forward")
    app.wait_until(f"window.knightTour.learn.step !== {step}")
    assert_in_view(app, "#board", "Learn, a step")
