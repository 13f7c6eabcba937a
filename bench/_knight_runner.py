"""One round of bench.knight_unchanged in a fresh Python, with a given copy of knight_py.

Run as a script (``python bench/_knight_runner.py``) with a job on stdin as JSON:
``{"package": folder holding knight_py, "rule": "knight" or "leaper", "cases": [[rows,
cols, [row, col], closed, [[row, col], ...]], ...], "million": true}``. It imports only
that folder's ``knight_py`` (an older commit's too: only ``solve`` and, for ``"leaper"``,
``knight_py.leaper.Leaper`` are used) and prints one JSON line: where the package came
from, the import's milliseconds (wall and CPU) and the first solve's (a fresh Python answering 8 x 8
from a1: the Python part of the page's first click), each case's status, path and
milliseconds and the CPU milliseconds of them all, and 1000 x 1000 from a1 (wall and
CPU milliseconds).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

__all__ = ["main"]


def _ms(began: float) -> float:
    return (time.perf_counter() - began) * 1000


def main() -> int:
    job: dict[str, Any] = json.load(sys.stdin)
    sys.path.insert(0, job["package"])  # this copy, before any installed one
    began, cpu = time.perf_counter(), time.process_time()
    import knight_py

    imported, imported_cpu = _ms(began), (time.process_time() - cpu) * 1000
    rule: object = "knight"
    if job["rule"] == "leaper":
        from knight_py.leaper import Leaper  # type: ignore[import-not-found, unused-ignore]

        rule = Leaper(1, 2)
    began = time.perf_counter()
    first = knight_py.solve(8, 8, (7, 0), rule=rule)
    first_ms = _ms(began)
    answers = []
    cases_cpu = time.process_time()
    for rows, cols, start, closed, holes in job["cases"]:
        began = time.perf_counter()
        result = knight_py.solve(rows, cols, tuple(start), closed=closed, blocked=[tuple(h) for h in holes], rule=rule)
        answers.append([result.status, list(result.indices) if result.found else [], _ms(began)])
    cases_cpu_ms = (time.process_time() - cases_cpu) * 1000
    million: list[float] = []
    if job["million"]:
        wall, cpu = time.perf_counter(), time.process_time()
        big = knight_py.solve(1000, 1000, (999, 0), rule=rule)
        million = [_ms(wall), (time.process_time() - cpu) * 1000, float(big.found)]
    print(json.dumps({"file": knight_py.__file__, "import_ms": imported, "import_cpu_ms": imported_cpu, "first_ms": first_ms,
                      "first_status": first.status, "answers": answers, "cases_cpu_ms": cases_cpu_ms, "million": million}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
