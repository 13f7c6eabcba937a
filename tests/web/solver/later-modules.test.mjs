import { test } from "node:test";
import assert from "node:assert/strict";
import { LATER_WAIT_MS, appendLater, laterModules } from "../../../web/solver/later-modules.mjs";

/** A Pyodide stand-in: its file system keeps what is written; its Python's append
 * function records each call, or throws `fails` (as a PythonError would, traceback first). */
function fakePyodide({ fails = "" } = {}) {
  const files = new Map();
  const appended = [];
  let destroyed = 0;
  return {
    files,
    appended,
    get destroyed() {
      return destroyed;
    },
    FS: { writeFile: (path, bytes) => files.set(path, bytes) },
    runPython: (code) => {
      assert.match(code, /zipfile\.ZipFile\(stdlib, "a"\)/, "appends to the standard library's zip");
      const append = (path) => {
        if (fails) throw new Error(`Traceback (most recent call last):\n  File "<exec>", line 5\n${fails}\n`);
        appended.push([path, files.get(path)]);
      };
      append.destroy = () => destroyed++;
      return append;
    },
  };
}

/** Timers that fire only when `fire()` says. */
function manualTimers() {
  const timers = new Map();
  let next = 1;
  return {
    setTimer: (fn, ms) => (timers.set(next, { fn, ms }), next++),
    clearTimer: (id) => timers.delete(id),
    fire: () => [...timers.values()].forEach(({ fn }) => fn()),
    get pending() {
      return [...timers.values()].map(({ ms }) => ms);
    },
  };
}

test("the later bytes are written to Python's file system and appended, as bytes", () => {
  const pyodide = fakePyodide();
  appendLater(pyodide, new Uint8Array([1, 2, 3]).buffer);
  assert.equal(pyodide.appended.length, 1);
  const [path, bytes] = pyodide.appended[0];
  assert.ok(path.endsWith(".zip"));
  assert.ok(bytes instanceof Uint8Array);
  assert.deepEqual([...bytes], [1, 2, 3]);
  assert.equal(pyodide.destroyed, 1, "the Python function's proxy is let go");
});

test("laterModules resolves to an empty reason once the bytes are appended, and clears its timer", async () => {
  const pyodide = fakePyodide();
  const timers = manualTimers();
  const why = await laterModules(pyodide, Promise.resolve(new Uint8Array([9])), timers);
  assert.equal(why, "");
  assert.equal(pyodide.appended.length, 1);
  assert.deepEqual(timers.pending, [], "no timer left behind");
});

test("bytes that never come give a reason at the time limit, and nothing is appended", async () => {
  const pyodide = fakePyodide();
  const timers = manualTimers();
  const waiting = laterModules(pyodide, new Promise(() => {}), timers);
  assert.deepEqual(timers.pending, [LATER_WAIT_MS]);
  timers.fire();
  assert.match(await waiting, /did not come within 20 s/);
  assert.equal(pyodide.appended.length, 0);
});

test("a failed download and a zip Python refuses each give their own last line, never a rejection", async () => {
  const refused = await laterModules(fakePyodide(), Promise.reject(new Error("python_stdlib-later-pyc.zip: HTTP 404")), manualTimers());
  assert.equal(refused, "the later bytecode: python_stdlib-later-pyc.zip: HTTP 404");
  const broken = await laterModules(fakePyodide({ fails: "zipfile.BadZipFile: File is not a zip file" }), Promise.resolve(new Uint8Array(4)), manualTimers());
  assert.equal(broken, "the later bytecode: zipfile.BadZipFile: File is not a zip file");
  const long = await laterModules(fakePyodide({ fails: "x".repeat(5000) }), Promise.resolve(new Uint8Array(4)), manualTimers());
  assert.ok(long.length < 260, "cut short");
});
