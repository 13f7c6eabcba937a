"""Every solving method runs in the browser: each of the package's subpackages loads there."""

from __future__ import annotations

import pytest

from knight_py import validate

from ..conftest import App

# (rows, cols, method chosen, start, how the status detail names the method that answered):
# the thin boards' dynamic program (knight_py.thin), the construction (knight_py.construct)
# and the depth-first searches (knight_py.search) in each of their orders and prune levels.
CASES = [
    (3, 60, "auto", "a1", "thin"),
    (4, 60, "auto", "a1", "thin"),
    (30, 30, "auto", "a1", "construction"),
    (8, 8, "warnsdorff", "b1", "Warnsdorff's rule"),
    (5, 5, "exhaustive", "a1", "exhaustive search"),
    (5, 5, "backtrack", "a1", "plain backtracking"),
]


@pytest.mark.parametrize(("rows", "cols", "method", "start", "used"), CASES)
def test_each_method_finds_a_tour_in_the_browser(
    app: App, rows: int, cols: int, method: str, start: str, used: str
) -> None:
    app.wait_python()
    app.set_size(rows, cols)
    app.page.select_option("#method", method)
    app.click_square(start)
    app.wait_until(
        "window.knightTour.status === 'found'"
        f" && window.knightTour.rows === {rows} && window.knightTour.cols === {cols}"
        f" && document.querySelector('#status-detail').textContent.startsWith({used + ':'!r})"
    )
    state = app.state()
    path = [(r, c) for r, c in state["path"]]
    assert len(path) == rows * cols
    validate(rows, cols, path)
    app.page.select_option("#method", "auto")  # leave the page as the next test expects
