// Compiles zips of Python source to zips of bytecode with the pinned Pyodide itself, so
// that the browser's Python imports them without compiling (see README, "Start-up and
// offline"). Python's own compiler in the machine's CPython would not do: a .pyc holds
// the magic number of the Python that wrote it (Pyodide runs 3.14; this machine may not).
//
//   node tools/bytecode.mjs PYODIDE_DIR IN_ZIP OUT_ZIP WHERE [IN_ZIP OUT_ZIP WHERE ...]
//
// Every `name.py` of IN_ZIP becomes `name.pyc` in OUT_ZIP (no source beside it; zipimport
// and the file system's finder both import a sourceless .pyc placed where the .py was):
// unchecked hash-based pycs, so nothing compares them with a source or a timestamp.
// Without docstrings (their __doc__ is None, as under -OO; asserts stay): no one reads
// them in the browser, and they are 0.22 MB of the 1.34 MB gzipped. Pyodide's own
// packages keep theirs. Modules this Python has frozen (os, site, codecs, ...) are left
// out of the standard library's zip: the frozen copy is always imported first (0.11 MB).
// Other entries are copied. WHERE says where the browser's Python imports the zip's
// names from: "stdlib" (the standard library's zip on sys.path, /lib/python314.zip) or
// "site" (site-packages, where the package is unpacked); that folder is kept in the code
// objects as their file names, as a compile from source there would. Entries are stored, not
// deflated, with fixed timestamps: the same input gives the same bytes, and gzip over the
// whole file compresses better. Prints one line of JSON: {magic, python, files}.

import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, ...jobs] = process.argv.slice(2);
if (!pyodideDir || jobs.length === 0 || jobs.length % 3 !== 0) {
  console.error("usage: node tools/bytecode.mjs PYODIDE_DIR IN_ZIP OUT_ZIP stdlib|site [IN_ZIP OUT_ZIP stdlib|site ...]");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const quiet = () => {};
// -X no_debug_ranges: the code keeps its line numbers but not the columns that a
// traceback's ^^^ marks come from; no one sees those here, and the standard library's
// bytecode is 23% smaller gzipped without them (1.51 MB -> 1.16 MB). Only the package's
// own modules keep even their line numbers (KEEP_LINES): the rest's line tables are 12%
// of the Zstandard copy (766,075 -> 671,591 bytes), 0.08 s of a first visit on fast 4G,
// and nothing in the page reads a line of the standard library's.
const pyodide = await loadPyodide({ args: ["-X", "no_debug_ranges"], stdout: quiet, stderr: quiet });

const compileZip = pyodide.runPython(`
import _imp, ast, importlib.util, sys, sysconfig, types, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

FOLDERS = {
    "stdlib": next(p for p in sys.path if p.endswith(".zip")) + "/",
    "site": sysconfig.get_path("purelib") + "/",
}

# Pyodide's own packages read docstrings to describe JavaScript's objects to Python.
KEEP_DOCSTRINGS = ("pyodide/", "_pyodide/")
DEFINITIONS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)

def is_docstring(statement):
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )

def drop_docstrings(tree):
    """What -OO drops of the docstrings (each __doc__ is None), and no more: asserts and
    __debug__ stay. A body that was only a docstring becomes pass, on its line."""
    for node in ast.walk(tree):
        if isinstance(node, DEFINITIONS) and node.body and is_docstring(node.body[0]):
            if len(node.body) == 1:
                node.body[0] = ast.copy_location(ast.Pass(), node.body[0])
            else:
                del node.body[0]

# The package's own code keeps its line numbers: a traceback of a bug in it names the
# line. Everything else (the standard library, Pyodide's packages) keeps none.
KEEP_LINES = ("knight_py/",)

def no_locations(code):
    """A line table that gives every instruction of \`code\` no location: one byte per 8
    code units (PEP 626's format, entry kind 15), where a real table takes 2-4 bytes per
    line. An empty table would not do: the traceback module reads a position for each
    instruction of a frame, and raised StopIteration on it."""
    units, table = len(code.co_code) // 2, bytearray()
    while units:
        run = min(8, units)
        table.append(0x80 | (15 << 3) | (run - 1))
        units -= run
    return bytes(table)

def without_lines(code):
    """\`code\` and the code objects inside it with no line numbers: Python then has no
    line for them (a frame's f_lineno is None, a trace function gets no line events); the
    exception table, which handlers need, stays."""
    consts = tuple(without_lines(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=no_locations(code), co_consts=consts)

# importlib's two bootstrap modules are frozen under other names; importlib/__init__.py
# puts the frozen ones in sys.modules under these.
FROZEN_AS = {
    "importlib._bootstrap": "_frozen_importlib",
    "importlib._bootstrap_external": "_frozen_importlib_external",
}

def is_frozen_here(name):
    """Whether this Python imports the module of the file name from its frozen copy
    (os, site, codecs, ...: frozen finders come first), so the zip's copy is never read."""
    if not name.endswith(".py"):
        return False
    module = name[:-3].removesuffix("/__init__").replace("/", ".")
    return _imp.is_frozen(FROZEN_AS.get(module, module))

def compile_zip(source, target, where):
    prefix = FOLDERS[where]
    count = 0
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as zout:
        for entry in sorted(zin.infolist(), key=lambda e: e.filename):
            data, name = zin.read(entry), entry.filename
            if where == "stdlib" and is_frozen_here(name):
                continue
            if name.endswith(".py"):
                tree = ast.parse(data, prefix + name)
                if not name.startswith(KEEP_DOCSTRINGS):
                    drop_docstrings(tree)
                # optimize=0: asserts stay, as in a start from source.
                code = compile(tree, prefix + name, "exec", dont_inherit=True, optimize=0)
                if not name.startswith(KEEP_LINES):
                    code = without_lines(code)
                data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
                name += "c"
                count += 1
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            zout.writestr(info, data)
    return count

compile_zip
`);

const files = [];
for (let i = 0; i < jobs.length; i += 3) {
  const [source, target, where] = jobs.slice(i, i + 3);
  // A Node Buffer is not a typed array that Pyodide's file system takes as it is.
  pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(source)));
  files.push(compileZip("/tmp/in.zip", "/tmp/out.zip", where));
  writeFileSync(target, pyodide.FS.readFile("/tmp/out.zip"));
}
const magic = pyodide.runPython("import importlib.util; importlib.util.MAGIC_NUMBER.hex()");
const python = pyodide.runPython("import sys; '.'.join(map(str, sys.version_info[:3]))");
console.log(JSON.stringify({ magic, python, files }));
