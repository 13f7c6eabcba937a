"""The Learn view's exercises as the page reads them: dist/learn-exercises.json, written at
build time from knight_py.learn.exercises (as tools/learn_programs.py writes the menu).

The page takes the exercises (statements by id from its catalog, programs, cases) from its
own build, never from the Learn worker.

>>> data = exercises_json()
>>> [e["id"] for e in data][:2], sorted(data[0])
(['stop60', 'undo'], ['cases', 'check', 'id', 'post', 'solution', 'solutionZh', 'starter', 'starterZh'])
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["FILE", "add_learn_exercises", "exercises_json"]

FILE = "learn-exercises.json"


def exercises_json() -> list[dict[str, Any]]:
    """Each exercise, in order: id, post, check, starter(Zh), solution(Zh), cases."""
    from knight_py.learn.cases import FAMILIES
    from knight_py.learn.exercises import EXERCISES, in_chinese

    return [{
        "id": e.id, "post": e.post, "check": e.check,
        "starter": e.starter, "starterZh": in_chinese(e.starter),
        "solution": e.solution, "solutionZh": in_chinese(e.solution),
        # The board shown when the exercise opens, with the budget its checks use (the
        # statement names it): a check draws its own boards (knight_py.learn.cases).
        "cases": [{**c.to_json(), "budget": FAMILIES[e.id].budget} for c in e.cases],
    } for e in EXERCISES]


def add_learn_exercises(dist: Path) -> Path:
    """Write :data:`FILE` into ``dist``; return its path."""
    target = dist / FILE
    text = json.dumps(exercises_json(), ensure_ascii=False) + "\n"
    # Written only when it changed: the build's copy step and the cache keep its date.
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    return target
