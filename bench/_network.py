"""bench.page's network profiles: first visits through Chrome's network emulation (CDP
Network.emulateNetworkConditions, which throttles the worker's downloads too), on three
kinds of host, beside a bare Pyodide page served the same way.

Hosts: `serve` (build.py serve: precompressed copies with Content-Encoding, COOP/COEP,
CSP), `gzip` (a static host that gzips compressible responses on the fly, caching the
result as a CDN would, and ignores the build's .gz copies for that), `plain` (compresses
nothing and sends no special headers, like `python3 -m http.server -d dist`).
Bytes are counted as the server writes them (headers included), until Python is ready;
"after downloads" is the time from the worker's last download to Python ready (its CPU).
"""

from __future__ import annotations

import gzip
import http.server
import io
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import build
from bench._served import ServedFolder

__all__ = ["HOSTS", "PROFILES", "Host", "after_downloads", "measure_profiles"]

# (name, Mbit/s down, latency ms): Lighthouse's and DevTools' usual mobile settings.
PROFILES = {"fast4g": (9.0, 40), "slow4g": (1.6, 150)}
HOSTS = ("serve", "gzip", "plain")
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/wasm",
                "application/manifest+json")


class _Counter(io.BufferedIOBase):
    def __init__(self, raw: Any, host: Host) -> None:
        self.raw, self.host = raw, host

    def write(self, data: Any) -> int:
        self.host.sent += len(data)
        return int(self.raw.write(data))

    def flush(self) -> None:
        self.raw.flush()


class Host:
    """dist/ (plus the bare page) served as `kind` on 127.0.0.1, counting bytes sent."""

    def __init__(self, kind: str, root: Path) -> None:
        self.sent = 0
        host = self
        cache: dict[str, bytes] = {}
        base: type[http.server.SimpleHTTPRequestHandler] = (
            build.Handler if kind != "plain" else http.server.SimpleHTTPRequestHandler
        )

        class Handler(base):  # type: ignore[valid-type,misc]
            protocol_version = "HTTP/1.1"

            def setup(self) -> None:
                super().setup()
                self.wfile = _Counter(self.wfile, host)  # type: ignore[has-type]

            def log_message(self, format: str, *args: object) -> None:
                pass

            def guess_type(self, path: Any) -> str:
                return build.Handler.guess_type(self, path)

            def send_head(self) -> Any:
                if kind == "serve":
                    return super().send_head()
                if kind == "plain":
                    return http.server.SimpleHTTPRequestHandler.send_head(self)
                return self.gzip_head()

            def gzip_head(self) -> Any:
                path = self.translate_path(self.path)
                if Path(path).is_dir() and (Path(path) / "index.html").is_file():
                    # A folder's address is its index.html, compressed as any page is
                    # (the handler below served it as it is: 33 KB where a host sends 8).
                    path = str(Path(path) / "index.html")
                ctype = self.guess_type(path)
                accepts = "gzip" in self.headers.get("Accept-Encoding", "")
                if not (accepts and Path(path).is_file() and ctype.startswith(COMPRESSIBLE)):
                    return http.server.SimpleHTTPRequestHandler.send_head(self)
                if path not in cache:
                    cache[path] = gzip.compress(Path(path).read_bytes(), compresslevel=6)
                body = cache[path]
                self.send_response(200)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                return io.BytesIO(body)

        self.site = ServedFolder(root, Handler)
        self.base = self.site.base

    def close(self) -> None:
        self.site.close()


def _emulated(browser: Any, profile: str) -> tuple[Any, Any]:
    mbps, latency = PROFILES[profile]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency,
        "downloadThroughput": mbps * 1e6 / 8, "uploadThroughput": 1.5e6 / 8,
    })
    return context, page


def after_downloads(page: Any) -> float:
    """Milliseconds from the worker's last download's arrival to Python ready: the CPU
    that the start spends after the network is done (python-start.mjs, downloadsMs)."""
    python = page.evaluate("() => window.knightTour?.state.python")
    return float(python["ms"] - (python.get("downloadsMs") or 0))


def _page_visit(browser: Any, host: Host, profile: str, full: bool, marks: Any) -> dict[str, float]:
    mark, wait_for, click_square = marks
    context, page = _emulated(browser, profile)
    host.sent = 0
    page.goto(host.base + "?rows=8&cols=8", wait_until="commit")
    wait_for(page, "performance.getEntriesByName('board-drawn').length", 60)
    out = {"board": max(mark(page, "board-drawn") or 0.0, mark(page, "first-contentful-paint") or 0.0)}
    if full:
        click_square(page, 7, 0)  # a1, as soon as the board is there (main.js's, maybe)
        wait_for(page, "performance.getEntriesByName('app-ready').length", 60)
        out["app"] = mark(page, "app-ready") or 0.0
        wait_for(page, "performance.getEntriesByName('tour-drawn').length", 300)
        out["click"] = (mark(page, "tour-drawn") or 0.0) - (mark(page, "square-click") or 0.0)
        wait_for(page, "window.knightTour?.pythonReady", 600)
        out["ready"] = mark(page, "python-ready") or 0.0
        out["bytes"] = float(host.sent)
        out["tail"] = after_downloads(page)
        out["snapshot"] = 1.0 if page.evaluate("() => window.knightTour?.pythonStart") == "snapshot" else 0.0
    context.close()
    return out


def _bare_visit(browser: Any, host: Host, profile: str, marks: Any) -> dict[str, float]:
    mark, wait_for, _ = marks
    context, page = _emulated(browser, profile)
    host.sent = 0
    page.goto(host.base + "bare.html", wait_until="commit")
    wait_for(page, "window.bareReady", 900)
    out = {"ready": mark(page, "python-ready") or 0.0, "bytes": float(host.sent)}
    context.close()
    return out


def measure_profiles(
    browser: Any,
    root: Path,
    runs: int,
    marks: Any,
    profiles: Sequence[str] = tuple(PROFILES),
    hosts: Sequence[str] = HOSTS,
) -> list[tuple[str, ...]]:
    """Rows for bench.page's report: per profile and host, medians of `runs` fresh contexts
    on fast 4G; on slow 4G one run (a first visit takes 30 s and more there), the bare
    page on the gzip host only (on the others it downloads 20 MB: over 100 s)."""
    rows: list[tuple[str, ...]] = [
        ("profile / host", "board", "controls", "click -> tour", "Python ready", "after downloads",
         "bytes until ready",
         "bare ready", "bare bytes", "ready / bare"),
    ]
    for profile in profiles:
        n = runs if profile == "fast4g" else 1
        for kind in hosts:
            host = Host(kind, root)
            print(f"  {profile}, {kind} host: {n} page + bare visit(s)…", flush=True)
            ours = [_page_visit(browser, host, profile, True, marks) for _ in range(n)]
            bare = []
            if profile == "fast4g" or kind == "gzip":
                bare = [_bare_visit(browser, host, profile, marks) for _ in range(n)]
            host.close()

            def med(rows_: list[dict[str, float]], key: str) -> float:
                return statistics.median(r[key] for r in rows_)

            bare_ready = med(bare, "ready") if bare else 0.0
            rows.append((
                f"{profile} / {kind}",
                f"{med(ours, 'board'):.0f} ms",
                f"{med(ours, 'app'):.0f} ms",
                f"{med(ours, 'click'):.0f} ms",
                f"{med(ours, 'ready') / 1000:.1f} s" + (" (snapshot)" if med(ours, "snapshot") else ""),
                f"{med(ours, 'tail') / 1000:.1f} s",
                f"{med(ours, 'bytes') / 1e6:.1f} MB",
                f"{bare_ready / 1000:.1f} s" if bare else "-",
                f"{med(bare, 'bytes') / 1e6:.1f} MB" if bare else "-",
                f"{med(ours, 'ready') / bare_ready:.2f}" if bare else "-",
            ))
    return rows
