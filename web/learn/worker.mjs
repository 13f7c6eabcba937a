// The Learn view's worker: a Python of its own, started inside the sandbox frame
// (learn/sandbox-frame.js, an opaque origin), that runs ONE program line by line with
// knight_py.learn's tracer and posts the recorded steps in chunks as they are made. The
// page then throws this Python away and starts a fresh one: nothing a program does lasts
// into the next run.
//
// It cannot fetch anything itself (the frame's policy has no connect-src for this site):
// Python's start files are asked of the page, which answers from its own origin (its
// service worker's cache when offline). Everything it sends is checked by the page before
// use (learn/sandbox-messages.js): once a program runs, this whole worker is the program's.
//
// The frame's first message: {base, stop} with the page's MessagePort; `stop` a
// SharedArrayBuffer the tracer polls (null where the frame has none: the page then ends
// the worker). Through the port:
//   page -> {type: "file", name, bytes} | {type: "run", id, source, rows, cols, start, maxSteps}
//   worker -> {type: "need", name} | {type: "ready"} | {type: "failed"}
//             {type: "chunk", id, meta, buffers} | {type: "ended", id, result}
// Built as a classic script (tools/bundle.py CLASSIC): Pyodide refuses what it takes for a
// classic worker, so the bundle's banner hides importScripts before any module runs.

import { startPython } from "../solver/python-start.mjs";
import { pageFetch } from "./sandbox-fetch.mjs";

const CHUNK_STEPS = 8192; // the first reaches the page soon after Run
const WATCHED = 6; // int variables recorded per step and frame (2 bytes each)
const MESSAGE_CHARS = 300; // of an error message (the page refuses longer ones)
const BUFFERS = ["lines", "events", "frames", "vars", "delta_step", "delta_square", "delta_old", "delta_new",
  "frame_code", "frame_parent", "frame_call", "frame_parent_step"];

let port = null;
let stopFlags = null;

self.onmessage = (event) => {
  if (port || !event.ports?.[0]) return;
  port = event.ports[0];
  stopFlags = event.data?.stop ? new Int32Array(event.data.stop) : null;
  const files = pageFetch((message) => port.postMessage(message), globalThis.fetch.bind(globalThis));
  globalThis.fetch = files.fetch; // before Python's start binds it
  const started = load(String(event.data?.base));
  port.onmessage = ({ data }) => {
    if (data?.type === "file") files.answer(data.name, data.bytes);
    else if (data?.type === "run") started.then((python) => runProgram(python, data), () => {});
  };
  // Why, for the developers' console only (the page shows its own sentence).
  started.catch((err) => port.postMessage({ type: "failed", message: String(err?.message || err).slice(0, MESSAGE_CHARS) }));
};

async function load(base) {
  const python = await startPython(() => {}, base);
  python.pyodide.runPython("import knight_py.learn");
  python.tracer = python.pyodide.pyimport("knight_py.learn.tracer");
  port.postMessage({ type: "ready" });
  return python;
}

function postChunk(id, chunk) {
  const buffers = chunk.to_buffers();
  try {
    const out = {};
    for (const name of [...BUFFERS, "meta"]) {
      const bytes = buffers.get(name);
      out[name] = bytes.toJs(); // a copy: Uint8Array
      bytes.destroy?.();
    }
    const meta = JSON.parse(new TextDecoder().decode(out.meta));
    delete out.meta;
    port.postMessage({ type: "chunk", id, meta, buffers: out }, Object.values(out).map((b) => b.buffer));
  } finally {
    buffers.destroy();
    chunk.destroy();
  }
}

/** The result's plain parts: status, steps, error line and message, the answer and its verdict. */
function endedOf(result, squares) {
  const verdict = result.verdict;
  // A path longer than the board is not read at all (a program may return millions of squares).
  const path = result.path && result.path.length <= squares ? result.path.toJs() : null;
  const ended = {
    status: result.status, steps: result.steps, seconds: result.seconds,
    line: result.line ?? null, message: String(result.message).slice(0, MESSAGE_CHARS), output: result.output,
    path: path ? path.map((sq) => [sq[0], sq[1]]) : null,
    verdict: verdict ? { valid: verdict.valid, key: verdict.key, text: String(verdict.text).slice(0, MESSAGE_CHARS), params: verdict.params.toJs({ dict_converter: Object.fromEntries }) } : null,
  };
  verdict?.destroy();
  return ended;
}

function runProgram(python, { id, source, rows, cols, start, maxSteps }) {
  if (stopFlags) Atomics.store(stopFlags, 0, 0);
  const stop = () => stopFlags !== null && Atomics.load(stopFlags, 0) !== 0;
  const startSquare = python.pyodide.toPy(start);
  let result = null;
  try {
    result = python.tracer.run.callKwargs(source, rows, cols, startSquare, {
      max_steps: maxSteps, chunk_steps: CHUNK_STEPS, on_chunk: (chunk) => postChunk(id, chunk), should_stop: stop,
      slots: WATCHED, // the square, the move tried, the step counter: what a reader follows
    });
    port.postMessage({ type: "ended", id, result: endedOf(result, rows * cols) });
  } catch (err) {
    const message = String(err?.message || err).split("\n").slice(-2).join(" ").slice(0, MESSAGE_CHARS);
    port.postMessage({ type: "ended", id, result: { status: "error", steps: 0, seconds: 0, line: null, message, output: "", path: null, verdict: null } });
  } finally {
    startSquare.destroy();
    result?.destroy();
  }
}
