"""Every view on a phone (360 and 390 px wide, touch, both languages): no sideways scroll,
nothing cut off by its box, every control a finger can hit (44 x 44 px), Learn's board and
current line on screen together while stepping; no keyboard hints under a finger, the
technical notes folded, numbers in Chinese in 万; axe at 390 px. Screenshots of every view
at 390 px in both languages go to the run's screenshots folder (ARTIFACTS), phone-*.png."""

from __future__ import annotations

from typing import Any

import pytest

import build
from tests.e2e.conftest import ARTIFACTS, PHONE_HEIGHT, PYTHON_TIMEOUT, App
from tests.e2e.views import view_links

AXE = build.ROOT / "node_modules" / "axe-core" / "axe.min.js"
HEIGHT = PHONE_HEIGHT
VIEWS = view_links({
    "tour": "?rows=8&cols=8&start=a1",
    "compare": "?rows=6&cols=6&view=compare&start=a1",
    "heatmap": "?rows=5&cols=5&view=heatmap&method=backtrack",
    "play": "?rows=6&cols=6&view=play",
}, "?rows=5&cols=5&view={id}")

# What a finger has to hit, and what is cut off by its box. A checkbox or radio button is
# hit through its label (.check); the file input is hidden behind its label on purpose;
# the program listing and the squares table scroll on purpose.
MEASURE = """() => {
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) return false; // absent, or clipped for screen readers only
    for (let n = el; n; n = n.parentElement) {
      const cs = getComputedStyle(n);
      if (cs.display === 'none' || cs.visibility === 'hidden' || cs.opacity === '0') return false;
    }
    return !el.closest('.visually-hidden');
  };
  const name = (el) => `${el.tagName.toLowerCase()}#${el.id || ''}.${el.className || ''} "${(el.textContent || '').trim().slice(0, 16)}"`;
  const controls = [...document.querySelectorAll(
    'button, select, summary, input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), label.check, .file-label, [role=tab]')];
  const small = controls.filter(shown).map((el) => [el, el.getBoundingClientRect()])
    .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
    .map(([el, r]) => `${name(el)} ${Math.round(r.width)}x${Math.round(r.height)}`);
  const cut = [...document.querySelectorAll('body *')].filter(shown)
    .filter((el) => el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
    .filter((el) => !['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
    .filter((el) => !el.closest('.learn-listing, #squares, canvas'))
    .map((el) => `${name(el)} ${el.scrollWidth}>${el.clientWidth}`);
  return { scrollWidth: document.scrollingElement.scrollWidth, innerWidth, small, cut };
}"""


def open_view(app: App, view: str, lang: str) -> None:
    app.goto(f"{VIEWS[view]}&lang={lang}")
    app.wait_until("window.knightTour.pythonReady", PYTHON_TIMEOUT)
    if view == "tour":
        app.wait_result()
    if view == "compare":
        app.wait_until("window.knightTour.comparison && window.knightTour.comparison.length >= 4", PYTHON_TIMEOUT)
    if view == "heatmap":
        app.wait_until("document.querySelectorAll('.legend-ticks span').length > 0", PYTHON_TIMEOUT)
    if view == "learn":
        app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    app.next_frame()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("width", [360, 390])
@pytest.mark.parametrize("view", list(VIEWS))
def test_every_view_fits_a_phone_and_a_finger(phone: Any, view: str, width: int, lang: str) -> None:
    app = phone(width, lang)
    open_view(app, view, lang)
    found = app.page.evaluate(MEASURE)
    assert found["scrollWidth"] <= found["innerWidth"], f"{view}: the page scrolls sideways: {found}"
    assert found["cut"] == [], f"{view} at {width} px ({lang}): cut off: {found['cut']}"
    assert found["small"] == [], f"{view} at {width} px ({lang}): under 44 x 44 px: {found['small']}"
    if width == 390:
        ARTIFACTS.mkdir(exist_ok=True)
        app.page.screenshot(path=str(ARTIFACTS / f"phone-{view}-{lang}-390.png"), full_page=True)


def in_view(app: App, selector: str) -> dict[str, float]:
    """The element's box, asserted inside the viewport and not covered (the sticky board
    and the bottom bar cover the page under them)."""
    return dict(app.page.evaluate(
        """(selector) => {
             const el = document.querySelector(selector);
             const r = el.getBoundingClientRect();
             const inside = r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
             const hit = document.elementFromPoint(r.left + Math.min(40, r.width / 2), r.top + r.height / 2);
             return { top: r.top, bottom: r.bottom, inside, uncovered: Boolean(hit && (el === hit || el.contains(hit))) };
           }""",
        selector,
    ))


@pytest.mark.parametrize(("width", "lang"), [(390, "en"), (360, "zh")])
def test_learn_keeps_the_board_and_the_current_line_on_screen_while_stepping(phone: Any, width: int, lang: str) -> None:
    app = phone(width, lang)
    open_view(app, "learn", lang)
    app.page.click("#learn-run")
    app.wait_until("['done', 'stopped', 'error'].includes(window.knightTour.learn.status)", 120)
    app.page.evaluate("() => window.scrollTo(0, 0)")  # the reader went back up, then steps from the start
    app.page.evaluate(
        """() => { const input = document.getElementById('learn-position');
                   input.value = '0'; input.dispatchEvent(new Event('input', { bubbles: true })); }"""
    )
    app.wait_until("window.knightTour.learn.step === 0")
    for step in range(12):
        before = app.page.evaluate("() => window.knightTour.learn.step")
        app.page.click("#learn-forward")
        # One narration step on: a run of identical lines (a list comprehension) is one.
        app.wait_until(f"window.knightTour.learn.step > {before}")
        app.page.wait_for_timeout(30)  # the follow panel scrolls at the next frame
        board = in_view(app, "canvas.layer-overlay")
        line = in_view(app, "#learn-listing li.current")
        assert board["inside"], f"step {step + 1}: the board is off screen: {board}"
        assert line["inside"] and line["uncovered"], f"step {step + 1}: the current line is off screen: {line}"
        forward = in_view(app, "#learn-forward")
        assert forward["inside"] and forward["uncovered"], forward
    ARTIFACTS.mkdir(exist_ok=True)
    app.page.screenshot(path=str(ARTIFACTS / f"phone-learn-stepping-{lang}-{width}.png"))


def test_no_keyboard_hint_under_a_finger_but_with_a_mouse(phone: Any) -> None:
    for touch in (True, False):
        app = phone(390, "en", touch=touch)
        app.goto("?rows=6&cols=6&view=play")
        app.wait_python()
        app.click_square("a1")
        app.wait_until("document.getElementById('hint-keys').textContent.length > 0")
        hints = app.page.evaluate(
            """() => ['#hint-keys', '.fine-only[data-i18n="page.check-drop"]', '#squares-keys']
                 .map((s) => document.querySelector(s)).map((el) => el.checkVisibility())"""
        )
        shown = app.page.evaluate("() => document.body.innerText")
        if touch:
            assert hints == [False, False, False], hints
            for words in ("Ctrl", "arrow keys", "Arrow keys", "drop a file", "Page Up"):
                assert words not in shown, f"a touch screen is told {words!r}"
        else:
            assert hints[0] is True and hints[2] is False, hints  # the keys' help stays folded


def test_technical_notes_are_folded_and_open_on_a_click(phone: Any) -> None:
    app = phone(390, "zh")
    app.goto("?rows=6&cols=6&lang=zh")
    app.wait_python()
    app.next_frame()
    assert app.page.get_attribute("#tech-notes", "open") is None
    assert not app.page.locator("#python-start").is_visible()
    assert "Python" not in app.page.text_content("#status")
    app.page.click("#tech-notes summary")
    start = app.page.locator("#python-start")
    assert start.is_visible()
    assert "Python" in start.text_content() and "用时" in start.text_content()
    app.page.click("#tech-notes summary")  # folded again for the next test


def test_numbers_in_chinese_are_counted_in_wan(phone: Any) -> None:
    app = phone(390, "zh")
    open_view(app, "heatmap", "zh")
    ticks = app.page.evaluate("() => [...document.querySelectorAll('.legend-ticks span')].map((s) => s.textContent)")
    assert ticks[-2:] == ["1万", "10万"], ticks  # up to the budget, 100,000 nodes
    assert all("k" not in tick.lower() and "," not in tick for tick in ticks), ticks
    assert "10万" in app.page.text_content("#heatmap-title")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_axe_finds_no_serious_violation_on_a_phone(phone: Any, view: str, lang: str) -> None:
    assert AXE.exists(), "npm ci installs axe-core (a dev dependency)"
    app = phone(390, lang)
    open_view(app, view, lang)
    app.page.evaluate(AXE.read_text())
    found = app.page.evaluate(
        "async () => (await axe.run(document, { resultTypes: ['violations'] })).violations"
        ".map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))"
    )
    bad = [v for v in found if v["impact"] in ("serious", "critical")]
    assert not bad, f"{view} ({lang}): {bad}"


UNDER_STOP = """() => {
  const stop = document.getElementById('stop');
  const r = stop.getBoundingClientRect();
  const points = [[r.left + 2, r.top + 2], [r.right - 2, r.top + 2], [r.left + 2, r.bottom - 2],
                  [r.right - 2, r.bottom - 2], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]];
  return points.map(([x, y]) => {
    const under = document.elementsFromPoint(x, y).filter((el) => el !== stop && !stop.contains(el))[0];
    return under ? under.tagName.toLowerCase() + (under.id ? '#' + under.id : '') : '';
  });
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_floating_stop_leaves_the_page_s_end_uncovered(phone: Any, lang: str) -> None:
    """While a search runs on a phone, Stop floats at the screen's foot; scrolled to the
    end, nothing of the page is under it (the page leaves it room), and a tap stops."""
    app = phone(360, lang)
    app.goto(f"?rows=8&cols=8&method=backtrack&lang={lang}")
    app.wait_until("window.knightTour.pythonReady", PYTHON_TIMEOUT)
    box = app.page.locator("canvas.layer-overlay").bounding_box()
    cell = box["width"] / 8
    app.page.touchscreen.tap(box["x"] + 3.5 * cell, box["y"] + 4.5 * cell)  # d4: no tour soon
    app.page.wait_for_selector("#stop", state="visible")
    app.page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    app.next_frame()
    assert app.page.evaluate("getComputedStyle(document.getElementById('stop')).position") == "fixed"
    under = app.page.evaluate(UNDER_STOP)
    assert set(under) <= {"body", "html"}, f"under Stop at the page's end: {under}"
    app.page.locator("#stop").tap()
    app.wait_until("window.knightTour.state.status !== 'solving'", 30)
    app.page.wait_for_selector("#stop", state="hidden")



@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_a_links_problems_are_on_the_first_screen_until_closed(phone: Any, view: str, lang: str) -> None:
    """A student who opens a broken link on a phone reads what was wrong with it before the
    board, in every view, and closes the list with a thumb; the keyboard goes on from the
    view's tab."""
    app = phone(390, lang)
    app.goto(f"{VIEWS[view]}&start=zz&colour=red&lang={lang}")
    app.wait_until("document.querySelectorAll('#param-errors li').length === 2")
    app.next_frame()
    problems = in_view(app, "#link-problems")
    assert problems["inside"] and problems["uncovered"], f"{view}: the link's problems are off the first screen: {problems}"
    board = app.page.evaluate("() => document.getElementById('board').getBoundingClientRect().top")
    assert problems["bottom"] <= board, (problems, board)
    close = in_view(app, "#link-problems-close")
    assert close["inside"] and close["uncovered"] and close["bottom"] - close["top"] >= 44, close
    app.page.tap("#link-problems-close")
    app.wait_until("document.getElementById('link-problems').hidden")
    assert app.page.evaluate("() => document.activeElement.getAttribute('role')") == "tab"
    assert app.page.locator("#param-errors li").count() == 0


def test_a_links_problems_go_when_the_reader_chooses_a_start(phone: Any) -> None:
    """Once the reader's own choice has replaced the link's settings (and its address), its
    problems no longer describe the page."""
    app = phone(390, "en")
    app.goto("?rows=6&cols=6&start=zz")
    app.wait_until("document.querySelectorAll('#param-errors li').length === 1")
    app.wait_until("window.knightTour.pythonReady", PYTHON_TIMEOUT)
    app.click_square("b1")
    app.wait_until("document.getElementById('link-problems').hidden")
