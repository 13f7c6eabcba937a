"""Lines of a Learn program found in Python's own parse of it: where a hint points.

Each function takes the program's text and returns a line number (1-based), 0 when the
program has no such line or does not parse.  A function named by the trace (the search)
is looked up by name among the program's ``def`` s; nothing here runs the program.

>>> source = '''def visit(board, tag):
...     if tag == 60:
...         return True
...     options = sorted(board)
...     return False
... '''
>>> stop_test_line(source, "visit"), order_line(source, "visit")
(2, 4)
>>> counter_lines("n = 0\\nn += 1\\nn = n + 1\\nm = n + 2\\n")
[2, 3]
"""

from __future__ import annotations

import ast

__all__ = ["counter_lines", "order_line", "print_line", "stop_test_line"]


def _parse(source: str) -> ast.Module | None:
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _function(tree: ast.Module, name: str) -> ast.AST | None:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            return node
    return None


def _returns_true(body: list[ast.stmt]) -> bool:
    return any(isinstance(s, ast.Return) and isinstance(s.value, ast.Constant)
               and s.value.value is True for s in body)


def stop_test_line(source: str, search: str) -> int:
    """The line of the search's stop test: the first ``if`` in function ``search`` whose
    own body returns True (else the first such ``if`` anywhere)."""
    tree = _parse(source)
    if tree is None:
        return 0
    for scope in (_function(tree, search), tree):
        if scope is None:
            continue
        for node in ast.walk(scope):
            if isinstance(node, ast.If) and _returns_true(node.body):
                return node.lineno
    return 0


_ORDERING = frozenset({"sorted", "min", "max", "sort", "heappush", "heapify", "nsmallest"})


def _call_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def order_line(source: str, search: str) -> int:
    """The line where function ``search`` orders its candidates: its first call of
    ``sorted``, ``min``, ``max``, ``.sort`` or a heap; else the line of its first ``for``
    loop (where it takes them in the order they come)."""
    tree = _parse(source)
    if tree is None:
        return 0
    scope = _function(tree, search) or tree
    calls = [n for n in ast.walk(scope) if isinstance(n, ast.Call) and _call_name(n) in _ORDERING]
    if calls:
        return min(c.lineno for c in calls)
    loops = [n for n in ast.walk(scope) if isinstance(n, (ast.For, ast.While))]
    return min((n.lineno for n in loops), default=0)


def print_line(source: str) -> int:
    """The line of the ``print`` that prints the board's squares: the first call of
    ``print`` inside a loop (the deepest loop's first), else the first call of ``print``."""
    tree = _parse(source)
    if tree is None:
        return 0
    best: tuple[int, int] | None = None  # (-depth, line)

    def visit(node: ast.AST, depth: int) -> None:
        nonlocal best
        for child in ast.iter_child_nodes(node):
            deeper = depth + isinstance(child, (ast.For, ast.While, ast.comprehension))
            if isinstance(child, ast.Call) and _call_name(child) == "print":
                key = (-depth, child.lineno)
                if best is None or key < best:
                    best = key
            visit(child, deeper)

    visit(tree, 0)
    return best[1] if best is not None else 0


def _adds_one(node: ast.AST) -> bool:
    if isinstance(node, ast.AugAssign):
        return (isinstance(node.op, ast.Add) and isinstance(node.value, ast.Constant)
                and node.value.value == 1 and type(node.value.value) is int)
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        target, value = ast.dump(node.targets[0]).replace("Store()", "Load()"), node.value
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
            for a, b in ((value.left, value.right), (value.right, value.left)):
                if (isinstance(b, ast.Constant) and type(b.value) is int and b.value == 1
                        and ast.dump(a) == target):
                    return True
    return False


def counter_lines(source: str) -> list[int]:
    """The lines that add one to a counter: ``x += 1`` or ``x = x + 1`` (``1 + x``), any
    target (a name, an attribute, an item), in line order."""
    tree = _parse(source)
    if tree is None:
        return []
    return sorted({n.lineno for n in ast.walk(tree)
                   if isinstance(n, (ast.AugAssign, ast.Assign)) and _adds_one(n)})
