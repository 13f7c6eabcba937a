"""The answer where the person looks, in the person's words, at 390 px with touch and at
1280 px, in English and Chinese: Play's refused xiangqi move names its blocked leg, Compare
says a proof once and ranks nothing, and the Tour view's verdict on a tapped start is in
view with a hint that has moved on."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import PYTHON_TIMEOUT, STILL_SCROLL, App
from tests.e2e.views import view_links

SIZES = {390: 844, 1280: 800}
CASES = [(width, lang) for width in SIZES for lang in ("en", "zh")]


@pytest.fixture(scope="module")
def device(browser: Any, base_url: str) -> Iterator[Any]:
    contexts: dict[int, Any] = {}

    def open_page(width: int) -> App:
        if width not in contexts:
            options: dict[str, Any] = {"viewport": {"width": width, "height": SIZES[width]}, "service_workers": "block"}
            if width < 600:
                options.update(has_touch=True, is_mobile=True, device_scale_factor=2)
            contexts[width] = browser.new_context(**options)
        context = contexts[width]
        return App(context.pages[0] if context.pages else context.new_page(), base_url)

    yield open_page
    for context in contexts.values():
        context.close()


def touch(app: App, width: int, square: str) -> None:
    """A finger on a phone, the mouse on a laptop."""
    x, y = app.square_center(square)
    if width < 600:
        app.page.touchscreen.tap(x, y)
    else:
        app.page.mouse.click(x, y)


def visible_text(app: App) -> str:
    return str(app.page.evaluate("() => document.body.innerText"))


@pytest.mark.parametrize(("width", "lang"), CASES)
def test_a_blocked_xiangqi_leg_is_named_as_the_reason(device: Any, width: int, lang: str) -> None:
    app = device(width)
    app.goto(f"?lang={lang}&view=play&rows=8&cols=8&rule=xiangqi&holes=b1,d4")
    app.wait_until("window.knightTour.pythonReady", PYTHON_TIMEOUT)
    touch(app, width, "a1")
    app.wait_until("window.knightTour.play && window.knightTour.play.path.length === 1")
    touch(app, width, "c2")
    app.next_frame()
    text = visible_text(app)
    if lang == "zh":
        assert "从 a1 跳不到 c2：这一步的马腿 b1 是障碍格（蹩马腿）" in text
        assert "不是马步" not in text
    else:
        assert "c2 is a knight move from a1, but its leg b1 is a hole" in text
        assert "is not a knight move" not in text


@pytest.mark.parametrize(("width", "lang"), CASES)
def test_compare_says_a_proof_once_and_ranks_nothing(device: Any, width: int, lang: str) -> None:
    app = device(width)
    app.goto(f"?lang={lang}&rows=5&cols=5&view=compare&start=b1")
    app.wait_until("window.knightTour.pythonReady", PYTHON_TIMEOUT)
    app.wait_until("window.knightTour.comparisonStatus === 'done'", 120)
    comparison = app.state()["comparison"]
    assert len(comparison) == 5 and all(row["status"] == "impossible" for row in comparison)
    text = visible_text(app)
    proof = "12 个" if lang == "zh" else "12 are of its colour"
    assert text.count(proof) == 1, text
    ranking = ["最快", "倍", "最慢"] if lang == "zh" else ["fastest", "faster", "slowest"]
    view = str(app.page.evaluate("() => document.querySelector('#compare-view').innerText"))
    for word in ranking:
        assert word not in view, word
    tour_words = ["马就从那里开始周游", "可以从 b1 开始搜索"] if lang == "zh" else ["to start the knight's tour there", "Ready to search from b1"]
    for words in tour_words:
        assert words not in text


@pytest.mark.parametrize(("width", "lang"), CASES)
def test_the_verdict_on_a_tapped_start_is_in_view_and_the_hint_moves_on(device: Any, width: int, lang: str) -> None:
    app = device(width)
    app.goto(f"?lang={lang}&rows=5&cols=5")
    app.wait_until("window.knightTour.pythonReady", PYTHON_TIMEOUT)
    hint_before = app.page.text_content("#hint")
    touch(app, width, "b1")
    app.wait_until("window.knightTour.status === 'impossible'")
    app.next_frame()
    app.next_frame()
    box = app.page.evaluate(
        "() => { const r = document.querySelector('#status').getBoundingClientRect(); return {top: r.top, bottom: r.bottom, height: innerHeight}; }"
    )
    assert box["top"] >= 0 and box["bottom"] <= box["height"], box
    status = app.page.text_content("#status") or ""
    assert ("12 个" if lang == "zh" else "12 are of its colour") in status
    hint_after = app.page.text_content("#hint")
    assert hint_after != hint_before
    assert ("走不完" if lang == "zh" else "No tour starts on this square") in (hint_after or "")


# Each canvas of the board as a string of its pixels' hash: what is drawn on it now.
CANVAS_PIXELS = """(name) => {
  const c = document.querySelector(`canvas.layer-${name}`);
  const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let hash = 0, inked = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]) inked += 1;
    hash = (hash * 31 + data[i] + 7 * data[i + 1] + 13 * data[i + 2] + 17 * data[i + 3]) | 0;
  }
  return {hash, inked};
}"""


def open_heatmap(app: App, query: str) -> None:
    """Open the heatmap at `query` and wait until every start square's search is done."""
    app.goto(query)
    app.wait_until("window.knightTour.pythonReady", PYTHON_TIMEOUT)
    app.wait_until("window.knightTour.heatmap && window.knightTour.heatmap.status === 'done'", 180)


@pytest.mark.parametrize(("width", "lang"), CASES)
def test_a_heatmap_square_tapped_shows_its_figures_and_tour_and_tapped_again_clears(device: Any, width: int, lang: str) -> None:
    app = device(width)
    open_heatmap(app, f"?lang={lang}&rows=5&cols=5&view=heatmap&method=backtrack")
    heat = app.page.evaluate(CANVAS_PIXELS, "heat")
    assert heat["inked"] > 0
    touch(app, width, "e5")  # 41 nodes: a tour in a moment
    app.wait_until("window.knightTour.status === 'found' && window.knightTour.path.length === 25")
    app.wait_until("document.querySelector('#heatmap-square').textContent.startsWith('e5')")
    figures = app.page.text_content("#heatmap-square") or ""
    assert ("个节点" if lang == "zh" else "nodes") in figures, figures
    app.wait_until("window.knightTour.shown === 25", 30)
    app.next_frame()
    assert app.page.evaluate(CANVAS_PIXELS, "lines")["inked"] > 0, "the tour is drawn on the heatmap's board"
    under = app.page.evaluate(CANVAS_PIXELS, "heat")
    assert under["inked"] == heat["inked"], "every square keeps its colour under the tour"
    touch(app, width, "e5")
    app.wait_until("window.knightTour.path.length === 0")
    app.next_frame()
    assert app.page.evaluate(CANVAS_PIXELS, "lines")["inked"] == 0
    assert app.page.evaluate(CANVAS_PIXELS, "heat") == heat, "the heatmap is drawn again as it was, figures and marks"
    # Enter on the keyboard's square selects it; Escape clears it.
    if width > 600:
        app.page.focus("canvas.layer-overlay")
        app.page.keyboard.press("Enter")
        app.wait_until("window.knightTour.path.length === 25 || window.knightTour.status === 'solving'")
        app.page.keyboard.press("Escape")
        app.wait_until("window.knightTour.path.length === 0 && window.knightTour.status !== 'solving'")


def test_learn_line_numbers_are_a_fingers_size_on_a_phone(device: Any) -> None:
    app = device(390)
    app.goto("?lang=zh&rows=5&cols=5&view=learn")
    app.wait_until("document.querySelectorAll('.learn-listing .ln').length > 3")
    sizes = app.page.evaluate(
        "() => [...document.querySelectorAll('.learn-listing .ln')].map((el) => el.getBoundingClientRect())"
        ".filter((r) => r.width > 1).map((r) => [Math.round(r.width), Math.round(r.height)])"
    )
    assert sizes and all(w >= 44 and h >= 44 for w, h in sizes), sizes


ZH_VIEWS = {
    **view_links({
        "tour": "?lang=zh&rows=5&cols=5&start=a1",
        "compare": "?lang=zh&rows=5&cols=5&view=compare&start=a1",
        "heatmap": "?lang=zh&rows=5&cols=5&view=heatmap&method=backtrack",
        "play": "?lang=zh&rows=8&cols=8&view=play&start=a1",
    }, "?lang=zh&rows=5&cols=5&view={id}"),
    "heatmap-narrow": "?lang=zh&rows=8&cols=8&closed=1&view=heatmap&method=warnsdorff",
    "replay": "?lang=zh&rows=5&cols=5&start=a1&method=backtrack",
}
READY = {
    "tour": "window.knightTour.status === 'found'",
    "compare": "window.knightTour.comparisonStatus === 'done'",
    "heatmap": "window.knightTour.heatmap && window.knightTour.heatmap.status === 'done'",
    "heatmap-narrow": "window.knightTour.heatmap && window.knightTour.heatmap.status === 'done'",
    "replay": "window.knightTour.status === 'found'",
    "play": "window.knightTour.pythonReady",
    "learn": "window.knightTour.pythonReady",
}


@pytest.mark.parametrize("width", list(SIZES))
@pytest.mark.parametrize("view", list(ZH_VIEWS))
def test_chinese_views_say_no_latin_unit_and_no_package_name(device: Any, width: int, view: str) -> None:
    app = device(width)
    app.goto(ZH_VIEWS[view])
    app.wait_until("window.knightTour.pythonReady", PYTHON_TIMEOUT)
    app.wait_until(READY.get(view, "window.knightTour.pythonReady"), 180)
    app.page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    app.next_frame()
    text = visible_text(app)
    assert "knight_py" not in text
    latin_units = re.findall(r"\d[\d.,]*\s*(?:ms|s)\b", text)
    assert not latin_units, latin_units
    # One word per quantity: no program steps as lines, no search events as 步.
    mixed = re.findall(r"执行了\s*\S+\s*行|搜索第|\d\s*步）|每秒 \S+ 步搜索", text)
    assert not mixed, mixed
    if view == "replay":
        assert "个搜索事件" in text and "个节点" in text, "the replay's events explained in nodes"


# The fill of each square's corner on the heat canvas (the text sits in the middle).
HEAT_FILLS = """(squares) => {
  const c = document.querySelector('canvas.layer-heat');
  const [left, top, cell] = document.querySelector('canvas.layer-overlay').getAttribute('data-geometry').split(',').map(Number);
  const k = c.width / c.getBoundingClientRect().width;
  const ctx = c.getContext('2d');
  return squares.map(([row, col]) => Array.from(ctx.getImageData(
    Math.round((left + col * cell + 3) * k), Math.round((top + row * cell + 3) * k), 1, 1).data.slice(0, 3)));
}"""


@pytest.mark.parametrize(("width", "lang"), CASES)
def test_a_narrow_heatmap_gets_a_scale_from_its_minimum_and_the_legend_says_so(device: Any, width: int, lang: str) -> None:
    app = device(width)
    open_heatmap(app, f"?lang={lang}&rows=8&cols=8&closed=1&view=heatmap&method=warnsdorff")
    nodes = {(r, c): n for r, c, status, n, _ in app.state()["heatmap"]["cells"] if status == "found"}
    assert min(nodes.values()) == 64 and max(nodes.values()) == 73, sorted(set(nodes.values()))
    legend = app.page.text_content("#heatmap-legend") or ""
    if lang == "zh":
        assert "刻度从最小值开始" in legend and "最少的 64 个到最多的 73 个" in legend, legend
    else:
        assert "the scale starts at the minimum" in legend and "(64)" in legend and "(73)" in legend, legend
    ticks = app.page.evaluate("() => [...document.querySelectorAll('.legend-ticks span')].map((s) => s.textContent)")
    assert ticks[0] == "64" and ticks[-1] == "73", ticks
    # The edges' 73 and the middle's 64 are far apart in colour, not both the palest.
    hard = next(sq for sq, n in nodes.items() if n == 73)
    easy = next(sq for sq, n in nodes.items() if n == 64)
    fills = app.page.evaluate(HEAT_FILLS, [list(hard), list(easy)])
    assert sum(abs(a - b) for a, b in zip(*fills, strict=True)) > 200, fills


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_plays_refusal_on_a_phone_is_in_view_by_the_board(device: Any, lang: str) -> None:
    app = device(390)
    app.goto(f"?lang={lang}&view=play&rows=8&cols=8&rule=xiangqi&holes=b1,d4")
    app.wait_until("window.knightTour.pythonReady", PYTHON_TIMEOUT)
    touch(app, 390, "a1")
    app.wait_until("window.knightTour.play && window.knightTour.play.path.length === 1")
    # The first move's answer (the verdict under the board) is brought on screen once the
    # solver has it; the refusal below must then leave the board where the finger is.
    app.wait_until("(() => { const v = document.querySelector('#play-verdict'); const r = v.getBoundingClientRect();"
                   " return v.textContent.trim().length > 0 && r.bottom <= innerHeight && r.top >= 0; })()", 30)
    app.page.evaluate(STILL_SCROLL)
    board_top = app.page.evaluate("() => document.querySelector('#board').getBoundingClientRect().top")
    touch(app, 390, "c2")
    app.next_frame()
    app.next_frame()
    notice = "#play-board-notice"
    box = app.page.evaluate(
        f"() => {{ const r = document.querySelector('{notice}').getBoundingClientRect(); return {{top: r.top, bottom: r.bottom, height: innerHeight}}; }}"
    )
    assert box["top"] >= 0 and box["bottom"] <= box["height"], box
    assert app.page.evaluate("() => document.querySelector('#board').getBoundingClientRect().top") == board_top, "the board stays under the finger"
    text = app.page.text_content(notice) or ""
    assert ("马腿 b1 是障碍格" if lang == "zh" else "its leg b1 is a hole") in text, text
    # A legal move afterwards: the notice goes.
    touch(app, 390, "b3")
    app.wait_until("window.knightTour.play.path.length === 2")
    assert not app.page.is_visible(notice)
    # A shorter screen, where the board's bottom row is the screen's: the notice under the
    # board would be off the screen, and is brought into view.
    app.page.set_viewport_size({"width": 390, "height": 620})
    try:
        app.page.evaluate("() => window.scrollTo(0, document.querySelector('#board').getBoundingClientRect().bottom + window.scrollY - 620)")
        app.next_frame()
        assert app.page.evaluate("() => document.querySelector('#board').getBoundingClientRect().bottom") <= 621
        touch(app, 390, "b1")  # a hole
        app.wait_until(f"document.querySelector('{notice}').textContent.includes('b1')")
        app.next_frame()
        box = app.page.evaluate(
            f"() => {{ const r = document.querySelector('{notice}').getBoundingClientRect(); return {{top: r.top, bottom: r.bottom, height: innerHeight}}; }}"
        )
        assert box["top"] >= 0 and box["bottom"] <= box["height"], box
    finally:
        app.page.set_viewport_size({"width": 390, "height": SIZES[390]})


def name_of(square: list[int], rows: int) -> str:
    return f"{chr(97 + square[1])}{rows - square[0]}"


def open_tab(app: App, width: int, view: str) -> None:
    tab = app.page.locator(f"[data-view={view}]")
    if width < 600:
        tab.tap()
    else:
        tab.click()
    app.wait_until(f"window.knightTour.view === '{view}'")


@pytest.mark.parametrize(("width", "lang"), CASES)
def test_a_tour_found_in_tour_is_kept_across_a_game_played_and_learn(device: Any, width: int, lang: str) -> None:
    app = device(width)
    app.goto(f"?lang={lang}&rows=5&cols=5&start=a1")
    app.wait_until("window.knightTour.status === 'found' && window.knightTour.path.length === 25", PYTHON_TIMEOUT)
    app.wait_until("window.knightTour.pythonReady", PYTHON_TIMEOUT)
    found = app.state()["path"]
    open_tab(app, width, "play")
    for n, square in enumerate(("c3", "a2", "c1"), 1):
        touch(app, width, square)
        app.wait_until(f"window.knightTour.play && window.knightTour.play.path.length === {n}")
    open_tab(app, width, "learn")
    open_tab(app, width, "tour")
    app.wait_until("window.knightTour.path.length === 25")
    assert app.state()["path"] == found and app.state()["status"] == "found"
    # A whole game played to its end (the tour backwards: another start) and validated.
    open_tab(app, width, "play")
    app.page.click("#play-restart")
    app.page.evaluate("() => window.scrollTo(0, 0)")  # back up to the board, as a thumb would
    app.next_frame()
    for n, square in enumerate(reversed(found), 1):
        touch(app, width, name_of(square, 5))
        app.wait_until(f"window.knightTour.play && window.knightTour.play.path.length === {n}")
    app.wait_until("window.knightTour.play.verdict === 'complete' && window.knightTour.path.length === 25", 60)
    last = json.dumps(found[-1], separators=(",", ":"))
    app.wait_until(f"JSON.stringify(window.knightTour.path[0]) === '{last}'", 30)  # the game is the page's tour now
    open_tab(app, width, "learn")
    open_tab(app, width, "tour")
    app.wait_until("window.knightTour.path.length === 25")
    state = app.state()
    assert state["path"] == found and state["start"] == [4, 0], (state["path"][:3], state["start"])
    app.next_frame()
    assert app.page.evaluate(CANVAS_PIXELS, "lines")["inked"] > 0, "Tour draws its tour"
    status = app.page.text_content("#status") or ""
    assert "a1" in status, status
