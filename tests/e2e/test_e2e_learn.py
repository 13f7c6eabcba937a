"""The Learn view: the posts' programs traced line by line in a worker of their own, every
step kept, any step shown, Stop, errors in plain words, edited programs in links (shown,
never run until Run)."""

from __future__ import annotations

import time
from itertools import pairwise
from typing import Any

import pytest

from knight_py import solve
from tests.e2e.conftest import ARTIFACTS, PYTHON_TIMEOUT, App

ENDLESS = "def tour(rows, cols, start):\n    while True:\n        pass\n"


def learn(app: App) -> dict[str, Any]:
    return dict(app.page.evaluate("() => JSON.parse(JSON.stringify(window.knightTour.learn))"))


def open_learn(app: App, query: str) -> None:
    app.goto(f"?view=learn&{query}")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)


def run_to_end(app: App, timeout: float = 120.0) -> dict[str, Any]:
    app.page.click("#learn-run")
    app.wait_until("['done', 'stopped', 'error'].includes(window.knightTour.learn.status)", timeout)
    return learn(app)


def show_step(app: App, step: int) -> float:
    """Move the position slider to `step` as a person would; milliseconds until it is shown."""
    return float(app.page.evaluate(
        """(step) => new Promise((done) => {
             const input = document.getElementById('learn-position');
             const began = performance.now();
             input.value = String(step);
             input.dispatchEvent(new Event('input', { bubbles: true }));
             requestAnimationFrame(() => done(performance.now() - began));
           })""",
        step,
    ))


def test_backtracking_on_5x5_records_every_step_and_ends_on_the_library_tour(app: App) -> None:
    open_learn(app, "rows=5&cols=5&start=a1&program=backtrack")
    assert learn(app)["status"] == "idle"
    state = run_to_end(app)
    assert state["status"] == "done" and state["steps"] > 10_000, state["steps"]
    assert state["answer"]["valid"], state["answer"]
    last = [tuple(sq) for sq in state["path"]]
    assert last == solve(5, 5, "a1", method="backtrack").path
    assert "The validator checked the answer: a tour" in str(app.page.text_content("#learn-answer"))
    # A step in the middle: a knight's walk so far, drawn and described.
    show_step(app, state["steps"] // 2)
    middle = learn(app)
    walk = [tuple(sq) for sq in middle["path"]]
    assert 1 <= len(walk) <= 25 and walk[0] == (4, 0)
    for (r1, c1), (r2, c2) in pairwise(walk):
        assert sorted((abs(r1 - r2), abs(c1 - c2))) == [1, 2]
    assert middle["line"] > 0
    assert app.page.text_content("#learn-sentence")
    current = app.page.locator("#learn-listing li.current")
    assert current.get_attribute("data-line") == str(middle["line"])
    # ArrowLeft on the slider steps back one.
    app.page.focus("#learn-position")
    app.page.keyboard.press("ArrowLeft")
    app.wait_until(f"window.knightTour.learn.step === {middle['step'] - 1}")
    # To the next backtrack: the step clears a square.
    app.page.click("#learn-next-backtrack")
    app.wait_until(f"window.knightTour.learn.step > {middle['step'] - 1}")
    assert "undo move" in str(app.page.text_content("#learn-sentence"))
    app.page.screenshot(path=str(ARTIFACTS / "learn-backtrack-5x5.png"))


def test_6x6_keeps_half_a_million_steps_and_any_step_shows_at_once(app: App) -> None:
    open_learn(app, "rows=6&cols=6&start=a1&program=backtrack")
    app.page.fill("#learn-budget", "600000")
    app.page.dispatch_event("#learn-budget", "change")
    state = run_to_end(app, 180.0)
    assert state["steps"] >= 500_000, state["steps"]
    times = [show_step(app, step) for step in (state["steps"] - 1, 3, 250_123, 499_999, 77_777, 400_000)]
    # One frame included; the seek itself is measured by `python -m bench.learn`.
    assert max(times) < 100 + 50, times
    assert learn(app)["step"] == 400_000


def test_the_python_posts_bug_stops_at_60_and_the_page_says_so(app: App) -> None:
    open_learn(app, "rows=8&cols=8&start=a1&program=bug_tag60")
    state = run_to_end(app, 180.0)
    assert len(state["path"]) == 60, len(state["path"])
    assert "it has 60 of 64 squares" in str(app.page.text_content("#learn-answer"))


def test_warnsdorff_without_backtracking_shows_its_dead_end(app: App) -> None:
    open_learn(app, "rows=8&cols=8&start=c4&program=warnsdorff")
    state = run_to_end(app)
    assert len(state["path"]) < 64
    assert not state["answer"]["valid"]
    assert state["path"][0] == [4, 2]  # from c4
    text = str(app.page.text_content("#learn-answer"))
    assert "Dead end" in text and "never goes back" in text, text


def edit(app: App, source: str) -> None:
    if not app.page.locator(".learn-edit").evaluate("(d) => d.open"):
        app.page.click(".learn-edit summary")
    app.page.fill("#learn-code", source)


def test_an_endless_program_stops_at_stop_without_freezing_the_page(app: App) -> None:
    open_learn(app, "rows=5&cols=5&start=a1")
    edit(app, ENDLESS)
    app.page.evaluate(
        """() => { window.longTasks = [];
             new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(e.duration); })
               .observe({ type: 'longtask', buffered: false }); }"""
    )
    app.page.click("#learn-run")
    app.wait_until("window.knightTour.learn.steps > 100000")
    began = time.monotonic()
    app.page.click("#learn-stop")
    app.wait_until("window.knightTour.learn.status === 'stopped'", 5)
    assert time.monotonic() - began < 1.0
    assert learn(app)["steps"] > 100_000
    long_tasks = app.page.evaluate("() => window.longTasks")
    assert all(d < 300 for d in long_tasks), long_tasks


def test_a_syntax_error_names_its_line(app: App) -> None:
    open_learn(app, "rows=5&cols=5&start=a1")
    edit(app, "def tour(rows, cols, start):\n    x = 1\n    if x == 1\n        return None\n")
    state = run_to_end(app)
    assert state["status"] == "error"
    assert state["error"]["line"] == 3
    assert "line 3" in str(app.page.text_content("#learn-status"))


def test_an_edited_program_survives_its_link_and_does_not_run(app: App, fresh_app: App) -> None:
    open_learn(app, "rows=5&cols=5&start=a1&program=warnsdorff")
    source = "# mine\n" + str(app.page.input_value("#learn-code"))
    edit(app, source)
    app.wait_until("location.search.includes('code=')", 10)
    link = app.page.url
    assert "program=warnsdorff" in link and "view=learn" in link
    fresh_app.open(link)
    fresh_app.wait_until("window.knightTour.learn && window.knightTour.learn.edited && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    state = learn(fresh_app)
    assert state["fromLink"] and state["status"] == "idle" and state["steps"] == 0
    assert fresh_app.page.input_value("#learn-code") == source
    assert "runs only when you press Run" in str(fresh_app.page.text_content("#learn-status"))
    fresh_app.page.wait_for_timeout(1500)
    assert learn(fresh_app)["steps"] == 0  # still not run
    assert fresh_app.page.locator("#learn-listing li").first.text_content() == "1# mine"


@pytest.mark.parametrize("query", ["program=%3Cimg%20src%3Dx%3E", "code=!!!", "code=" + "A" * 40])
def test_bad_learn_links_say_what_is_wrong_and_keep_the_view(app: App, query: str) -> None:
    open_learn(app, f"rows=5&cols=5&{query}")
    app.wait_until("document.querySelector('#param-errors').textContent.length > 0 || "
                   "document.querySelector('#learn-notice').textContent.length > 0")
    said = str(app.page.text_content("#param-errors")) + str(app.page.text_content("#learn-notice"))
    assert "program" in said or "code" in said, said
    assert learn(app)["status"] == "idle"
    assert app.page.locator("#learn-run").is_visible()


def test_a_program_may_import_the_allowed_modules_and_print(app: App) -> None:
    open_learn(app, "rows=5&cols=5&start=a1")
    edit(app, "import random, math, heapq, bisect, copy, string\n"
              "def tour(rows, cols, start):\n"
              "    print('hello', math.floor(2.5), random.Random(1).random() < 1)\n"
              "    return None\n")
    state = run_to_end(app)
    assert state["status"] == "done", state
    assert "hello 2 True" in str(app.page.text_content("#learn-output"))
    edit(app, "import os\ndef tour(rows, cols, start):\n    return None\n")
    state = run_to_end(app)
    assert state["status"] == "error" and state["error"]["line"] == 1
    assert "os" in str(app.page.text_content("#learn-status"))
