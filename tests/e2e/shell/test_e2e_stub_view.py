"""A view added as its folder, its line in web/views.js and its catalog entries, and
nothing else, shows in the browser: a copy of web/ with the About view of
tests/web/shell/about-view.mjs, served as it is (its modules unbundled), opened at
?view=about in both languages. Its tab, its box and its words are there, the other views'
controls are hidden by the rule the tabs write for it, and a tab of the page's opens."""

from __future__ import annotations

import functools
import http.server
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

import build

ABOUT = build.ROOT / "tests" / "web" / "shell" / "about-view.mjs"
WORDS = {
    "en": ("About", "What this page is.", "Knight's tours, found and watched in your browser.", "Nothing to click here.", "Copy link to this page"),
    "zh": ("关于", "这个页面是什么。", "在浏览器里寻找并观看骑士周游。", "这里没有要点的东西。", "复制这个页面的链接"),
}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript", ".js": "text/javascript"}

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def copy_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The copy of web/ with the About view, served at a URL of its own."""
    folder: Path = tmp_path_factory.mktemp("view-copy")
    subprocess.run(["node", str(ABOUT), str(folder)], check=True, timeout=120)
    handler = functools.partial(_Quiet, directory=str(folder / "web"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("lang", list(WORDS))
def test_a_view_added_by_its_folder_registry_line_and_words_shows_its_tab_box_and_words(browser: Any, copy_url: str, lang: str) -> None:
    tab_label, about, text, prompt, share = WORDS[lang]
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{copy_url}?view=about&lang={lang}")
        page.wait_for_function("() => document.body.dataset.view === 'about' && !!document.getElementById('about-text')", timeout=60_000)
        page.wait_for_function(f"() => document.getElementById('about-text').textContent === {text!r}", timeout=30_000)
        tab = page.locator("#view-tabs [data-view=about]")
        assert tab.text_content() == tab_label
        assert tab.get_attribute("aria-selected") == "true"
        assert page.text_content("#view-about") == about
        assert page.locator("#about-text").is_visible()
        assert prompt in page.text_content("#hint")
        assert page.text_content("#copy-link") == share
        # The rule the tabs wrote for it hides every other view's controls.
        for other in ("#count-box", "#play-panel", "#learn-panel", "#export-box"):
            assert not page.locator(other).is_visible(), other
        assert page.evaluate("() => window.knightTour.view") == "about"
        # Another tab opens its view, and the About box goes.
        page.click("#view-tabs [data-view=tour]")
        page.wait_for_function("() => document.body.dataset.view === 'tour'")
        assert not page.locator("#about-text").is_visible()
        assert page.locator("#count-box").is_visible()
    finally:
        context.close()
