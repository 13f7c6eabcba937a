"""Hostile Learn links: each program arrives in a link's `code`, is run by one click on Run,
and tries what a program written against the page would. None reaches the site's storage
or takes the view over: programs run in a sandbox of an opaque origin (web/learn/sandbox-
frame.js), everything they send is checked (web/learn/sandbox-messages.js), Stop always
stops, and the next Run of the menu's own program works."""

from __future__ import annotations

import base64
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import PYTHON_TIMEOUT, App, Watch
from tests.e2e.learn.rule_bypass import let_every_program_through, let_the_tests_pages_through
from tests.e2e.shell.conftest import Site
from tests.e2e.shell.test_e2e_offline import saved_offline, settle


# These programs test the sandbox behind the page's rule: each reaches its sandbox as if
# the rule had let it through.
@pytest.fixture(autouse=True)
def _through_the_rule(request: pytest.FixtureRequest) -> Iterator[None]:
    yield from let_the_tests_pages_through(request)


# The way out every escape below starts with: the real sys through the random module,
# then the real __import__ and Pyodide's `js` (the sandbox worker's global scope).
ESCAPE = """import random
sys = random._os.sys
real_import = sys.modules["builtins"].__import__
js = real_import("js")
ffi = real_import("pyodide.ffi", fromlist=["create_proxy", "to_js"])
"""

PROBE = ESCAPE + """
def tour(rows, cols, start):
    found = ["origin=" + str(js.self.origin)]
    for name in ("caches", "indexedDB", "localStorage", "document", "serviceWorker"):
        try:
            found.append(name + ("=absent" if getattr(js, name, None) is None else "=present"))
        except Exception as exc:
            found.append(name + "=refused")
    attempts = {
        "cache": lambda: js.caches.open(CACHE).then(lambda c: c.put("./", js.Response.new("<script>window.pwned=1</script>"))),
        "idb": lambda: js.indexedDB.open("knight-pwned"),
        "broadcast": lambda: js.BroadcastChannel.new("knight-py").postMessage("pwned"),
        "fetch": lambda: js.fetch(js.self.location.href),
        "worker": lambda: js.Worker.new("/worker.mjs"),
        "storage": lambda: js.localStorage.setItem("knight-py", "pwned"),
    }
    for name, attempt in attempts.items():
        try:
            attempt()
            found.append(name + "=tried")
        except Exception as exc:
            found.append(name + "=refused")
    print(" ".join(found))
    return None
"""

# A chunk of steps whose two frames are each other's parents, with counts that follow
# the run so far (read off the worker's own last chunk), so only the cycle is wrong.
FORGE_CYCLE = ESCAPE + """
def tour(rows, cols, start):
    seen = []
    post = js.MessagePort.prototype.postMessage
    def spy(this, message, *rest):
        seen.append((this, message.meta.first_step + message.meta.steps, message.meta.first_frame + message.meta.frames_added, message.id))
        return post.call(this, message, *rest)
    js.MessagePort.prototype.postMessage = ffi.create_proxy(spy, capture_this=True)
    i = 0
    while not seen:
        i += 1
    port, steps, frames, run = seen[0]
    meta = {"first_step": steps, "steps": 2, "first_frame": frames, "frames_added": 2, "deltas": 0,
            "slots": 6, "codes": [], "final": False, "status": "running"}
    u8 = js.Uint8Array.new
    columns = {"lines": u8(4), "events": u8(2), "frames": u8(8), "vars": u8(24),
               "delta_step": u8(0), "delta_square": u8(0), "delta_old": u8(0), "delta_new": u8(0),
               "frame_code": u8(4), "frame_parent": js.Uint8Array.new(js.Uint32Array.new([frames + 1, frames]).buffer),
               "frame_call": js.Uint8Array.new(js.Uint32Array.new([steps, steps + 1]).buffer),
               "frame_parent_step": u8(8)}
    message = {"type": "chunk", "id": run, "meta": meta, "buffers": columns}
    post.call(port, ffi.to_js(message, dict_converter=js.Object.fromEntries))
    while True:
        i += 1
"""

FORGE_HUGE = ESCAPE + """
def tour(rows, cols, start):
    seen = []
    post = js.MessagePort.prototype.postMessage
    def spy(this, message, *rest):
        seen.append((this, message.id))
        return post.call(this, message, *rest)
    js.MessagePort.prototype.postMessage = ffi.create_proxy(spy, capture_this=True)
    i = 0
    while not seen:
        i += 1
    port, run = seen[0]
    result = {"status": "error", "line": 1, "output": "", "answer": None,
              "error": {"name": "E", "text": "<img src=x onerror=alert(1)>" * 400000}}
    post.call(port, ffi.to_js({"type": "ended", "id": run, "result": result}, dict_converter=js.Object.fromEntries))
    post.call(port, ffi.to_js({"type": "ready", "programs": {"backtrack": {"source": "pwned"}}}, dict_converter=js.Object.fromEntries))
    while True:
        i += 1
"""

# Programs that ignore the tracer's Stop, and one that kills its Python.
IGNORES_STOP = {
    "catches-everything": """
def tour(rows, cols, start):
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass
""",
    "loops-in-c": """
import collections, itertools
def tour(rows, cols, start):
    collections.deque(itertools.count(), maxlen=0)
""",
    "board-that-loops": """
class Board(list):
    def __eq__(self, other):
        while True:
            pass
    def __ne__(self, other):
        while True:
            pass
def tour(rows, cols, start):
    board = Board([0] * (rows * cols))
    board[0] = 1
    n = 0
    while True:
        n += 1
        board[n % (rows * cols)] = n
""",
    "stack-overflow": """
def tour(rows, cols, start):
    x = []
    for i in range(200000):
        x = [x]
    return repr(x)
""",
}

HUGE_RAISE = """
def tour(rows, cols, start):
    raise Exception("x" * 10 ** 8)
"""


def packed(source: str) -> str:
    """The link's `code`: UTF-8, raw deflate, base64url (web/learn/code-link.js)."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = deflate.compress(source.encode()) + deflate.flush()
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def learn(app: App) -> dict[str, Any]:
    return dict(app.page.evaluate("() => JSON.parse(JSON.stringify(window.knightTour.learn))"))


#: The budget these programs run with: far above the page's default (100,000), so that a
#: hostile program is still going when a test stops it or its limits meet it.
ROOMY_BUDGET = 2_000_000


def roomy_budget(app: App, steps: int = ROOMY_BUDGET) -> None:
    """Set Learn's step budget box to `steps`, as a reader would."""
    app.page.fill("#learn-budget", str(steps))
    app.page.dispatch_event("#learn-budget", "change")
    app.wait_until(f"window.knightTour.learn.budget === {steps}", 10)


def open_link(app: App, source: str) -> None:
    app.goto(f"?view=learn&rows=5&cols=5&start=a1&code={packed(source)}")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.fromLink && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    assert learn(app)["status"] == "idle" and learn(app)["steps"] == 0  # shown, not run
    roomy_budget(app)


def ended(app: App, timeout: float) -> dict[str, Any]:
    app.wait_until("['done', 'stopped', 'limit', 'error'].includes(window.knightTour.learn.status)", timeout)
    return learn(app)


def alive(app: App) -> None:
    """The page answers at once: no frozen main thread."""
    began = time.monotonic()
    assert app.page.evaluate("() => 1 + 1") == 2
    assert time.monotonic() - began < 2.0


def menu_program_runs(app: App) -> None:
    """After whatever came before, the menu's own backtracking program runs to its tour."""
    if not app.page.locator(".learn-edit").evaluate("(d) => d.open"):
        app.page.click(".learn-edit summary")
    app.page.click("#learn-reset")  # back to the menu's program as written
    # Chosen from another, so that it comes on its own board (where it ends within its
    # budget), not on the board the link named.
    app.page.select_option("#learn-program", "warnsdorff")
    app.wait_until("window.knightTour.learn.program === 'warnsdorff'", 10)
    app.page.select_option("#learn-program", "backtrack")
    app.wait_until("!window.knightTour.learn.edited && window.knightTour.learn.program === 'backtrack'", 10)
    app.page.click("#learn-run")
    state = ended(app, 120)
    assert state["status"] == "done" and state["answer"]["valid"], state


def forgive(watch: Watch, before: int) -> None:
    """The console errors a hostile program causes in its own sandbox (a request its
    policy refuses, a worker it may not start) are its own, not the page's."""
    del watch.errors[before:]


def test_an_escape_to_js_finds_no_way_to_the_site(offline_context: Any, base_url: str, watch: Watch) -> None:
    app = App(offline_context.new_page(), base_url)
    let_every_program_through(app.page, base_url)
    app.goto("?rows=5&cols=5&start=a1")
    app.wait_until("window.knightTour.pythonReady", PYTHON_TIMEOUT)
    saved_offline(app)
    [cache] = settle(app, "caches.keys()")
    page_before = settle(app, f"caches.open('{cache}').then((c) => c.match('./')).then((r) => r.text())")
    settle(app, "(localStorage.setItem('knight-py', 'mine'), true)")
    dbs_before = settle(app, "indexedDB.databases().then((d) => d.map((x) => x.name).sort())")
    before = len(watch.errors)
    open_link(app, PROBE.replace("CACHE", repr(cache)))
    app.page.evaluate("""() => { window.heard = [];
        new BroadcastChannel('knight-py').onmessage = (e) => window.heard.push(String(e.data)); }""")
    app.page.click("#learn-run")
    state = ended(app, 60)
    assert state["status"] == "done", state
    said = str(app.page.text_content("#learn-output"))
    assert "origin=null" in said, said  # it ran, in an opaque origin
    for absent in ("document=absent", "localStorage=absent", "serviceWorker=absent"):
        assert absent in said or absent.replace("absent", "refused") in said, said
    app.page.wait_for_timeout(1500)  # anything it started has had time to land
    assert settle(app, "caches.keys()") == [cache]
    assert settle(app, f"caches.open('{cache}').then((c) => c.match('./')).then((r) => r.text())") == page_before
    assert settle(app, "indexedDB.databases().then((d) => d.map((x) => x.name).sort())") == dbs_before
    assert settle(app, "localStorage.getItem('knight-py')") == "mine"
    assert app.page.evaluate("() => window.heard") == []
    forgive(watch, before)
    # A fresh navigation gets the untouched page, with its policy, and it works.
    fresh = App(offline_context.new_page(), base_url)
    response = fresh.page.goto(base_url + "?rows=5&cols=5&start=a1")
    assert response is not None
    assert "Content-Security-Policy" in str(fresh.page.content())
    assert fresh.page.evaluate("() => window.pwned") is None
    fresh.wait_until("window.knightTour.pythonReady", PYTHON_TIMEOUT)
    menu_program_runs(app)


@pytest.mark.parametrize("forge", [FORGE_CYCLE, FORGE_HUGE], ids=["frame-cycle", "huge-string"])
def test_a_forged_message_ends_the_run_with_a_plain_message(app: App, watch: Watch, forge: str) -> None:
    before = len(watch.errors)
    open_link(app, forge)
    programs = app.page.evaluate("() => [...document.querySelectorAll('#learn-program option')].map((o) => o.textContent)")
    app.page.click("#learn-run")
    state = ended(app, 60)
    alive(app)
    assert state["status"] == "error", state
    assert state["refusal"], state
    notice = str(app.page.text_content("#learn-notice"))
    assert "does not accept" in notice, notice
    assert "<img" not in str(app.page.text_content("#learn-status"))
    assert app.page.locator("img").count() == 0
    assert len(str(app.page.text_content("body"))) < 200_000
    # The menu is the page's own: no program text came from the sandbox.
    assert app.page.evaluate("() => [...document.querySelectorAll('#learn-program option')].map((o) => o.textContent)") == programs
    forgive(watch, before)
    menu_program_runs(app)


@pytest.mark.parametrize("name", list(IGNORES_STOP))
@pytest.mark.alone
def test_stop_stops_what_ignores_it_and_run_works_again(app: App, watch: Watch, name: str) -> None:
    before = len(watch.errors)
    open_link(app, IGNORES_STOP[name])
    app.page.click("#learn-run")
    app.page.wait_for_timeout(1500)  # well inside the program
    alive(app)
    if learn(app)["status"] == "running":
        # Timed in the page, from the click to the view's end of the run.
        took = app.page.evaluate("""() => new Promise((done) => {
            const began = performance.now();
            document.getElementById('learn-stop').click();
            const look = () => window.knightTour.learn.status === 'running'
              ? setTimeout(look, 10) : done(performance.now() - began);
            look(); })""")
        assert took < 1500, took
        state = ended(app, 5)
    else:
        state = learn(app)  # the stack overflow may end it before Stop
    assert state["status"] in ("stopped", "error"), state
    assert app.page.locator("#learn-run").is_enabled()
    forgive(watch, before)
    menu_program_runs(app)


def test_a_huge_exception_leaves_the_tab_alive(app: App, watch: Watch) -> None:
    before = len(watch.errors)
    open_link(app, HUGE_RAISE)
    app.page.click("#learn-run")
    state = ended(app, 60)
    alive(app)
    assert state["status"] == "error", state
    assert len(str(app.page.text_content("#learn-status"))) < 1000
    forgive(watch, before)
    menu_program_runs(app)


@pytest.mark.alone
def test_the_longest_program_a_link_carries_is_listed_without_a_long_task(fresh_app: App) -> None:
    # 20,000 characters: four hundred short lines of every kind of token, and one long line.
    line = "    x = f(a, 'b', 3) + [1, 2]  # c\n"
    body = "def tour(rows, cols, start):\n" + line * 400
    source = body + "    y = [" + "1, " * ((20_000 - len(body) - 12) // 3) + "]\n"
    assert 19_000 < len(source) <= 20_000
    # Every task longer than 50 ms from the page's start, with when it began.
    fresh_app.page.add_init_script("""window.longTasks = [];
        new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push([e.startTime, e.duration]); })
          .observe({ type: 'longtask', buffered: true });""")
    open_link(fresh_app, source)
    lines = source.count("\n") + 1
    fresh_app.wait_until(f"document.querySelectorAll('#learn-listing li').length === {lines}", 30)
    fresh_app.quiet()  # the long tasks' entries delivered
    ready = fresh_app.page.evaluate("() => performance.getEntriesByName('app-ready')[0].startTime")
    after = [round(d) for start, d in fresh_app.page.evaluate("() => window.longTasks") if start > ready]
    assert all(d < 200 for d in after), after
    assert str(fresh_app.page.input_value("#learn-code")) == source
    assert fresh_app.page.locator("#learn-listing li").nth(lines - 2).text_content().startswith(str(lines - 1))


def test_learn_runs_offline_after_one_visit(tmp_path: Path, offline_context: Any, base_url: str) -> None:
    """The sandbox's Python comes from the page's own files, which the service worker
    keeps: with the network gone, Run still traces the menu's program to its tour."""
    site = Site(tmp_path)  # its keep-alive connections cut when stopped: truly offline
    app = App(offline_context.new_page(), site.start())
    app.goto("?view=learn&rows=5&cols=5&start=a1&program=warnsdorff")
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    saved_offline(app)
    site.stop()  # the network is gone
    app.goto("?view=learn&rows=5&cols=5&start=e1&program=backtrack")  # its own board: it ends there
    app.wait_until("window.knightTour.learn && window.knightTour.learn.ready", PYTHON_TIMEOUT)
    app.page.click("#learn-run")
    state = ended(app, 120)
    assert state["status"] == "done" and state["answer"]["valid"], state
