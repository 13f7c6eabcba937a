"""Learn on a phone, as a student meets it (360 and 390 px, touch, both languages): the
screen belongs to what the student does. Typing: the editor takes the screen (12 lines
and more with no keyboard), with the on-screen keyboard open too (the window's height
shrunk to 430 px; a visual viewport shrunk under a window that keeps its height; a
browser without a visual viewport), and a tap reaches it. A program typed, run and
stepped by taps alone. Every control of Learn named in the page's language and at least
44 x 44 px; the board's settings between the board and the program menu; the program's
board printed whole. Screenshots at 390 px in both languages, keyboard open and closed,
go to the run's screenshots folder (ARTIFACTS), phone-learn-*.png."""

from __future__ import annotations

import contextlib
import re
from typing import Any

import pytest

from tests.e2e.conftest import ARTIFACTS, PYTHON_TIMEOUT, App
from tests.e2e.learn.phone_checks import CONTROLS, EDITOR, SCREEN
from tests.e2e.shell.test_e2e_phone import HEIGHT, in_view, open_view

KEYBOARD = 430  # the visible height with the on-screen keyboard open
ENDED = "['done', 'stopped', 'error', 'limit'].includes(window.knightTour.learn.status)"
# Typed as a student types: every character, indentation included, no editor's help.
TYPED = (
    "def tour(rows, cols, start):\n"
    "    board = [[0] * cols for _ in range(rows)]\n"
    "    r, c = start\n"
    "    for move in range(3):\n"
    "        board[r][c] = move + 1\n"
    "    return board\n"
)
# A visual viewport that the test shrinks as a keyboard would, the window keeping its size.
FAKE_VIEWPORT = """(() => {
  const vv = new EventTarget();
  let covered = 0;
  Object.defineProperties(vv, {
    height: { get: () => innerHeight - covered }, width: { get: () => innerWidth },
    scale: { value: 1 }, offsetTop: { value: 0 }, offsetLeft: { value: 0 },
  });
  Object.defineProperty(window, 'visualViewport', { value: vv, configurable: true });
  window.openKeyboard = (px) => { covered = px; vv.dispatchEvent(new Event('resize')); };
})();"""
HELD_TOP = "document.querySelector('.stage').getBoundingClientRect().bottom"
NO_VIEWPORT = "Object.defineProperty(window, 'visualViewport', { value: undefined, configurable: true });"


def screen(app: App) -> str:
    return str(app.page.evaluate(f"() => {SCREEN}"))


def settle(app: App, condition: str) -> None:
    """Give the page a few frames to meet `condition`: the editor and the current line are
    brought into view a frame or two after the layout changes. The caller asserts after."""
    with contextlib.suppress(AssertionError):
        app.wait_until(condition, 10)


def assert_editor_takes_the_screen(app: App, lines: int, where: str) -> dict[str, Any]:
    settle(app, f"(() => {{ const b = {EDITOR}; return b.focused && b.reached && b.lines >= {lines}"
                " && b.top >= b.pinned - 1 && b.bottom <= b.seen + 1; })()")
    box = dict(app.page.evaluate(f"() => {EDITOR}"))
    assert box["focused"], f"{where}: the editor lost the focus: {box}"
    assert box["top"] >= box["pinned"] - 1 and box["bottom"] <= box["seen"] + 1, f"{where}: the editor is not all in view: {box}"
    assert box["lines"] >= lines, f"{where}: {box['lines']} lines of the editor visible: {box}"
    assert box["reached"], f"{where}: a tap at the editor's middle does not reach it: {box}"
    return box


def assert_controls_named_and_big(app: App, lang: str, where: str) -> None:
    controls = app.page.evaluate(f"() => {CONTROLS}")
    assert controls, where
    unnamed = [c for c in controls if not c["name"]]
    assert not unnamed, f"{where}: controls without a name: {unnamed}"
    small = [c for c in controls if c["width"] < 43.5 or c["height"] < 43.5]
    assert not small, f"{where}: under 44 x 44 px: {small}"
    if lang == "zh":  # the page's words in Chinese: English words only beside Chinese (Python, tour(...))
        english = [c for c in controls if re.search(r"[A-Za-z]{4,}", c["name"]) and not re.search(r"[\u4e00-\u9fff]", c["name"])]
        assert not english, f"{where}: named in English: {english}"


def open_editor(app: App) -> None:
    app.page.tap(".learn-edit summary")
    app.wait_until("document.querySelector('.learn-edit').open")
    app.page.tap("#learn-code")
    app.wait_until(f"{SCREEN} === 'typing'")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("width", [360, 390])
def test_a_program_is_typed_run_and_stepped_by_taps(phone: Any, width: int, lang: str) -> None:
    app = phone(width, lang)
    open_view(app, "learn", lang)
    height = HEIGHT[width]
    app.page.set_viewport_size({"width": width, "height": height})
    app.page.evaluate("() => window.scrollTo(0, 0)")
    app.next_frame()
    assert screen(app) == "choosing"
    assert app.page.evaluate("() => getComputedStyle(document.querySelector('.stage')).position") == "static"
    assert not app.page.locator("#learn-controls").is_visible(), "an empty step bar stands over the menu"
    # The board's settings under the board, before the program menu.
    tops = app.page.evaluate(
        "() => ['.stage', '#rows', '#learn-program'].map((s) => document.querySelector(s).getBoundingClientRect())"
        ".map((r) => [r.top, r.bottom])"
    )
    assert tops[0][1] <= tops[1][0] < tops[2][0], f"board, rows, menu: {tops}"
    assert_controls_named_and_big(app, lang, "choosing")

    # Typing, no keyboard, then with the keyboard open: the editor takes the screen.
    open_editor(app)
    assert_editor_takes_the_screen(app, 12, "typing, no keyboard")
    assert not app.page.locator("#learn-controls").is_visible()
    if width == 390:
        ARTIFACTS.mkdir(exist_ok=True)
        app.page.screenshot(path=str(ARTIFACTS / f"phone-learn-typing-{lang}-{width}.png"))
    app.page.set_viewport_size({"width": width, "height": KEYBOARD})
    box = assert_editor_takes_the_screen(app, 12, "keyboard open")
    app.page.touchscreen.tap(box["x"], box["y"])  # a tap into the code, keyboard open
    assert app.page.evaluate("() => document.activeElement.id") == "learn-code"
    app.page.keyboard.press("Control+A")
    app.page.keyboard.type(TYPED)
    app.wait_until(f"window.knightTour.learn.edited && document.getElementById('learn-code').value === {TYPED!r}")
    assert_editor_takes_the_screen(app, 12, "typed, keyboard open")
    assert_controls_named_and_big(app, lang, "typing, keyboard open")
    if width == 390:
        app.page.screenshot(path=str(ARTIFACTS / f"phone-learn-keyboard-{lang}-{width}.png"))

    # Run, pinned above the editor, by a tap; the keyboard closes.
    run = in_view(app, "#learn-run")
    assert run["inside"] and run["uncovered"], f"Run is out of reach while typing: {run}"
    app.page.tap("#learn-run")
    app.page.set_viewport_size({"width": width, "height": height})
    app.wait_until(ENDED, PYTHON_TIMEOUT)
    app.wait_until(f"{SCREEN} === 'stepping'")
    assert app.page.evaluate("() => document.activeElement.id") != "learn-code"
    learn = app.state()["learn"]
    assert learn["status"] == "done" and learn["steps"] > 5, learn

    # Stepped by taps: the board, the current line and the sentence on screen each time.
    if app.state()["learn"]["step"] != 0:  # a run is shown from its first step
        app.page.tap("#learn-to-start")
        app.wait_until("window.knightTour.learn.step === 0")
    for _ in range(4):
        before = app.state()["learn"]["step"]
        app.page.tap("#learn-forward")
        app.wait_until(f"window.knightTour.learn.step > {before}")
        settle(app, f"(() => {{ const r = document.querySelector('#learn-listing li.current').getBoundingClientRect();"
                    f" return r.top >= {HELD_TOP} && r.bottom <= document.getElementById('learn-controls').getBoundingClientRect().top; }})()")
        for selector in ("canvas.layer-overlay", "#learn-listing li.current", "#learn-sentence", "#learn-forward"):
            seen = in_view(app, selector)
            assert seen["inside"] and seen["uncovered"], f"{selector} off screen while stepping: {seen}"
    assert app.page.text_content("#learn-sentence").strip()
    assert_controls_named_and_big(app, lang, "stepping")
    speed = app.page.locator("#learn-controls .speed-label")
    assert speed.is_visible() and speed.text_content().strip(), "the speed has words beside it"
    if width == 390:
        app.page.screenshot(path=str(ARTIFACTS / f"phone-learn-stepping-typed-{lang}-{width}.png"))

    # What the keyboard's focus brings into view lands between the board and the step bar.
    for selector, scrolled in (("#copy-link", "0"), ("#learn-program", "document.scrollingElement.scrollHeight")):
        app.page.evaluate(f"() => {{ window.scrollTo(0, {scrolled}); document.querySelector({selector!r}).focus(); }}")
        settle(app, f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
                    f" return r.top >= {HELD_TOP}; }})()")
        seen = in_view(app, selector)
        assert seen["inside"] and seen["uncovered"], f"{selector} focused under the board or the step bar: {seen}"

    # The program's board at its last step, whole: one line a row, nothing cut.
    board = app.page.evaluate(
        "() => { const el = document.getElementById('learn-board-text');"
        " return { lines: el.textContent.split('\\n').length, scroll: el.scrollHeight, client: el.clientHeight }; }"
    )
    assert board["lines"] == 5 and board["scroll"] <= board["client"] + 1, board


@pytest.mark.parametrize("fake", ["viewport", "none"])
def test_the_editor_follows_the_visible_height(browser: Any, base_url: str, fake: str) -> None:
    """A keyboard that shrinks only the visual viewport (the window keeps 844 px), and a
    browser without a visual viewport, where the window itself shrinks."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block",
                                  has_touch=True, is_mobile=True, device_scale_factor=2)
    try:
        context.add_init_script(FAKE_VIEWPORT if fake == "viewport" else NO_VIEWPORT)
        app = App(context.new_page(), base_url)
        open_view(app, "learn", "en")
        open_editor(app)
        assert_editor_takes_the_screen(app, 12, "no keyboard")
        if fake == "viewport":
            app.page.evaluate(f"() => window.openKeyboard({844 - KEYBOARD})")
        else:
            assert app.page.evaluate("() => window.visualViewport") is None
            app.page.set_viewport_size({"width": 390, "height": KEYBOARD})
        box = assert_editor_takes_the_screen(app, 12, f"keyboard open ({fake})")
        assert box["visibleHeight"] == f"{KEYBOARD}px", box
        assert app.page.evaluate("() => innerHeight") == (844 if fake == "viewport" else KEYBOARD)
        app.page.touchscreen.tap(box["x"], box["y"])
        assert app.page.evaluate("() => document.activeElement.id") == "learn-code"
    finally:
        context.close()


def test_the_desktop_layout_keeps_its_sticky_steps(browser: Any, base_url: str) -> None:
    """At 1280 px nothing of the phone's screens applies: the board and the program side by
    side, the step bar in the board's column, the editor as tall as its rows."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    try:
        app = App(context.new_page(), base_url)
        open_view(app, "learn", "en")
        app.page.click(".learn-edit summary")
        app.page.click("#learn-code")
        app.next_frame()
        found = app.page.evaluate(
            "() => ({ stage: document.querySelector('.stage').getBoundingClientRect().toJSON(),"
            " panel: document.getElementById('learn-panel').getBoundingClientRect().toJSON(),"
            " bar: getComputedStyle(document.getElementById('learn-controls')).position,"
            " rows: document.getElementById('learn-code').rows,"
            " code: document.getElementById('learn-code').getBoundingClientRect().height })"
        )
        assert found["stage"]["right"] <= found["panel"]["left"], found
        assert found["bar"] == "sticky", found
        assert found["code"] < 400, found
        ARTIFACTS.mkdir(exist_ok=True)
        app.page.screenshot(path=str(ARTIFACTS / "learn-desktop-1280.png"))
    finally:
        context.close()
