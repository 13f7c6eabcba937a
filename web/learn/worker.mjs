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
// the worker). Through the port, the messages of learn/wire.js's MESSAGES: the page sends
// "file" and "run", the worker "need", "ready" or "failed" while Python starts, then
// "chunk" (the columns of BUFFERS) and "ended".
// Built as a classic script (tools/bundle.py CLASSIC): Pyodide refuses what it takes for a
// classic worker, so the bundle's banner hides importScripts before any module runs.

import { startPython } from "../solver/python-start.mjs";
import { pageFetch } from "./sandbox-fetch.mjs";
import { BUFFERS, ENDED_FIELDS, MAX_MESSAGE, MAX_NAME, MESSAGES, SLOTS } from "./wire.js";

const NAME = new RegExp(`^[A-Za-z_]\\w{0,${MAX_NAME - 1}}$`); // a Python error's name, as the page takes it

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
  started.catch((err) => port.postMessage({ type: "failed", message: String(err?.message || err).slice(0, MAX_MESSAGE) }));
};

async function load(base) {
  // Learn's modules are in the bytecode the solver's start leaves for later: fetched with
  // the start's own, and in before they are imported.
  const python = await startPython(() => {}, base, { laterAtOnce: true });
  const missing = await python.later;
  if (missing) throw new Error(missing);
  python.pyodide.runPython("import knight_py.learn");
  python.tracer = python.pyodide.pyimport("knight_py.learn.tracer");
  python.wire = python.pyodide.pyimport("knight_py.learn.trace_format");
  // Before "ready": a fresh engine compiles the tracer's hot paths as they run (WebKit's
  // JIT needs ~30,000 steps to reach full speed), so the reader's program does not pay.
  python.tracer.warm_up.callKwargs({ slots: SLOTS });
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

/** The result as data only (knight_py.learn.trace_format.ended_result): how it ended, the
 * error's line and Python's own words for it, the printed output, and the returned value
 * as plain numbers (answer_numbers). The page judges all of it itself: no verdict is sent. */
function endedOf(python, result) {
  const ended = python.wire.ended_result(result);
  try {
    return ended.toJs({ dict_converter: Object.fromEntries });
  } finally {
    ended.destroy();
  }
}

/** The end of a run whose Python itself failed: an error of Python's `name` and `text`. */
function pythonFailed(name, text) {
  const result = Object.fromEntries(ENDED_FIELDS.map((field) => [field, null]));
  return { ...result, status: "error", error: { name, text }, output: "" };
}

// The run message's fields but its id, as the tracer's arguments of the same names.
const RUN_ARGUMENTS = MESSAGES.to_worker.run.filter((field) => field !== "id");

function runProgram(python, message) {
  const { id } = message;
  if (stopFlags) Atomics.store(stopFlags, 0, 0);
  const stop = () => stopFlags !== null && Atomics.load(stopFlags, 0) !== 0;
  const args = Object.fromEntries(RUN_ARGUMENTS.map((field) => [field, message[field]]));
  const startSquare = python.pyodide.toPy(args.start);
  let result = null;
  let ended = false;
  // Called once, as soon as the end is known. At a limit (the budget, Stop, the nesting
  // limit, a fault of the tracer) that is inside the trace function, before the program
  // sees the exception: a program that catches it and never returns holds nothing up, and
  // the page removes this sandbox once "ended" is read.
  const onEnd = (ending) => {
    if (ended) return;
    ended = true;
    port.postMessage({ type: "ended", id, result: endedOf(python, ending) });
  };
  try {
    result = python.tracer.run.callKwargs({
      ...args, start: startSquare, on_chunk: (chunk) => postChunk(id, chunk), should_stop: stop, on_end: onEnd,
    });
  } catch (err) {
    // Python itself failed (its memory, its stack), outside the tracer: its error's name
    // (a PythonError's type, MemoryError say) and last words.
    const text = String(err?.message || err).split("\n").slice(-2).join(" ").slice(0, MAX_MESSAGE);
    const name = NAME.test(String(err?.type ?? "")) ? err.type : "";
    if (!ended) port.postMessage({ type: "ended", id, result: pythonFailed(name, text) });
    ended = true;
  } finally {
    startSquare.destroy();
    result?.destroy();
  }
}
