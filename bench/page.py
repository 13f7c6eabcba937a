"""The page's benchmark, measured in one run in Debian's Chromium (headless).

    python -m bench.page [--runs N]      (or: python build.py bench)

Prints, with the goals beside them:
  * navigation to the board visible (goal under 300 ms);
  * navigation to Python ready, cold (empty caches) and warm (second visit: HTTP cache,
    service worker, Chromium's wasm code cache), beside a bare page that only loads
    Pyodide in a module worker; goal: cold at most 0.35x the bare page's cold start
    (the memory snapshot); which start the page used;
  * navigation to the first 8 x 8 tour drawn from a `tour` link, cold and warm (goal:
    warm under 1 s), and to that tour validated by Python;
  * the bytes a first visit downloads (until Python is ready, then the service worker's
    cache fill);
  * a first visit's plain start (the snapshot refused), and for both starts the time
    from the worker's last download to Python ready (CPU: compiling, initialising);
  * click to a drawn 8 x 8 tour once Python is ready (goal under 100 ms);
  * click to a drawn 1000 x 1000 closed tour;
  * then first visits on emulated networks (fast 4G 9 Mbps/40 ms, slow 4G 1.6 Mbps/150 ms)
    on three kinds of host (build.py serve, a host that gzips on the fly, one that
    compresses nothing), beside the bare page (bench/_network.py); --network-runs N
    (default 3; 0 leaves them out).
Each visit pair (cold, then warm) uses a fresh browser context after a first request
to the origin has started its renderer process; page and bare visits are interleaved;
medians. Times come from the page's own performance marks (square-click, tour-drawn,
tour-complete, tour-validated, board-drawn, python-ready), so Playwright's overhead is
left out.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import build
from bench._network import HOSTS, PROFILES, after_downloads, measure_profiles
from bench._served import ServedFolder
from knight_py import solve

ARGS = build.CHROMIUM_ARGS
BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="data:,"><script type="module" src="bare.js"></script></head>
<body><p>Loading Pyodide only.</p></body></html>
"""
BARE_JS = """const worker = new Worker("./bare-worker.mjs", { type: "module" });
worker.onmessage = () => { performance.mark("python-ready"); window.bareReady = true; };
"""
BARE_WORKER = """import { loadPyodide } from "./pyodide.mjs";
loadPyodide({ indexURL: new URL("./", import.meta.url).href }).then(() => postMessage("ready"));
"""


def mark(page: Any, name: str) -> float | None:
    value = page.evaluate(
        "(name) => { const m = performance.getEntriesByName(name); "
        "return m.length ? m[m.length - 1].startTime : null; }",
        name,
    )
    return None if value is None else float(value)


def poll(page: Any, function: str, timeout: float, what: str, interval_ms: int = 20) -> Any:
    """The first truthy value of the page function `function` (polled: the page's CSP
    allows no string evaluation, which wait_for_function needs); TimeoutError(what)."""
    end = time.monotonic() + timeout
    while not (value := page.evaluate(function)):
        if time.monotonic() > end:
            raise TimeoutError(what)
        page.wait_for_timeout(interval_ms)
    return value


def wait_for(page: Any, expression: str, timeout: float) -> None:
    poll(page, f"() => Boolean({expression})", timeout, expression)


def click_square(page: Any, row: int, col: int) -> None:
    # The top canvas: the overlay once app.js runs, before it main.js's board (which keeps
    # the square for app.js; both carry the geometry).
    # Read together, again when app.js replaced the canvas in between.
    read = """() => { const c = [...document.querySelectorAll('#board canvas')].at(-1);
        if (!c || !c.dataset.geometry) return null; const r = c.getBoundingClientRect();
        return [r.x, r.y, ...c.dataset.geometry.split(',').map(Number)]; }"""
    found = poll(page, read, 5.0, "no board canvas with its geometry to click", interval_ms=10)
    x, y, left, top, cell = found
    page.mouse.click(x + left + (col + 0.5) * cell, y + top + (row + 0.5) * cell)


def set_fastest_playback(page: Any) -> None:
    page.evaluate(
        "() => { const s = document.querySelector('#speed'); s.value = s.max;"
        " s.dispatchEvent(new Event('input')); }"
    )


class CountingServer:
    """dist/ served as build.py serves it, counting the body bytes it sends."""

    def __init__(self, root: Path) -> None:
        self.sent = 0
        counter = self

        class Handler(build.Handler):
            quiet = True

            def copyfile(self, source: Any, outputfile: Any) -> None:
                counter.sent += os.fstat(source.fileno()).st_size
                super().copyfile(source, outputfile)

        self.site = ServedFolder(root, Handler)
        self.base = self.site.base

    def close(self) -> None:
        self.site.close()


def link_query(page: Any) -> str:
    """?rows=8&cols=8&start=a1&tour=...: a shared link to an 8 x 8 tour (Warnsdorff's)."""
    tour = [int(i) for i in solve(8, 8, "a1", method="warnsdorff").indices]
    return str(
        page.evaluate(
            """async (tour) => {
                 const { toQuery } = await import('./shell/url.js');
                 const { encodeTour } = await import('./core/tour-codec.js');
                 const settings = { rows: 8, cols: 8, start: [7, 0], closed: false,
                                    method: 'auto', holes: [], rule: 'knight' };
                 return toQuery(settings, encodeTour(tour, 8));
               }""",
            tour,
        )
    )


def visit_link(page: Any, base: str, query: str) -> dict[str, float]:
    """One navigation to a tour link: tour drawn, Python ready (which start), validated."""
    page.goto(base + query)
    wait_for(page, "performance.getEntriesByName('tour-validated').length", 120)
    python = page.evaluate("() => window.knightTour?.state.python")
    return {
        "tour": mark(page, "tour-drawn") or 0.0,
        "ready": mark(page, "python-ready") or 0.0,
        "validated": mark(page, "tour-validated") or 0.0,
        "snapshot": 1.0 if python["start"] == "snapshot" else 0.0,
    }


def measure_page(context: Any, server: CountingServer, query: str) -> dict[str, float]:
    base = server.base
    page = context.new_page()
    # A renderer process for the origin already running, as in a browser in use; the
    # HTTP cache is still empty (a fresh context), so every page file is fetched.
    page.goto(base + "build.json")
    sent_before = server.sent
    page.goto(base + "?rows=8&cols=8")
    wait_for(page, "performance.getEntriesByName('board-drawn').length", 30)
    drawn = mark(page, "board-drawn") or 0.0
    paint = mark(page, "first-contentful-paint") or 0.0
    wait_for(page, "performance.getEntriesByName('app-ready').length", 30)
    app = mark(page, "app-ready") or 0.0
    wait_for(page, "window.knightTour?.pythonReady", 120)
    ready = mark(page, "python-ready") or 0.0
    start = page.evaluate("() => window.knightTour?.pythonStart")
    tail = after_downloads(page)
    sent_ready = server.sent - sent_before
    wait_for(page, "window.knightTour?.state.offlineCache.status === 'saved'", 120)
    sent_saved = server.sent - sent_before
    set_fastest_playback(page)
    page.evaluate("() => performance.clearMarks()")
    click_square(page, 7, 0)
    wait_for(page, "performance.getEntriesByName('tour-complete').length", 60)
    click = mark(page, "square-click") or 0.0
    first = mark(page, "tour-drawn") or 0.0
    complete = mark(page, "tour-complete") or 0.0
    page.close()
    return {
        "board": max(drawn, paint),
        "app": app,
        "ready": ready,
        "snapshot": 1.0 if start == "snapshot" else 0.0,
        "tail": tail,
        "bytes_ready": float(sent_ready),
        "bytes_saved": float(sent_saved),
        "tour8": first - click,
        "tour8_all": complete - click,
    }


def measure_plain(context: Any, server: CountingServer) -> dict[str, float]:
    """A first visit whose snapshot is refused (HTTP 404): the plain start, as on a link
    judged slow, with the local network's speed."""
    page = context.new_page()
    page.goto(server.base + "build.json")
    page.route("**/snapshot-*.bin.gz", lambda route: route.fulfill(status=404, body="no"))
    page.goto(server.base + "?rows=8&cols=8")
    wait_for(page, "window.knightTour?.pythonReady", 120)
    out = {"ready": mark(page, "python-ready") or 0.0, "tail": after_downloads(page)}
    page.close()
    return out


def measure_links(browser: Any, server: CountingServer, query: str) -> dict[str, float]:
    """A tour link opened cold (fresh context), then again warm (same context)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(server.base + "build.json")
    cold = visit_link(page, server.base, query)
    wait_for(page, "window.knightTour?.state.offlineCache.status === 'saved'", 120)
    warm = visit_link(page, server.base, query)
    context.close()
    return {
        **{f"cold_{k}": v for k, v in cold.items()},
        **{f"warm_{k}": v for k, v in warm.items()},
    }


def measure_bare(browser: Any, base: str) -> dict[str, float]:
    """The bare page cold (fresh context), then warm (HTTP cache, wasm code cache)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(base + "build.json")
    out: dict[str, float] = {}
    for visit in ("cold", "warm"):
        page.goto(base + "bare.html")
        wait_for(page, "window.bareReady", 120)
        out[f"{visit}_ready"] = mark(page, "python-ready") or 0.0
        out[f"{visit}_paint"] = mark(page, "first-contentful-paint") or 0.0
    context.close()
    return out


def measure_large(context: Any, base: str) -> dict[str, float]:
    page = context.new_page()
    page.goto(base + "?rows=1000&cols=1000&closed=1")
    wait_for(page, "window.knightTour?.pythonReady", 120)
    click_square(page, 999, 0)  # squares under a pixel: the first click zooms in there
    page.wait_for_timeout(200)
    page.evaluate("() => performance.clearMarks()")
    click_square(page, 999, 0)
    wait_for(page, "performance.getEntriesByName('tour-drawn').length", 300)
    click = mark(page, "square-click") or 0.0
    first = mark(page, "tour-drawn") or 0.0
    status = page.evaluate("() => window.knightTour?.status")
    length = page.evaluate("() => window.knightTour?.tourLength")
    before = page.evaluate("() => performance.now()")
    page.click("#show-all")
    wait_for(page, "performance.getEntriesByName('tour-complete').length", 120)
    complete = mark(page, "tour-complete") or 0.0
    page.close()
    if status != "found" or length != 1_000_000:
        raise RuntimeError(f"1000 x 1000 closed tour: status {status}, {length} squares")
    return {"tour1000": first - click, "show_all": complete - before}


def bare_site(dist: Path, into: Path) -> Path:
    """dist/ (by symlinks) plus a bare page that loads Pyodide and nothing else."""
    for item in dist.iterdir():
        (into / item.name).symlink_to(item.resolve())
    (into / "bare.html").write_text(BARE_HTML)
    (into / "bare.js").write_text(BARE_JS)
    (into / "bare-worker.mjs").write_text(BARE_WORKER)
    return into


def report(rows: list[tuple[str, ...]]) -> None:
    """Print `rows` as a table: the first row its header, underlined; columns padded."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for n, row in enumerate(rows):
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    # Nine: on 2 cores the bare page's cold start alone varied 2.5-3.3 s between runs of 5.
    parser.add_argument("--runs", type=int, default=9, help="page loads of each kind (median)")
    parser.add_argument(
        "--network-runs", type=int, default=3, help="fresh contexts per host on fast 4G (0: none)"
    )
    parser.add_argument(
        "--profiles", default=",".join(PROFILES), help="emulated networks, comma-separated"
    )
    parser.add_argument("--hosts", default=",".join(HOSTS), help="kinds of host, comma-separated")
    args = parser.parse_args(argv)
    profiles, hosts = args.profiles.split(","), args.hosts.split(",")
    unknown = sorted(set(profiles) - set(PROFILES)) + sorted(set(hosts) - set(HOSTS))
    if unknown:
        parser.error(f"unknown profile or host {', '.join(unknown)}; allowed: "
                     f"{', '.join(PROFILES)} and {', '.join(HOSTS)}")
    from playwright.sync_api import sync_playwright

    dist = build.assemble()
    with tempfile.TemporaryDirectory() as tmp:
        server = CountingServer(bare_site(dist, Path(tmp)))
        ours: list[dict[str, float]] = []
        links: list[dict[str, float]] = []
        bare: list[dict[str, float]] = []
        plain: list[dict[str, float]] = []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(build.CHROMIUM), args=ARGS)
            context = browser.new_context()
            scratch = context.new_page()
            scratch.goto(server.base + "?rows=8&cols=8")
            query = link_query(scratch)
            context.close()
            for run in range(args.runs):
                print(
                    f"  run {run + 1}/{args.runs}: page, link cold+warm, bare cold+warm, plain start…",
                    flush=True,
                )
                kinds = ("page", "link", "bare", "plain")
                for kind in kinds if run % 2 == 0 else kinds[::-1]:
                    if kind == "plain":
                        context = browser.new_context(viewport={"width": 1280, "height": 900})
                        plain.append(measure_plain(context, server))
                        context.close()
                    elif kind == "page":
                        context = browser.new_context(viewport={"width": 1280, "height": 900})
                        ours.append(measure_page(context, server, query))
                        context.close()
                    elif kind == "link":
                        links.append(measure_links(browser, server, query))
                    else:
                        bare.append(measure_bare(browser, server.base))
            network: list[tuple[str, ...]] = []
            if args.network_runs:
                marks = (mark, wait_for, click_square)
                network = measure_profiles(
                    browser, Path(tmp), args.network_runs, marks, profiles, hosts
                )
            large: dict[str, float] = {}
            if args.runs:
                print("  1000 x 1000 closed tour…", flush=True)
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                large = measure_large(context, server.base)
                context.close()
            browser.close()
        server.close()
    if args.runs:
        report_machine(args.runs, ours, links, bare, plain, large)
    if network:
        print("\nFirst visits on emulated networks (fast 4G: medians of "
              f"{args.network_runs} fresh contexts; slow 4G: one)\n")
        report(network)
    return 0


def report_machine(
    runs: int,
    ours: list[dict[str, float]],
    links: list[dict[str, float]],
    bare: list[dict[str, float]],
    plain: list[dict[str, float]],
    large: dict[str, float],
) -> None:
    """Print the report of the visits on the machine itself (medians of `runs`)."""

    def med(key: str) -> float:
        return statistics.median(r[key] for r in ours)

    def med_of(rows: list[dict[str, float]], key: str) -> float:
        return statistics.median(r[key] for r in rows)

    board, ready = med("board"), med("ready")
    bare_cold = med_of(bare, "cold_ready")
    bare_warm = med_of(bare, "warm_ready")
    bare_paint = med_of(bare, "cold_paint")
    link_cold_ready, link_warm_ready = med_of(links, "cold_ready"), med_of(links, "warm_ready")
    link_cold_tour, link_warm_tour = med_of(links, "cold_tour"), med_of(links, "warm_tour")
    ratio = ready / bare_cold
    snapshot_starts = sum(r["snapshot"] for r in ours) + sum(
        r["cold_snapshot"] + r["warm_snapshot"] for r in links
    )
    starts = len(ours) + 2 * len(links)

    def ok(good: bool) -> str:
        return "yes" if good else "NO"

    def mb(n: float) -> str:
        return f"{n / 1e6:.1f} MB"

    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\nPage benchmark (headless Chromium, medians of {runs} runs, fresh contexts;")
    print(f"{os.cpu_count()} cores, load average {load} while measuring)\n")
    report(
        [
            ("measure", "result", "goal", "met"),
            ("navigation -> board visible", f"{board:.0f} ms", "< 300 ms", ok(board < 300)),
            ("  bare page, first paint (machine floor)", f"{bare_paint:.0f} ms", "", ""),
            ("navigation -> controls work (app.js ran)", f"{med('app'):.0f} ms", "", ""),
            ("cold: navigation -> Python ready", f"{ready:.0f} ms", "", ""),
            ("  of which after the last download (CPU)", f"{med('tail'):.0f} ms", "", ""),
            ("  bare page (Pyodide only), cold", f"{bare_cold:.0f} ms", "", ""),
            ("cold, plain start (snapshot refused)", f"{med_of(plain, 'ready'):.0f} ms", "", ""),
            ("  of which after the last download (CPU)", f"{med_of(plain, 'tail'):.0f} ms", "", ""),
            ("  ratio page / bare, cold", f"{ratio:.2f}", "<= 0.35", ok(ratio <= 0.35)),
            ("warm: navigation -> Python ready", f"{link_warm_ready:.0f} ms", "", ""),
            ("  bare page (Pyodide only), warm", f"{bare_warm:.0f} ms", "", ""),
            ("  ratio page / bare, warm", f"{link_warm_ready / bare_warm:.2f}", "(report)", ""),
            (
                "starts from the memory snapshot",
                f"{snapshot_starts:.0f} of {starts}",
                "all",
                ok(snapshot_starts == starts),
            ),
            (
                "tour link, cold: navigation -> tour drawn",
                f"{link_cold_tour:.0f} ms",
                "(report)",
                "",
            ),
            ("  -> Python ready", f"{link_cold_ready:.0f} ms", "", ""),
            ("  -> tour validated", f"{med_of(links, 'cold_validated'):.0f} ms", "", ""),
            (
                "tour link, warm: navigation -> tour drawn",
                f"{link_warm_tour:.0f} ms",
                "< 1000 ms",
                ok(link_warm_tour < 1000),
            ),
            ("  -> tour validated", f"{med_of(links, 'warm_validated'):.0f} ms", "", ""),
            ("first visit downloads, until Python ready", mb(med("bytes_ready")), "(report)", ""),
            (
                "  then the service worker's cache fill",
                mb(med("bytes_saved") - med("bytes_ready")),
                "(report)",
                "",
            ),
            (
                "click -> 8x8 tour drawn (first frame)",
                f"{med('tour8'):.0f} ms",
                "< 100 ms",
                ok(med("tour8") < 100),
            ),
            ("click -> 8x8 whole tour drawn", f"{med('tour8_all'):.0f} ms", "", ""),
            ("click -> 1000x1000 closed tour drawn", f"{large['tour1000']:.0f} ms", "(report)", ""),
            ("  Show all: 1,000,000 moves drawn", f"{large['show_all']:.0f} ms", "(report)", ""),
        ]
    )


if __name__ == "__main__":
    sys.exit(main())
