"""The precompiled bytecode (tools/bytecode.py, run by build.py): .pyc files where the
.py files were, made by the pinned Pyodide once per input, and never a reason for the
build to fail."""

from __future__ import annotations

import importlib.util
import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

import build
from tests.node_scripts import failing_node_script
from tools import bytecode, compress, site
from tools.project import PYODIDE


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The bytecode cache in a temporary folder (the real one stays as it is)."""
    monkeypatch.setattr(bytecode, "BYTECODE_CACHE", tmp_path / "cache")
    return tmp_path / "cache"


def source_zip(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("pkg/__init__.py", "from .mod import twice\n")
        zf.writestr("pkg/mod.py", "def twice(x):\n    return 2 * x\n")
        zf.writestr("pkg/py.typed", "")
    return path


def test_each_module_becomes_a_sourceless_unchecked_pyc_of_pyodides_python(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = source_zip(tmp_path / "src.zip")
    target = tmp_path / "out" / "pyc.zip"
    made = bytecode.bytecode_zips([(source, target, "site")])
    assert made == {source: target}
    with zipfile.ZipFile(target) as zf:
        assert sorted(zf.namelist()) == ["pkg/__init__.pyc", "pkg/mod.pyc", "pkg/py.typed"]
        headers = [zf.read(name)[:16] for name in ("pkg/__init__.pyc", "pkg/mod.pyc")]
        assert all(info.compress_type == zipfile.ZIP_STORED for info in zf.infolist())
    magics = {header[:4] for header in headers}
    assert len(magics) == 1 and headers[0][2:4] == b"\r\n"
    if sys.version_info[:2] != (3, 14):  # Pyodide's Python, not the machine's
        assert magics != {importlib.util.MAGIC_NUMBER}
    # Hash-based and unchecked: nothing compares them with a source or a timestamp.
    assert all(int.from_bytes(header[4:8], "little") == 0b01 for header in headers)

    # Made once: the same input again is copied from the cache without Node.
    def no_node(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("node ran although the inputs did not change")

    monkeypatch.setattr(subprocess, "run", no_node)
    again = tmp_path / "again.zip"
    assert bytecode.bytecode_zips([(source, again, "site")]) == {source: again}
    assert again.read_bytes() == target.read_bytes()
    assert bytecode.bytecode_key(source, "stdlib") != bytecode.bytecode_key(source, "site")


def test_docstrings_are_dropped_and_asserts_and_other_strings_kept(tmp_path: Path, cache: Path) -> None:
    # The machine's Python cannot unmarshal Pyodide's bytecode, so the strings are looked
    # for in its bytes: a code object holds its constants' text as it is.
    source = tmp_path / "doc.zip"
    module = (
        '"""MODULE_DOC_MARK"""\n'
        "from __future__ import annotations\n"
        "def f(x):\n"
        '    """FUNCTION_DOC_MARK"""\n'
        '    assert x, "ASSERT_MARK"\n'
        '    return "VALUE_MARK"\n'
        "class OnlyDoc:\n"
        '    """CLASS_DOC_MARK"""\n'
    )
    with zipfile.ZipFile(source, "w") as zf:
        zf.writestr("pkg/__init__.py", module)
        zf.writestr("pyodide/__init__.py", module)  # Pyodide's own: its docstrings are read
    target = tmp_path / "out.zip"
    assert bytecode.bytecode_zips([(source, target, "stdlib")]) == {source: target}
    with zipfile.ZipFile(target) as zf:
        stripped, kept = zf.read("pkg/__init__.pyc"), zf.read("pyodide/__init__.pyc")
    for mark in (b"MODULE_DOC_MARK", b"FUNCTION_DOC_MARK", b"CLASS_DOC_MARK"):
        assert mark not in stripped and mark in kept
    assert b"ASSERT_MARK" in stripped and b"VALUE_MARK" in stripped


def test_the_standard_librarys_frozen_modules_are_left_out(tmp_path: Path, cache: Path) -> None:
    # os and codecs are frozen into Pyodide's Python: its frozen finder comes first, so a
    # copy in the standard library's zip is never read. A package's own os.py is kept.
    source = tmp_path / "std.zip"
    with zipfile.ZipFile(source, "w") as zf:
        for name in ("os.py", "codecs.py", "importlib/_bootstrap.py", "json/__init__.py"):
            zf.writestr(name, "X = 1\n")
    stdlib, site = tmp_path / "stdlib.zip", tmp_path / "site.zip"
    assert bytecode.bytecode_zips([(source, stdlib, "stdlib")]) == {source: stdlib}
    assert bytecode.bytecode_zips([(source, site, "site")]) == {source: site}
    with zipfile.ZipFile(stdlib) as zf:
        assert zf.namelist() == ["json/__init__.pyc"]
    with zipfile.ZipFile(site) as zf:
        assert len(zf.namelist()) == 4


def test_a_failed_compile_leaves_a_site_that_starts_from_source(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = failing_node_script(tmp_path, "no compiler here")
    monkeypatch.setattr(bytecode, "BYTECODE_SCRIPT", script)
    dist = build.assemble(tmp_path / "dist")
    manifest = json.loads((dist / "build.json").read_text())
    assert manifest["bytecode"] is None
    assert "no bytecode (node exited with 1: no compiler here)" in capsys.readouterr().out
    assert not list(dist.glob("*-pyc.zip*"))
    assert not any("-pyc" in name for name in manifest["compressed"].values())
    # The worker's bundle names no bytecode: it starts from source at once.
    assert "-pyc.zip" not in (dist / "worker.mjs").read_text()
    assert "-pyc.zip" in (build.DIST / "worker.mjs").read_text(), "the real build names it"
    # The source zips are there, and the whole site is.
    assert manifest["compressed"]["python_stdlib.zip"] in manifest["files"]
    assert manifest["package"] in manifest["files"]
    assert all((dist / name).is_file() for name in manifest["files"])
    assert not list(cache.glob("*.part")), "no half-written zip is kept"


def test_merged_zips_hold_every_entry_sorted_and_refuse_a_name_twice(tmp_path: Path) -> None:
    first, second = tmp_path / "a.zip", tmp_path / "b.zip"
    with zipfile.ZipFile(first, "w") as zf:
        zf.writestr("zz.pyc", b"Z")
        zf.writestr("json/__init__.pyc", b"J")
    with zipfile.ZipFile(second, "w") as zf:
        zf.writestr("pkg/mod.pyc", b"M")
    target = bytecode.merge_zips([first, second], tmp_path / "out.zip")
    with zipfile.ZipFile(target) as zf:
        assert zf.namelist() == ["json/__init__.pyc", "pkg/mod.pyc", "zz.pyc"]
        assert zf.read("pkg/mod.pyc") == b"M" and zf.read("zz.pyc") == b"Z"
        assert all(info.compress_type == zipfile.ZIP_STORED for info in zf.infolist())
    again = bytecode.merge_zips([second, first], tmp_path / "again.zip")
    assert again.read_bytes() == target.read_bytes(), "the same parts, the same bytes"
    with pytest.raises(ValueError, match=r"pkg/mod\.pyc"):
        bytecode.merge_zips([second, second], tmp_path / "twice.zip")


def test_the_builds_standard_library_bytecode_holds_the_package() -> None:
    """The plain start imports knight_py from the standard library's zip: every module of
    the package is there as .pyc, compiled as imported from that zip, and the build ships
    no zip of the package's bytecode beside it (one download less, nothing to unpack)."""
    manifest = json.loads((build.DIST / "build.json").read_text())
    assert manifest["bytecode"]["stdlib"] == site.BYTECODE_STDLIB, manifest["bytecode"]
    assert not list(build.DIST.glob("knight_py-*-pyc.zip*"))
    assert not [name for name in manifest["files"] if name.startswith("knight_py") and "pyc" in name]
    entries: dict[str, bytes] = {}
    for part in manifest["bytecode"].values():  # what the start imports, and the rest
        zst = manifest["compressed"][part]
        assert zst.endswith(".zst")
        with zipfile.ZipFile(io.BytesIO(compress.decompressed((build.DIST / zst).read_bytes()))) as zf:
            entries |= {name: zf.read(name) for name in zf.namelist()}
    names = set(entries)
    modules = [p.relative_to(build.ROOT).as_posix() for p in site.package_files() if p.suffix == ".py"]
    assert modules and {name + "c" for name in modules} <= names
    assert "knight_py/page.pyc" in names, "the solver worker's module"
    # The command line never runs in the page: neither it nor its argparse is fetched.
    assert not {"knight_py/cli.pyc", "knight_py/__main__.pyc", "argparse.pyc", "gettext.pyc"} & names
    assert not any(name.startswith("knight_py/cases") for name in names), "the tests' own"
    assert "json/__init__.pyc" in names, "the standard library's own modules are there too"
    assert not any(name.endswith(".py") for name in names)
    # The file its code names is in the zip on sys.path, where it is imported from.
    assert b"/lib/python314.zip/knight_py/solver.py" in entries["knight_py/solver.pyc"]


def pyodide_probe(template: str, **values: str) -> dict[str, Any]:
    """Run the Node script `template` (an ES module; %(pyodide)s is Pyodide's module,
    %(index)s its folder, and each of `values` by its name, all as JSON strings) and
    return the JSON of its last line."""
    script = template % {
        "pyodide": json.dumps((PYODIDE / "pyodide.mjs").as_uri()),
        "index": json.dumps(str(PYODIDE) + "/"),
        **{name: json.dumps(value) for name, value in values.items()},
    }
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=120, cwd=build.ROOT
    )
    assert done.returncode == 0, done.stderr[-2000:]
    facts: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return facts


# Run by Pyodide's own Python in Node: the machine's Python cannot read 3.14's bytecode.
LINES_PROBE = """
import { loadPyodide } from %(pyodide)s;
const py = await loadPyodide({ indexURL: %(index)s, stdLibURL: %(zip)s, stdout: () => {}, stderr: () => {} });
console.log(py.runPython(`
import json, sys, traceback
from knight_py import board
def line_of_raise(call):
    try:
        call()
    except Exception as exc:
        tb = exc.__traceback__
        while tb.tb_next:
            tb = tb.tb_next
        return tb.tb_lineno, "".join(traceback.format_exception(exc))
    raise AssertionError("no exception")
stdlib_line, stdlib_text = line_of_raise(lambda: json.loads("{x"))
package_line, package_text = line_of_raise(lambda: board.Board.create(8, 8, rule="bishop"))
events = []
def trace(frame, event, arg):
    events.append((frame.f_code.co_filename, event, frame.f_lineno))
    return trace
sys.settrace(trace)
json.dumps([1, {"a": 2}])
sys.settrace(None)
json.dumps({"stdlib_line": stdlib_line, "stdlib_text": stdlib_text, "package_line": package_line,
            "package_text": package_text, "events": events})
`));
"""


def test_only_the_packages_own_modules_keep_their_line_numbers() -> None:
    """The standard library's bytecode has no line numbers (16% of its Zstandard copy), and
    Python still reports and traces through it: a traceback says "line None" there, and
    gives the package's own lines as they are."""
    zst = json.loads((build.DIST / "build.json").read_text())["compressed"][site.BYTECODE_STDLIB]
    pyc = build.ROOT / "build" / "lines-probe.zip"
    pyc.write_bytes(compress.decompressed((build.DIST / zst).read_bytes()))
    facts = pyodide_probe(LINES_PROBE, zip=str(pyc))
    assert facts["stdlib_line"] is None
    assert 'json/decoder.py", line None, in raw_decode' in facts["stdlib_text"]
    assert isinstance(facts["package_line"], int) and facts["package_line"] > 1
    # The rule is refused in the package's own code (board.py or the leaper's module).
    assert re.search(rf'knight_py/\w+\.py", line {facts["package_line"]}\b', facts["package_text"])
    events = facts["events"]
    assert {event for _, event, _ in events} >= {"call", "return"}
    assert not [e for e in events if e[1] == "line"], "no line events where there are no lines"
    assert all(line is None for _, _, line in events)


SPLIT_PROBE = """
import { readFileSync } from "node:fs";
import { loadPyodide } from %(pyodide)s;
import { appendLater } from %(later_modules)s;
const py = await loadPyodide({ indexURL: %(index)s, stdLibURL: %(first)s, stdout: () => {}, stderr: () => {} });
const imports = (names) => py.runPython(`
import importlib, json
def imported(name):
    try:
        importlib.import_module(name)
        return True
    except ModuleNotFoundError:
        return False
json.dumps([imported(name) for name in ${JSON.stringify(names)}])
`);
const start = imports(["knight_py.page"]);
const late = ["knight_py.construct", "knight_py.search.sweep", "knight_py.learn.tracer", "encodings.idna"];
const before = imports(late);
appendLater(py, readFileSync(%(later)s));
const after = imports(late);
const solved = py.runPython("from knight_py import solve; len(solve(30, 30, 'a1', method='construct').path)");
console.log(JSON.stringify({ start: JSON.parse(start), before: JSON.parse(before), after: JSON.parse(after), solved }));
"""


def test_the_bytecode_is_split_where_the_plain_start_stops_importing() -> None:
    """What the solver worker's start imports comes before Python is ready, the rest after:
    no module in both, and once the rest is appended (web/solver/later-modules.mjs) every
    module imports, a package split between the two (knight_py.search) included."""
    manifest = json.loads((build.DIST / "build.json").read_text())
    assert manifest["bytecode"] == {"stdlib": site.BYTECODE_STDLIB, "later": site.BYTECODE_LATER}
    parts = {}
    for key, name in manifest["bytecode"].items():
        zst = manifest["compressed"][name]
        assert zst in manifest["files"], "the copy is listed, so the service worker keeps it"
        path = build.ROOT / "build" / f"split-probe-{key}.zip"
        path.write_bytes(compress.decompressed((build.DIST / zst).read_bytes()))
        parts[key] = path
    with zipfile.ZipFile(parts["stdlib"]) as first, zipfile.ZipFile(parts["later"]) as later:
        early, late = set(first.namelist()), set(later.namelist())
    assert not early & late
    assert {"knight_py/page.pyc", "knight_py/solver.pyc", "encodings/cp437.pyc"} <= early
    assert {"knight_py/construct/__init__.pyc", "knight_py/learn/tracer.pyc"} <= late
    assert all(name.endswith(".pyc") for name in late)
    facts = pyodide_probe(
        SPLIT_PROBE,
        later_modules=(build.WEB / "solver" / "later-modules.mjs").as_uri(),
        first=str(parts["stdlib"]),
        later=str(parts["later"]),
    )
    assert facts["start"] == [True]
    assert facts["before"] == [False] * 4, "not there before the append"
    assert facts["after"] == [True] * 4
    assert facts["solved"] == 900
