// The bytecode the plain start does not import (build.json's bytecode.later: the
// constructions, holes, Learn's modules, Pyodide's console and http; tools/site.py
// BYTECODE_LATER). It is fetched once the start's own downloads are whole, while Python
// starts on the CPU and the link would be idle, and appended to the standard library's zip
// in Python's file system, so every module is then where Python looks for it: a package
// split between the two (knight_py.search) needs no second path. 0.1 MB less before
// Python is ready. Each request of the worker waits for it (at most LATER_WAIT_MS).

/** How long the later bytecode may take to come and be appended, in ms. */
export const LATER_WAIT_MS = 20_000;

/** Where the later zip is written before Python appends it to the standard library's. */
const LATER_PATH = "/tmp/later-bytecode.zip";

// Appends every entry of the later zip that the standard library's zip has not got, then
// drops zipimport's cached listing of it: the next import reads the new one, through any
// zipimporter of that zip (sys.path's, or a package's). Modules already imported are not
// read again. Not importlib.invalidate_caches(): it imports importlib.metadata, which is
// in the later part itself.
const APPEND = `
def _append_later(path):
    import os, sys, zipfile, zipimport
    stdlib = next(p for p in sys.path if p.endswith(".zip"))
    with zipfile.ZipFile(path) as later, zipfile.ZipFile(stdlib, "a") as whole:
        have = set(whole.namelist())
        for info in later.infolist():
            if info.filename not in have:
                whole.writestr(info, later.read(info))
    os.remove(path)
    zipimport._zip_directory_cache.pop(stdlib, None)
_append_later
`;

/**
 * Append the zip `bytes` (an ArrayBuffer or Uint8Array) to the standard library's zip of
 * `pyodide`; throws on a zip Python cannot read.
 */
export function appendLater(pyodide, bytes) {
  pyodide.FS.writeFile(LATER_PATH, bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  const append = pyodide.runPython(APPEND);
  try {
    append(LATER_PATH);
  } finally {
    append.destroy();
  }
}

/**
 * Resolves, never rejects, once the later bytecode is in `pyodide` ("") or could not be
 * ("the later bytecode: why"): `bytes` is its download (a promise of the bytes). Waits
 * at most `waitMs`; a download that comes after that is not appended.
 */
export function laterModules(pyodide, bytes, { waitMs = LATER_WAIT_MS, setTimer = setTimeout, clearTimer = clearTimeout } = {}) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimer(() => resolve(null), waitMs);
  });
  return Promise.race([Promise.resolve(bytes), late])
    .then((got) => {
      if (got === null) return `the later bytecode did not come within ${Math.round(waitMs / 1000)} s`;
      appendLater(pyodide, got);
      return "";
    })
    .catch((err) => `the later bytecode: ${lastLine(err).slice(0, 200)}`)
    .finally(() => clearTimer(timer));
}

/** An error's last line: a Python error's own words come after its traceback. */
function lastLine(err) {
  const lines = String(err?.message || err).split("\n").filter((line) => line.trim());
  return lines.at(-1) || "";
}
