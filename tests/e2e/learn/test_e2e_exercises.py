"""Learn's exercises in the browser: each starting program fails with its first hint and
each reference solution passes, in English and in Chinese; a sample of the typical wrong
attempts gets the hint that names what it did (all of them are judged in CPython by the
same judge); hints lead to their step and line, the solution comes a line at a time; progress
survives a reload and two tabs, and a clear can be undone; a double click on Check is one
check; the reader's code is kept per exercise and comes back after a reload, not as a
link's; an attempt from a link is not run before Run or Check; a hostile attempt is
refused, a table of the last check's tours fails on the next check's boards, and Check
again runs the same boards;
Check stops at once; at 390 px the statement, the code and the verdict are reachable
with the board on screen, every control a finger's size."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from knight_py import solve
from knight_py.learn.exercises import EXERCISE_BY_ID, EXERCISES, Case, case_trailer, in_chinese
from knight_py.learn.judge import Ended, judge_run
from knight_py.learn.tracer import run
from tests.e2e.a11y.test_e2e_a11y import axe_violations
from tests.e2e.conftest import ARTIFACTS, PYTHON_TIMEOUT, App
from tests.e2e.shell.test_e2e_phone import MEASURE
from tests.exercise_attempts import ATTEMPTS

# What each starting program does wrong on the first board it fails (the judge's code):
# stop60's starter never stops on a board of fewer than 60 squares, so it searches them
# all (no tour: answer_none) or runs out of budget, as the board drawn has it.
STARTER_FAILS = {
    "stop60": {"budget", "answer_none"}, "undo": {"left_numbered"}, "count": {"count_wrong"},
    "warnsdorff": {"not_fewest"}, "closed": {"answer_not_closed"}, "xiangqi": {"leg_crossed"},
    "stack": {"nested"}, "print": {"unread"},
}
# One wrong attempt per exercise, half in each language (tests/exercise_attempts.py).
SAMPLE = {
    "en": [("undo", "clears-current"), ("count", "going-back"), ("closed", "check-in-tour"), ("print", "columns")],
    "zh": [("stop60", "fixed-25"), ("xiangqi", "target"), ("stack", "no-pop"), ("warnsdorff", "most-first")],
}
CHECK_TIMEOUT = 240.0  # the slowest check (stop60's solution: 2.6 million steps) takes 10-20 s here


def exercise(app: App) -> dict[str, Any]:
    return dict(app.page.evaluate("() => JSON.parse(JSON.stringify(window.knightTour.exercise))"))


def learn(app: App) -> dict[str, Any]:
    return dict(app.page.evaluate("() => JSON.parse(JSON.stringify(window.knightTour.learn))"))


FORGET_PROGRAMS = """() => Object.keys(localStorage)
    .filter((k) => k.startsWith('knight-tour.exercises.code.')).forEach((k) => localStorage.removeItem(k))"""


def open_exercises(app: App, lang: str, query: str = "", keep_programs: bool = False) -> None:
    """Open Learn with its exercises; unless `keep_programs`, the programs a test before
    kept are forgotten, so that an exercise chosen opens on its starter."""
    app.goto(f"?view=learn&lang={lang}{query}")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready && window.knightTour.exercise.ready",
                   PYTHON_TIMEOUT)
    if not keep_programs:
        app.page.evaluate(FORGET_PROGRAMS)


def kept_code(app: App, exercise_id: str) -> str | None:
    value = app.page.evaluate(f"() => localStorage.getItem('knight-tour.exercises.code.{exercise_id}')")
    return None if value is None else str(value)


def choose(app: App, exercise_id: str) -> None:
    app.page.select_option("#exercise-choice", exercise_id)
    app.wait_until(f"window.knightTour.exercise.id === {exercise_id!r}")


def type_code(app: App, source: str) -> None:
    if not app.page.locator(".learn-edit").evaluate("(d) => d.open"):
        app.page.click(".learn-edit summary")
    app.page.fill("#learn-code", source)


def check(app: App, timeout: float = CHECK_TIMEOUT) -> dict[str, Any]:
    """Press Check and wait for its verdict; the check's snapshot."""
    before = (exercise(app)["check"] or {}).get("round", 0)
    app.page.click("#exercise-check")
    app.wait_until(
        f"(window.knightTour.exercise.check || {{}}).round > {before} && "
        "window.knightTour.exercise.check.status !== 'running'",
        timeout,
    )
    return dict(exercise(app)["check"])


def cpython_code(exercise_id: str, board: dict[str, Any], source: str) -> str:
    """The judge's code for `source` run in CPython on `board` (a check's drawn board)."""
    case = Case.from_json(board)
    result = run(source + case_trailer(case), case.rows, case.cols, case.start, max_steps=case.budget)
    ended = Ended(result.status, result.line or 0, result.output, result.answer)
    return str(judge_run(EXERCISE_BY_ID[exercise_id], case, source, ended, result.chunks)["code"])


def starter_of(exercise_id: str, lang: str) -> tuple[str, str]:
    ex = next(e for e in EXERCISES if e.id == exercise_id)
    pick = in_chinese if lang == "zh" else (lambda s: s)
    return pick(ex.starter), pick(ex.solution)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_wrong_attempts_get_the_hint_that_names_what_they_did(app: App, lang: str) -> None:
    open_exercises(app, lang)
    for exercise_id, name in SAMPLE[lang]:
        attempt = next(a for a in ATTEMPTS if a.exercise == exercise_id and a.name == name)
        choose(app, exercise_id)
        type_code(app, in_chinese(attempt.source) if lang == "zh" else attempt.source)
        verdict = check(app)
        assert verdict["status"] == "failed", (name, verdict)
        # The page's judgement is the package's own on the same board, run in CPython.
        source = in_chinese(attempt.source) if lang == "zh" else attempt.source
        board = verdict["boards"][verdict["failed"]]
        assert verdict["cases"][-1]["code"] == cpython_code(exercise_id, board, source), (name, verdict)
        assert app.page.locator("#exercise-hint1").is_visible()
        if attempt.named == "count_is_going_back":
            hint = str(app.page.text_content("#exercise-hint1"))
            assert "returned without success" in hint and "squares cleared" in hint, hint


def test_a_hint_leads_to_its_step_and_line_and_the_solution_comes_a_line_at_a_time(app: App) -> None:
    open_exercises(app, "en")
    choose(app, "undo")
    # The starter as written follows the reader's language; so do the statement and the menu.
    app.page.click("#language-switch button[data-lang=zh]")
    app.wait_until("document.querySelector('#language-switch [data-lang=zh]').getAttribute('aria-pressed') === 'true'")
    assert app.page.input_value("#learn-code") == starter_of("undo", "zh")[0]
    assert "撤销" in str(app.page.text_content("#exercise-statement"))
    app.page.click("#language-switch button[data-lang=en]")
    app.wait_until("document.querySelector('#language-switch [data-lang=en]').getAttribute('aria-pressed') === 'true'")
    assert app.page.input_value("#learn-code") == starter_of("undo", "en")[0]
    verdict = check(app)
    first, second = verdict["hints"]
    assert first["key"] == "exercise.hint.left_numbered" and first["step"] >= 0
    assert learn(app)["shown"]  # the board the check failed on is the one shown
    app.page.click("#exercise-hint-step")
    app.wait_until(f"window.knightTour.learn.step === {first['step']}")
    assert app.page.locator(f"#learn-listing li.current[data-line='{learn(app)['line']}']").count() == 1
    assert not app.page.locator("#exercise-hint2").is_visible()
    app.page.click("#exercise-hint-more")
    app.wait_until("window.knightTour.exercise.hints === 2")
    assert app.page.locator("#exercise-hint2").is_visible()
    assert f"line {second['line']}" in str(app.page.text_content("#exercise-hint2"))
    assert app.page.locator(f"#learn-listing li.marked[data-line='{second['line']}']").count() == 1
    assert not app.page.locator("#exercise-hint-more").is_visible()  # two hints, no third
    solution = next(e for e in EXERCISES if e.id == "undo").solution.split("\n")
    for n in (1, 2):
        app.page.click("#exercise-solution-more")
        app.wait_until(f"window.knightTour.exercise.solution === {n}")
        assert app.page.text_content("#exercise-solution") == "\n".join(solution[:n])


def test_progress_survives_a_reload_and_is_cleared(app: App) -> None:
    open_exercises(app, "en")
    app.page.evaluate("() => localStorage.clear()")
    open_exercises(app, "en")
    choose(app, "xiangqi")
    type_code(app, starter_of("xiangqi", "en")[1])
    assert check(app)["status"] == "passed"
    assert exercise(app)["passed"] == ["xiangqi"]
    open_exercises(app, "en", "&exercise=xiangqi")
    state = exercise(app)
    assert state["passed"] == ["xiangqi"] and state["kept"] and state["check"] is None  # a result is never restored
    assert "(passed)" in str(app.page.locator("#exercise-choice option[value=xiangqi]").text_content())
    assert "1 of 8" in str(app.page.text_content("#exercise-kept"))
    assert app.page.locator("#exercise-before").is_visible()
    app.page.click("#exercise-clear")
    app.wait_until("window.knightTour.exercise.passed.length === 0")
    open_exercises(app, "en")
    assert exercise(app)["passed"] == []
    assert app.page.evaluate("() => localStorage.getItem('knight-tour.exercises.passed')") is None


def test_two_tabs_pass_two_exercises_and_both_stay_passed(app: App, fresh_app: App) -> None:
    open_exercises(app, "en")
    app.page.evaluate("() => localStorage.clear()")
    open_exercises(fresh_app, "en")  # a second tab, open before either pass
    choose(app, "xiangqi")
    type_code(app, starter_of("xiangqi", "en")[1])
    assert check(app)["status"] == "passed"
    # The other tab hears of it without a reload, and its own pass adds to it.
    fresh_app.wait_until("window.knightTour.exercise.passed.join() === 'xiangqi'", 10)
    choose(fresh_app, "undo")
    type_code(fresh_app, starter_of("undo", "en")[1])
    assert check(fresh_app)["status"] == "passed"
    app.wait_until("window.knightTour.exercise.passed.join() === 'undo,xiangqi'", 10)
    assert "2 of 8" in str(app.page.text_content("#exercise-kept"))
    assert "(passed)" in str(app.page.locator("#exercise-choice option[value=undo]").text_content())
    for tab in (app, fresh_app):
        open_exercises(tab, "en")
        assert exercise(tab)["passed"] == ["undo", "xiangqi"]


def test_a_double_click_on_check_is_one_check_with_one_verdict(app: App) -> None:
    open_exercises(app, "en")
    choose(app, "stop60")  # its solution runs 2.6 million steps: seconds to look at the check meanwhile
    type_code(app, starter_of("stop60", "en")[1])
    before = (exercise(app)["check"] or {}).get("round", 0)
    runs = learn(app)["run"]
    app.page.dblclick("#exercise-check")
    app.wait_until("window.knightTour.exercise.checking", 30)
    # Busy, said so, and still focusable: more presses, and Run, do nothing meanwhile.
    assert app.page.get_attribute("#exercise-check", "aria-disabled") == "true"
    assert app.page.get_attribute("#exercise-check", "aria-busy") == "true"
    assert app.page.evaluate("() => document.querySelector('#exercise-check').disabled") is False
    assert learn(app)["held"] and app.page.locator("#learn-run").is_disabled()
    app.page.focus("#exercise-check")
    app.page.keyboard.press("Enter")
    app.page.keyboard.press("Space")
    app.wait_until("!window.knightTour.exercise.checking", CHECK_TIMEOUT)
    verdict = exercise(app)["check"]
    assert verdict["round"] == before + 1 and verdict["status"] == "passed", verdict
    boards = len(next(e for e in EXERCISES if e.id == "stop60").cases)
    assert len(verdict["cases"]) == boards and learn(app)["run"] == runs + boards  # one run per board, once
    assert app.page.get_attribute("#exercise-check", "aria-disabled") == "false"
    assert not learn(app)["held"] and app.page.locator("#learn-run").is_enabled()
    assert app.page.evaluate("() => document.activeElement.id") == "exercise-check"  # the keyboard kept its place


def test_a_reload_keeps_the_readers_code_not_marked_as_from_a_link(app: App) -> None:
    open_exercises(app, "en")
    choose(app, "closed")
    starter, solution = starter_of("closed", "en")
    source = "# mine\n" + solution
    type_code(app, source)
    app.wait_until("location.search.includes('code=')", 10)
    app.wait_until(f"localStorage.getItem('knight-tour.exercises.code.closed') === {json.dumps(source)}", 10)
    app.open(app.page.url)  # the reload
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready && window.knightTour.exercise.ready",
                   PYTHON_TIMEOUT)
    app.wait_until("window.knightTour.learn.edited")
    app.quiet()  # a link's program would be marked by now
    assert app.page.input_value("#learn-code") == source
    state = learn(app)
    assert not state["fromLink"] and state["notice"] == "", state
    assert "came with the link" not in str(app.page.text_content("#learn-status"))
    # Chosen again from the menu, the exercise opens on the reader's code; "Back to the
    # program as written" gives the starter, and the starter is what reopens then.
    choose(app, "undo")
    assert app.page.input_value("#learn-code") == starter_of("undo", "en")[0]
    choose(app, "closed")
    assert app.page.input_value("#learn-code") == source
    app.page.click("#learn-reset")
    app.wait_until(f"document.querySelector('#learn-code').value === {json.dumps(starter)}")
    app.wait_until("localStorage.getItem('knight-tour.exercises.code.closed') === null", 10)


def test_an_attempt_from_a_link_is_shown_not_run_and_a_bad_exercise_is_said(app: App, fresh_app: App) -> None:
    open_exercises(app, "en")
    app.page.evaluate("() => localStorage.clear()")  # nothing passed: a link brings no result
    choose(app, "closed")
    source = "# my attempt\n" + starter_of("closed", "en")[0]
    type_code(app, source)
    app.wait_until("location.search.includes('code=') && location.search.includes('exercise=closed')", 10)
    app.wait_until(f"localStorage.getItem('knight-tour.exercises.code.closed') === {json.dumps(source)}", 10)
    link = app.page.url
    # Opened as another reader would: without this reader's program kept for the exercise.
    app.page.evaluate("() => localStorage.removeItem('knight-tour.exercises.code.closed')")
    fresh_app.open(link)
    fresh_app.wait_until("window.knightTour.learn && window.knightTour.learn.ready && window.knightTour.exercise.ready",
                         PYTHON_TIMEOUT)
    fresh_app.wait_until("window.knightTour.learn.edited")
    assert fresh_app.page.input_value("#learn-code") == source
    fresh_app.quiet()
    state, ex = learn(fresh_app), exercise(fresh_app)
    assert state["fromLink"] and state["status"] == "idle" and state["steps"] == 0, state
    assert ex["id"] == "closed" and ex["check"] is None and ex["passed"] == []
    assert not fresh_app.page.text_content("#exercise-result")
    verdict = check(fresh_app)  # it runs when the reader asks
    assert verdict["status"] == "failed" and verdict["cases"][-1]["code"] == "answer_not_closed"
    fresh_app.goto("?view=learn&exercise=%3Cimg%20src%3Dx%3E")
    fresh_app.wait_until("document.querySelector('#param-errors').textContent.length > 0")
    said = str(fresh_app.page.text_content("#param-errors"))
    assert "is not an exercise of this page" in said and "<img" in said, said
    assert fresh_app.page.locator("#param-errors img").count() == 0  # text, never markup
    assert exercise(fresh_app)["id"] is None


HOSTILE = {
    "settrace": "import sys\nsys.settrace(None)\n",
    "post": "from js import parent\nparent.postMessage({'type': 'ended'}, '*')\n",
    "dunder": "trace = ().__class__.__base__.__subclasses__()\n",
    "frames": "def tour(rows, cols, start):\n    g = (x for x in [1])\n    g.gi_frame.f_back.f_globals['x'] = 1\n    return None\n",
}


def test_a_hostile_attempt_is_refused_and_a_hard_coded_answer_fails_where_it_does_not_fit(app: App) -> None:
    open_exercises(app, "en")
    choose(app, "undo")
    solution = starter_of("undo", "en")[1]
    for name, bad in HOSTILE.items():
        runs = learn(app)["steps"], app.page.evaluate("() => window.knightTour.learn.status")
        type_code(app, solution + "\n" + bad)
        verdict = check(app, 20)
        assert verdict["status"] == "refused", (name, verdict)
        assert (learn(app)["steps"], learn(app)["status"]) == runs  # nothing ran
        assert "The check did not run this program. Line " in str(app.page.text_content("#exercise-result"))
    assert exercise(app)["passed"] == []
    # A tour of each board the last check drew, written in: the next check draws others.
    type_code(app, solution)
    seed = check(app)["seed"]
    boards = exercise(app)["check"]["boards"]
    table = {}
    for b in boards:
        found = solve(b["rows"], b["cols"], tuple(b["start"]), blocked=[tuple(h) for h in b["holes"]])
        if found.path:
            table[(b["rows"], b["cols"], tuple(b["start"]))] = found.path
    type_code(app, f"TABLE = {table!r}\ndef tour(rows, cols, start):\n    return TABLE.get((rows, cols, tuple(start)))\n")
    verdict = check(app)
    assert verdict["status"] == "failed" and verdict["seed"] != seed, verdict
    assert app.page.locator("#exercise-hint1").is_visible()
    assert "failed" in str(app.page.locator("#exercise-cases li[data-stands=fail]").text_content())
    # Check again on these boards: the same seed, the same boards.
    app.page.click("#exercise-again")
    app.wait_until(f"window.knightTour.exercise.check.round > {verdict['round']} && "
                   "window.knightTour.exercise.check.status !== 'running'", CHECK_TIMEOUT)
    again = exercise(app)["check"]
    assert again["seed"] == verdict["seed"] and again["boards"] == verdict["boards"]


@pytest.mark.alone
def test_stop_ends_a_check_at_once(app: App) -> None:
    open_exercises(app, "en")
    choose(app, "stop60")  # its starter runs 3 million steps on the first board
    app.page.click("#exercise-check")
    app.wait_until("window.knightTour.learn.status === 'running' && window.knightTour.learn.steps > 1000", 60)
    began = time.monotonic()
    app.page.click("#exercise-stop")
    app.wait_until("window.knightTour.exercise.check.status === 'stopped' && window.knightTour.learn.status !== 'running'", 10)
    assert time.monotonic() - began < 3
    assert "stopped at board 1" in str(app.page.text_content("#exercise-result"))
    assert not app.page.locator("#exercise-stop").is_visible()


def box(app: App, selector: str) -> dict[str, float]:
    return dict(app.page.evaluate(
        "(s) => { const r = document.querySelector(s).getBoundingClientRect();"
        " return { top: r.top, bottom: r.bottom, height: r.height, width: r.width }; }", selector))


def in_band(app: App, selector: str) -> dict[str, Any]:
    """The element inside the viewport, and whether what is at its middle is itself (not
    the board stuck over it or the step bar fixed under it)."""
    return dict(app.page.evaluate(
        """(s) => { const el = document.querySelector(s); const r = el.getBoundingClientRect();
             const hit = document.elementFromPoint(r.left + Math.min(40, r.width / 2), r.top + r.height / 2);
             return { top: r.top, bottom: r.bottom, inside: r.top >= 0 && r.bottom <= innerHeight,
                      uncovered: Boolean(hit && (el === hit || el.contains(hit))) }; }""", selector))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_at_390_px_statement_code_and_verdict_are_reachable_with_the_board_on_screen(phone: Callable[..., App], lang: str) -> None:
    app = phone(lang=lang)
    open_exercises(app, lang)
    choose(app, "xiangqi")
    # The statement comes before the code; the controls are a finger's size.
    assert box(app, "#exercise-statement")["bottom"] <= box(app, "#learn-listing")["top"]
    for control in ("#exercise-choice", "#exercise-check", "#exercise-solution-more"):
        size = box(app, control)
        assert size["height"] >= 43.5 and size["width"] >= 43.5, (control, size)
    app.page.locator("#exercise-check").scroll_into_view_if_needed()
    app.page.tap("#exercise-check")
    app.wait_until("window.knightTour.exercise.check && window.knightTour.exercise.check.status === 'failed'", 60)
    app.wait_until(on_screen("#exercise-hint1"), 5)  # brought into view at the next frame
    # The verdict and the first hint in the band between the board (stuck to the top) and
    # the step bar (fixed at the bottom): nothing covers them, and the board is on screen.
    board = in_band(app, "canvas.layer-overlay")
    assert board["inside"], board
    for part in ("#exercise-result", "#exercise-cases", "#exercise-hint1"):
        seen = in_band(app, part)
        assert seen["inside"] and seen["uncovered"], (part, seen)
    assert app.page.evaluate("() => document.scrollingElement.scrollWidth <= innerWidth")
    # Every control a finger's size, nothing cut off, the verdict's words axe finds fine.
    found = app.page.evaluate(MEASURE)
    assert found["small"] == [] and found["cut"] == [], found
    bad = [v for v in axe_violations(app.page) if v["impact"] in ("serious", "critical")]
    assert bad == [], bad
    app.page.screenshot(path=str(ARTIFACTS / f"exercises-{lang}-390.png"))
    app.page.screenshot(path=str(ARTIFACTS / f"exercises-{lang}-390-full.png"), full_page=True)


def tap_check(app: App) -> dict[str, Any]:
    """Tap Check (brought on screen as a thumb would scroll to it) and wait for its verdict."""
    before = (exercise(app)["check"] or {}).get("round", 0)
    app.page.locator("#exercise-check").scroll_into_view_if_needed()
    app.page.tap("#exercise-check")
    app.wait_until(
        f"(window.knightTour.exercise.check || {{}}).round > {before} && "
        "window.knightTour.exercise.check.status !== 'running'",
        CHECK_TIMEOUT,
    )
    return dict(exercise(app)["check"])


def on_screen(selector: str) -> str:
    """A condition for wait_until: `selector` has a box, wholly inside the viewport."""
    return (f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
            " return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; })()")


# Every exercise is checked once per language, English at 1280 px by click and Chinese at
# 390 px by tap: each check takes seconds, and what the width changes (the verdict on
# screen) does not depend on the language, nor the words on the width.
@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("zh", 390)])
def test_each_starter_fails_with_its_first_hint_and_each_solution_passes(
        request: pytest.FixtureRequest, lang: str, width: int) -> None:
    """Each exercise: the starter (in the reader's language) fails as the package's judge
    fails it on the same drawn board, with its first hint and the failing board named; the
    solution passes every board. At 390 px with touch, Check is tapped and each verdict
    stands on screen, uncovered."""
    on_phone = width == 390
    app: App = request.getfixturevalue("phone")(width, lang) if on_phone else request.getfixturevalue("app")
    press = tap_check if on_phone else check
    open_exercises(app, lang)
    app.page.evaluate("() => localStorage.clear()")
    began = time.monotonic()
    for ex in EXERCISES:
        choose(app, ex.id)
        starter, solution = starter_of(ex.id, lang)
        assert app.page.input_value("#learn-code") == starter, ex.id  # in the reader's language
        statement = str(app.page.text_content("#exercise-statement"))
        assert len(statement) > 40, statement
        verdict = press(app)
        assert verdict["status"] == "failed", (ex.id, verdict)
        code = verdict["cases"][-1]["code"]
        assert code in STARTER_FAILS[ex.id], (ex.id, verdict)
        assert code == cpython_code(ex.id, verdict["boards"][verdict["failed"]], starter), (ex.id, verdict)
        if on_phone:
            app.wait_until(on_screen("#exercise-hint1"), 5)
        hint = str(app.page.text_content("#exercise-hint1"))
        board = app.page.locator("#exercise-cases li[data-stands=fail]").text_content() or ""
        assert hint and app.page.locator("#exercise-hint1").is_visible(), ex.id
        rows = verdict["boards"][verdict["failed"]]["rows"]
        size = f"{rows}×" if lang == "zh" else f"{rows} x "
        assert size in board, (hint, board)
        type_code(app, solution)
        verdict = press(app)
        assert verdict["status"] == "passed", (ex.id, verdict)
        assert [c["pass"] for c in verdict["cases"]] == [True] * len(verdict["boards"])
        assert app.page.locator("#exercise-cases li[data-stands=pass]").count() == len(verdict["boards"])
        assert str(verdict["seed"]) in str(app.page.text_content("#exercise-seed")).replace(",", "")
        if on_phone:
            app.wait_until(on_screen("#exercise-result"), 5)
            seen = in_band(app, "#exercise-result")
            assert seen["inside"] and seen["uncovered"], (ex.id, seen)
    assert exercise(app)["passed"] == [e.id for e in EXERCISES]
    assert app.page.evaluate("() => document.scrollingElement.scrollWidth <= innerWidth")
    print(f"eight exercises, starter and solution, in {lang} at {width} px: {time.monotonic() - began:.0f} s")
    app.page.screenshot(path=str(ARTIFACTS / f"exercises-all-passed-{lang}-{width}.png"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_clear_progress_can_be_undone_at_390_px(phone: Callable[..., App], lang: str) -> None:
    app = phone(lang=lang)
    open_exercises(app, lang)
    app.page.evaluate("() => localStorage.clear()")
    choose(app, "xiangqi")
    solution = starter_of("xiangqi", lang)[1]
    type_code(app, solution)
    assert check(app)["status"] == "passed"
    app.wait_until("localStorage.getItem('knight-tour.exercises.code.xiangqi') !== null", 10)
    app.page.locator("#exercise-clear").scroll_into_view_if_needed()
    app.page.focus("#exercise-clear")
    app.page.keyboard.press("Enter")
    app.wait_until("window.knightTour.exercise.undo && window.knightTour.exercise.passed.length === 0")
    stored = app.page.evaluate(
        "() => [localStorage.getItem('knight-tour.exercises.passed'),"
        " localStorage.getItem('knight-tour.exercises.code.xiangqi')]")
    assert stored == [None, None], stored
    # The Undo stands in the notice, a finger's size, and the keyboard is on it.
    assert app.page.evaluate("() => document.activeElement.id") == "exercise-undo"
    size = box(app, "#exercise-undo")
    assert size["height"] >= 43.5 and size["width"] >= 43.5, size
    notice = str(app.page.text_content("#exercise-notice"))
    assert ("Undo within 15 s" if lang == "en" else "15 秒内按“恢复”") in notice, notice
    assert app.page.text_content("#exercise-undo") == ("Undo" if lang == "en" else "恢复")
    found = app.page.evaluate(MEASURE)
    assert found["small"] == [] and found["cut"] == [], found
    app.page.keyboard.press("Enter")
    app.wait_until("!window.knightTour.exercise.undo && window.knightTour.exercise.passed.join() === 'xiangqi'")
    assert kept_code(app, "xiangqi") == solution
    assert app.page.evaluate("() => localStorage.getItem('knight-tour.exercises.passed')") == '["xiangqi"]'
    assert not app.page.locator("#exercise-undo").is_visible()
    assert app.page.evaluate("() => document.activeElement.id") == "exercise-clear"
    app.page.screenshot(path=str(ARTIFACTS / f"exercises-undo-{lang}-390.png"))


def test_the_keyboard_reaches_check_and_the_verdict_is_announced(app: App) -> None:
    open_exercises(app, "en")
    app.page.focus("#exercise-choice")
    app.page.keyboard.press("End")  # the last exercise: print
    app.wait_until("window.knightTour.exercise.id === 'print'")
    app.page.keyboard.press("Tab")
    assert app.page.evaluate("() => document.activeElement.id") == "exercise-check"
    app.page.keyboard.press("Enter")
    app.wait_until("window.knightTour.exercise.check && window.knightTour.exercise.check.status === 'failed'", 60)
    assert app.page.get_attribute("#exercise-result", "aria-live") == "polite"
    assert app.page.get_attribute("#exercise-hint1", "aria-live") == "polite"
    assert app.page.get_attribute("#exercise-progress", "role") == "status"
