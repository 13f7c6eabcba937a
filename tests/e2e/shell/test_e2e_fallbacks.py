"""End to end in Chromium: each fallback of Python's start, forced. What WebKit lacks
(a stream handed to a worker, SharedArrayBuffer) is taken away from Chromium, and the
page's early download of the wasm made never to arrive; each time Python is ready, or
the page says in plain words what went wrong and offers to try again, within its limit."""

from __future__ import annotations

import time
from typing import Any

import pytest

from knight_py import validate

from ..conftest import PYTHON_TIMEOUT, App

# WebKit's refusal, played in Chromium: a ReadableStream in a transfer list throws.
NO_STREAM_TRANSFER = """
for (const proto of [MessagePort.prototype, Worker.prototype]) {
  const post = proto.postMessage;
  proto.postMessage = function (message, transfer) {
    const list = Array.isArray(transfer) ? transfer : (transfer && transfer.transfer) || [];
    if (list.some((item) => item instanceof ReadableStream)) {
      throw new DOMException("The object can not be cloned.", "DataCloneError");
    }
    return post.apply(this, arguments);
  };
}
"""

# Detection passes (a MessagePort takes the stream) but the worker's post throws: the
# `.then` in index.html must still tell the worker to fetch the wasm itself.
WORKER_REFUSES_STREAMS = NO_STREAM_TRANSFER.replace(
    "[MessagePort.prototype, Worker.prototype]", "[Worker.prototype]"
)

# WebKitGTK: cross-origin isolated, and no SharedArrayBuffer at all.
NO_SHARED_MEMORY = "delete globalThis.SharedArrayBuffer;"

WASM_COPY = "**/pyodide.asm.wasm.zst"


def early_load(app: App, query: str, attempts: int = 4) -> None:
    """Load `query` until index.html's inline script started the worker (on a loaded
    machine the page can miss its 180 ms, and app.js starts it: another path)."""
    for _ in range(attempts):
        app.goto(query)
        started = app.page.evaluate("() => performance.getEntriesByName('worker-start').map((m) => m.detail)")
        if started == [None]:
            return
    raise AssertionError(f"the page never came within 180 ms in {attempts} loads")


def wasm_requests(app: App) -> list[str]:
    asked: list[str] = []
    app.page.on("request", lambda r: r.url.endswith("pyodide.asm.wasm.zst") and asked.append(r.url))
    return asked


def test_without_stream_transfer_the_worker_fetches_the_wasm_itself(fresh_app: App) -> None:
    fresh_app.page.add_init_script(NO_STREAM_TRANSFER)
    early_load(fresh_app, "?rows=8&cols=8&start=a1")
    assert fresh_app.page.evaluate("() => document.documentElement.dataset.wasm") == "worker"
    asked = wasm_requests(fresh_app)
    fresh_app.goto("?rows=6&cols=6&start=c3")
    state = fresh_app.wait_result(PYTHON_TIMEOUT)
    assert state["status"] == "found" and state["pythonReady"]
    # Once, by the worker: the page does not begin a download it cannot hand over.
    if fresh_app.page.evaluate("() => document.documentElement.dataset.wasm") == "worker":
        assert len(asked) == 1, asked


def test_a_stream_the_worker_refuses_is_dropped_and_python_starts(fresh_app: App) -> None:
    fresh_app.page.add_init_script(WORKER_REFUSES_STREAMS)
    asked = wasm_requests(fresh_app)
    began = time.monotonic()
    early_load(fresh_app, "?rows=8&cols=8&start=a1")
    assert fresh_app.page.evaluate("() => document.documentElement.dataset.wasm") == "page"
    state = fresh_app.wait_result(PYTHON_TIMEOUT)
    assert state["status"] == "found" and state["pythonReady"]
    # The page's download (its body cancelled), then the worker's own: no 10 s wait.
    assert len(asked) >= 2, asked
    assert time.monotonic() - began < PYTHON_TIMEOUT


def test_without_shared_memory_python_starts_and_stop_restarts_it(fresh_app: App) -> None:
    fresh_app.page.add_init_script(NO_SHARED_MEMORY)
    fresh_app.goto("?rows=8&cols=8&start=a1")
    assert fresh_app.page.evaluate("() => [crossOriginIsolated, typeof SharedArrayBuffer]") == [True, "undefined"]
    state = fresh_app.wait_result(PYTHON_TIMEOUT)
    assert state["status"] == "found"
    # Stop on a search that runs long: no interrupt buffer, so a fresh worker.
    fresh_app.goto("?rows=8&cols=8&method=backtrack&closed=1&start=b1")
    fresh_app.wait_python()
    fresh_app.wait_until("window.knightTour.status === 'solving'")
    fresh_app.page.click("#stop")
    fresh_app.wait_until("window.knightTour.status === 'cancelled'")
    fresh_app.wait_python()
    assert fresh_app.state()["pythonReady"]
    # Learn, given the same answer (app.js tries it), starts too.
    fresh_app.goto("?view=learn&rows=5&cols=5&start=a1&program=backtrack")
    fresh_app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)


@pytest.mark.alone
def test_an_early_body_that_never_arrives_gives_way_within_the_limit(fresh_app: App) -> None:
    """The page's wasm download never answers: the worker waits its 10 s, then fetches
    the file itself, and Python is ready."""
    held: list[Any] = []

    def hold_first(route: Any) -> None:
        if not held:
            held.append(route)  # never answered
        else:
            route.continue_()

    for _ in range(4):
        held.clear()
        fresh_app.page.unroute_all()
        fresh_app.page.route(WASM_COPY, hold_first)
        began = time.monotonic()
        fresh_app.goto("?rows=6&cols=6&start=c3")
        started = fresh_app.page.evaluate("() => performance.getEntriesByName('worker-start').map((m) => m.detail)")
        if started == [None] and held:
            break
    else:
        raise AssertionError("the inline script never began the wasm's download")
    fresh_app.wait_python()
    waited = time.monotonic() - began
    assert 9.0 <= waited < 40.0, waited
    assert fresh_app.wait_result()["status"] == "found"
    fresh_app.page.unroute_all()


def test_a_start_that_never_moves_says_so_and_try_again_starts_python(fresh_app: App) -> None:
    """Nothing of Python's start ever arrives (the worker's script is held): after 30 s
    the page says so, in plain words, with Try again; once the network answers, Try
    again starts Python."""
    # The first worker's script stays held for good: releasing it (unroute) let that old
    # start move on by itself and hide Try again under the click. Only the worker Try again
    # makes is answered.
    held: list[Any] = []
    network_back = False

    def hold_until_network_back(route: Any) -> None:
        if network_back:
            route.continue_()
        else:
            held.append(route)

    fresh_app.page.route("**/worker.mjs", hold_until_network_back)
    fresh_app.goto("?rows=8&cols=8")
    fresh_app.wait_until("!document.getElementById('python-retry').hidden", 45)
    text = str(fresh_app.page.text_content("#loading-text"))
    assert "has not moved for a while" in text and "Try again" in text, text
    assert held, "the worker's script was never asked for"
    network_back = True
    fresh_app.page.click("#python-retry")
    fresh_app.wait_python()
    assert fresh_app.page.is_hidden("#python-retry")
    # In Chinese too, from the same catalog entry.
    assert fresh_app.page.evaluate(
        "async () => (await import('./i18n/zh/solver.js')).default['solver.stalled'].includes('再试一次')"
    )


def test_stop_restarts_the_worker_where_python_cannot_be_interrupted(
    fresh_app: App, plain_host_url: str
) -> None:
    fresh_app.base_url = plain_host_url
    fresh_app.goto("?rows=8&cols=8&method=backtrack&start=d4")
    assert fresh_app.page.evaluate("() => crossOriginIsolated") is False
    fresh_app.wait_python()
    fresh_app.wait_until("window.knightTour.status === 'solving'")
    fresh_app.page.click("#stop")
    assert fresh_app.state()["status"] == "cancelled"
    fresh_app.wait_until("!window.knightTour.pythonReady")  # a fresh worker is starting
    assert fresh_app.page.is_visible("#loading")
    fresh_app.page.select_option("#method", "auto")
    fresh_app.click_square("a1")
    state = fresh_app.wait_result()
    assert state["status"] == "found" and state["start"] == [7, 0]
    validate(8, 8, [tuple(sq) for sq in state["path"]])
