"""The page's views, read from the registry (web/views.js), for the tests that go through
every view: a view added to the registry is in them with no line here.

>>> VIEW_IDS[0]
'tour'
>>> view_links({"play": "?view=play&rows=6"}, "?rows=5&view={id}")["play"]
'?view=play&rows=6'
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["VIEW_IDS", "view_ids", "view_links"]

WEB = Path(__file__).resolve().parents[2] / "web"
_IMPORT = re.compile(r'import \{([^}]*)\} from "\./([^"]+)";')
_LIST = re.compile(r"export const VIEWS = \[([^\]]*)\]")


def view_ids(web: Path = WEB) -> tuple[str, ...]:
    """The ids of the views in web/views.js's VIEWS, in the tabs' order."""
    text = (web / "views.js").read_text(encoding="utf-8")
    files = {name.strip(): path for names, path in _IMPORT.findall(text) for name in names.split(",")}
    listed = _LIST.search(text)
    assert listed, "web/views.js lists no VIEWS"
    ids = []
    for name in (n.strip() for n in listed.group(1).split(",") if n.strip()):
        source = (web / files[name]).read_text(encoding="utf-8")
        declaration = re.search(rf"export const {name} = \{{.*?\bid: \"([\w-]+)\"", source, re.S)
        assert declaration, f"{name}: no id in web/{files[name]}"
        ids.append(declaration.group(1))
    return tuple(ids)


VIEW_IDS = view_ids()


def view_links(own: dict[str, str], default: str) -> dict[str, str]:
    """Each view's link: its own from `own`, else `default` with its id ({id})."""
    return {view: own.get(view, default.format(id=view)) for view in VIEW_IDS}
