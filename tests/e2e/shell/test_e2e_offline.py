"""End to end: offline use through the service worker. A reload after one visit works
with the network gone; a new build installs beside the old one and replaces its cache
once no window runs the old build. Settle and saved_offline serve the other
service-worker tests too (test_e2e_sw_integrity.py, learn/test_e2e_learn_attacks.py)."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError

from ..conftest import PYTHON_TIMEOUT, App, checked_path, wait_tour
from .conftest import Site


def until_settled(app: App, expression: str) -> None:
    """Wait for `expression` across navigations the page makes by itself."""
    end = time.monotonic() + PYTHON_TIMEOUT
    while True:
        try:
            if app.page.evaluate(f"() => {expression}"):
                return
        except PlaywrightError as exc:
            if "context was destroyed" not in str(exc):
                raise
        assert time.monotonic() < end, f"timed out waiting for {expression}"
        app.page.wait_for_timeout(50)


def settle(app: App, promise: str, seconds: float = 30.0) -> Any:
    """The value of the page's `promise` (a JavaScript expression), or a failure after
    `seconds`: Playwright's evaluate has no time limit, and a service worker can leave a
    promise pending for ever."""
    ms = int(seconds * 1000)
    late = f"new Promise((_, no) => setTimeout(() => no(new Error('pending after {ms} ms')), {ms}))"
    return app.page.evaluate(
        f"() => Promise.race([Promise.resolve().then(() => {promise}), {late}])"
    )


def saved_offline(app: App) -> None:
    app.wait_until("window.knightTour.state.offlineCache.status === 'saved'", PYTHON_TIMEOUT)
    settle(app, "navigator.serviceWorker.ready.then(() => true)")


def test_an_offline_reload_after_one_visit_gives_a_validated_tour(
    site: Site, offline_context: Any
) -> None:
    app = App(offline_context.new_page(), site.start())
    first = wait_tour(app, "?rows=8&cols=8&start=a1")
    saved_offline(app)
    assert "Saved for offline use" in str(app.page.text_content("#python-start"))
    site.stop()  # the network is gone
    site.server = None
    second = wait_tour(app, "?rows=8&cols=8&start=a1")
    assert second == first
    wait_tour(app, "?rows=6&cols=6&start=c3&closed=1")
    assert app.state()["pythonStart"] == "snapshot"


def test_a_new_build_replaces_the_old_cache(site: Site, offline_context: Any) -> None:
    base = site.start()
    app = App(offline_context.new_page(), base)
    wait_tour(app, "?rows=5&cols=5&start=a1")
    saved_offline(app)
    old = json.loads((site.root / "build.json").read_text())["build"]
    assert settle(app, "caches.keys()") == [f"knight-py-{old}"]
    new = site.new_build()
    # The running page keeps its build: the new one installs beside it and waits.
    app.page.reload()
    app.wait_until("window.knightTour.state.offlineCache.status === 'update'", PYTHON_TIMEOUT)
    assert "/* a newer build */" not in settle(app, "fetch('style.css').then((r) => r.text())")
    # While another window runs the old build, no page switches: a new window opens on
    # the old build too, and so does the next load of the first one.
    other = App(offline_context.new_page(), base).goto("?rows=6&cols=6&start=c3")
    until_settled(other, "window.knightTour && window.knightTour.pythonReady")
    app.goto("?rows=5&cols=5&start=a1")
    until_settled(app, "window.knightTour && window.knightTour.pythonReady")
    for page in (app, other):
        assert "/* a newer build */" not in settle(page, "fetch('style.css').then((r) => r.text())")
        assert settle(page, "fetch('build.json').then((r) => r.json()).then((j) => j.build)") == old
        page.wait_until("window.knightTour.state.offlineCache.status === 'update'")
    other.page.close()
    # The next load of the only page switches to the new build (through a page that loads
    # no file of either build); the old cache is deleted.
    app.goto("?rows=5&cols=5&start=a1")
    until_settled(app, "window.knightTour && window.knightTour.status === 'found'")
    checked_path(app)
    end = time.monotonic() + PYTHON_TIMEOUT
    while settle(app, "caches.keys().then((k) => k.join())") != f"knight-py-{new}":
        assert time.monotonic() < end, "the old build's cache was not deleted"
        app.page.wait_for_timeout(100)
    assert settle(app, "fetch('build.json').then((r) => r.json()).then((j) => j.build)") == new
    assert "/* a newer build */" in settle(app, "fetch('style.css').then((r) => r.text())")
    saved_offline(app)
