"""Warm starts under the service worker, measured in Debian's Chromium (headless).

    python -m bench.service_worker [--runs N] [--against DIR ...]

A warm start is a reload of a page the service worker already keeps: every file comes
from its cache, checked against the hashes the build wrote into it (docs/security-sw.md).
Printed: navigation -> Python ready, the median of N fresh browser contexts, each
visited once and then reloaded four times:
  * live, live2: the service worker still running from the load before (a reload);
  * restarted, restarted2: the service worker stopped first (CDP
    ServiceWorker.stopAllWorkers), as after a browser restart: it starts again, with
    nothing remembered;
and for each, the time from asking for the wasm and the snapshot to their last byte
(Resource Timing, page or worker), which the service worker's check adds to.
`--against DIR`: another build's dist/ (e.g. one built before a change) served beside
this one and measured in the same runs, in rotating order, so that all see the same
machine load; the table then gives each and the median of the paired differences.
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

RELOADS = ("live", "restarted", "live2", "restarted2")
# The big files of Python's start, as Resource Timing names them (page or worker): the
# time from asking to the last byte, which the service worker's check adds to.
FETCHES = """() => Object.fromEntries(performance.getEntriesByType('resource')
  .filter((r) => /(pyodide\\.asm\\.wasm|snapshot-[0-9a-f]+\\.bin\\.gz)$/.test(r.name))
  .map((r) => [r.name.includes('snapshot') ? 'snapshot' : 'wasm', r.responseEnd - r.startTime]))"""


def fetch_times(page: Any) -> dict[str, float]:
    """FETCHES, from the page and its workers (whichever fetched each file)."""
    times: dict[str, float] = {}
    for scope in [page, *page.workers]:
        times.update(scope.evaluate(FETCHES))
    return times


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
        if name.startswith("restarted"):
            cdp.send("ServiceWorker.stopAllWorkers")
        page.reload()
        wait_for(page, "window.knightTour?.pythonReady", 120)
        if not page.evaluate("() => Boolean(navigator.serviceWorker.controller)"):
            raise RuntimeError(f"{base}: the reload was not served by the service worker")
        out[name] = mark(page, "python-ready") or 0.0
        for file, ms in fetch_times(page).items():
            out[f"{name} {file}"] = ms
    context.close()
    return out


def serve(root: Path) -> tuple[Any, str]:
    server = build.make_server(0, root, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, build.url_of(server)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh contexts per build (median)")
    parser.add_argument(
        "--against", type=Path, action="append", default=[],
        help="another build's dist/ to compare with (may be given more than once)",
    )
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    sites = {"this build": build.assemble()}
    for other in args.against:
        sites[other.name] = other.resolve()
    servers = {name: serve(root) for name, root in sites.items()}
    rows: dict[str, list[dict[str, float]]] = {name: [] for name in sites}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
        for run in range(args.runs):
            print(f"  run {run + 1}/{args.runs}…", flush=True)
            # Each run in another order (rotated), so that no build is always measured first.
            order = list(sites)[run % len(sites):] + list(sites)[:run % len(sites)]
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
    paired = [f"this - {name} (paired)" for name in names[1:]]
    header = ["reload (file fetched)", *names, *paired]
    table = [header]
    kinds = [k for k in rows[names[0]][0] if all(k in r for rows_ in rows.values() for r in rows_)]
    for kind in kinds:
        medians = [statistics.median(r[kind] for r in rows[name]) for name in names]
        cells = [f"{m:.0f} ms" for m in medians]
        for other in names[1:]:
            # Each run measured the builds back to back: the median of those differences
            # is steadier than the difference of the medians on a loaded machine.
            pairs = zip(rows[names[0]], rows[other], strict=True)
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
