"""The Learn view's menu of programs as the page reads them: dist/learn-programs.json,
written at build time from knight_py.learn.programs (web/learn/programs.js reads it).

The page takes the programs' texts from its own build, never from the Learn worker: that
worker's Python runs the reader's program, which may have changed anything in it.

>>> data = programs_json()
>>> sorted(data["backtrack"])
['board', 'description', 'source', 'sourceZh']
>>> data["backtrack"]["board"]
{'rows': 5, 'cols': 5, 'start': [4, 4], 'budget': 100000, 'speed': 500}
>>> data["backtrack"]["source"].startswith("#")
True
>>> data["bug_tag60"]["bug"], "bug" in data["backtrack"]
({'line': 16}, False)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["FILE", "add_learn_programs", "programs_json"]

FILE = "learn-programs.json"


def programs_json() -> dict[str, dict[str, Any]]:
    """Each program of the menu, by id, as the page reads it: source, sourceZh,
    description, board: {rows, cols, start, budget, speed} (where choosing the program
    puts it), and for a program kept with its bug, bug: {line} (the page words the
    description and the bug by the program's id, from its own catalog)."""
    from knight_py.learn.programs import PROGRAM_IDS, PROGRAMS

    out: dict[str, dict[str, Any]] = {}
    for pid in PROGRAM_IDS:
        program = PROGRAMS[pid]
        entry: dict[str, Any] = {
            "source": program.source, "sourceZh": program.source_zh,
            "description": program.description,
            "board": {"rows": program.rows, "cols": program.cols, "start": list(program.start),
                      "budget": program.budget, "speed": program.speed},
        }
        if program.bug:
            entry["bug"] = {"line": program.bug_line}
        out[pid] = entry
    return out


def add_learn_programs(dist: Path) -> Path:
    """Write dist/learn-programs.json; return its path."""
    target = dist / FILE
    text = json.dumps(programs_json(), ensure_ascii=False, indent=1) + "\n"
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    return target
