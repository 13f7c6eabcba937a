"""The namespace a Learn program runs in: a short list of importable modules and a
captured ``print``.

This keeps honest mistakes out of the page (``import os``, ``import js``, a
``print`` in a loop of a million steps); it is not a security boundary: the
worker the program runs in is.

>>> namespace, output = fresh_namespace()
>>> exec("import math\\nprint(math.floor(2.5), 'ok')", namespace)
>>> output.text()
'2 ok\\n'
>>> exec("import os", namespace)
Traceback (most recent call last):
...
ImportError: the module 'os' cannot be used here; a program may import only bisect, collections, copy, functools, heapq, itertools, math, operator, random, string, time
"""

from __future__ import annotations

import builtins
import importlib
from collections.abc import Mapping, Sequence
from typing import Any

# Most characters of printed output kept (later output is dropped with a note): the wire
# declares it, as the page accepts no more.
from .trace_format import OUTPUT_LIMIT

__all__ = ["ALLOWED_MODULES", "OUTPUT_LIMIT", "Output", "fresh_namespace"]

#: Modules a program may import (and their submodules).
ALLOWED_MODULES: frozenset[str] = frozenset(
    {
        "bisect",
        "collections",
        "copy",
        "functools",
        "heapq",
        "itertools",
        "math",
        "operator",
        "random",
        "string",
        "time",
    }
)

# Imported now, with the package: the page's memory snapshot and its trimmed standard
# library hold what the package imports, and nothing else can be imported there later.
for _module in sorted(ALLOWED_MODULES):
    importlib.import_module(_module)


# Builtins a teaching program has no use for and that reach outside it.
_REMOVED = ("open", "input", "breakpoint", "exit", "quit", "help", "compile", "exec", "eval")


class Output:
    """Printed text, capped at ``limit`` characters.

    >>> out = Output(limit=5)
    >>> out.write("abcdefgh")
    >>> out.text()
    'abcde\\n[output cut after 5 characters]\\n'
    """

    def __init__(self, limit: int = OUTPUT_LIMIT) -> None:
        self.limit = limit
        self._parts: list[str] = []
        self._size = 0
        self.cut = False

    def write(self, text: str) -> None:
        if self.cut:
            return
        room = self.limit - self._size
        if len(text) > room:
            text = text[:room]
            self.cut = True
        self._parts.append(text)
        self._size += len(text)

    def text(self) -> str:
        note = f"\n[output cut after {self.limit} characters]\n" if self.cut else ""
        return "".join(self._parts) + note


def _guarded_import(
    name: str,
    globals: Mapping[str, object] | None = None,
    locals: Mapping[str, object] | None = None,
    fromlist: Sequence[str] = (),
    level: int = 0,
) -> Any:
    if level != 0 or name.split(".")[0] not in ALLOWED_MODULES:
        allowed = ", ".join(sorted(ALLOWED_MODULES))
        raise ImportError(
            f"the module {name!r} cannot be used here; a program may import only {allowed}"
        )
    module = importlib.import_module(name)
    return module if fromlist else importlib.import_module(name.split(".")[0])


def fresh_namespace(limit: int = OUTPUT_LIMIT) -> tuple[dict[str, Any], Output]:
    """A new globals dict for a program and the :class:`Output` its ``print`` writes to."""
    output = Output(limit)

    def captured_print(*args: object, sep: str | None = " ", end: str | None = "\n",
                       file: object = None, flush: bool = False) -> None:
        output.write((" " if sep is None else sep).join(map(str, args)))
        output.write("\n" if end is None else end)

    safe: dict[str, Any] = dict(vars(builtins))
    for name in _REMOVED:
        safe.pop(name, None)
    safe["__import__"] = _guarded_import
    safe["print"] = captured_print
    return {"__builtins__": safe, "__name__": "__program__"}, output
