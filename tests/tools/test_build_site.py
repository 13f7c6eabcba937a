"""The built site's module files (tools/site.py): which of web/'s modules are copied beside
the bundles and which live only inside a worker's bundle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import build
from tests.node_scripts import failing_node_script
from tools import snapshot
from tools.bundle import PAGE_BUNDLES, bundle
from tools.project import WEB


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """A site built into a temporary folder (without a snapshot, which is not what this
    checks and would take minutes), and its build.json."""
    folder = tmp_path_factory.mktemp("site")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(snapshot, "SNAPSHOT_CACHE", folder / "cache")
        patch.setattr(snapshot, "SNAPSHOT_SCRIPT", failing_node_script(folder, "not needed here"))
        dist = build.assemble(folder / "dist")
    return dist, json.loads((dist / "build.json").read_text())


def page_modules(folder: Path) -> set[str]:
    """The web/ modules the page's own bundles hold (paths relative to web/)."""
    held: set[str] = set()
    for entry in PAGE_BUNDLES:
        _, sources = bundle(folder, entry)
        held |= sources
    return held


def test_every_module_the_page_holds_is_served_and_listed(
    built: tuple[Path, dict[str, object]], tmp_path: Path
) -> None:
    """A module the page holds stays beside the bundle even when a worker holds it too
    (the solver worker's warm-up imports core/linked-board.js): the page's tests import
    the page's modules one by one, and a missing one was a 404."""
    dist, manifest = built
    files = manifest["files"]
    assert isinstance(files, dict)
    held = page_modules(tmp_path)
    assert {"core/squares.js", "core/linked-board.js"} <= held
    missing = sorted(name for name in held if not (dist / name).is_file() or name not in files)
    assert not missing, f"page modules not in the site: {missing}"


def test_a_module_only_a_worker_holds_is_not_copied(
    built: tuple[Path, dict[str, object]], tmp_path: Path
) -> None:
    """A worker's own module is inside its bundle only; a copy beside it would be cached
    for offline use and never fetched."""
    dist, _ = built
    held = page_modules(tmp_path)
    worker_only = sorted(
        path.relative_to(WEB).as_posix()
        for path in (WEB / "solver").glob("*.mjs")
        if path.relative_to(WEB).as_posix() not in held
    )
    assert worker_only, "the solver worker has modules of its own"
    assert not [name for name in worker_only if (dist / name).exists()]


def test_the_chinese_words_are_a_file_of_their_own(built: tuple[Path, dict[str, object]]) -> None:
    """app.js holds English and the Chinese shell words; the rest of the Chinese is
    catalog-zh.js beside it, listed for the offline cache, and main.js names it."""
    dist, manifest = built
    files = manifest["files"]
    assert isinstance(files, dict) and "catalog-zh.js" in files
    app = (dist / "app.js").read_text(encoding="utf-8")
    chinese = (dist / "catalog-zh.js").read_text(encoding="utf-8")
    sentence = "点任意一个格子，马就从那里开始周游。"  # zh/tour.js: in the file, not in app.js
    assert sentence in chinese and sentence not in app
    assert "马踏棋盘" in app  # zh/shell.js: the heading, said before the rest has come
    assert '"catalog-zh.js"' in (dist / "main.js").read_text(encoding="utf-8")
