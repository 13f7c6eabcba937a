"""For the tests of the sandbox's own defences, the second line behind the page's rule
(knight_py.learn.source_rule): the test's browser page answers the solver's "refusal"
command itself, with "may run", so that a hostile program reaches its sandbox as if the
rule had missed it. The page's code is unchanged; only that test's page is."""

from __future__ import annotations

from typing import Any

import pytest

__all__ = ["let_every_program_through", "let_the_tests_pages_through"]

LET_THROUGH = """
(() => {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (data, ...rest) {
    if (data && data.cmd === "refusal") {
      const answer = new MessageEvent("message", { data: { id: data.id, type: "result", result: null } });
      setTimeout(() => this.dispatchEvent(answer), 0);
      return;
    }
    return post.call(this, data, ...rest);
  };
})();
"""


def let_every_program_through(page: Any) -> None:
    """From the next navigation on, `page`'s solver lets every program through the rule."""
    page.add_init_script(LET_THROUGH)


def let_the_tests_pages_through(request: pytest.FixtureRequest) -> None:
    """The test's `app` or `fresh_app` page lets every program through the rule."""
    for name in ("app", "fresh_app"):
        if name in request.fixturenames:
            let_every_program_through(request.getfixturevalue(name).page)
