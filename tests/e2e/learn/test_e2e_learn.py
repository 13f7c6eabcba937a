"""The Learn view: the posts' programs traced line by line in a worker of their own, every
step kept, any step shown, Stop, errors in plain words, edited programs in links (shown,
never run until Run)."""

from __future__ import annotations

import time
from itertools import pairwise
from typing import Any

import pytest

from knight_py import solve
from knight_py.learn.programs import PROGRAMS
from knight_py.learn.tracer import run
from tests.e2e.conftest import ARTIFACTS, PYTHON_TIMEOUT, App

ENDLESS = "def tour(rows, cols, start):\n    while True:\n        pass\n"


def learn(app: App) -> dict[str, Any]:
    return dict(app.page.evaluate("() => JSON.parse(JSON.stringify(window.knightTour.learn))"))


def open_learn(app: App, query: str) -> None:
    app.goto(f"?view=learn&{query}")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)


def run_to_end(app: App, timeout: float = 120.0) -> dict[str, Any]:
    """Run, then (the view stays at the start after a run) go to the last step."""
    app.page.click("#learn-run")
    app.wait_until("['done', 'stopped', 'error'].includes(window.knightTour.learn.status)", timeout)
    assert learn(app)["step"] == 0  # the view stayed at the start
    if learn(app)["steps"] > 1:
        app.page.click("#learn-to-end")
        app.wait_until("window.knightTour.learn.step === window.knightTour.learn.steps - 1", 5)
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
    # A board the link named stays; from a1 the search needs about 448,000 steps.
    assert app.page.evaluate("() => [knightTour.rows, knightTour.start]") == [5, [4, 0]]
    app.page.fill("#learn-budget", "1000000")
    app.page.dispatch_event("#learn-budget", "change")
    state = run_to_end(app)
    assert state["status"] == "done" and state["steps"] > 10_000, state["steps"]
    assert state["answer"]["valid"], state["answer"]
    last = [tuple(sq) for sq in state["path"]]
    assert last == solve(5, 5, "a1", method="backtrack").path
    assert "validator checked the answer: a tour" in str(app.page.text_content("#learn-answer"))
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
    assert "take move" in str(app.page.text_content("#learn-sentence"))
    app.page.screenshot(path=str(ARTIFACTS / "learn-backtrack-5x5.png"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_menu_program_opens_on_its_own_board_and_ends_by_itself(app: App, lang: str) -> None:
    """A link naming no board opens the menu's program on its default board; each program
    chosen from the menu goes to its own board, budget and speed, and Run ends by itself
    (never cut by the budget) on it, as CPython's tracer does (knight_py.learn.PROGRAMS)."""
    open_learn(app, f"lang={lang}")
    for pid in ["backtrack", "warnsdorff", "warnsdorff_backtrack", "stack", "bug_tag60", "bug_repeats"]:
        if pid != "backtrack":
            app.page.select_option("#learn-program", pid)
        program = PROGRAMS[pid]
        app.wait_until(f"window.knightTour.learn.program === {pid!r} && window.knightTour.rows === {program.rows}", 10)
        board = app.page.evaluate("() => [knightTour.rows, knightTour.cols, knightTour.start, knightTour.learn.budget, knightTour.learn.speed]")
        assert board == [program.rows, program.cols, list(program.start), program.budget, program.speed], (pid, board)
        state = run_to_end(app, 60)
        assert state["status"] == "done" and not state["budgetRan"], (pid, state["status"])
        expected = run(program.source, program.rows, program.cols, program.start, max_steps=program.budget)
        assert expected.status == "done"
        # CPython 3.11 runs the board's list comprehension in a frame of its own (its call,
        # line and return: 3 steps); the page's Python 3.14 inlines it.
        assert state["steps"] == expected.steps - 3, (pid, state["steps"], expected.steps)


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
    # The cost says what happened: the squares filled, not the board's.
    cost = str(app.page.text_content("#learn-cost"))
    assert f"{len(state['path'])} squares" in cost and "64 squares" not in cost, cost


def edit(app: App, source: str) -> None:
    if not app.page.locator(".learn-edit").evaluate("(d) => d.open"):
        app.page.click(".learn-edit summary")
    app.page.fill("#learn-code", source)


@pytest.mark.alone
def test_an_endless_program_stops_at_stop_without_freezing_the_page(app: App) -> None:
    open_learn(app, "rows=5&cols=5&start=a1")
    edit(app, ENDLESS)
    app.page.fill("#learn-budget", "20000000")  # the run is still going when Stop is pressed
    app.page.dispatch_event("#learn-budget", "change")
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
    fresh_app.quiet()
    assert learn(fresh_app)["steps"] == 0 and learn(fresh_app)["status"] == "idle"  # still not run
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
    assert state["status"] == "error" and state["error"]["line"] == 1 and state["steps"] == 0
    assert state["error"]["refused"]["params"] == {"line": 1, "name": "os"}  # the page's rule, before any run
    assert "a Learn program cannot import os" in str(app.page.text_content("#learn-answer"))


# --- the program's own board, its real verdicts, steps apart from moves ------------------

LANGS = ["en", "zh"]


def names_of(squares: list[int], rows: int, cols: int) -> set[str]:
    return {f"{'abcdefgh'[sq % cols]}{rows - sq // cols}" for sq in squares}


@pytest.mark.parametrize("lang", LANGS)
def test_bug_repeats_board_shows_its_repeats_and_the_verdict_names_them(app: App, lang: str) -> None:
    open_learn(app, f"rows=5&cols=5&start=a1&program=bug_repeats&lang={lang}")
    state = run_to_end(app)
    assert state["status"] == "done" and state["answer"]["code"] == "repeat"
    board = state["board"]
    numbers = [n for n in board if n]
    assert len(numbers) > len(set(numbers)), board  # the program's board holds repeats
    repeated = names_of(state["repeated"], 5, 5)
    named = set(state["answer"]["params"]["squares"])
    assert named <= repeated, (named, repeated)  # the verdict names squares the board marks
    text = str(app.page.text_content("#learn-answer"))
    for square in named:
        assert square in text
    # The real bug, from the program's metadata: the missing reset, and its line.
    line = PROGRAMS["bug_repeats"].bug_line
    assert "board[r][c] = 0" in text and ((f"line {line}" in text) if lang == "en" else (f"第 {line} 行" in text)), text
    # Both squares holding the repeated number are framed: red pixels at both centres.
    for square in named:
        x, y = app.square_center(square)
        assert red_frame_near(app, x, y), square


def red_frame_near(app: App, x: float, y: float) -> bool:
    """Whether the learn layer has validator-red pixels in the square around (x, y)."""
    return bool(app.page.evaluate(
        """([x, y]) => {
             const canvas = document.querySelector('canvas.layer-learn');
             const box = canvas.getBoundingClientRect();
             const cell = Number(canvas.parentElement.querySelector('canvas.layer-overlay').dataset.geometry.split(',')[2]);
             const dpr = canvas.width / box.width;
             const ctx = canvas.getContext('2d');
             const x0 = Math.round((x - box.left - cell / 2) * dpr), y0 = Math.round((y - box.top - cell / 2) * dpr);
             const data = ctx.getImageData(x0, y0, Math.round(cell * dpr), Math.round(cell * dpr)).data;
             for (let i = 0; i < data.length; i += 4) {
               if (data[i] > 200 && data[i + 1] < 80 && data[i + 2] < 80 && data[i + 3] > 200) return true;
             }
             return false;
           }""",
        [x, y],
    ))


@pytest.mark.parametrize("lang", LANGS)
def test_bug_tag60_verdict_names_the_stop_test(app: App, lang: str) -> None:
    open_learn(app, f"rows=8&cols=8&start=a1&program=bug_tag60&lang={lang}")
    state = run_to_end(app, 180.0)
    assert max(state["board"]) == 60
    text = str(app.page.text_content("#learn-answer"))
    assert "tag == 60" in text and "rows * cols" in text, text
    line = PROGRAMS["bug_tag60"].bug_line
    assert (f"line {line}" in text) if lang == "en" else (f"第 {line} 行" in text), text


@pytest.mark.parametrize("lang", LANGS)
def test_a_budget_run_on_5x5_from_b1_says_no_answer_yet_and_gives_the_colour_proof(app: App, lang: str) -> None:
    open_learn(app, f"rows=5&cols=5&start=b1&program=backtrack&lang={lang}")
    app.page.fill("#learn-budget", "20000")
    app.page.dispatch_event("#learn-budget", "change")
    app.page.click("#learn-run")
    app.wait_until("window.knightTour.learn.status === 'done'", 60)
    app.wait_until("window.knightTour.learn.library && window.knightTour.learn.library.status === 'impossible'", PYTHON_TIMEOUT)
    app.next_frame()
    text = str(app.page.text_content("#learn-answer"))
    if lang == "en":
        assert "no answer yet, which does not mean there is none" in text, text
        assert "No tour starts on b1" in text and "colour" in text.lower(), text
        assert "return None, whatever its budget" in text, text
    else:
        assert "还没有答案，但这不等于无解" in text, text
        assert "b1" in text and "颜色" in text and "不管执行预算多大" in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_a_syntax_error_marks_its_line_in_plain_words(app: App, lang: str) -> None:
    open_learn(app, f"rows=5&cols=5&start=a1&lang={lang}")
    edit(app, "def tour(rows, cols, start):\n    x = 1\n    if x == 1\n        return None\n")
    run_to_end(app)
    app.next_frame()
    assert app.page.get_attribute("#learn-listing li.error", "data-line") == "3"
    assert app.page.text_content("#learn-answer code") == "SyntaxError: expected ':'"
    status = str(app.page.text_content("#learn-status"))
    assert ("line 3" in status) if lang == "en" else ("第 3 行" in status and "SyntaxError" not in status), status


@pytest.mark.parametrize("program", ["backtrack", "warnsdorff_backtrack", "stack"])
def test_moves_placed_equals_the_largest_number_at_every_step_checked(app: App, program: str) -> None:
    open_learn(app, f"rows=5&cols=5&start=a1&program={program}")
    state = run_to_end(app)
    steps = state["steps"]
    for step in sorted({0, 1, steps // 7, steps // 3, steps // 2, steps - 2, steps - 1} | {steps * k // 23 for k in range(23)}):
        show_step(app, step)
        now = learn(app)
        assert now["counts"]["placed"] == max(now["board"], default=0) == now["counts"]["largest"], (step, now["counts"])
        shown = app.page.get_attribute("#learn-counts", "data-placed")
        assert shown == str(now["counts"]["placed"])
    assert learn(app)["counts"]["backtracks"] > 0 or program == "warnsdorff_backtrack"


@pytest.mark.parametrize("lang", LANGS)
def test_narration_reads_calls_and_returns_and_collapses_identical_lines(app: App, lang: str) -> None:
    open_learn(app, f"rows=5&cols=5&start=a1&program=backtrack&lang={lang}")
    run_to_end(app)
    app.page.click("#learn-to-start")
    seen = []
    app.next_frame()
    for _ in range(40):
        seen.append(str(app.page.text_content("#learn-sentence")))
        app.page.click("#learn-forward")
        app.next_frame()  # the page draws a step at its next frame
    joined = "\n".join(seen)
    assert "<module>" not in joined
    assert ("Call visit: try move 2" in joined) if lang == "en" else ("调用 visit：试第 2 步" in joined), joined
    # Line 7's list comprehension: told once, with its count, not five times.
    line7 = [s for s in seen if ("Line 7" in s if lang == "en" else "第 7 行" in s)]
    assert len(line7) <= 1, line7
    # Next takeback is off with a reason for a program that never goes back.
    open_learn(app, f"rows=5&cols=5&start=a1&program=warnsdorff&lang={lang}")
    run_to_end(app)
    app.page.click("#learn-to-start")
    app.next_frame()
    assert app.page.is_disabled("#learn-next-backtrack")
    assert app.page.is_visible("#learn-backtrack-note")
