"""The page's own rule before every Learn run (knight_py.learn.source_rule, asked of the
page's solver): a program that spells getattr in fullwidth letters is refused in English
and in Chinese, with the rule's reason and none of the program's text, and never runs."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import PYTHON_TIMEOUT, App

# Python reads the fullwidth name as getattr; the first line would print if it ran.
HOSTILE = (
    'print("RAN")\n'
    "def tour(rows, cols, start):\n"
    '    return \uff47\uff45\uff54\uff41\uff54\uff54\uff52(tour, "__globals__")  # \u202e\n'
)
SAID = {
    "en": "The page did not run this program. Line 3: a Learn program cannot use the name getattr",
    "zh": "页面没有运行这个程序。第 3 行：“学习”页的程序不能用名字 getattr",
}


def learn(app: App) -> dict[str, Any]:
    return dict(app.page.evaluate("() => JSON.parse(JSON.stringify(window.knightTour.learn))"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_fullwidth_getattr_is_refused_and_never_runs(app: App, lang: str) -> None:
    app.goto(f"?lang={lang}&view=learn&rows=5&cols=5&start=a1")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    if not app.page.locator(".learn-edit").evaluate("(d) => d.open"):
        app.page.click(".learn-edit summary")
    app.page.fill("#learn-code", HOSTILE)
    app.page.click("#learn-run")
    app.wait_until("['done', 'stopped', 'error'].includes(window.knightTour.learn.status)", PYTHON_TIMEOUT)
    state = learn(app)
    assert state["status"] == "error" and state["steps"] == 0, state
    assert state["error"]["refused"]["code"] == "source_name", state["error"]
    assert state["error"]["refused"]["params"] == {"line": 3, "name": "getattr"}
    assert "RAN" not in str(app.page.text_content("#learn-output") or "")  # its first line never printed
    said = str(app.page.text_content("#learn-answer"))
    assert SAID[lang] in said, said
    assert "\uff47" not in said and "\u202e" not in said and "RAN" not in said
    # The menu's own program still runs after it.
    app.page.click("#learn-reset")
    app.page.click("#learn-run")
    app.wait_until("['done', 'stopped', 'error'].includes(window.knightTour.learn.status)", 120)
    after = learn(app)
    assert after["status"] == "done" and after["steps"] > 0, after
