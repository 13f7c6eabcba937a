"""Programs in other shapes, in the page: a board held by a class is followed (its knight
moves counted and drawn), a program with no board is said to have none (no count of 0, no
board printed), and a loop shown by its trace to never end is said to, with its two steps
to jump to."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import App, shot
from tests.e2e.learn.test_e2e_learn import edit, learn, open_learn, run_to_end
from tests.knight_py.learn.test_learn_board_shapes import _program

NO_BOARD = """def tour(rows, cols, start):
    start = tuple(start)
    path, seen = [start], {start}
    def visit(r, c):
        if len(path) == rows * cols:
            return True
        for dr, dc in ((2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and (nr, nc) not in seen:
                seen.add((nr, nc)); path.append((nr, nc))
                if visit(nr, nc):
                    return True
                seen.discard((nr, nc)); path.pop()
        return False
    return path if visit(*start) else None
"""
STUCK = "def tour(rows, cols, start):\n    r, c = start\n    while True:\n        if r > 10:\n            break\n"


def text(app: App, selector: str) -> str:
    return str(app.page.locator(selector).inner_text())


def test_a_board_held_by_a_class_is_followed(app: App) -> None:
    open_learn(app, "rows=5&cols=5&start=a1")
    edit(app, _program("class", False, True, logged=False))
    state: dict[str, Any] = run_to_end(app)
    assert state["status"] == "done" and state["answer"]["valid"], (state["status"], state["error"])
    assert state["counts"]["placed"] == 25 and state["knight"] >= 0, state["counts"]
    assert "could not see" not in text(app, "#learn-counts")
    shot(app, "learn-shapes-class")


def test_a_program_with_no_board_is_said_to_have_none(app: App) -> None:
    open_learn(app, "rows=5&cols=5&start=a1")
    edit(app, NO_BOARD)
    state = run_to_end(app)
    assert state["status"] == "done" and state["answer"]["valid"], (state["status"], state["error"])
    assert "could not see this program's board" in text(app, "#learn-counts")
    assert "could not see this program's board" in str(state["notice"])
    assert app.page.locator("#learn-board-text").inner_text() == ""
    shot(app, "learn-shapes-no-board")


def test_a_loop_shown_to_never_end_says_so_with_its_steps(app: App) -> None:
    open_learn(app, "rows=5&cols=5&start=a1")
    edit(app, STUCK)
    app.page.fill("#learn-budget", "3000")
    app.page.dispatch_event("#learn-budget", "change")
    state = run_to_end(app)
    assert state["budgetRan"], state
    answer = app.page.locator("#learn-answer")
    assert "never ends" in answer.inner_text()
    jumps = answer.locator("[data-jump]")
    assert jumps.count() == 2
    second = int(jumps.nth(1).get_attribute("data-jump") or "-1")
    jumps.nth(0).click()
    first = int(jumps.nth(0).get_attribute("data-jump") or "-1")
    app.wait_until(f"window.knightTour.learn.step === {first}", 5)
    assert learn(app)["line"] == 3 and 0 <= first < second
    shot(app, "learn-shapes-never-ends")
