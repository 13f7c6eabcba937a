"""The README and docs/ keep to the code: links resolve, shown commands print what is shown,
the import drawing is the one the code makes now."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tools import import_graph

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# [text](target) and ![alt](target); a target ends at the first space or ")".
_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.M | re.S)
COMMAND = "$ python3 -m knight_py"


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = _FENCE.sub("", path.read_text(encoding="utf-8"))
    return {_slug(m.group(1)) for m in re.finditer(r"^#+\s+(.+)$", text, re.M)}


def _links() -> list[tuple[Path, str]]:
    found = []
    for doc in DOCS:
        text = _FENCE.sub("", doc.read_text(encoding="utf-8"))
        found.extend((doc, target) for target in _LINK.findall(text))
    return found


def test_slug_is_githubs() -> None:
    assert _slug("Start-up and offline") == "start-up-and-offline"
    assert _slug("The page's views") == "the-pages-views"


@pytest.mark.parametrize(("doc", "target"), _links(),
                         ids=lambda v: v.name if isinstance(v, Path) else v)
def test_every_relative_link_resolves(doc: Path, target: str) -> None:
    if re.match(r"^[a-z][a-z0-9+.-]*:", target):
        return  # an address elsewhere (https:, mailto:): not this repository's to check
    file, _, anchor = target.partition("#")
    path = (doc.parent / file).resolve() if file else doc
    assert path.exists(), f"{doc.relative_to(ROOT)} links to {target}: no such file"
    assert ROOT in path.parents or path == ROOT, f"{target} leaves the repository"
    if anchor:
        assert path.suffix == ".md" and anchor in _anchors(path), (
            f"{doc.relative_to(ROOT)} links to {target}: no such heading")


def _command_blocks() -> list[tuple[str, str, str]]:
    """(document, command, the output shown under it) for every `$ python3 -m knight_py`."""
    found = []
    for doc in DOCS:
        for block in _FENCE.findall(doc.read_text(encoding="utf-8")):
            if not block.startswith(COMMAND):
                continue
            command, shown = "", []
            for line in block.splitlines():
                if line.startswith("$ "):
                    if command:
                        found.append((doc.name, command, "\n".join(shown)))
                    command, shown = line[2:], []
                else:
                    shown.append(line)
            found.append((doc.name, command, "\n".join(shown)))
    return found


def test_the_readme_shows_commands_and_stays_short() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 180  # the library's table of names included
    assert len([c for c in _command_blocks() if c[0] == "README.md"]) >= 3
    assert "    python3 build.py serve\n" in readme and "    python3 build.py test\n" in readme


@pytest.mark.parametrize(("doc", "command", "shown"), _command_blocks(),
                         ids=lambda v: v if " " in str(v) and "\n" not in str(v) else "")
def test_every_shown_command_prints_what_is_shown(doc: str, command: str, shown: str) -> None:
    argv = shlex.split(command)
    assert argv[:3] == ["python3", "-m", "knight_py"]
    done = subprocess.run([sys.executable, *argv[1:]], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    printed = (done.stdout + done.stderr).rstrip("\n")
    assert printed == shown.rstrip("\n"), f"{doc}: {command}"


def test_the_import_drawing_is_current() -> None:
    doc = import_graph.DOC.read_text(encoding="utf-8")
    assert import_graph.START in doc
    assert import_graph.rewrite(doc, import_graph.mermaid(import_graph.modules())) == doc, (
        "docs/architecture.md's drawing is stale: run python3 -m tools.import_graph")


def test_the_readme_screenshots_exist_and_are_pngs() -> None:
    for name in ("tour.png", "learn.png"):
        data = (ROOT / "docs" / "img" / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000


@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="needs Chromium")
def test_the_screenshots_are_made_by_the_script(tmp_path: Path) -> None:
    from tools import screenshots

    # In a process of its own: Playwright's sync API refuses to run inside the event loop
    # that the e2e tests' pytest-playwright fixtures leave in this one.
    done = subprocess.run([sys.executable, "-m", "tools.screenshots", "--into", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    made = [Path(line) for line in done.stdout.splitlines() if line.endswith(".png")]  # the build logs first
    assert [path.name for path in made] == ["tour.png", "learn.png"]
    for path in made:
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert (width, height) == (screenshots.VIEWPORT["width"], screenshots.VIEWPORT["height"])


def test_the_readme_lists_the_public_api_one_name_a_line() -> None:
    import knight_py

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    library = readme.split("## The library", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^\| `(\w+)` \|", library, flags=re.MULTILINE)
    assert sorted(listed) == sorted(knight_py.__all__), "README.md's table of knight_py.__all__"
