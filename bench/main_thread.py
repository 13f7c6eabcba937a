"""The main thread during the page's start: its long tasks in the first 5 s, unthrottled.

    python -m bench.main_thread [--loads N]      (or: python build.py bench)

The goal: no main-thread task over 50 ms in the first 5 s of a visit (a longer one is a
tap the page answers late), on this
machine without throttling. Each load is a first visit (a fresh browser context, so
empty caches) of the built page, served as `build.py serve` serves it, in Debian's
Chromium at a phone's viewport (390 x 844, touch). The page's own observers are left
alone: ours are installed before any of its scripts (Playwright's init script) and read
the Long Tasks API and Long Animation Frames, buffered.

Prints how many loads had a task over 50 ms, the longest task of each, and for every long
animation frame over 50 ms where its time went (script, style and layout, the rest), so
that a regression says what it is.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from typing import Any

import build
from bench.page import ARGS, report

__all__ = ["LONG_MS", "SCREENS", "WINDOW_MS", "frame_parts", "main", "measure_load", "task_cause"]

LONG_MS = 50.0  # a long task, as the Long Tasks API and Lighthouse count one
WINDOW_MS = 5000.0  # the first 5 s of a visit

OBSERVE = """
globalThis.__mainThread = { tasks: [], frames: [] };
for (const [type, into] of [["longtask", "tasks"], ["long-animation-frame", "frames"]]) {
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) globalThis.__mainThread[into].push(e.toJSON());
    }).observe({ type, buffered: true });
  } catch {}
}
"""


def frame_parts(frame: dict[str, Any]) -> dict[str, float]:
    """A long animation frame's time split into script, style and layout, and the rest.

    >>> frame_parts({"startTime": 100, "duration": 80, "renderStart": 150,
    ...              "styleAndLayoutStart": 155,
    ...              "scripts": [{"duration": 30}, {"duration": 12}]})
    ... # doctest: +NORMALIZE_WHITESPACE
    {'start': 100.0, 'duration': 80.0, 'script': 42.0, 'style_layout': 25.0, 'other': 13.0,
     'blocking': 0.0}
    """
    start, duration = float(frame["startTime"]), float(frame["duration"])
    script = sum(float(s.get("duration", 0)) for s in frame.get("scripts", []))
    layout_start = float(frame.get("styleAndLayoutStart") or 0)
    style_layout = min(duration, max(0.0, start + duration - layout_start)) if layout_start else 0.0
    other = max(0.0, duration - script - style_layout)
    return {"start": start, "duration": duration, "script": script,
            "style_layout": style_layout, "other": other,
            "blocking": float(frame.get("blockingDuration", 0))}


# A phone (390 x 844, touch, 2 device pixels per CSS pixel) and a laptop's window.
SCREENS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
              "device_scale_factor": 2},
    "desktop": {"viewport": {"width": 1280, "height": 900}},
}


def task_cause(task: dict[str, Any], frames: list[dict[str, Any]]) -> str:
    """What a long task did, from the animation frame it ran in: its scripts (with their
    source files) and its style and layout, or "?" when no frame holds it.

    >>> task_cause({"startTime": 110, "duration": 60},
    ...            [{"startTime": 100, "duration": 80, "renderStart": 150,
    ...              "styleAndLayoutStart": 155, "scripts": [
    ...                  {"startTime": 112, "duration": 30, "sourceURL": "http://h/app.js"}]}])
    'script 30 ms (app.js), style and layout 25 ms'
    """
    start, end = float(task["startTime"]), float(task["startTime"]) + float(task["duration"])
    for frame in frames:
        if not frame["startTime"] <= start < frame["startTime"] + frame["duration"]:
            continue
        parts = frame_parts(frame)
        mine = [s for s in frame.get("scripts", []) if start <= float(s["startTime"]) < end]
        script = sum(float(s["duration"]) for s in mine)
        files = sorted({str(s.get("sourceURL", "")).rsplit("/", 1)[-1] or "?" for s in mine})
        said = [f"script {script:.0f} ms ({', '.join(files)})"] if mine else []
        layout_start = float(frame.get("styleAndLayoutStart") or 0)
        if layout_start and start <= layout_start < end:
            said.append(f"style and layout {parts['style_layout']:.0f} ms")
        return ", ".join(said) or "neither script nor layout"
    return "?"


def measure_load(browser: Any, url: str, screen: str = "phone") -> dict[str, Any]:
    """One first visit: the long tasks and long frames that began in its first 5 s."""
    context = browser.new_context(**SCREENS[screen])
    context.add_init_script(OBSERVE)
    page = context.new_page()
    page.goto(url)
    page.wait_for_timeout(WINDOW_MS + 300)
    seen = page.evaluate("() => globalThis.__mainThread")
    context.close()
    tasks = [t for t in seen["tasks"] if t["startTime"] < WINDOW_MS and t["duration"] > LONG_MS]
    long_frames = [f for f in seen["frames"]
                   if f["startTime"] < WINDOW_MS and f["duration"] > LONG_MS]
    frames = [frame_parts(f) for f in long_frames]
    scripts = [
        (float(s.get("duration", 0)), str(s.get("invoker", "")), str(s.get("sourceURL", "")))
        for f in long_frames for s in f.get("scripts", [])
    ]
    return {"tasks": [(float(t["startTime"]), float(t["duration"])) for t in tasks],
            "frames": frames, "scripts": scripts,
            "why": [task_cause(t, seen["frames"]) for t in tasks]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=10, help="first visits (default 10)")
    parser.add_argument("--screen", choices=sorted(SCREENS), default="phone",
                        help="the window: a phone's (default) or a laptop's")
    args = parser.parse_args(argv)
    build.ensure_test_dependencies()
    build.ensure_browsers()
    build.assemble()
    from playwright.sync_api import sync_playwright

    server = build.make_server(0, build.DIST, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = build.url_of(server)
    loads: list[dict[str, Any]] = []
    began = time.monotonic()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(build.CHROMIUM), args=ARGS)
            try:
                # One visit first, not counted: the renderer and the server warmed up.
                measure_load(browser, base + "?rows=8&cols=8", args.screen)
                loads = [measure_load(browser, base + "?rows=8&cols=8", args.screen)
                         for _ in range(args.loads)]
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    width = SCREENS[args.screen]["viewport"]["width"]
    print(f"\nMain thread, first {WINDOW_MS / 1000:.0f} s of a first visit, Chromium, {width} px, "
          f"unthrottled, {len(loads)} loads ({time.monotonic() - began:.0f} s)")
    with_long = [load for load in loads if load["tasks"]]
    longest = [max((d for _, d in load["tasks"]), default=0.0) for load in loads]
    rows: list[tuple[str, ...]] = [
        ("figure", "value", "goal"),
        ("loads with a task over 50 ms", f"{len(with_long)} of {len(loads)}",
         "none: " + ("met" if not with_long else "NOT met")),
        ("longest task, median of loads", f"{statistics.median(longest):.0f} ms", ""),
        ("longest task of all", f"{max(longest, default=0.0):.0f} ms", ""),
    ]
    report(rows)
    frames = [f for load in loads for f in load["frames"]]
    if frames:
        print("\nLong animation frames (start, duration, blocking, script, style and layout,"
              " rest):")
        for f in sorted(frames, key=lambda f: f["start"]):
            print(f"  @{f['start']:6.0f} ms  {f['duration']:5.0f} ms  blocking {f['blocking']:4.0f}"
                  f"  script {f['script']:4.0f}  style+layout {f['style_layout']:4.0f}"
                  f"  rest {f['other']:4.0f}")
    tasks = sorted((t, why) for load in loads for t, why in zip(load["tasks"], load["why"], strict=True))
    if tasks:
        print("Long tasks (start, duration: in its frame)")
    for (start, duration), why in tasks:
        print(f"  @{start:.0f} ms {duration:.0f} ms: {why}")
    top = sorted({s for load in loads for s in load["scripts"]}, reverse=True)[:8]
    for duration, invoker, source in top:
        print(f"  script {duration:4.0f} ms  {invoker[:60]}  {source.rsplit('/', 1)[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
