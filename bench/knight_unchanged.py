"""The knight's figures with the leaper code in: the knight now, ``Leaper(1, 2)`` now, and
the knight of the commit before the leapers, measured in one run.

    python -m bench.knight_unchanged [--rounds 3] [--cases 400] [--before COMMIT] [--page-runs 5]

The commit before the leapers (``BEFORE``, the first parent of the merge that brought
``knight_py/leaper.py``) is read from git (``git archive``: no worktree) into a temporary
folder. Each round starts one fresh Python per variant, interleaved (``_knight_runner.py``),
which imports its own copy of ``knight_py`` and measures:

* **the oracle's cases**: ``solve`` (``auto``, default budget) on ``--cases`` small boards
  with holes drawn with a fixed seed (sides 3 to 6, up to a quarter of the squares
  blocked, a random free start, open or closed), the style of the hidden oracle's cases:
  each answer judged against the tests' oracle (``tests.oracle.has_tour``), a tour
  also by the validator; the sum of the times;
* **1000 x 1000** from a1: wall and CPU milliseconds;
* **the first click**: importing ``knight_py`` and the first solve, 8 x 8 from a1, in
  a fresh Python: the Python part of the page's first click.

Then, unless ``--page-runs 0``, **the page's first click** in Chromium: this build's
page, the page before its leaper code (``PAGE_BEFORE``) and the page of the commit
before the leapers (each whole tree from ``git archive``, built by its own ``build.py``
with this worktree's ``node_modules``), in turns, each a first visit
measured as ``bench.page`` measures it (a1 clicked on 8 x 8 once Python is ready and the
offline copy kept, to the tour drawn: the page's own marks).

Prints the medians over the rounds and their ratios to the knight before the leapers.
Ratios only; no figure is a goal: the machine is shared, and its load moves the wall
clock's figures by half or more from round to round, so read the CPU figures. Exit status 1 when an answer
is wrong (a tour the validator refuses, or a verdict the oracle contradicts).
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import build
from knight_py import validate

# The tests' knight oracle (written without the package's code), loaded by name: it is
# untyped test code, kept out of the strict type check of bench/.
has_tour: Callable[..., bool | None] = importlib.import_module("tests.oracle").has_tour

__all__ = ["BEFORE", "draw_cases", "judge", "main"]

ROOT = Path(__file__).resolve().parents[1]
RUNNER = Path(__file__).with_name("_knight_runner.py")
# The first parent of "Merge branch 'leaper'": the knight_py before any leaper code.
BEFORE = "d0b1947"
# The first parent of "Merge branch 'leaper-page'": the page before its leaper code (the
# solver's already in; other merges came between BEFORE and it, the shell's among them).
PAGE_BEFORE = "bf95695"
ORACLE_BUDGET = 2_000_000


def draw_cases(count: int, seed: int = 52) -> list[list[Any]]:
    """``count`` cases [rows, cols, start, closed, holes] drawn with a fixed seed.

    >>> draw_cases(2) == draw_cases(2) and len(draw_cases(2)) == 2
    True
    """
    rng = random.Random(seed)
    cases: list[list[Any]] = []
    for _ in range(count):
        rows, cols = rng.randint(3, 6), rng.randint(3, 6)
        squares = [(r, c) for r in range(rows) for c in range(cols)]
        holes = rng.sample(squares, rng.randint(0, len(squares) // 4))
        start = rng.choice([s for s in squares if s not in holes])
        cases.append([rows, cols, list(start), rng.random() < 0.3, [list(h) for h in holes]])
    return cases


def judge(case: list[Any], status: str, path: list[int], truth: bool | None) -> str:
    """"right", "gave up" or "wrong": a tour must pass the validator, "impossible" must
    agree with the oracle's ``truth`` (None: the oracle did not finish)."""
    rows, cols, _start, closed, holes = case
    if status == "found":
        try:
            validate(rows, cols, path, closed=closed, blocked=[tuple(h) for h in holes])
        except ValueError:
            return "wrong"
        return "right" if truth is not False else "wrong"
    if status == "impossible":
        return "right" if truth is not True else "wrong"
    return "gave up"


def before_package(commit: str, folder: Path) -> Path:
    """``knight_py`` as it was at ``commit``, unpacked under ``folder``."""
    archive = subprocess.run(["git", "archive", commit, "knight_py"], cwd=ROOT, check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def before_site(commit: str, folder: Path) -> Path:
    """The page of ``commit`` built by its own build.py under ``folder``: its dist/."""
    archive = subprocess.run(["git", "archive", commit], cwd=ROOT, check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    (folder / "node_modules").symlink_to(ROOT / "node_modules")
    print(f"building the page of {commit} (its snapshot and bytecode too)…", flush=True)
    subprocess.run([sys.executable, "-c", "import build; build.assemble()"], cwd=folder, check=True,
                   capture_output=True)
    return folder / "dist"


def page_first_clicks(sites: dict[str, Path], runs: int) -> dict[str, list[float]]:
    """Milliseconds from the click on a1 to the 8 x 8 tour drawn, on each site's first
    visits in Chromium, the sites in turns, each round's order reversed from the last
    (bench.page's measure)."""
    from playwright.sync_api import sync_playwright

    from bench.page import ARGS, CountingServer, measure_page

    servers = {name: CountingServer(dist) for name, dist in sites.items()}
    clicks: dict[str, list[float]] = {name: [] for name in sites}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(build.CHROMIUM), args=ARGS)
            for run_index in range(runs):
                order = list(sites) if run_index % 2 == 0 else list(sites)[::-1]
                for name in order:
                    context = browser.new_context(viewport={"width": 1280, "height": 900})
                    clicks[name].append(measure_page(context, servers[name], "")["tour8"])
                    context.close()
            browser.close()
    finally:
        for server in servers.values():
            server.close()
    return clicks


def run(package: Path, rule: str, cases: list[list[Any]]) -> dict[str, Any]:
    job = json.dumps({"package": str(package), "rule": rule, "cases": cases, "million": True})
    done = subprocess.run([sys.executable, str(RUNNER)], input=job, capture_output=True, text=True,
                          check=True, cwd=package)
    answer: dict[str, Any] = json.loads(done.stdout)
    if not Path(answer["file"]).resolve().is_relative_to(package.resolve()):
        raise RuntimeError(f"{rule} ran {answer['file']}, not the copy in {package}")
    return answer


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cases", type=int, default=400)
    parser.add_argument("--before", default=BEFORE, help="the commit before the leapers")
    parser.add_argument("--page-runs", type=int, default=5,
                        help="first visits of each page for the first click (0: the page left out)")
    args = parser.parse_args(argv)
    cases = draw_cases(args.cases)
    truths = [has_tour(r, c, tuple(s), cl, [tuple(h) for h in hs], budget=ORACLE_BUDGET)
              for r, c, s, cl, hs in cases]
    with tempfile.TemporaryDirectory() as tmp:
        variants = {"knight": (ROOT, "knight"), "Leaper(1, 2)": (ROOT, "leaper"),
                    f"knight at {args.before}": (before_package(args.before, Path(tmp)), "knight")}
        rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in variants}
        for _ in range(args.rounds):
            for name, (package, rule) in variants.items():  # interleaved: the load moves all alike
                rounds[name].append(run(package, rule, cases))
        wrong = report(cases, truths, rounds, args.before)
        if args.page_runs:
            sites = {"this page": build.assemble()}
            for commit in (PAGE_BEFORE, args.before):
                sites[f"the page at {commit}"] = before_site(commit, Path(tmp) / commit)
            clicks = page_first_clicks(sites, args.page_runs)
            now = statistics.median(clicks["this page"])
            print(f"\nThe page's first click in Chromium, a1 on 8 x 8 to the tour drawn, {args.page_runs} first "
                  "visits each, in turns: median, fastest, this page's median against it, each visit")
            for name, values in clicks.items():
                median = statistics.median(values)
                print(f"  {name:<24}{median:>8.1f} ms{min(values):>8.1f} ms{now / median:>7.2f}x  "
                      + ", ".join(f"{v:.0f}" for v in values))
    return wrong


def report(cases: list[list[Any]], truths: list[bool | None], rounds: dict[str, list[dict[str, Any]]],
           before: str) -> int:
    def median(name: str, pick: Callable[[dict[str, Any]], float]) -> float:
        return float(statistics.median(pick(r) for r in rounds[name]))

    figures: dict[str, Callable[[dict[str, Any]], float]] = {
        "oracle's cases, wall ms": lambda r: sum(a[2] for a in r["answers"]),
        "oracle's cases, CPU ms": lambda r: r["cases_cpu_ms"],
        "1000 x 1000 a1, wall ms": lambda r: r["million"][0],
        "1000 x 1000 a1, CPU ms": lambda r: r["million"][1],
        "first click: import, wall ms": lambda r: r["import_ms"],
        "first click: import, CPU ms": lambda r: r["import_cpu_ms"],
        "first click: 8 x 8 a1 ms": lambda r: r["first_ms"],
    }
    names = list(rounds)
    base = names[-1]
    print(f"The knight with the leaper code in, against {base}: {len(cases)} oracle cases, "
          f"{len(rounds[base])} rounds interleaved, medians (Python {sys.version.split()[0]})")
    print(f"  {'figure':<30}" + "".join(f"{n:>22}" for n in names) + "".join(f"{n + ' / before':>26}" for n in names[:-1]))
    for label, pick in figures.items():
        values = [median(n, pick) for n in names]
        ratios = [v / values[-1] for v in values[:-1]]
        print(f"  {label:<30}" + "".join(f"{v:>22,.1f}" for v in values) + "".join(f"{q:>25.2f}x" for q in ratios))
    wrong = 0
    first = {n: rounds[n][0]["answers"] for n in names}
    for name in names:
        verdicts = [judge(case, status, path, truth)
                    for case, (status, path, _ms), truth in zip(cases, first[name], truths, strict=True)]
        wrong += verdicts.count("wrong")
        found = sum(a[0] == "found" for a in first[name])
        print(f"  {name}: {found} tours, {sum(a[0] == 'impossible' for a in first[name])} proofs, "
              f"{verdicts.count('gave up')} give-ups, {verdicts.count('wrong')} wrong; "
              f"the same answers as {base} (status and tour): "
              f"{sum(a[:2] == b[:2] for a, b in zip(first[name], first[base], strict=True))} of {len(cases)}")
    print(f"  the oracle: {sum(t is True for t in truths)} with a tour, {sum(t is False for t in truths)} "
          f"without, {sum(t is None for t in truths)} unfinished")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
