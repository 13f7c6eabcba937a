// One box's start: the files it may ask for are answered, anything else ends it as refused,
// a start that takes too long counts as dead, and only a ready box takes a run.
import { test } from "node:test";
import assert from "node:assert/strict";
import { startPythonBox } from "../../../web/learn/python-box.js";
import { fileProvider, startFiles } from "../../../web/learn/sandbox-files.js";
import { tick } from "../helpers.mjs";

const MANIFEST = {
  snapshot: { file: "snapshot-1.bin.gz" },
  compressed: { "pyodide.asm.wasm": "pyodide.asm.wasm.zst", "python_stdlib.zip": "python_stdlib-trimmed.zip.zst" },
  bytecode: { stdlib: "python_stdlib-pyc.zip" },
  package: "knight_py-0.1.0.zip",
};

function boxWith({ provide = async () => new ArrayBuffer(3) } = {}) {
  const said = [];
  const posted = [];
  let timer = null;
  let handlers = null;
  const sandbox = { closed: false, post: (m, t) => posted.push([m, t]), stop() {}, close() { this.closed = true; } };
  const box = startPythonBox({
    open: (events) => { handlers = events; return sandbox; },
    files: { allowed: startFiles(MANIFEST), provide },
    handlers: { ready: () => said.push("ready"), message: (m) => said.push(m), death: (r) => said.push(`death:${r}`), refused: (r) => said.push(`refused:${r}`) },
    setTimer: (fn) => { timer = fn; return 1; },
    clearTimer: () => { timer = null; },
  });
  return { box, said, posted, sandbox, say: (m) => handlers.onMessage(m), fire: () => timer?.() };
}

test("the start files build.json names, and no others", () => {
  const names = startFiles(MANIFEST);
  for (const name of ["build.json", "snapshot-1.bin.gz", "pyodide.asm.wasm", "pyodide.asm.wasm.zst", "python_stdlib-pyc.zip", "knight_py-0.1.0.zip"]) assert.ok(names.has(name), name);
  for (const name of ["index.html", "app.js", "service-worker.mjs", "learn-worker.js"]) assert.ok(!names.has(name), name);
  assert.ok(!startFiles({ snapshot: { file: "../x" } }).has("../x"));
});

test("a copy is answered decoded when the service worker keeps the file itself", async () => {
  const asked = [];
  const provide = fileProvider(MANIFEST, {
    fetchFile: async (name) => (asked.push(name), { ok: true, arrayBuffer: async () => new ArrayBuffer(name.length) }),
    isKept: async (name) => name === "pyodide.asm.wasm",
  });
  assert.equal((await provide("pyodide.asm.wasm.zst")).byteLength, "pyodide.asm.wasm".length);
  assert.equal((await provide("python_stdlib-trimmed.zip.zst")).byteLength, "python_stdlib-trimmed.zip.zst".length);
  assert.deepEqual(asked, ["pyodide.asm.wasm", "python_stdlib-trimmed.zip.zst"]);
  const failing = fileProvider(MANIFEST, { fetchFile: async () => { throw new Error("offline"); }, isKept: async () => false });
  assert.equal(await failing("build.json"), null);
  let fetched = 0;
  const absent = fileProvider(MANIFEST, { fetchFile: async () => (fetched++, { ok: false, status: 404 }), isKept: async () => false });
  assert.equal(await absent("snapshot-1.bin.gz"), null);
  assert.equal(await absent("snapshot-1.bin.gz"), null);
  assert.equal(fetched, 1); // a file the site has not got is asked for once a visit
});

test("asked files are answered; ready hands the box over; a run goes once", async () => {
  const { box, said, posted, say } = boxWith();
  say({ type: "need", name: "build.json" });
  await tick();
  assert.equal(posted.length, 1);
  assert.equal(posted[0][0].name, "build.json");
  assert.equal(posted[0][1].length, 1); // the bytes are transferred
  assert.equal(box.run({ type: "run" }), false); // not ready yet
  say({ type: "ready" });
  assert.deepEqual(said, ["ready"]);
  assert.equal(box.run({ type: "run" }), true);
  assert.equal(box.run({ type: "run" }), false);
  say({ type: "chunk" });
  assert.deepEqual(said[1], { type: "chunk" }); // a run's messages go on, for the session to check
});

test("out of turn, a second request, an unknown file: refused and closed", () => {
  for (const message of [{ type: "need", name: "index.html" }, { type: "chunk" }, "ready", { type: "need", name: 5 }]) {
    const { said, sandbox, say } = boxWith();
    say(message);
    assert.equal(said.length, 1);
    assert.match(said[0], /^refused:/);
    assert.ok(sandbox.closed);
  }
  const twice = boxWith();
  twice.say({ type: "need", name: "build.json" });
  twice.say({ type: "need", name: "build.json" });
  assert.match(twice.said[0], /refused:a second request/);
  const idle = boxWith();
  idle.say({ type: "ready" });
  idle.say({ type: "chunk" }); // ready, no run asked: nothing may come
  assert.match(idle.said[1], /^refused:/);
});

test("a start past its time limit, or a failed one, is a death", () => {
  const slow = boxWith();
  slow.fire();
  assert.deepEqual(slow.said, ["death:start"]);
  assert.ok(slow.sandbox.closed);
  const failed = boxWith();
  failed.say({ type: "failed" });
  assert.deepEqual(failed.said, ["death:failed"]);
});
