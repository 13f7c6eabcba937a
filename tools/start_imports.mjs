// Which entries of a bytecode zip (tools/bytecode.mjs) the page's plain start imports:
// Pyodide started with the zip as its standard library, then the solver worker's own
// import (knight_py.page), then what appending the rest to the zip reads it with
// (web/solver/later-modules.mjs: zipfile, whose names need the cp437 codec). Prints one
// line of JSON: the zip's entry names of every module imported, sorted. tools/bytecode.py
// splits the zip on it: what the start imports comes first, the rest once Python has
// started.
//
//   node tools/start_imports.mjs PYODIDE_DIR ZIP MODULE

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, zip, module] = process.argv.slice(2);
if (!pyodideDir || !zip || !module) {
  console.error("usage: node tools/start_imports.mjs PYODIDE_DIR ZIP MODULE");
  process.exit(2);
}
readFileSync(zip); // a missing zip fails here, with its name, not inside Pyodide's start
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const quiet = () => {};
const pyodide = await loadPyodide({ stdLibURL: resolve(zip), stdout: quiet, stderr: quiet });
pyodide.globals.set("MODULE", module);
const names = pyodide.runPython(`
import importlib, json, sys
importlib.import_module(MODULE)
stdlib = next(p for p in sys.path if p.endswith(".zip"))
import zipfile
zipfile.ZipFile(stdlib).namelist()
prefix = stdlib + "/"
json.dumps(sorted(
    m.__file__.removeprefix(prefix)
    for m in list(sys.modules.values())
    if isinstance(getattr(m, "__file__", None), str) and m.__file__.startswith(prefix)
))
`);
console.log(names);
