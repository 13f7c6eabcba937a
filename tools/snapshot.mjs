// Makes the page's Pyodide memory snapshot: the wasm heap of a Pyodide that has
// unpacked knight_py, imported every module of it and run one small solve, so that the
// browser can skip Python's start-up and imports (see README, "Memory snapshot").
//
//   node tools/snapshot.mjs PYODIDE_DIR PACKAGE_ARCHIVE FORMAT OUT_FILE
//
// FORMAT is unpackArchive's ("zip" or "wheel"). Writes the raw snapshot to OUT_FILE and
// prints one line of JSON: {bytes, heapBytes, initialHeapBytes, modules, stdlib}; `stdlib`
// lists the files of python_stdlib.zip that Python imported on the way (its start, the
// package, every command the worker runs), from which the build makes the trimmed
// standard library a plain start downloads (tools/stdlib.py). Exits non-zero
// with a message when no usable snapshot can be made; build.py then ships the site
// without one. Uses Pyodide's private `_makeSnapshot` option: the version is pinned in
// package-lock.json and the page falls back to a plain start whenever restoring fails.

import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, archivePath, format, outFile] = process.argv.slice(2);
if (!outFile) {
  console.error("usage: node tools/snapshot.mjs PYODIDE_DIR PACKAGE_ARCHIVE FORMAT OUT_FILE");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
// Python's own output would mix with the JSON line build.py reads.
const quiet = () => {};
const pyodide = await loadPyodide({ _makeSnapshot: true, stdout: quiet, stderr: quiet });
const initialHeapBytes = pyodide._module.HEAP8.length;

// A Node Buffer is refused by unpackArchive ("Unknown typed array type 'Buffer'").
const archive = new Uint8Array(readFileSync(archivePath));
const site = pyodide.runPython("import sys; f'/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages'");
pyodide.unpackArchive(archive, format, { extractDir: site });

// Everything is imported now: the restored heap has the modules, but the restored file
// system is empty, so a module imported later (lazily) would not be found.
const modules = pyodide.runPython(`
import importlib, pkgutil
import knight_py
names = ["knight_py"]
for info in pkgutil.walk_packages(knight_py.__path__, "knight_py."):
    if info.name.rsplit(".", 1)[-1] != "__main__":
        importlib.import_module(info.name)
        names.append(info.name)
# One small solve and one validation warm the code paths the first request takes.
found = knight_py.solve(5, 5, "a1", method="auto")
assert found.status == "found", found
knight_py.validate(5, 5, list(found.indices))
del found
",".join(sorted(names))
`).split(",");

// What the worker's other commands and an error's traceback import (lazily, in the plain
// start): run each once, so that the list of the standard library's files below has them.
const stdlib = pyodide.runPython(`
import sys
import knight_py
import knight_py.page
knight_py.survey(5, 5, starts=["a1", "b1"])
knight_py.page.count_tours(5, 5, "a1", max_nodes=2000)
knight_py.complete(6, 6, ["a1", "b3"])
for method in knight_py.METHODS:
    knight_py.solve(6, 6, "a1", method=method, max_nodes=20000, record_events=100)
knight_py.solve(6, 6, "a1", closed=True)
try:
    knight_py.validate(5, 5, [0, 1])
except ValueError:
    import traceback
    traceback.format_exc()
zip_path = sys.path[[p.endswith(".zip") for p in sys.path].index(True)] + "/"
files = set()
for module in list(sys.modules.values()):
    origin = getattr(module, "__file__", None) or ""
    if origin.startswith(zip_path):
        files.add(origin[len(zip_path):])
",".join(sorted(files))
`).split(",");

// zipimport keeps the standard library zip's table of contents (names and offsets) in
// memory; the browser restores beside another zip (the trimmed one), so a module imported
// later would be read at this zip's offsets. Dropped, it is read again from that zip.
pyodide.runPython("import gc, zipimport; zipimport._zip_directory_cache.clear(); gc.collect()");
const heapBytes = pyodide._module.HEAP8.length;
if (heapBytes > initialHeapBytes) {
  // Restoring copies into a heap of the default size, which does not grow first
  // (pyodide issue 6254): a larger snapshot would throw RangeError in every browser.
  console.error(`the heap grew from ${initialHeapBytes} to ${heapBytes} bytes; a snapshot this large cannot be restored`);
  process.exit(1);
}
// The heap's free memory holds what Python's start left there (source text, compiled
// throwaway objects): zeroed, the file leaves those pages out and gzip shrinks the rest
// (6.7 MB -> 5.6 MB gzipped). malloc may not grow the heap meanwhile (the footprint
// limit), since a snapshot larger than the default heap cannot be restored.
zeroFreeMemory(pyodide._module);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(outFile, snapshot);
console.log(JSON.stringify({ bytes: snapshot.length, heapBytes, initialHeapBytes, modules, stdlib }));

/** Fill every free block of the heap with zeros (and the memory above the break). */
function zeroFreeMemory(module) {
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const held = [];
  for (let size = 1 << 22; size >= 16; ) {
    const at = module._malloc(size);
    if (!at) {
      size >>= 1;
      continue;
    }
    module.HEAPU8.fill(0, at, at + size);
    held.push(at);
  }
  for (const at of held) module._free(at);
  module._malloc_set_footprint_limit(0xffffffff); // no limit again
  module.HEAPU8.fill(0, module._sbrk(0) >>> 0, module.HEAPU8.length);
}
