"""Lighthouse's mobile audit of the built page beside a bare Pyodide page, in one sitting.

    python -m bench.lighthouse [--runs N]        (or: python build.py bench)

npm `lighthouse` (pinned in package.json: 12.2.3, the line Node 20 runs) with Debian's
Chromium, its default mobile settings (a Moto G-class phone: 4x CPU slowdown, slow 4G,
simulated throttling), on a plain static host that gzips on the fly
(bench/_network.py's "gzip" host: no precompressed copies, no special headers). For
each page, the medians of N runs: the performance score, total blocking time, main-thread
work, time to interactive, largest contentful paint, bytes; and the page's long tasks
(over 50 ms) in the run of median blocking time, with the script each is attributed to.

The goal: performance >= 95, total blocking time <= 150 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import build
from bench._network import Host
from bench.page import bare_site, report

__all__ = ["audit", "main"]

LIGHTHOUSE = build.ROOT / "node_modules" / ".bin" / "lighthouse"
AGAIN = 2  # runs again when Lighthouse itself asks to be run again
AGAIN_WORDS = "Please run Lighthouse again"
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking"


def audit(url: str, out: Path) -> dict[str, Any]:
    """One Lighthouse mobile run of `url`: its figures (and the long tasks seen)."""
    env = {**os.environ, "CHROME_PATH": str(build.CHROMIUM)}
    cmd = [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
           "--only-categories=performance", f"--chrome-flags={CHROME_FLAGS}"]
    for attempt in range(1, AGAIN + 2):
        done = subprocess.run(cmd, env=env, timeout=300, capture_output=True, text=True)
        if done.returncode == 0:
            break
        said = (done.stderr + done.stdout).strip()
        # Lighthouse's own advice for a trace it failed to record (NO_NAVSTART, seen in
        # 2 of 6 runs one evening): the run says nothing of the page.
        if attempt > AGAIN or AGAIN_WORDS not in said:
            raise RuntimeError(f"lighthouse exited with {done.returncode}: {said[-300:]}")
        print(f"    Lighthouse asked to be run again ({said.splitlines()[-1][:120]})", flush=True)
    lhr = json.loads(out.read_text())
    audits = lhr["audits"]

    def value(name: str) -> float:
        return float(audits[name].get("numericValue") or 0.0)

    tasks = [
        (round(float(item["duration"])), str(item.get("url", "")).rsplit("/", 1)[-1] or "(page)")
        for item in (audits.get("long-tasks", {}).get("details", {}) or {}).get("items", [])
    ]
    return {
        "score": round(100 * float(lhr["categories"]["performance"]["score"] or 0)),
        "tbt": value("total-blocking-time"),
        "work": value("mainthread-work-breakdown"),
        "tti": value("interactive"),
        "lcp": value("largest-contentful-paint"),
        "fcp": value("first-contentful-paint"),
        "bytes": value("total-byte-weight"),
        "tasks": tasks,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        print("lighthouse is not installed (npm ci)", file=sys.stderr)
        return 1
    dist = build.assemble()
    results: dict[str, list[dict[str, Any]]] = {"knight_py": [], "bare Pyodide": []}
    with tempfile.TemporaryDirectory() as tmp:
        host = Host("gzip", bare_site(dist, Path(tmp)))
        try:
            for run in range(args.runs):
                for name, path in (("knight_py", "?rows=8&cols=8"), ("bare Pyodide", "bare.html")):
                    print(f"  run {run + 1}/{args.runs}: {name}…", flush=True)
                    results[name].append(audit(host.base + path, Path(tmp) / "lhr.json"))
        finally:
            host.close()
    print_report(results, args.runs)
    return 0


def print_report(results: dict[str, list[dict[str, Any]]], runs: int) -> None:
    def med(name: str, key: str) -> float:
        return float(statistics.median(r[key] for r in results[name]))

    names = list(results)
    print(f"\nLighthouse {json.loads((build.ROOT / 'node_modules/lighthouse/package.json').read_text())['version']}"
          f" mobile (simulated Moto G: 4x CPU, slow 4G), gzip static host, medians of {runs}\n")
    rows: list[tuple[str, ...]] = [("figure", *names, "goal")]
    rows.append(("performance score", *(f"{med(n, 'score'):.0f} ({', '.join(str(r['score']) for r in results[n])})" for n in names), ">= 95"))
    rows.append(("total blocking time", *(f"{med(n, 'tbt'):.0f} ms" for n in names), "<= 150 ms"))
    rows.append(("main-thread work", *(f"{med(n, 'work') / 1000:.2f} s" for n in names), ""))
    rows.append(("time to interactive", *(f"{med(n, 'tti') / 1000:.1f} s" for n in names), ""))
    rows.append(("first contentful paint", *(f"{med(n, 'fcp') / 1000:.1f} s" for n in names), ""))
    rows.append(("largest contentful paint", *(f"{med(n, 'lcp') / 1000:.1f} s" for n in names), ""))
    rows.append(("bytes", *(f"{med(n, 'bytes') / 1e6:.1f} MB" for n in names), ""))
    report(rows)
    for name in names:
        middle = sorted(results[name], key=lambda r: r["tbt"])[len(results[name]) // 2]
        tasks = ", ".join(f"{ms} ms {where}" for ms, where in middle["tasks"]) or "none"
        print(f"\n{name}: long tasks (the run of median blocking time): {tasks}")


if __name__ == "__main__":
    sys.exit(main())
