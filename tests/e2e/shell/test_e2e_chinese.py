"""The page in Chinese: a browser whose language is zh-CN sees every view, a bad link, a
stopped search and an impossible board without English words (names, formats and square
names aside); lang=en shows English and no Chinese; switching language keeps the board,
the tour and the playback position. Screenshots of every view in both languages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from knight_py import solve, square_name
from tests.e2e.conftest import ARTIFACTS, PYTHON_TIMEOUT, App
from tests.e2e.views import VIEW_IDS, view_links

# Words that stay in Latin letters in Chinese text: names, formats, keys, the link's
# parameter names and values (tests/web/i18n/catalogs.test.mjs keeps the same list).
ALLOWED = {
    "Python", "Pyodide", "Warnsdorff", "CSV", "PNG", "SVG", "JSON", "OEIS", "CPython", "WebAssembly", "DFS",
    "Ctrl", "Shift", "Enter", "Home", "End", "Page", "Up", "Down", "Esc", "Space", "Tab", "Z", "Y", "Alt",
    "B", "MB", "KB", "GB", "ms", "s", "x", "n", "MiB", "English",
    "rows", "cols", "start", "closed", "method", "holes", "rule", "tour", "game", "view", "budget", "lang",
    "program", "code", "auto", "warnsdorff", "backtrack", "exhaustive", "construct", "knight", "xiangqi",
    "en", "zh", "Stop", "Run", "tag", "Java", "Go", "C", "leaper", *VIEW_IDS,
}
# What a person reads: visible text, and the labels, titles and placeholders of visible
# elements. The program's code (Learn) and the link to copy are code, not words.
READ = """() => {
  const skip = (el) => el.closest('#learn-listing, #learn-code, #link, #learn-output, .learn-stack-table td:last-child');
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || skip(el) || !el.checkVisibility() || el.closest('script, style')) continue;
    if (node.textContent.trim()) out.push(node.textContent);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [aria-valuetext]')) {
    if (skip(el) || !(el.checkVisibility() || el.tagName === 'CANVAS')) continue;
    for (const a of ['aria-label', 'title', 'placeholder', 'aria-valuetext']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  out.push(document.title);
  return out;
}"""


def english_words(app: App) -> list[str]:
    app.next_frame()
    texts = app.page.evaluate(READ)
    words = []
    for text in texts:
        # What the person typed or linked, echoed in quotes, and command line options
        # (--format json) are not the page's words.
        text = re.sub(r"[“\"][^”\"]*[”\"]|--[a-z-]+(?: [a-z|]+)?", "", text)
        for word in re.findall(r"[A-Za-z][A-Za-z'\u2019-]*\d*", text):
            # Square names (a1, h8) and file letters (a ... h, the table's headings).
            if re.fullmatch(r"[a-z]{1,2}\d*", word) or word in ALLOWED:
                continue
            words.append(word)
    return words


@pytest.fixture(scope="module")
def zh(browser: Any, base_url: str) -> Iterator[App]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="zh-CN", service_workers="block")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    app = App(context.new_page(), base_url)
    yield app
    context.close()


def look(app: App, name: str) -> list[str]:
    ARTIFACTS.mkdir(exist_ok=True)
    app.page.screenshot(path=str(ARTIFACTS / f"zh-{name}.png"))
    return english_words(app)


def test_a_chinese_browser_gets_the_page_in_chinese(zh: App) -> None:
    zh.goto("?rows=8&cols=8&start=a1")
    zh.wait_result()
    assert zh.page.get_attribute("html", "lang") == "zh-CN"
    assert "马踏棋盘" in zh.page.title()
    assert zh.page.get_attribute("#language-switch [data-lang=zh]", "aria-pressed") == "true"
    assert look(zh, "tour") == []
    zh.page.click("#show-all")
    assert look(zh, "tour-shown") == []


VIEWS = {
    **view_links({"tour": "?rows=5&cols=5&start=a1", "compare": "?rows=5&cols=5&start=a1&view=compare"}, "?rows=5&cols=5&view={id}"),
    "bad-link": "?rows=abc&cols=8&view=movie&holes=zz99&lang=fr",
    "impossible": "?rows=5&cols=5&start=b1",
}


@pytest.mark.parametrize("name", list(VIEWS))
def test_every_view_reads_in_chinese(zh: App, name: str) -> None:
    zh.goto(VIEWS[name])
    zh.wait_python()
    if name == "compare":
        zh.wait_until("window.knightTour.comparisonStatus === 'done'", 120)
    elif name == "heatmap":
        zh.wait_until("window.knightTour.heatmap && window.knightTour.heatmap.status === 'done'", 120)
    elif name == "play":
        for square in ("a1", "b3", "c5"):
            zh.click_square(square)
        zh.wait_until("window.knightTour.play && window.knightTour.play.path.length === 3")
        zh.wait_until("window.knightTour.play.verdict !== 'unknown'")
    elif name == "learn":
        zh.wait_until("window.knightTour.learn.ready", PYTHON_TIMEOUT)
        zh.page.select_option("#learn-program", "warnsdorff")
        zh.page.click("#learn-run")
        zh.wait_until("window.knightTour.learn.status === 'done'", 60)
    elif name == "impossible":
        zh.wait_until("window.knightTour.status === 'impossible'")
        assert "没有从 b1 出发的周游" in str(zh.page.text_content("#status"))
    elif name == "bad-link":
        zh.wait_until("document.querySelector('#param-errors').textContent.length > 0")
    assert look(zh, name) == []


def test_count_check_export_and_a_stopped_search_read_in_chinese(zh: App) -> None:
    zh.goto("?rows=5&cols=5&start=a1")
    zh.wait_result()
    zh.page.click("#count-run")
    zh.wait_until("window.knightTour.count && window.knightTour.count.status === 'done'", 120)
    moves = " ".join(square_name(sq, 6) for sq in solve(6, 6, "b2").path)
    zh.page.fill("#check-text", moves)
    zh.page.click("#check-run")
    zh.wait_until("document.querySelector('#check-result').textContent.length > 0")
    assert look(zh, "count-check-export") == []
    zh.goto("?rows=8&cols=8&start=b1&method=backtrack&closed=1")
    zh.wait_until("window.knightTour.status === 'solving'", PYTHON_TIMEOUT)
    zh.page.click("#stop")
    zh.wait_until("window.knightTour.status === 'cancelled'")
    assert look(zh, "stopped") == []
    zh.goto("?rows=5&cols=5&start=a1&method=backtrack")
    zh.wait_result()
    zh.page.click("#watch-search")
    zh.wait_until("!document.querySelector('#depth-chart').hidden")
    assert look(zh, "depth-chart") == []


def test_lang_en_shows_english_and_switching_keeps_the_playback_position(zh: App) -> None:
    zh.goto("?rows=8&cols=8&start=a1&lang=en")
    zh.wait_result()
    assert zh.page.get_attribute("html", "lang") == "en"
    body = str(zh.page.inner_text("body"))
    assert not re.search(r"[\u4e00-\u9fff]", body.replace("中文", "")), "Chinese in the English page"
    ARTIFACTS.mkdir(exist_ok=True)
    zh.page.screenshot(path=str(ARTIFACTS / "en-tour.png"))
    zh.page.fill("#position", "20")
    zh.page.dispatch_event("#position", "input")
    zh.wait_until("window.knightTour.shown === 20")
    zh.page.click("#language-switch [data-lang=zh]")
    zh.wait_until("document.documentElement.lang === 'zh-CN'")
    state = zh.state()
    assert state["shown"] == 20 and state["status"] == "found" and len(state["path"]) == 64
    assert "lang=zh" in zh.page.url
    assert english_words(zh) == []
    zh.page.click("#language-switch [data-lang=en]")
    zh.wait_until("document.documentElement.lang === 'en'")
    assert zh.state()["shown"] == 20
    # The choice is kept: the next visit without lang speaks English.
    zh.goto("?rows=8&cols=8")
    zh.wait_until("document.documentElement.lang === 'en'")
