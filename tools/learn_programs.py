"""The Learn view's menu of programs as the page reads them: dist/learn-programs.json,
written at build time from knight_py.learn.programs (web/learn/programs.js reads it).

The page takes the programs' texts from its own build, never from the Learn worker: that
worker's Python runs the reader's program, which may have changed anything in it.

>>> data = programs_json()
>>> sorted(data["backtrack"])[:4]
['description', 'key', 'source', 'sourceZh']
>>> data["backtrack"]["source"].startswith("#")
True
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

__all__ = ["FILE", "add_learn_programs", "programs_json"]

FILE = "learn-programs.json"
# Program's fields under the names the page uses; any other field keeps its own name.
RENAMED = {"source_zh": "sourceZh", "description_key": "key"}


def programs_json() -> dict[str, dict[str, Any]]:
    """Each program of the menu, by id: its fields, JSON-ready."""
    from knight_py.learn.programs import PROGRAM_IDS, PROGRAMS

    out: dict[str, dict[str, Any]] = {}
    for pid in PROGRAM_IDS:
        fields = dataclasses.asdict(PROGRAMS[pid])
        fields.pop("id", None)
        out[pid] = {RENAMED.get(name, name): value for name, value in fields.items()}
    return out


def add_learn_programs(dist: Path) -> Path:
    """Write dist/learn-programs.json; return its path."""
    target = dist / FILE
    text = json.dumps(programs_json(), ensure_ascii=False, indent=1) + "\n"
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    return target
