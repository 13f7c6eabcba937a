"""Every public function and class of the shipped package has a caller outside the tests.

A definition that only tests call is dead weight a reader has to understand; it goes, or
its test is rewritten against the live function that does the job.  "Called" means named
(``f(...)``, ``module.f``, a type in an annotation) in the package outside the
definition itself, in ``bench/``, ``tools/`` or ``build.py``, or, from the page's
JavaScript, as an attribute of a module it imports into Pyodide
(``page = pyodide.pyimport("knight_py.page")`` ... ``page.solve(...)``).  Docstrings,
``__all__`` and re-exporting imports are not callers.  Names are matched by their bare
name, so this can miss a dead function that shares a live one's name; it never flags a
live one.

Allowed without a caller, and why:

- ``knight_py.__all__``: the library's public API, for Python users; the README lists it.
- ``knight_py.cli.main``: the command line's entry point (``pyproject.toml``'s
  ``[project.scripts]``, and ``python -m knight_py``).
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import knight_py

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "knight_py"


def _entry_points() -> set[str]:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    return {target.rsplit(":", 1)[1] for target in scripts.values()}


def _without_docstrings(tree: ast.AST) -> ast.AST:
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                node.body = body[1:] or [ast.Pass()]
    return tree


def _names_used(tree: ast.AST) -> Iterator[str]:
    """Names loaded (``f``) and attributes read (``m.f``): calls, references, annotations
    (a quoted one, ``"Board | None"``, too); other strings name nothing."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr
        annotations: list[ast.expr | None] = []
        if isinstance(node, ast.arg):
            annotations.append(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            annotations.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            annotations.append(node.annotation)
        for note in annotations:
            if isinstance(note, ast.Constant) and isinstance(note.value, str):
                quoted = ast.parse(note.value, mode="eval")
                yield from (n.id for n in ast.walk(quoted) if isinstance(n, ast.Name))


def _uncalled(package: Path, others: list[Path], allowed: set[str]) -> list[str]:
    """``module: name`` of every public top-level def and class in ``package`` that no code
    in ``package`` (outside the definition itself) or in ``others`` names."""
    definitions: list[tuple[str, str]] = []
    used: set[str] = set()
    for path in sorted([*package.rglob("*.py"), *others]):
        tree = _without_docstrings(ast.parse(path.read_text(encoding="utf-8")))
        assert isinstance(tree, ast.Module)
        for node in tree.body:
            own = ""
            if path.is_relative_to(package) and isinstance(
                    node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                own = node.name  # its own name inside its body (recursion) is no caller
                if not own.startswith("_"):
                    definitions.append((str(path.relative_to(package.parent)), own))
            if isinstance(node, (ast.Import, ast.ImportFrom)) or (
                    isinstance(node, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)):
                continue  # a re-export is no caller
            used.update(name for name in _names_used(node) if name != own)
    return sorted(f"{module}: {name}" for module, name in definitions
                  if name not in used and name not in allowed)


_JS_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\"'`\\])//[^\n]*", re.S)
_PYIMPORT = re.compile(r"([\w.]+)\s*=\s*[\w.]*pyimport\(\s*[\"'](knight_py[\w.]*)[\"']\s*\)")


def _javascript_uses() -> set[str]:
    """Names the page's JavaScript reads off a Python module it imported into Pyodide, and
    what Python text it runs names (``runPython`` in the worker and the build's tools)."""
    used: set[str] = set()
    sources = [*(ROOT / "web").rglob("*.js"), *(ROOT / "web").rglob("*.mjs"),
               *(ROOT / "tools").rglob("*.mjs")]
    for path in sources:
        code = _JS_COMMENT.sub("", path.read_text(encoding="utf-8"))
        for variable, _module in _PYIMPORT.findall(code):
            used.update(re.findall(re.escape(variable) + r"\.(\w+)", code))
        used.update(re.findall(r"\bknight_py(?:\.\w+)*\.(\w+)\s*\(", code))
    return used


def test_every_public_definition_has_a_caller_outside_the_tests() -> None:
    others = [*(ROOT / "bench").rglob("*.py"), *(ROOT / "tools").rglob("*.py"), ROOT / "build.py"]
    allowed = set(knight_py.__all__) | _entry_points() | _javascript_uses()
    dead = _uncalled(PACKAGE, others, allowed)
    assert dead == [], "no caller outside the tests:\n" + "\n".join(dead)


SAMPLE = """
def api() -> int:
    return helper()


def helper() -> int:
    return helper()


def only_tested() -> int:
    \"\"\"only_tested() is named in its own docstring.\"\"\"
    return only_tested()


class Kind:
    pass
"""


def test_the_scan_finds_what_nothing_calls(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text('from .a import api, only_tested\n\n__all__ = ["only_tested"]\n')
    (package / "a.py").write_text(SAMPLE)
    (tmp_path / "tool.py").write_text("def f(kind: 'Kind | None') -> None:\n    pass\n")
    assert _uncalled(package, [tmp_path / "tool.py"], set()) == ["pkg/a.py: api", "pkg/a.py: only_tested"]
    assert _uncalled(package, [], {"api"}) == ["pkg/a.py: Kind", "pkg/a.py: only_tested"]


def test_the_scan_sees_what_the_page_calls() -> None:
    assert {"explain_all", "judge_exercise_run", "count_tours", "warm_up", "run"} <= _javascript_uses()
