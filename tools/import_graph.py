"""A drawing of web/'s folders and the imports between them, as Mermaid, kept in
docs/architecture.md between two markers so that it cannot drift from the code.

    python3 -m tools.import_graph           (rewrites the drawing in docs/architecture.md)
    python3 -m tools.import_graph --check   (exit status 1 when the drawing is stale)

Each folder of web/ is one node, and the root's modules another (the entry points,
main.js, app.js and the service worker, and views.js, the list of views that app.js
hands to the shell), labelled with how many modules it holds; an arrow A --> B says that a module in A imports one in B, labelled
with how many import statements do.

>>> edges = folder_edges({"app.js": 'import { a } from "./tour/x.js";',
...                       "tour/x.js": 'import "../core/y.js";', "core/y.js": ""})
>>> sorted(edges.items())
[(('root', 'tour'), 1), (('tour', 'core'), 1)]
"""

from __future__ import annotations

import argparse
import posixpath
import re
from collections import Counter
from pathlib import Path

__all__ = ["END", "START", "folder_edges", "mermaid", "modules", "rewrite"]

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
DOC = ROOT / "docs" / "architecture.md"
START = "<!-- import-graph:start (made by python3 -m tools.import_graph) -->"
END = "<!-- import-graph:end -->"
ROOT_NODE = "root"
# Static imports and re-exports (`import x from "./a.js"`, `export * from "./b.js"`,
# `import "./c.js"`) and dynamic ones with a literal path (`import("./d.js")`).
_IMPORT = re.compile(
    r"""(?:\bimport\s*(?:[\w*{}\s,$]+\sfrom\s*)?|\bexport\s*[\w*{}\s,$]+\sfrom\s*|\bimport\s*\(\s*)"""
    r"""["'](\.{1,2}/[^"']+)["']""")


def modules(web: Path = WEB) -> dict[str, str]:
    """web/'s modules (``.js``, ``.mjs``) by path relative to web/, with their text."""
    return {p.relative_to(web).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(web.rglob("*")) if p.suffix in (".js", ".mjs")}


def _folder(path: str) -> str:
    head, _, _ = path.partition("/")
    return head if "/" in path else ROOT_NODE


def folder_edges(sources: dict[str, str]) -> Counter[tuple[str, str]]:
    """(importing folder, imported folder) -> import statements, between folders only."""
    edges: Counter[tuple[str, str]] = Counter()
    for path, text in sources.items():
        for target in _IMPORT.findall(text):
            resolved = posixpath.normpath(posixpath.join(posixpath.dirname(path), target))
            a, b = _folder(path), _folder(resolved)
            if a != b and not resolved.startswith(".."):
                edges[(a, b)] += 1
    return edges


def mermaid(sources: dict[str, str]) -> str:
    """The drawing: a fenced Mermaid block."""
    counts = Counter(_folder(path) for path in sources)
    lines = ["```mermaid", "graph LR"]
    for folder in sorted(counts):
        name = "web/'s root: the entries and the list of views" if folder == ROOT_NODE else f"{folder}/"
        lines.append(f'  {folder}["{name} ({counts[folder]})"]')
    for (a, b), n in sorted(folder_edges(sources).items()):
        lines.append(f"  {a} -->|{n}| {b}")
    lines.append("```")
    return "\n".join(lines)


def rewrite(doc: str, drawing: str) -> str:
    """``doc`` with the text between the markers replaced by ``drawing``.

    >>> rewrite(f"a\\n{START}\\nold\\n{END}\\nb", "new")
    'a\\n<!-- import-graph:start (made by python3 -m tools.import_graph) -->\\nnew\\n<!-- import-graph:end -->\\nb'
    """
    before, found, rest = doc.partition(START)
    _, found_end, after = rest.partition(END)
    if not found or not found_end:
        raise ValueError("the document has no import-graph markers")
    return f"{before}{START}\n{drawing}\n{END}{after}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is stale")
    args = parser.parse_args(argv)
    doc = DOC.read_text(encoding="utf-8")
    fresh = rewrite(doc, mermaid(modules()))
    if args.check:
        if fresh != doc:
            print(f"{DOC.relative_to(ROOT)}: the import drawing is stale; "
                  "run python3 -m tools.import_graph")
            return 1
        return 0
    DOC.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
