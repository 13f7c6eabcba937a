"""Learn says only what the page itself has checked. Programs that take the tracer over
(they run in the same Python: the real `sys` through the random module, then Pyodide's
`js`) send what the page's message checks accept but an honest tracer never would: a
lie about the answer, floods of the largest legal chunks, more steps than the budget,
calls nested past the page's depth, empty chunks that keep a run alive. The page refuses
or limits each, answers throughout, and Stop stops within 1.5 s. Honest programs are told
the truth: a board changed exactly 1,024 times, the page's nesting limit, the stop-at-60 bug out
of budget, the forgot-to-undo bug, and going back counted apart from moves taken back."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from knight_py.learn.trace_format import MAX_DEPTH
from tests.e2e.conftest import ARTIFACTS, PYTHON_TIMEOUT, App, Watch
from tests.e2e.learn.rule_bypass import let_the_tests_pages_through
from tests.e2e.learn.test_e2e_learn_attacks import (
    ESCAPE,
    ended,
    forgive,
    learn,
    menu_program_runs,
    packed,
    roomy_budget,
)


# These programs test the sandbox behind the page's rule: each reaches its sandbox as if
# the rule had let it through.
@pytest.fixture(autouse=True)
def _through_the_rule(request: pytest.FixtureRequest) -> Iterator[None]:
    yield from let_the_tests_pages_through(request)


# Waits for the page's port and the run's id (the worker's first chunk, after 8,192
# steps), then turns the tracer off: from here on the program sends what it likes.
TAKE_OVER = ESCAPE + """
array = real_import("array").array

def take_over():
    seen = []
    post = js.MessagePort.prototype.postMessage
    def spy(this, message, *rest):
        seen.append((this, message.meta.first_step + message.meta.steps,
                     message.meta.first_frame + message.meta.frames_added, message.id))
        return post.call(this, message, *rest)
    js.MessagePort.prototype.postMessage = ffi.create_proxy(spy, capture_this=True)
    i = 0
    while not seen:
        i += 1
    sys.settrace(None)
    port, steps, frames, run = seen[0]
    def send(message, transfer=None):
        post.call(port, ffi.to_js(message, dict_converter=js.Object.fromEntries))
    return send, steps, frames, run

def column(code, values):
    return ffi.to_js(array(code, values).tobytes())

def chunk(run, first_step, first_frame, steps, changes_per_step, size, frame):
    deltas = steps * changes_per_step
    meta = {"first_step": first_step, "steps": steps, "first_frame": first_frame, "frames_added": 0,
            "deltas": deltas, "slots": 6, "codes": [], "final": False, "status": "running"}
    squares = list(range(changes_per_step)) * steps
    buffers = {
        "lines": column("H", [1] * steps), "events": column("B", [0] * steps), "frames": column("I", [frame] * steps),
        "vars": column("h", [0] * (6 * steps)),
        "delta_step": column("I", [first_step + k for k in range(steps) for _ in range(changes_per_step)]),
        "delta_square": column("H", squares), "delta_old": column("h", [0] * deltas),
        "delta_new": column("h", [(k % 7) + 1 for k in range(deltas)]),
        "frame_code": column("H", []), "frame_parent": column("I", []), "frame_call": column("I", []),
        "frame_parent_step": column("I", []),
    }
    return {"type": "chunk", "id": run, "meta": meta, "buffers": buffers}
"""

# The lie: "valid: true, a tour" (and any text) beside an all-zero board.
LIE = TAKE_OVER + """
def tour(rows, cols, start):
    send, steps, frames, run = take_over()
    answer = {"shape": "board", "values": [0] * (rows * cols), "length": rows * cols}
    result = {"status": "done", "line": None, "error": None, "output": "", "answer": answer,
              "verdict": {"valid": True, "key": "learn.verdict.tour", "text": "ANY TEXT",
                          "params": {"number": "ANY TEXT: your account is locked\\u202e"}},
              "valid": True, "path": [[0, 0]]}
    send({"type": "ended", "id": run, "result": result})
    while True:
        pass
"""

# The largest chunks the checks accept, one after another as fast as Python makes them:
# 8,192 steps of 8 board changes each (65,536, the most a chunk may hold: FLOOD); of one
# change each (STREAM, which stays under the memory limit for longer).
FLOOD_OF = TAKE_OVER + """
def tour(rows, cols, start):
    send, steps, frames, run = take_over()
    size = rows * cols
    while True:
        send(chunk(run, steps, frames, 8192, CHANGES, size, frames - 1))
        steps += 8192
"""
FLOOD = FLOOD_OF.replace("CHANGES", "8")
STREAM = FLOOD_OF.replace("CHANGES", "1")

# One chunk past the run's budget.
OVER_BUDGET = TAKE_OVER + """
def tour(rows, cols, start):
    send, steps, frames, run = take_over()
    send(chunk(run, steps, frames, 8192, 1, rows * cols, frames - 1))
    while True:
        pass
"""

# A chain of frames, each the child of the one before, far past the page's depth.
DEEP = TAKE_OVER + """
def tour(rows, cols, start):
    send, steps, frames, run = take_over()
    n = 8192
    ids = list(range(frames, frames + n))
    meta = {"first_step": steps, "steps": n, "first_frame": frames, "frames_added": n, "deltas": 0,
            "slots": 6, "codes": [], "final": False, "status": "running"}
    buffers = {
        "lines": column("H", [1] * n), "events": column("B", [1] * n), "frames": column("I", ids),
        "vars": column("h", [0] * (6 * n)), "delta_step": column("I", []), "delta_square": column("H", []),
        "delta_old": column("h", []), "delta_new": column("h", []),
        "frame_code": column("H", [1] * n), "frame_parent": column("I", [frames - 1] + ids[:-1]),
        "frame_call": column("I", [steps + i for i in range(n)]),
        "frame_parent_step": column("I", [steps + i - 1 for i in range(n)]),
    }
    send({"type": "chunk", "id": run, "meta": meta, "buffers": buffers})
    while True:
        pass
"""

# Keeps the run "alive" with an empty chunk every 2 s: no step is ever added.
EMPTY_CHUNKS = TAKE_OVER + """
def tour(rows, cols, start):
    send, steps, frames, run = take_over()
    clock = real_import("time")
    while True:
        send(chunk(run, steps, frames, 0, 0, rows * cols, frames - 1))
        began = clock.monotonic()
        while clock.monotonic() - began < 2:
            pass
"""

# Honest: the board changes exactly 1,024 times.
CHANGES_1024 = """
def tour(rows, cols, start):
    board = [0] * (rows * cols)
    for i in range(1024):
        board[i % (rows * cols)] = i + 1
    return board
"""

ENDLESS_RECURSION = """
def visit(board, r, c, step):
    board[r][c] = step
    return visit(board, r, c, step + 1)

def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
    return visit(board, start[0], start[1], 1)
"""

# Honest: plain backtracking that counts, in globals, its own going back and its moves
# taken back, and prints them; `forget` drops the taking back.
COUNTING = (Path(__file__).parents[2] / "fixtures" / "counting_program.py").read_text(encoding="utf-8")


def counting(forget: bool) -> str:
    return COUNTING.replace("TAKE_BACK  # noqa: B018, F821", "pass" if forget else "board[x][y] = 0\n            UNDOS += 1")


def own_counts(source: str, rows: int, cols: int, start: tuple[int, int]) -> tuple[int, int]:
    """The program's own counts of going back and moves taken back, run in CPython."""
    space: dict[str, Any] = {}
    exec(compile(source, "<program>", "exec"), space)
    space["print"] = lambda *args: None
    space["tour"](rows, cols, start)
    return int(space["BACKS"]), int(space["UNDOS"])


def lag_watch(app: App) -> None:
    """Start noting, in the page, its longest main-thread task (Chromium's long-task
    entries: every task of 50 ms or more). A task's length is the page's own work; a
    timer's late tick would also count the time the machine gave the worker's Python."""
    app.page.evaluate("""() => {
      window.lagWatch = { worst: 0 };
      window.lagWatch.observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.lagWatch.worst = Math.max(window.lagWatch.worst, entry.duration);
      });
      window.lagWatch.observer.observe({ type: "longtask" });
    }""")


def worst_lag(app: App) -> float:
    """The longest main-thread task since lag_watch, in ms (0: none of 50 ms or more)."""
    return float(app.page.evaluate("""() => {
      const w = window.lagWatch;
      for (const entry of w.observer.takeRecords()) w.worst = Math.max(w.worst, entry.duration);
      w.observer.disconnect();
      return w.worst;
    }"""))


def run_link(app: App, source: str, query: str = "rows=5&cols=5&start=a1", lang: str = "en") -> None:
    app.goto(f"?view=learn&{query}&lang={lang}&code={packed(source)}")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    roomy_budget(app)
    app.page.click("#learn-run")


def answer_text(app: App) -> str:
    return str(app.page.text_content("#learn-answer"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_lie_about_the_answer_is_not_believed(app: App, watch: Watch, lang: str) -> None:
    before = len(watch.errors)
    run_link(app, LIE, lang=lang)
    state = ended(app, 60)
    assert state["status"] == "done", state
    assert state["answer"]["valid"] is False and state["answer"]["code"] == "partial", state["answer"]
    text = answer_text(app)
    assert "ANY TEXT" not in text and "\u202e" not in text
    assert "a tour, every square once" not in text and "这是一条周游路线" not in text
    assert ("0 of 25" in text) if lang == "en" else ("25 格中的 0 格" in text), text
    forgive(watch, before)


@pytest.mark.alone
def test_a_stream_of_the_largest_chunks_leaves_the_page_answering_and_stop_stops(app: App, watch: Watch) -> None:
    before = len(watch.errors)
    app.goto(f"?view=learn&rows=5&cols=5&start=a1&code={packed(STREAM)}")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    app.page.fill("#learn-budget", "20000000")
    app.page.dispatch_event("#learn-budget", "change")
    app.page.click("#learn-run")
    app.wait_until("window.knightTour.learn.steps > 40000", 60)
    lag_watch(app)
    app.page.wait_for_timeout(1000)
    assert learn(app)["status"] == "running", learn(app)["notice"]
    began = time.monotonic()
    app.page.click("#learn-stop")
    app.wait_until("window.knightTour.learn.status !== 'running'", 10)
    stopped_in = time.monotonic() - began
    lag = worst_lag(app)
    assert stopped_in < 1.5, stopped_in
    assert lag < 100, f"a task of the page took {lag:.0f} ms"
    state = learn(app)
    assert state["status"] == "stopped" and state["steps"] > 40000
    forgive(watch, before)
    menu_program_runs(app)


@pytest.mark.alone
def test_a_flood_is_held_to_the_page_s_memory_limit(app: App, watch: Watch) -> None:
    before = len(watch.errors)
    run_link(app, FLOOD)
    lag_watch(app)
    state = ended(app, 120)
    lag = worst_lag(app)
    # 8 changes a step: 256 MB of trace is reached long before the 2,000,000-step budget.
    assert state["status"] == "stopped" and state["steps"] <= 2_000_000, state
    assert "256" in state["notice"], state["notice"]
    assert state["bytes"] <= 256 * 2**20
    # The trace grows by segments (docs/learn.md, "The format"): a task is one chunk read.
    assert lag < 300, lag
    forgive(watch, before)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_budget_is_the_page_s(app: App, watch: Watch, lang: str) -> None:
    before = len(watch.errors)
    app.goto(f"?view=learn&rows=5&cols=5&start=a1&lang={lang}&code={packed(OVER_BUDGET)}")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    app.page.fill("#learn-budget", "10000")
    app.page.dispatch_event("#learn-budget", "change")
    app.page.click("#learn-run")
    state = ended(app, 60)
    assert state["steps"] <= 10000, state["steps"]
    assert state["refusal"] == "more steps than the run's budget", state["refusal"]
    forgive(watch, before)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_calls_nested_past_the_page_s_depth_are_refused(app: App, watch: Watch, lang: str) -> None:
    before = len(watch.errors)
    run_link(app, DEEP, lang=lang)
    state = ended(app, 60)
    assert state["status"] == "error" and "deeper" in state["refusal"], state
    refused = {"en": "does not accept", "zh": "页面不接受"}[lang]
    assert refused in str(app.page.text_content("#learn-notice"))
    forgive(watch, before)


def test_an_honest_deep_stack_is_drawn_cut(app: App) -> None:
    source = "def down(n):\n    if n == 0:\n        return 0\n    return down(n - 1)\n\ndef tour(rows, cols, start):\n    down(150)\n    return None\n"
    run_link(app, source)
    state = ended(app, 60)
    assert state["status"] == "done"
    deepest = app.page.evaluate("""() => {
      const input = document.getElementById('learn-position');
      return Number(input.max);
    }""")
    # The deepest step: the call of down(0), 152 frames in.
    app.page.evaluate("(k) => { const i = document.getElementById('learn-position'); i.value = String(k); i.dispatchEvent(new Event('input', {bubbles: true})); }", deepest // 2)
    app.wait_until(f"window.knightTour.learn.step === {deepest // 2}")
    rows = app.page.locator("#learn-stack tr")
    assert rows.count() == 41, rows.count()
    assert "more calls further out" in str(rows.first.text_content())


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_run_left_unseen_is_stopped_and_says_so(app: App, watch: Watch, lang: str) -> None:
    before = len(watch.errors)
    run_link(app, EMPTY_CHUNKS, lang=lang)
    app.wait_until("window.knightTour.learn.steps > 0", 60)
    app.page.click("#tab-tour")
    app.wait_until("window.knightTour.learn.status !== 'running'", 3)
    state = learn(app)
    said = {"en": "Leaving Learn stopped the run", "zh": "离开“学习”页时，运行已停止"}[lang]
    assert state["status"] == "stopped" and said in state["notice"], state["notice"]
    app.page.click("#tab-learn")
    forgive(watch, before)


def test_empty_chunks_do_not_keep_a_run_alive(app: App, watch: Watch) -> None:
    before = len(watch.errors)
    run_link(app, EMPTY_CHUNKS)
    app.wait_until("window.knightTour.learn.steps > 0", 60)
    began = time.monotonic()
    state = ended(app, 40)
    assert state["status"] == "error" and time.monotonic() - began < 30
    assert "20 seconds" in state["error"]["said"], state["error"]
    forgive(watch, before)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_board_changed_exactly_1024_times_shows_every_step(app: App, watch: Watch, lang: str) -> None:
    before = len(watch.errors)
    run_link(app, CHANGES_1024, lang=lang)
    state = ended(app, 60)
    assert state["status"] == "done"
    app.page.click("#learn-to-end")
    app.wait_until(f"window.knightTour.learn.step === {state['steps'] - 1}")
    board = learn(app)["board"]
    assert len(board) == 25 and max(board) == 1024
    assert sorted(board) == list(range(1000, 1025)), board
    assert len(watch.errors) == before, watch.errors[before:]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_calls_nested_past_the_page_s_limit_are_said_on_their_line(app: App, lang: str) -> None:
    run_link(app, ENDLESS_RECURSION, lang=lang)
    state = ended(app, 60)
    assert state["status"] == "limit" and state["refusal"] == "", state
    assert state["limit"] == {"depth": MAX_DEPTH, "line": 4}, state["limit"]
    assert state["answer"] is None
    text = answer_text(app)
    assert str(MAX_DEPTH) in text and "RecursionError" not in text and "递归" not in text, text
    assert ("line 4" in text) if lang == "en" else ("第 4 行" in text), text
    assert app.page.locator("#learn-listing li.error").get_attribute("data-line") == "4"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_stop_at_60_out_of_budget_says_what_its_bug_does(app: App, lang: str) -> None:
    app.goto(f"?view=learn&rows=5&cols=5&start=a1&program=bug_tag60&lang={lang}")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    app.page.fill("#learn-budget", "20000")
    app.page.dispatch_event("#learn-budget", "change")
    app.page.click("#learn-run")
    state = ended(app, 60)
    assert state["budgetRan"]
    text = answer_text(app)
    if lang == "en":
        assert "tag never reaches 60" in text and "No step budget gives it a tour" in text, text
        assert "raise the step budget" not in text
    else:
        assert "tag 永远到不了 60" in text and "执行预算再大也得不到周游路线" in text, text
        assert "调高执行预算" not in text
    app.page.screenshot(path=str(ARTIFACTS / f"learn-tag60-budget-{lang}.png"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_forgot_to_undo_is_shown(app: App, lang: str) -> None:
    app.goto(f"?view=learn&rows=5&cols=5&start=a1&program=bug_repeats&lang={lang}")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    app.page.click("#learn-run")
    state = ended(app, 60)
    assert state["status"] == "done"
    counts = state["counts"]
    app.page.click("#learn-to-end")
    app.wait_until(f"window.knightTour.learn.step === {state['steps'] - 1}")
    counts = learn(app)["counts"]
    assert counts["back"] > 0 and counts["backtracks"] == 0, counts
    text = answer_text(app)
    if lang == "en":
        assert "went back without clearing the squares" in text, text
    else:
        assert "却没有清空它填过数字的格子" in text, text
    note = str(app.page.text_content("#learn-backtrack-note"))
    assert (f"went back {counts['back']} times" in note) if lang == "en" else (f"退回了 {counts['back']} 次" in note), note
    app.page.screenshot(path=str(ARTIFACTS / f"learn-forgot-undo-{lang}.png"))


@pytest.mark.parametrize("forget", [False, True])
def test_going_back_and_moves_taken_back_match_the_program_s_own_counts(app: App, forget: bool) -> None:
    source = counting(forget)
    backs, undos = own_counts(source, 5, 5, (4, 0))
    run_link(app, source)
    state = ended(app, 120)
    assert state["status"] == "done"
    app.page.click("#learn-to-end")
    app.wait_until(f"window.knightTour.learn.step === {state['steps'] - 1}")
    counts = learn(app)["counts"]
    assert (counts["back"], counts["backtracks"]) == (backs, undos)
    if forget:
        # It returns None: the page says a tour exists, and offers the one its solver found.
        app.wait_until("window.knightTour.learn.library && window.knightTour.learn.library.status === 'found'", 60)
        assert "A tour from a1 does exist" in answer_text(app)
        assert app.page.locator("#learn-answer a.learn-offer").get_attribute("href").startswith("?view=tour")

