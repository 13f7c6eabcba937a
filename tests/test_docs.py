"""The README and docs/ keep to the code: links resolve, shown commands print what is shown,
every file, name, command and version a document gives exists, the import drawing is the one
the code makes now."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tools import import_graph

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "web" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
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


# --- every claim that names code --------------------------------------------------------
# A document that names a file, a function, a command or a version names one that exists:
# a name renamed or removed in the code fails here with the document, its line and the name.

CODE_FOLDERS = ("knight_py", "web", "tools", "bench", "tests")
# Made by the build, a run or npm: named in the documents, never in the repository.
MADE = ("dist/", "build/", "artifacts/", "node_modules/", ".venv/")
_SKIPPED_FOLDERS = {"node_modules", "build", "dist", "artifacts", "__pycache__", ".git",
                    ".mypy_cache", ".ruff_cache", ".pytest_cache", ".hypothesis"}
_CODE_SUFFIXES = {".py", ".js", ".mjs", ".html", ".css", ".json", ".toml", ".webmanifest"}
# Names in code font that are not this project's code, each with why it is named.
NOT_OURS = {
    "tests/build/": "testing.md says why the build's tests are not there",
    "FcFontMatch": "fontconfig's lookup, a breakpoint of engines.md's measuring",
    "GetWebFontRenderStyleForStrike": "Chromium's font call to its browser process (engines.md)",
    "finalizeBootstrap": "Pyodide's own start, measured in startup.md",
    "callMain": "Pyodide's own start, measured in startup.md",
    "timeOrigin": "the browser's performance.timeOrigin",
    "willReadFrequently": "a canvas option measured and not taken (engines.md)",
    "scrollbar": "the CSS scrollbar-width and scrollbar-color, measured in engines.md",
    "blink": "a Chromium trace category (engines.md)",
    "iPad": "a device, not code",
}
_TICK = re.compile(r"`([^`\n]+)`")
_WORD = re.compile(r"[A-Za-z_$][\w$]*")
# Outside code font, a word in camelCase or with an underscore is a name from the code.
_PROSE_NAME = re.compile(
    r"(?<![\w$/.-])([a-z]+[A-Z][A-Za-z0-9]*|[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+)(?![\w/])")
_PATH = re.compile(r"(?<![\w./-])((?:[\w.-]+/)+[\w.<>*{}|-]*)")
_FILE_NAME = re.compile(r"(?<![\w/.-])([\w-]+\.(?:js|mjs|py|html|css))\b")
_COMMAND = re.compile(r"(?:^|`|\$ |    )((?:python3?|node) [^`\n]+)")


def _code_files() -> list[Path]:
    found = [ROOT / "build.py", ROOT / "package.json", ROOT / "pyproject.toml"]
    for folder in CODE_FOLDERS:
        for parent, dirs, names in os.walk(ROOT / folder):
            dirs[:] = [d for d in dirs if d not in _SKIPPED_FOLDERS]
            found.extend(Path(parent) / name for name in names)
    return found


_FILES = _code_files()
_FILE_NAMES = {path.name for path in _FILES}
# Every word of the code (this file's own allow-list aside): a name a document gives must be one.
_CODE_WORDS = {
    word
    for path in _FILES
    if path.suffix in _CODE_SUFFIXES and path != Path(__file__).resolve()
    for word in _WORD.findall(path.read_text(encoding="utf-8", errors="replace"))
}
# A path's first folder: the repository's own, and those of web/, knight_py/ and tests/,
# which the documents name without their parent (`shell/app.js`, `learn/tracer.py`).
_FOLDERS = {p.name for p in ROOT.iterdir() if p.is_dir()} | {
    p.name for parent in ("web", "knight_py", "tests") for p in (ROOT / parent).iterdir()
    if p.is_dir()}


def _prose_lines(text: str) -> list[tuple[int, str]]:
    """(number, line) of a document's text outside fenced blocks, numbered as in the file."""
    blank = _FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return list(enumerate(blank.splitlines(), 1))


def _path_exists(path: str, doc: Path) -> bool:
    if path in NOT_OURS or path.startswith(MADE) or re.search(r"[<{|]", path):
        return True  # made by a run, or a pattern (`web/<view>/`, `i18n/en|zh/`)
    bases = (ROOT, ROOT / "web", ROOT / "knight_py", ROOT / "tests", doc.parent)
    if "*" in path:
        return any(any(base.glob(path)) for base in bases)
    return any((base / path).exists() for base in bases)


def _is_path(span: str) -> bool:
    return "/" in span or bool(_FILE_NAME.fullmatch(span))


def stale_claims(text: str, doc: Path) -> list[str]:
    """What `text` (a document's, at `doc`) names that the code does not have, one line each."""
    where = doc.relative_to(ROOT) if ROOT in doc.parents else doc
    stale = []
    for number, line in _prose_lines(text):
        line = re.sub(r"https?://\S+", "", line)
        line_no_links = re.sub(r"\]\([^)]*\)", "]", line)  # link targets: checked above
        for path in _PATH.findall(line_no_links):
            path = path.rstrip(".,;:")
            if path.split("/")[0] in _FOLDERS and not _path_exists(path, doc):
                stale.append(f"{where}:{number}: {path}: no such file or folder")
        for name in _FILE_NAME.findall(line_no_links):
            if name not in _FILE_NAMES and name not in NOT_OURS:
                stale.append(f"{where}:{number}: {name}: no file of that name")
        spans = _TICK.findall(line)
        for span in spans:
            if _is_path(span.split()[0]) or span.startswith(("python", "node ", "$ ", "-")):
                continue  # a file (checked above) or a command (checked below)
            if "<" in span or "::" in span:
                continue  # a pattern (`test_<module>.py`), or a browser's C++ (`Class::method`)
            for word in _WORD.findall(span):
                if word.endswith("_") and any(w.startswith(word) for w in _CODE_WORDS):
                    continue  # a prefix of names: `f_`, `gi_`
                if word not in _CODE_WORDS and word not in NOT_OURS:
                    stale.append(f"{where}:{number}: `{word}` (in `{span}`) is not in the code")
        for word in _PROSE_NAME.findall(_TICK.sub(" ", line_no_links)):
            if word not in _CODE_WORDS and word not in NOT_OURS:
                stale.append(f"{where}:{number}: {word} is not in the code")
    return stale


# "`shell/state.js` `SLICE_MS`", "`SLICE_MS` in `shell/state.js`", "(`createRenderer`,
# `web/board/render.js`)": a name placed in a file.
_IN_FILE = r"`((?:[\w.-]+/)*[\w.-]+\.(?:js|mjs|py))`"
_FILE_THEN_NAME = re.compile(
    _IN_FILE + r"\s+(?:`([A-Za-z_$][\w$.]*)(?:\(\))?`|([a-z]+[A-Z]\w*|[A-Z]\w*_\w+)\b)")
_NAME_THEN_FILE = re.compile(
    r"`([A-Za-z_$][\w$]*)(?:\([^`]*\))?`(?: \([^)]*\))?,? (?:in |from )?" + _IN_FILE)


def _file_named(path: str, doc: Path) -> Path | None:
    for base in (ROOT, ROOT / "web", ROOT / "knight_py", ROOT / "tests", doc.parent):
        if (base / path).is_file():
            return base / path
    ends = [f for f in _FILES if f.as_posix().endswith("/" + path)]
    return ends[0] if len(ends) == 1 else None


def misplaced_names(text: str, doc: Path) -> list[str]:
    """Names that `text` places in a file of the code where that file does not have them."""
    where = doc.relative_to(ROOT) if ROOT in doc.parents else doc
    wrong = []
    for number, line in _prose_lines(text):
        pairs = [(m.group(1), m.group(2) or m.group(3)) for m in _FILE_THEN_NAME.finditer(line)]
        pairs += [(m.group(2), m.group(1)) for m in _NAME_THEN_FILE.finditer(line)]
        for path, name in pairs:
            file = _file_named(path, doc)
            last = name.split(".")[-1]
            if file is not None and not re.search(
                    rf"(?<![\w$]){re.escape(last)}(?![\w$])", file.read_text(encoding="utf-8")):
                wrong.append(f"{where}:{number}: {name} is not in {path}")
    return wrong


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: str(doc.relative_to(ROOT)))
def test_every_name_a_document_places_in_a_file_is_there(doc: Path) -> None:
    wrong = misplaced_names(doc.read_text(encoding="utf-8"), doc)
    assert not wrong, "names not where the document says:\n" + "\n".join(wrong)


def test_a_misplaced_name_is_found() -> None:
    doc = ROOT / "docs" / "testing.md"
    text = ("`SLICE_MS` in `shell/state.js`, `shell/state.js` SLICE_MS, (`createRenderer`,\n"
            "`web/board/render.js`); `shell/state.js` `squareUnder` and (`findTour`,"
            " `web/board/render.js`)\n`shell/state.js` reads the start.\n")
    assert misplaced_names(text, doc) == [
        "docs/testing.md:2: squareUnder is not in shell/state.js",
        "docs/testing.md:2: findTour is not in web/board/render.js",
    ]


def test_every_name_allowed_is_one_a_document_gives() -> None:
    text = "".join(doc.read_text(encoding="utf-8") for doc in DOCS)
    unused = [name for name in NOT_OURS if name not in text or name in _CODE_WORDS]
    assert not unused, f"NOT_OURS names what no document says, or what the code has: {unused}"


def test_a_stale_claim_is_found() -> None:
    doc = ROOT / "docs" / "testing.md"
    fresh = ("The page starts in `mountPage` (`web/i18n/reason.js`), see reason.js and\n"
             "shell/nothing.js; startNowhere runs `solve` and `createViews`.\n")
    assert stale_claims(fresh, doc) == [
        "docs/testing.md:1: web/i18n/reason.js: no such file or folder",
        "docs/testing.md:1: reason.js: no file of that name",
        "docs/testing.md:1: `mountPage` (in `mountPage`) is not in the code",
        "docs/testing.md:2: shell/nothing.js: no such file or folder",
        "docs/testing.md:2: startNowhere is not in the code",
    ]
    assert stale_claims("```js\n// web/tally/view.js, a view to write\n```\n", doc) == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: str(doc.relative_to(ROOT)))
def test_every_file_and_name_a_document_gives_is_in_the_code(doc: Path) -> None:
    stale = stale_claims(doc.read_text(encoding="utf-8"), doc)
    assert not stale, "names that the code does not have:\n" + "\n".join(stale)


def _build_commands() -> set[str]:
    return set(re.findall(r'add_parser\("(\w+)"', (ROOT / "build.py").read_text()))


def _commands(doc: Path) -> list[tuple[int, list[str]]]:
    """(line, argv) of every `python ...` or `node ...` a document shows, in code or not."""
    found = []
    for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
        for command in _COMMAND.findall(line):
            try:
                found.append((number, shlex.split(command)))
            except ValueError:
                found.append((number, command.split()))
    return found


def command_problem(argv: list[str]) -> str | None:
    """Why a shown command could not run here as written, or None."""
    if argv[0] == "node":
        paths = [a for a in argv[1:] if not a.startswith("-")]
        missing = [p for p in paths if not (ROOT / p).exists()]
        return f"node: no {missing[0]}" if missing else None
    if argv[1:2] == ["build.py"]:
        if len(argv) < 3 or argv[2] not in _build_commands():
            return f"build.py has no command {argv[2:3]}; it has {sorted(_build_commands())}"
        return None
    if argv[1:2] == ["-c"] or argv[1:2] != ["-m"] or len(argv) < 3:
        return None
    module = argv[2]
    if importlib.util.find_spec(module.split(".")[0]) is None or (
            "." in module and importlib.util.find_spec(module) is None):
        return f"no module {module}"
    if module.startswith("bench."):
        source = "".join(p.read_text() for p in (ROOT / "bench").glob("*.py"))
        for flag in (a.split("=")[0] for a in argv[3:] if a.startswith("--")):
            if f'"{flag}"' not in source:
                return f"{module} takes no {flag}"
    if module == "pytest":
        for arg in argv[3:]:
            if not arg.startswith("-") and "/" in arg and not (ROOT / arg.split("::")[0]).exists():
                return f"pytest: no {arg}"
    return None


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: str(doc.relative_to(ROOT)))
def test_every_command_a_document_gives_names_a_real_command(doc: Path) -> None:
    wrong = [f"{doc.relative_to(ROOT)}:{number}: {' '.join(argv)}: {problem}"
             for number, argv in _commands(doc) if (problem := command_problem(argv))]
    assert not wrong, "\n".join(wrong)


def test_a_wrong_command_is_found() -> None:
    assert command_problem(["python3", "build.py", "install"]) is not None
    assert command_problem(["python3", "-m", "bench.nothing"]) is not None
    assert command_problem(["python3", "-m", "bench.engines", "--nothing", "3"]) is not None
    assert command_problem(["node", "--test", "tests/web/nothing/"]) is not None
    assert command_problem(["python3", "build.py", "serve", "--port", "0"]) is None


# A comment's pointer to a document's section: web/README.md, "Adding a view".
_SECTION = re.compile(r"\b((?:docs|web)/[\w-]+\.md|README\.md),? [\"“]([^\"”\n]+)[\"”]")


def test_every_section_the_code_points_to_is_a_heading() -> None:
    wrong = []
    for path in _FILES:
        if path.suffix not in _CODE_SUFFIXES or path == Path(__file__).resolve():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for doc, section in _SECTION.findall(line):
                target = ROOT / doc
                if not target.exists() or _slug(section) not in _anchors(target):
                    wrong.append(f"{path.relative_to(ROOT)}:{number}: {doc} has no section {section!r}")
    assert not wrong, "\n".join(wrong)


def test_web_readme_names_every_file_at_webs_root() -> None:
    text = (ROOT / "web" / "README.md").read_text(encoding="utf-8")
    unnamed = [p.name for p in (ROOT / "web").iterdir()
               if p.is_file() and p.name != "README.md" and f"`{p.name}`" not in text]
    assert not unnamed, f"web/README.md says what sits at web/'s root, but not {unnamed}"


def test_the_readme_links_every_document() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8").split("## Read more", 1)[1]
    linked = set(re.findall(r"^\| \[[^\]]+\]\((docs/[\w-]+\.md)\)", readme, flags=re.MULTILINE))
    assert linked == {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")}


def test_every_benchmark_is_in_testings_table() -> None:
    import build

    table = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8").split("## The benchmarks")[1]
    listed = re.findall(r"^\| `python -m (bench\.\w+)`", table, flags=re.MULTILINE)
    assert sorted(listed) == sorted(build.bench_modules()), "docs/testing.md's table of bench/"


def test_every_node_version_named_is_package_jsons() -> None:
    wanted = json.loads((ROOT / "package.json").read_text())["engines"]["node"]
    minimum = wanted.removeprefix(">=")
    where = [*DOCS, ROOT / "build.py", *(ROOT / "tools").glob("*.py"), *(ROOT / "bench").glob("*.py")]
    claims = [(f"{path.relative_to(ROOT)}:{number}", m.group(1)) for path in where
              for number, line in enumerate(path.read_text().splitlines(), 1)
              for m in re.finditer(r"\bNode(?:\.js)? (\d+(?:\.\d+)*)", line)]
    assert claims, "no document says which Node the build needs"
    wrong = [f"{where}: Node {version}" for where, version in claims
             if not (minimum + ".").startswith(version + ".")]
    assert not wrong, f"package.json wants Node {wanted}, but: {wrong}"
