"""For the tests of the sandbox's own defences, the second line behind the page's rule
(knight_py.learn.source_rule): the test's browser page answers the solver's "refusal"
command itself, with "may run", so that a hostile program reaches its sandbox as if the
rule had missed it. The page's code is unchanged; only that test's page is, and only
while the test runs.

The patch is an init script, which a Playwright page keeps for its whole life (the e2e
pages are shared between tests), so it acts only while a cookie the test sets is there;
the fixture's teardown clears the cookie, and the next test's page refuses as the
real page does."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

__all__ = ["let_every_program_through", "let_the_tests_pages_through", "stop_letting_through"]

COOKIE = "e2e-let-every-program-through"

LET_THROUGH = """
(() => {
  let on = false;
  try { on = document.cookie.split("; ").includes(COOKIE_PAIR); } catch { return; }
  if (!on || Worker.prototype.postMessage.letThrough) return;
  const post = Worker.prototype.postMessage;
  const letThrough = function (data, ...rest) {
    if (data && data.cmd === "refusal") {
      const answer = new MessageEvent("message", { data: { id: data.id, type: "result", result: null } });
      setTimeout(() => this.dispatchEvent(answer), 0);
      return;
    }
    return post.call(this, data, ...rest);
  };
  letThrough.letThrough = true;
  Worker.prototype.postMessage = letThrough;
})();
""".replace("COOKIE_PAIR", repr(f"{COOKIE}=1"))

_patched: set[int] = set()


def let_every_program_through(page: Any, base_url: str) -> None:
    """From the next navigation on, `page`'s solver lets every program through the rule,
    until :func:`stop_letting_through` on its context."""
    if id(page) not in _patched:
        _patched.add(id(page))
        page.add_init_script(LET_THROUGH)
    page.context.add_cookies([{"name": COOKIE, "value": "1", "url": base_url}])


def stop_letting_through(context: Any) -> None:
    """Every page of `context` refuses again from its next navigation."""
    context.clear_cookies(name=COOKIE)


def let_the_tests_pages_through(request: pytest.FixtureRequest) -> Iterator[None]:
    """The test's `app` or `fresh_app` page lets every program through the rule while the
    test runs (a generator for a yield fixture)."""
    base_url = str(request.getfixturevalue("base_url"))
    pages = [request.getfixturevalue(name).page for name in ("app", "fresh_app")
             if name in request.fixturenames]
    for page in pages:
        let_every_program_through(page, base_url)
    yield
    for page in pages:
        stop_letting_through(page.context)
