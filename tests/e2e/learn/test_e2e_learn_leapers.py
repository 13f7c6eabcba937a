"""Learn with a leaper chosen: the posts' programs try the leaper's jumps (their moves line
written for it), the board shows its walk, the page's own check of the answer and its
solver's verdict use the leaper's rule, the sentences name it in English and Chinese, the
link carries it, and an exercise stays the knight's. On a phone (390 px) and a desktop
(1280 px)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest

from knight_py.validate import first_problem
from tests.e2e.conftest import PYTHON_TIMEOUT, App, shot

ZEBRA = {"en": "the zebra (2, 3)", "zh": "斑马（2, 3）"}
CAMEL = {"en": "the camel (1, 3)", "zh": "骆驼（1, 3）"}


def learn(app: App) -> dict[str, Any]:
    return dict(app.page.evaluate("() => JSON.parse(JSON.stringify(window.knightTour.learn))"))


def text(app: App, selector: str) -> str:
    return str(app.page.text_content(selector) or "")


def run_to_end(app: App) -> dict[str, Any]:
    app.page.click("#learn-run")
    app.wait_until("['done', 'stopped', 'error'].includes(window.knightTour.learn.status)", 120)
    if learn(app)["steps"] > 1:
        app.page.click("#learn-to-end")
        app.wait_until("window.knightTour.learn.step === window.knightTour.learn.steps - 1", 10)
    return learn(app)


def jumps(path: list[list[int]]) -> set[tuple[int, int]]:
    return {tuple(sorted((abs(r1 - r2), abs(c1 - c2)))) for (r1, c1), (r2, c2) in pairwise(path)}


@pytest.mark.parametrize(("width", "lang"), [(390, "en"), (390, "zh"), (1280, "en"), (1280, "zh")])
def test_learn_runs_the_programs_with_the_zebra_s_moves(phone: Callable[..., App], width: int, lang: str) -> None:
    app = phone(width=width, lang=lang, touch=width < 600)
    app.goto(f"?view=learn&rows=8&cols=8&start=a1&program=warnsdorff&rule=zebra&lang={lang}")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    assert app.page.is_visible("#piece") and app.page.input_value("#piece") == "zebra"
    assert not app.page.is_visible("#open-tour")  # the Tour fieldset shows only its piece in Learn
    code = app.page.input_value("#learn-code")
    assert "MOVES = [(2, 3), (3, 2), (3, -2), (2, -3), (-2, -3), (-3, -2), (-3, 2), (-2, 3)]" in code
    assert ZEBRA[lang] in code  # the comment names the piece
    # The greedy walk: only the zebra's jumps, a dead end said with the zebra's name.
    state = run_to_end(app)
    assert state["status"] == "done" and state["madeFor"] == "8,8,7,0@leaper:2,3", state["madeFor"]
    assert 1 < len(state["path"]) < 64 and jumps(state["path"]) == {(2, 3)}
    assert state["answer"] and not state["answer"]["valid"]
    answer = text(app, "#learn-answer")
    assert ZEBRA[lang] in answer, answer  # "Dead end on ...: every jump of the zebra (2, 3) ..."
    counts = text(app, "#learn-counts")
    assert ZEBRA[lang] in counts and "knight" not in counts.lower() and "马步" not in counts, counts
    # The steps where the zebra jumps: their sentences name it.
    said = app.page.evaluate(
        """async () => {
             const input = document.getElementById('learn-position');
             const out = [];
             for (let k = 0; k < 400 && out.length < 3; k++) {
               input.value = String(k);
               input.dispatchEvent(new Event('input', { bubbles: true }));
               await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
               const sentence = document.getElementById('learn-sentence').textContent;
               if (/jumps to|跳到/.test(sentence)) out.push(sentence);
             }
             return out;
           }""")
    assert len(said) == 3 and all(ZEBRA[lang] in sentence for sentence in said), said
    # The link carries the piece: the same page from it.
    assert "rule=zebra" in app.page.url
    shot(app, f"learn_zebra_warnsdorff_{width}_{lang}")


@pytest.mark.parametrize(("width", "lang"), [(390, "zh"), (1280, "en")])
def test_a_leaper_with_no_tour_ends_cleanly_with_the_solver_s_proof(phone: Callable[..., App], width: int, lang: str) -> None:
    app = phone(width=width, lang=lang, touch=width < 600)
    app.goto(f"?view=learn&rows=5&cols=5&start=a1&program=backtrack&rule=zebra&lang={lang}")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    state = run_to_end(app)
    assert state["status"] == "done" and state["answer"]["code"] == "none"
    assert jumps(state["path"]) <= {(2, 3)}
    app.wait_until("window.knightTour.learn.library && window.knightTour.learn.library.status === 'impossible'", 60)
    answer = text(app, "#learn-answer")
    assert ZEBRA[lang] in answer, answer  # the solver's proof, under the zebra's rule
    # The camel, chosen from the menu: the run shown was the zebra's, the program now the camel's.
    app.page.select_option("#piece", "camel")
    app.wait_until("window.knightTour.rule === 'leaper:1,3'")
    assert not learn(app)["shown"]
    assert "MOVES = [(1, 3), (3, 1)" in app.page.input_value("#learn-code")
    assert "rule=camel" in app.page.url
    state = run_to_end(app)
    assert state["status"] == "done" and state["answer"]["code"] == "none"  # colour-bound: no tour
    assert state["madeFor"].endswith("@leaper:1,3") and jumps(state["path"]) <= {(1, 3)}
    shot(app, f"learn_camel_backtrack_{width}_{lang}")


def test_a_tour_of_another_leaper_passes_the_page_s_check_under_its_rule(phone: Callable[..., App]) -> None:
    app = phone(width=1280, lang="en", touch=False)
    app.goto("?view=learn&rows=3&cols=4&start=a1&program=backtrack&rule=leaper:0,1")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    state = run_to_end(app)
    assert state["answer"]["valid"], state["answer"]
    path = [tuple(sq) for sq in state["path"]]
    assert first_problem(3, 4, path, rule="leaper:0,1") is None
    assert first_problem(3, 4, path) is not None  # not a knight's tour: the page used the leaper's rule
    assert "each step a jump of the piece that jumps (0, 1)" in text(app, "#learn-answer")


def test_an_exercise_stays_the_knight_s_whatever_the_piece(phone: Callable[..., App]) -> None:
    """With the zebra chosen, an exercise's program keeps the knight's moves, and its
    check judges the knight's answer on its own boards: the starting program, which has
    the bug the exercise asks to fix, does not pass."""
    app = phone(width=1280, lang="en", touch=False)
    app.goto("?view=learn&rows=8&cols=8&start=a1&rule=zebra")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    app.wait_until("document.querySelector('#exercise-choice') && !document.querySelector('#exercise-choice').disabled", 60)
    app.page.select_option("#exercise-choice", "stop60")
    app.wait_until("window.knightTour.exercise && window.knightTour.exercise.id === 'stop60'")
    code = app.page.input_value("#learn-code")
    assert "(2, 3)" not in code and "zebra" not in code
    app.page.click("#exercise-check")
    app.wait_until("window.knightTour.exercise.check && window.knightTour.exercise.check.status !== 'running'", 180)
    check = app.page.evaluate("() => JSON.parse(JSON.stringify(window.knightTour.exercise.check))")
    assert check["status"] != "passed", check
    assert all(board["rule"] in ("knight", "xiangqi") for board in check["boards"])


@pytest.mark.parametrize(("width", "lang"), [(390, "zh"), (1280, "en")])
def test_compare_s_construct_row_says_it_is_not_for_a_leaper_in_the_page_s_words(
    phone: Callable[..., App], width: int, lang: str
) -> None:
    app = phone(width=width, lang=lang, touch=width < 600)
    app.goto(f"?view=compare&rows=5&cols=6&rule=giraffe&lang={lang}")
    app.wait_python()
    app.click_square("a1")
    app.wait_until("window.knightTour.comparisonStatus === 'done'", 240)
    row = app.page.locator("#compare-body tr[data-method=construct] td.verdict")
    words = {
        "en": ("Not for this piece", "The constructions build the knight's tours only, not tours of the giraffe (1, 4)."),
        "zh": ("不适用于这个棋子", "构造法只能构造马的周游路线，不能构造长颈鹿（1, 4）的。"),
    }[lang]
    assert (row.text_content(), row.get_attribute("title")) == words
    shot(app, f"compare_giraffe_construct_{width}_{lang}")
