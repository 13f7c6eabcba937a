// The Learn view's worker: a Python of its own (so a long trace never holds up solving or
// play) that runs a program line by line with knight_py.learn's tracer and posts the
// recorded steps in chunks as they are made. Messages:
//   page -> {cmd: "init", stopBuffer} | {cmd: "run", id, source, rows, cols, start: [r, c], maxSteps}
//   worker -> {type: "ready", programs: {id: {source, sourceZh, description, key}}} | {type: "loading", ...} | {type: "failed", message}
//             {type: "chunk", id, meta, buffers} | {type: "ended", id, result}
// The program's output reaches the page as text only; it has no access to the page.

import { startPython } from "../solver/python-start.mjs";

const CHUNK_STEPS = 32_768;
const WATCHED = 6; // int variables recorded per step and frame (2 bytes each)
const BUFFERS = ["lines", "events", "frames", "vars", "delta_step", "delta_square", "delta_old", "delta_new",
  "frame_code", "frame_parent", "frame_call", "frame_parent_step"];

let stopFlags = null; // Int32Array on a SharedArrayBuffer: [0] stop the run
let python = null;

self.onmessage = (event) => {
  const { cmd, id, ...args } = event.data;
  if (cmd === "init") {
    stopFlags = args.stopBuffer ? new Int32Array(args.stopBuffer) : null;
    return;
  }
  ready.then(() => {
    if (cmd === "run") runProgram(id, args);
  }, () => {});
};

function programsOf(knight) {
  const learn = knight.learn;
  const programs = {};
  for (const id of learn.PROGRAM_IDS.toJs()) {
    const program = learn.PROGRAMS.get(id);
    programs[id] = { source: program.source, sourceZh: program.source_zh, description: program.description, key: program.description_key };
    if (program.bug_key) programs[id].bug = { key: program.bug_key, line: program.bug_line }; // the known bug and its line (issue 28)
    program.destroy();
  }
  return programs;
}

async function load() {
  const started = await startPython((message) => self.postMessage(message), new URL("./", self.location.href).href);
  python = started;
  python.pyodide.runPython("import knight_py.learn");
  python.tracer = python.pyodide.pyimport("knight_py.learn.tracer");
  self.postMessage({ type: "ready", programs: programsOf(python.knight) });
}

const ready = load();
ready.catch((err) => self.postMessage({ type: "failed", message: String(err.message || err) }));

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
    self.postMessage({ type: "chunk", id, meta, buffers: out }, Object.values(out).map((b) => b.buffer));
  } finally {
    buffers.destroy();
    chunk.destroy();
  }
}

/** The result's plain parts: status, steps, error line and message, the answer and its verdict. */
function endedOf(result) {
  const verdict = result.verdict;
  const path = result.path ? result.path.toJs() : null;
  const ended = {
    status: result.status, steps: result.steps, seconds: result.seconds,
    line: result.line ?? null, message: result.message, output: result.output,
    path: path ? path.map((sq) => [sq[0], sq[1]]) : null,
    verdict: verdict ? { valid: verdict.valid, key: verdict.key, text: verdict.text, params: verdict.params.toJs({ dict_converter: Object.fromEntries }) } : null,
  };
  verdict?.destroy();
  return ended;
}

function runProgram(id, { source, rows, cols, start, maxSteps }) {
  if (stopFlags) Atomics.store(stopFlags, 0, 0);
  const stop = () => stopFlags !== null && Atomics.load(stopFlags, 0) !== 0;
  const startSquare = python.pyodide.toPy(start);
  let result = null;
  try {
    result = python.tracer.run.callKwargs(source, rows, cols, startSquare, {
      max_steps: maxSteps, chunk_steps: CHUNK_STEPS, on_chunk: (chunk) => postChunk(id, chunk), should_stop: stop,
      slots: WATCHED, // the square, the move tried, the step counter: what a reader follows
    });
    self.postMessage({ type: "ended", id, result: endedOf(result) });
  } catch (err) {
    self.postMessage({ type: "ended", id, result: { status: "error", steps: 0, line: null, message: String(err.message || err).split("\n").slice(-2).join(" "), output: "", path: null, verdict: null } });
  } finally {
    startSquare.destroy();
    result?.destroy();
  }
}
