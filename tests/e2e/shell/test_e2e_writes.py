"""Panels write only what changed: a frame's sync that sets an attribute, a property or a
text to the value it already has is a DOM mutation the browser lays out and paints again
(WebKit on the CPU a worker needs: a Learn run lost a third of its speed to it). Over a
Learn run, a tour played and the explore views, every mutation recorded changes the page."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import PYTHON_TIMEOUT, App, choose_view, frame

# Records every mutation under <body> with its old value. An attribute's new value is the
# next record's old value for the same element and name (or its value at the end); a
# write is redundant when the two are equal. A child list whose added nodes equal the
# removed ones (same text, same markup) is redundant too.
WATCH = """() => {
  const records = [];
  const observer = new MutationObserver((list) => records.push(...list));
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true,
    attributeOldValue: true, characterDataOldValue: true });
  const where = (node) => {
    let e = node.nodeType === 1 ? node : node.parentElement;
    const path = [];
    while (e && path.length < 3) {
      path.push(e.id ? '#' + e.id : e.tagName.toLowerCase());
      if (e.id) break;
      e = e.parentElement;
    }
    return path.reverse().join('>');
  };
  const same = (a, b) => a.nodeType === b.nodeType && (a.nodeType === 3 ? a.data === b.data : a.outerHTML === b.outerHTML);
  window.__writes = () => {
    records.push(...observer.takeRecords());
    observer.disconnect();
    const after = new Map();
    const redundant = [];
    for (let i = records.length - 1; i >= 0; i--) {
      const r = records[i];
      if (r.type === 'attributes') {
        let values = after.get(r.target);
        if (!values) after.set(r.target, values = new Map());
        const value = values.has(r.attributeName) ? values.get(r.attributeName) : r.target.getAttribute(r.attributeName);
        if (value === r.oldValue) redundant.push(`${r.attributeName} of ${where(r.target)}`);
        values.set(r.attributeName, r.oldValue);
      } else if (r.type === 'childList') {
        const added = [...r.addedNodes], removed = [...r.removedNodes];
        if (added.length && added.length === removed.length && added.every((n, j) => same(n, removed[j]))) {
          redundant.push(`the children of ${where(r.target)}`);
        }
      }
    }
    return { total: records.length, redundant: [...new Set(redundant)].slice(0, 20), count: redundant.length };
  };
}"""


def writes(app: App) -> dict[str, Any]:
    frame(app)
    return dict(app.page.evaluate("() => window.__writes()"))


@pytest.mark.parametrize("program", ["backtrack", "warnsdorff"])
def test_a_learn_run_writes_only_what_changes(app: App, program: str) -> None:
    """Over a run and steps: the call stack and the greedy rule's candidates included, whose
    text can stay the same from one step to the next (a module's first step and line)."""
    app.goto(f"?view=learn&rows=8&cols=8&start=a1&program={program}")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready && window.knightTour.pythonReady", PYTHON_TIMEOUT)
    app.page.fill("#learn-budget", "60000")
    app.page.dispatch_event("#learn-budget", "change")
    frame(app)
    app.page.evaluate(WATCH)
    app.page.click("#learn-run")
    app.wait_until("window.knightTour.learn.status === 'done'", 120)
    for _ in range(6):
        app.page.click("#learn-forward")
    if app.page.is_enabled("#learn-next-backtrack"):  # the greedy rule may never go back
        app.page.click("#learn-next-backtrack")
    seen = writes(app)
    assert seen["total"] > 20, seen  # the run and the steps were drawn
    assert seen["count"] == 0, seen["redundant"]


def test_a_tour_played_and_the_explore_views_write_only_what_changes(app: App) -> None:
    app.goto("?rows=6&cols=6&start=a1")
    app.wait_result(PYTHON_TIMEOUT)
    frame(app)
    app.page.evaluate(WATCH)
    app.page.click("#restart")
    app.page.click("#play")
    app.wait_until("window.knightTour.shown > 2")  # the tour is playing
    app.page.click("#step-back")
    app.page.click("#show-all")
    for view in ("compare", "heatmap", "play", "tour"):
        choose_view(app, view)
        frame(app)
    seen = writes(app)
    assert seen["total"] > 20, seen
    assert seen["count"] == 0, seen["redundant"]
