// What the Learn sandbox may say: every chunk the real tracer makes is accepted, and each
// way a hostile program's side could bend one (lengths, parents, squares, strings, order)
// is refused, with the trace left as it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { checkChunk, checkEnded, checkEnvelope, checkNeed, NO_PARENT } from "../../../web/learn/sandbox-messages.js";
import { createTrace } from "../../../web/learn/trace.js";
import { random } from "../helpers.mjs";

const seeded = (seed) => {
  const next = random(seed);
  return { int: (n) => Math.floor(next() * n) };
};
const root = fileURLToPath(new URL("../../../", import.meta.url));

/** Chunks as the worker posts them ({id, meta (object), buffers: name -> Uint8Array}). */
function pythonChunks(program, rows, cols, start, maxSteps, chunkSteps) {
  const code = `
import base64, json, sys
from knight_py.learn import PROGRAMS, run
chunks = []
def keep(chunk):
    chunks.append({k: base64.b64encode(v).decode() for k, v in chunk.to_buffers().items()})
run(PROGRAMS[${JSON.stringify(program)}].source, ${rows}, ${cols}, (${start[0]}, ${start[1]}),
    max_steps=${maxSteps}, chunk_steps=${chunkSteps}, on_chunk=keep, slots=6)
json.dump(chunks, sys.stdout)
`;
  const out = spawnSync("python3", ["-c", code], { cwd: root, encoding: "utf8", maxBuffer: 1 << 30 });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout).map((c) => {
    const buffers = {};
    for (const [k, v] of Object.entries(c)) buffers[k] = new Uint8Array(Buffer.from(v, "base64"));
    const meta = JSON.parse(new TextDecoder().decode(buffers.meta));
    delete buffers.meta;
    return { type: "chunk", id: 1, meta, buffers };
  });
}

const expectOf = (trace) => ({ steps: trace.steps, frames: trace.frames, codes: trace.codes.length, slots: trace.slots, size: trace.rows * trace.cols, finished: trace.finished });

const CHUNKS = pythonChunks("backtrack", 5, 5, [4, 0], 60_000, 4096);
const GREEDY = pythonChunks("warnsdorff", 6, 6, [5, 0], 100_000, 512);

function acceptAll(chunks, rows, cols, start) {
  const trace = createTrace({ rows, cols, start });
  for (const chunk of chunks) {
    const checked = checkChunk(chunk, 1, expectOf(trace));
    assert.ok(checked.ok, checked.reason);
    trace.append(checked.value);
  }
  return trace;
}

test("every chunk the tracer makes is accepted, and the trace reads them", () => {
  const trace = acceptAll(CHUNKS, 5, 5, [4, 0]);
  assert.equal(trace.steps, CHUNKS.reduce((n, c) => n + c.meta.steps, 0));
  assert.ok(trace.finished);
  const greedy = acceptAll(GREEDY, 6, 6, [5, 0]);
  assert.equal(greedy.status, "done");
  assert.equal(greedy.pathAt(greedy.steps - 1).length, 36);
});

const clone = (chunk) => ({ ...chunk, meta: structuredClone(chunk.meta), buffers: Object.fromEntries(Object.entries(chunk.buffers).map(([k, v]) => [k, v.slice()])) });
const u32 = (bytes) => new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
const u16 = (bytes) => new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2);

// Each bends one thing of a chunk that has frames and board changes.
const MUTATIONS = {
  "a frame its own parent": (c, rnd) => { const p = u32(c.buffers.frame_parent); const i = rnd.int(p.length); p[i] = c.meta.first_frame + i; },
  "a frame whose parent comes later": (c, rnd) => { const p = u32(c.buffers.frame_parent); const i = rnd.int(p.length); p[i] = c.meta.first_frame + i + 1 + rnd.int(5); },
  "a column a byte short": (c, rnd) => { const names = Object.keys(c.buffers); const n = names[rnd.int(names.length)]; c.buffers[n] = c.buffers[n].length ? c.buffers[n].slice(1) : new Uint8Array(1); },
  "one step more than the columns hold": (c) => { c.meta.steps += 1; },
  "a board change off the board": (c, rnd) => { const q = u16(c.buffers.delta_square); q[rnd.int(q.length)] = 25 + rnd.int(60000); },
  "board changes out of order": (c) => { const s = u32(c.buffers.delta_step); s[s.length - 1] = s[0] - 1; },
  "an unknown kind of step": (c, rnd) => { c.buffers.events[rnd.int(c.buffers.events.length)] = 4 + rnd.int(250); },
  "a step in a frame never called": (c, rnd) => { const f = u32(c.buffers.frames); f[rnd.int(f.length)] = c.meta.first_frame + c.meta.frames_added + rnd.int(1000); },
  "a frame of an unknown function": (c) => { u16(c.buffers.frame_code)[0] = 999; },
  "a frame called before its chunk": (c) => { u32(c.buffers.frame_call)[0] = c.meta.first_step + c.meta.steps; },
  "a long function name": (c) => { c.meta.codes = [{ index: 0, name: "x".repeat(1e6), line: 1, vars: [] }]; },
  "functions out of order": (c) => { c.meta.codes = [{ index: 7, name: "f", line: 1, vars: [] }]; },
  "a variable that is not text": (c) => { c.meta.codes = [{ index: 0, name: "f", line: 1, vars: [{}] }]; },
  "more slots than the page reads": (c) => { c.meta.slots = 99; },
  "a column that is not bytes": (c) => { c.buffers.lines = Array.from(c.buffers.lines); },
  "a chunk that skips steps": (c) => { c.meta.first_step += 1; },
  "a chunk of another run": (c) => { c.id = 2; },
  "a count that is not a number": (c) => { c.meta.deltas = "12"; },
  "an unknown status": (c) => { c.meta.status = "<img src=x onerror=alert(1)>"; },
};

test("each bent chunk is refused, and the trace stays as it was", () => {
  const first = CHUNKS[0];
  assert.ok(first.meta.frames_added > 0 && first.meta.deltas > 1 && first.meta.codes.length > 0);
  const rnd = seeded(26);
  for (const [name, bend] of Object.entries(MUTATIONS)) {
    for (let round = 0; round < 20; round++) {
      const trace = createTrace({ rows: 5, cols: 5, start: [4, 0] });
      const chunk = clone(first);
      bend(chunk, rnd);
      const checked = checkChunk(chunk, 1, expectOf(trace));
      assert.equal(checked.ok, false, `${name} was accepted`);
      assert.equal(typeof checked.reason, "string");
      assert.ok(checked.reason.length < 120, checked.reason);
      assert.equal(trace.steps, 0);
    }
  }
});

test("a chunk after the last one, or out of turn, is refused", () => {
  const trace = acceptAll(CHUNKS, 5, 5, [4, 0]);
  const more = clone(CHUNKS[0]);
  more.meta.first_step = trace.steps;
  more.meta.first_frame = trace.frames;
  assert.equal(checkChunk(more, 1, expectOf(trace)).ok, false);
  assert.equal(checkEnvelope({ type: "ready" }, "running").ok, false);
  assert.equal(checkEnvelope({ type: "chunk" }, "starting").ok, false);
  assert.equal(checkEnvelope("chunk", "running").ok, false);
  assert.equal(checkEnvelope(null, "running").ok, false);
  assert.equal(checkEnvelope([{ type: "chunk" }], "running").ok, false);
  assert.equal(checkEnvelope({ type: "x".repeat(1e6) }, "running").reason.length < 100, true);
});

const ENDED = { type: "ended", id: 1, result: { status: "done", steps: 10, seconds: 0.1, line: null, message: "", output: "hi\n",
  path: [[4, 0], [2, 1]], verdict: { valid: false, key: "learn.verdict.partial", text: "it has 2 of 25 squares", params: { count: 2, size: 25 } } } };
const BOARD = { rows: 5, cols: 5, lines: 30 };

test("how a run ended is read when it is plain, refused when it is not", () => {
  const ok = checkEnded(structuredClone(ENDED), 1, BOARD);
  assert.ok(ok.ok, ok.reason);
  assert.deepEqual(ok.value.path, [[4, 0], [2, 1]]);
  const listed = structuredClone(ENDED);
  listed.result.verdict = { valid: false, key: "learn.verdict.repeat", text: "twice", params: { number: 12, count: 2, squares: ["a1", "c1"] } };
  assert.deepEqual(checkEnded(listed, 1, BOARD).value.verdict.params.squares, ["a1", "c1"]);
  const bends = {
    "a huge message": (r) => { r.message = "x".repeat(1e8); },
    "a huge output": (r) => { r.output = "y".repeat(1e6); },
    "a path longer than the board": (r) => { r.path = Array.from({ length: 26 }, () => [0, 0]); },
    "a million squares": (r) => { r.path = Array.from({ length: 1e6 }, () => [0, 0]); },
    "a square off the board": (r) => { r.path = [[5, 0]]; },
    "a square that is not a pair": (r) => { r.path = [[1, 2, 3]]; },
    "a square of text": (r) => { r.path = [["1", 2]]; },
    "an unknown status": (r) => { r.status = "won"; },
    "a line past the program": (r) => { r.status = "error"; r.line = 99; },
    "a verdict of another catalog": (r) => { r.verdict.key = "tour.status.ready"; },
    "a verdict with an object inside": (r) => { r.verdict.params = { count: { toString: 1 } }; },
    "a verdict's long detail": (r) => { r.verdict.params = { message: "z".repeat(5000) }; },
    "a verdict's long list": (r) => { r.verdict.params = { squares: Array.from({ length: 1e5 }, () => "a1") }; },
    "a verdict's list of objects": (r) => { r.verdict.params = { squares: [{}] }; },
    "a verdict that is not a boolean": (r) => { r.verdict.valid = "yes"; },
  };
  for (const [name, bend] of Object.entries(bends)) {
    const message = structuredClone(ENDED);
    bend(message.result);
    assert.equal(checkEnded(message, 1, BOARD).ok, false, name);
  }
  assert.equal(checkEnded({ ...structuredClone(ENDED), id: 0 }, 1, BOARD).ok, false);
});

test("a start file is asked for once and only from the list", () => {
  const allowed = new Set(["build.json", "pyodide.asm.wasm.zst"]);
  const asked = new Set();
  assert.ok(checkNeed({ type: "need", name: "build.json" }, allowed, asked).ok);
  asked.add("build.json");
  assert.equal(checkNeed({ type: "need", name: "build.json" }, allowed, asked).ok, false);
  for (const name of ["index.html", "../secret", "", 7, "x".repeat(1e5), "service-worker.mjs"]) {
    assert.equal(checkNeed({ type: "need", name }, allowed, asked).ok, false, String(name).slice(0, 20));
  }
});

test("the stack walk of an accepted trace always ends: parents are earlier frames", () => {
  const trace = acceptAll(CHUNKS, 5, 5, [4, 0]);
  const rnd = seeded(7);
  for (let i = 0; i < 300; i++) {
    const k = rnd.int(trace.steps);
    const stack = trace.stackAt(k);
    assert.ok(stack.length >= 1 && stack.length <= trace.frames);
    assert.equal(trace.depthAt(k), stack.length);
  }
  assert.equal(NO_PARENT, 0xffffffff);
});
