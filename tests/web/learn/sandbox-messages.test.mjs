// What the Learn sandbox may say: every chunk the real tracer makes is accepted, and each
// way a hostile program's side could bend one (lengths, parents, squares, strings, order)
// is refused, with the trace left as it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkChunk, checkEnded, checkEnvelope, checkNeed, sourceWords } from "../../../web/learn/sandbox-messages.js";
import { CHUNK_STEPS, MAX_DEPTH, NO_PARENT } from "../../../web/learn/wire.js";
import { createTrace } from "../../../web/learn/trace.js";
import { random } from "../helpers.mjs";
import { pythonChunks } from "./python-chunks.mjs";

const seeded = (seed) => {
  const next = random(seed);
  return { int: (n) => Math.floor(next() * n) };
};

/** Chunks as the worker posts them, the program's words kept in WORDS. */
function chunksOf(program, rows, cols, start, maxSteps, chunkSteps) {
  const { source, chunks } = pythonChunks(program, rows, cols, start, maxSteps, chunkSteps);
  WORDS.set(program, sourceWords(source));
  return chunks;
}

const WORDS = new Map(); // program -> the words of its source
const expectOf = (trace, { words = WORDS.get("backtrack"), budget = 1e9 } = {}) => ({
  steps: trace.steps, frames: trace.frames, codes: trace.codes.length, slots: trace.slots, size: trace.rows * trace.cols,
  finished: trace.finished, budget, words, depthOf: (frame) => trace.frameDepth(frame),
});

const CHUNKS = chunksOf("backtrack", 5, 5, [4, 0], 60_000, 4096);
const GREEDY = chunksOf("warnsdorff", 6, 6, [5, 0], 100_000, 512);

function acceptAll(chunks, rows, cols, start, program = "backtrack") {
  const trace = createTrace({ rows, cols, start });
  for (const chunk of chunks) {
    const checked = checkChunk(chunk, 1, expectOf(trace, { words: WORDS.get(program) }));
    assert.ok(checked.ok, checked.reason);
    trace.append(checked.value);
  }
  return trace;
}

test("every chunk the tracer makes is accepted, and the trace reads them", () => {
  const trace = acceptAll(CHUNKS, 5, 5, [4, 0]);
  assert.equal(trace.steps, CHUNKS.reduce((n, c) => n + c.meta.steps, 0));
  assert.ok(trace.finished);
  const greedy = acceptAll(GREEDY, 6, 6, [5, 0], "warnsdorff");
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
  "an unknown kind of step": (c, rnd) => { c.buffers.events[rnd.int(c.buffers.events.length)] = 9 + rnd.int(246); },
  "a function name the program does not hold": (c) => { c.meta.codes = [{ ...c.meta.codes[0], name: "your_account_is_locked" }, ...c.meta.codes.slice(1)]; },
  "a name with a direction override": (c) => { c.meta.codes = [{ ...c.meta.codes[0], name: "visit\u202e" }, ...c.meta.codes.slice(1)]; },
  "a name with spaces": (c) => { c.meta.codes = [{ ...c.meta.codes[0], name: "visit is done" }, ...c.meta.codes.slice(1)]; },
  "a variable the program does not hold": (c) => { c.meta.codes = [{ ...c.meta.codes[0], vars: ["password"] }, ...c.meta.codes.slice(1)]; },
  "more steps than a chunk holds": (c) => { c.meta.steps = CHUNK_STEPS + 1; },
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

test("a chunk past the run's budget is refused", () => {
  const trace = createTrace({ rows: 5, cols: 5, start: [4, 0] });
  const first = CHUNKS[0];
  assert.equal(checkChunk(clone(first), 1, expectOf(trace, { budget: first.meta.steps - 1 })).ok, false);
  assert.ok(checkChunk(clone(first), 1, expectOf(trace, { budget: first.meta.steps })).ok);
});

// A chain of frames, each the child of the one before: accepted to MAX_DEPTH, refused past it.
function chain(frames, firstFrame, firstStep) {
  const u8 = (Type, values) => new Uint8Array(Type.from(values).buffer);
  const ids = Array.from({ length: frames }, (_, i) => firstFrame + i);
  return {
    type: "chunk", id: 1,
    meta: { first_step: firstStep, steps: frames, first_frame: firstFrame, frames_added: frames, deltas: 0, slots: 0,
      codes: firstFrame ? [] : [{ index: 0, name: "visit", line: 1, vars: [] }], final: false, status: "running" },
    buffers: {
      lines: new Uint8Array(2 * frames), events: new Uint8Array(frames).fill(1), frames: u8(Uint32Array, ids), vars: new Uint8Array(0),
      delta_step: new Uint8Array(0), delta_square: new Uint8Array(0), delta_old: new Uint8Array(0), delta_new: new Uint8Array(0),
      frame_code: new Uint8Array(2 * frames), frame_parent: u8(Uint32Array, ids.map((f) => (f === 0 ? NO_PARENT : f - 1))),
      frame_call: u8(Uint32Array, ids.map((_, i) => firstStep + i)), frame_parent_step: u8(Uint32Array, ids.map((_, i) => Math.max(0, firstStep + i - 1))),
    },
  };
}

test("calls nested past the page's depth are refused, across chunks too", () => {
  const trace = createTrace({ rows: 5, cols: 5, start: [4, 0] });
  const first = checkChunk(chain(MAX_DEPTH - 1, 0, 0), 1, expectOf(trace, { words: new Set(["visit"]) }));
  assert.ok(first.ok, first.reason);
  trace.append(first.value);
  assert.equal(trace.depthAt(trace.steps - 1), MAX_DEPTH - 1);
  const words = new Set(["visit"]);
  assert.ok(checkChunk(chain(1, trace.frames, trace.steps), 1, expectOf(trace, { words })).ok);
  assert.equal(checkChunk(chain(2, trace.frames, trace.steps), 1, expectOf(trace, { words })).ok, false);
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

const ENDED = { type: "ended", id: 1, result: { status: "done", line: null, error: null, output: "hi\n",
  answer: { shape: "board", values: Array.from({ length: 25 }, (_, i) => (i < 2 ? i + 1 : 0)), length: 25 } } };
const BOARD = { rows: 5, cols: 5, lines: 30 };

test("how a run ended is read when it is plain, refused when it is not: data only, no verdict", () => {
  const ok = checkEnded(structuredClone(ENDED), 1, BOARD);
  assert.ok(ok.ok, ok.reason);
  assert.deepEqual(ok.value.answer.values.slice(0, 3), [1, 2, 0]);
  assert.equal("verdict" in ok.value, false);
  const path = structuredClone(ENDED);
  path.result.answer = { shape: "path", values: [4, 0, 2, 1], length: 2 };
  assert.deepEqual(checkEnded(path, 1, BOARD).value.answer, { shape: "path", values: [4, 0, 2, 1], length: 2 });
  const error = structuredClone(ENDED);
  error.result = { status: "error", line: 3, error: { name: "IndexError", text: "list index out of range" }, output: "", answer: null };
  assert.deepEqual(checkEnded(error, 1, BOARD).value.error, { name: "IndexError", text: "list index out of range" });
  const bends = {
    "a huge error text": (r) => { r.status = "error"; r.error = { name: "E", text: "x".repeat(1e8) }; },
    "an error name that is a sentence": (r) => { r.status = "error"; r.error = { name: "Your account is locked", text: "" }; },
    "an error name with a direction override": (r) => { r.status = "error"; r.error = { name: "E\u202e", text: "" }; },
    "a huge output": (r) => { r.output = "y".repeat(1e6); },
    "a board of another size": (r) => { r.answer.values = [1, 2]; },
    "a million squares": (r) => { r.answer = { shape: "path", values: Array.from({ length: 2e6 }, () => 0), length: 1e6 }; },
    "a path of odd length": (r) => { r.answer = { shape: "path", values: [1, 2, 3], length: 2 }; },
    "a number that is text": (r) => { r.answer.values[0] = "1"; },
    "a number past 32 bits": (r) => { r.answer.values[0] = 2 ** 40; },
    "a fraction": (r) => { r.answer.values[0] = 1.5; },
    "an unknown shape": (r) => { r.answer = { shape: "verdict", values: [] }; },
    "a verdict smuggled as the answer": (r) => { r.answer = { valid: true, key: "learn.verdict.tour" }; },
    "an unknown status": (r) => { r.status = "won"; },
    "a line past the program": (r) => { r.status = "error"; r.line = 99; },
  };
  for (const [name, bend] of Object.entries(bends)) {
    const message = structuredClone(ENDED);
    bend(message.result);
    assert.equal(checkEnded(message, 1, BOARD).ok, false, name);
  }
  assert.equal(checkEnded({ ...structuredClone(ENDED), id: 0 }, 1, BOARD).ok, false);
  // Whatever the side says of its answer beside the numbers is not read at all.
  const claims = structuredClone(ENDED);
  claims.result.verdict = { valid: true, key: "learn.verdict.tour", params: { number: "ANY TEXT" } };
  assert.equal(JSON.stringify(checkEnded(claims, 1, BOARD).value).includes("ANY TEXT"), false);
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
