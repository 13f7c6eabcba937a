"""A program that catches the page's limit cannot outlive it: in Learn, a program that
catches the step budget's exception (and then searches untraced for a real tour, or loops
for ever catching) ends at the budget, with no answer, at once; its Python is removed and
the next run works."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tests.e2e.conftest import PYTHON_TIMEOUT, App, Watch
from tests.e2e.learn.rule_bypass import let_the_tests_pages_through
from tests.e2e.learn.test_e2e_learn_attacks import forgive, learn, menu_program_runs, packed
from tests.e2e.learn.test_e2e_learn_trust import answer_text


# These programs catch what the page raises (`except BaseException`, which the page's
# rule refuses before any run): the tracer behind the rule is what they test, so each
# reaches its sandbox as if the rule had let it through.
@pytest.fixture(autouse=True)
def _through_the_rule(request: pytest.FixtureRequest) -> Iterator[None]:
    yield from let_the_tests_pages_through(request)


SEARCH = """
MOVES = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def visit(board, rows, cols, r, c, step):
    if step > rows * cols:
        return True
    for dr, dc in MOVES:
        x, y = r + dr, c + dc
        if 0 <= x < rows and 0 <= y < cols and board[x][y] == 0:
            board[x][y] = step
            if visit(board, rows, cols, x, y, step + 1):
                return True
            board[x][y] = 0
    return False
"""

# Caught, then the real search, untraced: without the limit's ending this returned a tour.
CATCH_THEN_SEARCH = SEARCH + """

def tour(rows, cols, start):
    try:
        while True:
            pass
    except BaseException:
        pass
    board = [[0] * cols for _ in range(rows)]
    r, c = start
    board[r][c] = 1
    visit(board, rows, cols, r, c, 2)
    return board
"""

# Caught again and again, for ever: only removing its Python ends it.
CATCH_FOR_EVER = """
def tour(rows, cols, start):
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass
"""

BUDGET = 30_000


@pytest.mark.parametrize("program", ["search after", "for ever"])
def test_a_program_that_catches_the_budget_ends_at_it_and_the_next_run_works(
        app: App, watch: Watch, program: str) -> None:
    before = len(watch.errors)
    source = CATCH_THEN_SEARCH if program == "search after" else CATCH_FOR_EVER
    app.goto(f"?view=learn&rows=5&cols=5&start=a1&code={packed(source)}")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    app.page.fill("#learn-budget", str(BUDGET))
    app.page.dispatch_event("#learn-budget", "change")
    began = time.monotonic()
    app.page.click("#learn-run")
    app.wait_until("window.knightTour.learn.status !== 'running' && window.knightTour.learn.steps > 0", 60)
    took = time.monotonic() - began
    state = learn(app)
    assert state["status"] == "done" and state["budgetRan"], state
    assert state["steps"] == BUDGET and state["answer"] is None, state
    assert state["refusal"] == "" and took < 30, (state, took)
    text = answer_text(app)
    # The budget's sentence, or the stronger one the trace proves here: the loop came back
    # to the same line and state with nothing between, so it never ends by itself.
    assert "step budget ran out" in text or ("never ends" in text and "whatever the step budget" in text), text
    forgive(watch, before)
    app.page.fill("#learn-budget", "2000000")  # the menu's search on 5 x 5 needs more
    app.page.dispatch_event("#learn-budget", "change")
    menu_program_runs(app)
