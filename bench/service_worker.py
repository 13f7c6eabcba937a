"""Warm starts under the service worker, measured in Debian's Chromium (headless).

    python -m bench.service_worker [--runs N] [--against DIR]

A warm start is a reload of a page the service worker already keeps: every file comes
from its cache, checked against the hashes the build wrote into it (docs/security-sw.md).
Printed: navigation -> Python ready, the median of N fresh browser contexts, each
visited once and then reloaded three times:
  * live: the service worker still running from the visit before (a reload);
  * restarted: the service worker stopped first (CDP ServiceWorker.stopAllWorkers), as
    after a browser restart: it starts again, with nothing remembered.
`--against DIR`: another build's dist/ (e.g. one built before a change) served beside
this one and measured in alternate runs, so both see the same machine load; the table
then gives both and their difference.
"""

from __future__ import annotations

import argparse
import os
import statistics
import threading
from pathlib import Path
from typing import Any

import build
from bench.page import mark, wait_for

__all__ = ["main", "warm_starts"]

RELOADS = ("live", "restarted", "live2")


def warm_starts(browser: Any, base: str) -> dict[str, float]:
    """One fresh context: a first visit, a reload that makes the service worker control
    the page, then the reloads of RELOADS; navigation -> Python ready of each (ms)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    page.goto(base + "?rows=8&cols=8")
    wait_for(page, "window.knightTour?.pythonReady", 120)
    wait_for(page, "window.knightTour?.state.offlineCache.status === 'saved'", 120)
    # The first controlled load: Chromium's code caches for the cached scripts and wasm
    # are written here, as on a student's second visit.
    page.reload()
    wait_for(page, "window.knightTour?.pythonReady", 120)
    out: dict[str, float] = {}
    for name in RELOADS:
        if name == "restarted":
            cdp.send("ServiceWorker.stopAllWorkers")
        page.reload()
        wait_for(page, "window.knightTour?.pythonReady", 120)
        if not page.evaluate("() => Boolean(navigator.serviceWorker.controller)"):
            raise RuntimeError(f"{base}: the reload was not served by the service worker")
        out[name] = mark(page, "python-ready") or 0.0
    context.close()
    return out


def serve(root: Path) -> tuple[Any, str]:
    server = build.make_server(0, root, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, build.url_of(server)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh contexts per build (median)")
    parser.add_argument("--against", type=Path, help="another build's dist/ to compare with")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    sites = {"this build": build.assemble()}
    if args.against:
        sites["against"] = args.against.resolve()
    servers = {name: serve(root) for name, root in sites.items()}
    rows: dict[str, list[dict[str, float]]] = {name: [] for name in sites}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
        for run in range(args.runs):
            print(f"  run {run + 1}/{args.runs}…", flush=True)
            order = list(sites) if run % 2 == 0 else list(sites)[::-1]
            for name in order:
                rows[name].append(warm_starts(browser, servers[name][1]))
        browser.close()
    for server, _ in servers.values():
        server.shutdown()
        server.server_close()
    report(rows, args.runs)
    return 0


def report(rows: dict[str, list[dict[str, float]]], runs: int) -> None:
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\nWarm starts under the service worker: navigation -> Python ready, medians of "
          f"{runs} contexts\n({os.cpu_count()} cores, load average {load})\n")
    names = list(rows)
    paired = ["difference (paired)"] if len(names) == 2 else []
    header = ["reload", *names, *paired]
    table = [header]
    for kind in RELOADS:
        medians = [statistics.median(r[kind] for r in rows[name]) for name in names]
        cells = [f"{m:.0f} ms" for m in medians]
        if paired:
            # Each run measured both builds back to back: the median of those differences
            # is steadier than the difference of the medians on a loaded machine.
            pairs = zip(rows[names[0]], rows[names[1]], strict=True)
            cells.append(f"{statistics.median(a[kind] - b[kind] for a, b in pairs):+.0f} ms")
        table.append([kind, *cells])
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for n, row in enumerate(table):
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))
    for name in names:
        spread = ", ".join(f"{r['live']:.0f}/{r['restarted']:.0f}" for r in rows[name])
        print(f"  {name} (live/restarted per run): {spread}")


if __name__ == "__main__":
    raise SystemExit(main())
