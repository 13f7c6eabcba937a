// Module worker: starts Python with knight_py (python-start.mjs) and calls it through
// knight_py.page, the package's module for the page; answers {id, cmd, args}
// with {id, type: "result" | "error" | "progress"}; posts {type: "loading" | "ready" |
// "failed"}. `start` in "loading"/"ready" says which start was used (the memory snapshot
// or the plain one), `fallback` why the snapshot was not used; in "ready", `bytecode`
// whether the plain start imported precompiled modules, `bytecodeFallback` why not.
// {cmd: "go"} (no id) tells it that the page's script is there: its downloads may start.
// {cmd: "early", name, body} (no id, from index.html's inline script) hands it the body
// of a compressed copy whose download the page began before this script had come (body
// null: the page's download failed); the worker's name announces it ("solver NAME").

import { startPython } from "./python-start.mjs";
import { earlyBodies } from "./compressed-fetch.mjs";
import { warmUpQueue } from "./warm-ups.mjs";

// Int32Array on a SharedArrayBuffer: [0] Python interrupt, [1] stop request, [2] the id of
// one request to end early (solver-client.js, cancel).
let stopFlags = null;
let pyodide = null;
let page = null; // knight_py.page: every call the worker makes into Python

// The page's own files and its first paint come first: Python's downloads (~5 MB) wait
// until the page says "go", at most HOLD_MS: index.html's script once the page has
// painted, or the page's script (solver-client.js) as it runs. On slow 4G they shared the
// link with the page's script and the board came 1-2 s later; and a download begun before
// the first paint is counted in it by Lighthouse's simulated phone (a largest contentful
// paint of 15 s: the 2.9 MB wasm on slow 4G).
const HOLD_MS = 3000;
// What {cmd: "early"} messages bring, for python-start.mjs; the name is read at once.
const early = earlyBodies();
for (const name of (self.name || "").split(" ").slice(1)) if (name) early.expect(name);
let go;
const pageDrawn = new Promise((resolve) => {
  go = resolve;
  setTimeout(resolve, HOLD_MS);
});

// Attached before anything is awaited, so no early message is lost.
self.onmessage = (event) => {
  const { id, cmd, args } = event.data;
  if (cmd === "go") {
    go();
    return;
  }
  if (cmd === "early") {
    early.offer(event.data.name, event.data.body);
    return;
  }
  warmUps.drop(); // a real request warms the engine itself, and must not wait
  ready.then(
    ({ later }) => later.then(() => handle(id, cmd, args)),
    (err) => self.postMessage({ id, type: "error", error: { name: "LoadError", message: String(err.message || err) } }),
  );
};

async function load() {
  const python = await startPython((message) => self.postMessage(message), undefined, { hold: pageDrawn, early });
  pyodide = python.pyodide;
  page = pyodide.pyimport("knight_py.page");
  const methods = page.METHODS.toJs();
  self.postMessage({
    type: "ready", ms: python.ms, pyodideMs: python.pyodideMs, downloadsMs: python.downloadsMs, methods, python: pyodide.version,
    start: python.start, fallback: python.fallback, build: python.build,
    bytecode: python.bytecode, bytecodeFallback: python.bytecodeFallback,
  });
  // Every module importable (later-modules.mjs; at once after the snapshot's start): the
  // requests and the warm-ups wait for it. Its failure shows only when a request imports
  // a module that is not there: Python's ModuleNotFoundError says which.
  const later = python.later.then((why) => {
    if (why) console.warn(why);
  });
  later.then(() => warmUps.start());
  return { later }; // not the promise itself: `ready` resolves at once, before it
}

// Answered to no one: id -1, which the page never gives a request.
const warmUps = warmUpQueue((args) => solve(-1, args));

const started = performance.now();
const ready = load();
ready.catch((err) => {
  self.postMessage({ type: "failed", message: String(err.message || err), ms: Math.round(performance.now() - started) });
});

function copyArray(proxy) {
  // array('i') -> Int32Array without per-element proxy traffic.
  const buffer = proxy.getBuffer("i32");
  try {
    return buffer.data.slice();
  } finally {
    buffer.release();
  }
}

/** A result's reason in every language, {en, zh}, or null: the page shows the one it
 * speaks, and a change of language needs no new request. */
function reasonsOf(why) {
  if (why === undefined || why === null) return null;
  const all = page.explain_all(why);
  try {
    return all.toJs({ dict_converter: Object.fromEntries });
  } finally {
    all.destroy();
    why.destroy?.();
  }
}

function stopRequested() {
  return stopFlags !== null && Atomics.load(stopFlags, 1) !== 0;
}

function resetStop() {
  if (stopFlags) {
    Atomics.store(stopFlags, 0, 0);
    Atomics.store(stopFlags, 1, 0);
  }
}

function solve(id, args) {
  resetStop();
  let lastPost = 0;
  const onProgress = (p) => {
    const now = performance.now();
    if (now - lastPost < 100) return;
    lastPost = now;
    self.postMessage({
      id, type: "progress",
      progress: { nodes: p.nodes, backtracks: p.backtracks, depth: p.depth, free: p.free, seconds: p.seconds },
    });
  };
  const blocked = pyodide.toPy(args.holes);
  let result = null;
  try {
    const kwargs = {
      closed: args.closed,
      blocked,
      method: args.method,
      rule: args.rule,
      on_progress: onProgress,
      progress_every: args.progressEvery ?? 5000,
      should_stop: stopRequested,
      record_events: args.recordEvents ?? 0,
    };
    if (args.maxNodes) kwargs.max_nodes = args.maxNodes;
    result = page.solve.callKwargs(args.rows, args.cols, args.start, kwargs);
    return {
      status: stopRequested() ? "cancelled" : result.status,
      reason: result.reason,
      reasons: reasonsOf(result.why),
      method: result.method,
      nodes: result.nodes,
      backtracks: result.backtracks,
      seconds: result.seconds,
      indices: result.status === "found" ? copyArray(result.indices) : new Int32Array(0),
      events: args.recordEvents ? copyArray(result.events) : new Int32Array(0),
    };
  } catch (err) {
    if (err.type === "KeyboardInterrupt") return { status: "cancelled", reason: "", indices: new Int32Array(0), events: new Int32Array(0) };
    throw err;
  } finally {
    blocked.destroy();
    result?.destroy();
  }
}

// Every start square of args.starts solved under args.maxNodes each (knight_py.survey);
// finished squares are posted as progress {cells: [[row, col, status, nodes, backtracks,
// ms], ...]} at least every CELL_POST_MS and before the reply, so a Stop keeps them all
// while quick squares do not cost a message each.
const CELL_POST_MS = 40;

function survey(id, args) {
  resetStop();
  let cells = [];
  let lastPost = performance.now();
  const post = () => {
    if (cells.length) self.postMessage({ id, type: "progress", progress: { cells } });
    cells = [];
    lastPost = performance.now();
  };
  const onResult = (c) => {
    cells.push([c.row, c.col, c.status, c.nodes, c.backtracks, c.seconds * 1000]);
    if (performance.now() - lastPost >= CELL_POST_MS) post();
  };
  const blocked = pyodide.toPy(args.holes);
  const starts = pyodide.toPy(args.starts);
  let result = null;
  try {
    const kwargs = {
      closed: args.closed, blocked, method: args.method, rule: args.rule, starts,
      on_result: onResult, should_stop: stopRequested,
    };
    if (args.maxNodes) kwargs.max_nodes = args.maxNodes;
    result = page.survey.callKwargs(args.rows, args.cols, kwargs);
    return { stopped: result.stopped || stopRequested() };
  } catch (err) {
    if (err.type === "KeyboardInterrupt") return { stopped: true };
    throw err;
  } finally {
    post();
    blocked.destroy();
    starts.destroy();
    result?.destroy();
  }
}

// count_tours from args.start with progress {nodes, found, seconds} (knight_py.page.count_tours).
function count(id, args) {
  resetStop();
  let lastPost = 0;
  const onProgress = (p, found) => {
    const now = performance.now();
    if (now - lastPost >= 100) {
      lastPost = now;
      self.postMessage({ id, type: "progress", progress: { nodes: p.nodes, found, seconds: p.seconds } });
    }
  };
  const blocked = pyodide.toPy(args.holes);
  const start = Array.isArray(args.start) ? pyodide.toPy(args.start) : args.start;
  let result = null;
  try {
    const kwargs = {
      closed: args.closed, blocked, rule: args.rule,
      on_progress: onProgress, progress_every: 5000, should_stop: stopRequested,
    };
    if (args.maxNodes) kwargs.max_nodes = args.maxNodes;
    result = page.count_tours.callKwargs(args.rows, args.cols, start, kwargs);
    const cancelled = stopRequested() && result.status !== "done";
    return {
      status: cancelled ? "cancelled" : result.status, value: result.value, nodes: result.nodes, seconds: result.seconds,
      reason: result.reason, reasons: reasonsOf(result.why),
    };
  } catch (err) {
    if (err.type === "KeyboardInterrupt") return { status: "cancelled", value: null, nodes: null, reason: "" };
    throw err;
  } finally {
    blocked.destroy();
    if (start !== args.start) start.destroy();
    result?.destroy();
  }
}

function validate(args) {
  const path = pyodide.toPy(Array.from(args.indices));
  const blocked = pyodide.toPy(args.holes);
  try {
    const why = page.first_problem.callKwargs(args.rows, args.cols, path, { closed: args.closed, blocked, rule: args.rule });
    if (why === undefined || why === null) return { valid: true };
    const reasons = reasonsOf(why);
    // Thrown as the validator's message, with the same reason in every language beside it.
    throw Object.assign(new Error(reasons.en), { name: "ValueError", reasons });
  } finally {
    path.destroy();
    blocked.destroy();
  }
}

/**
 * knight_py.complete on the squares walked so far: {status, reason, method, nodes, seconds,
 * indices}; status "cancelled" when the page asked to end request `id` early.
 */
function complete(id, args) {
  const path = pyodide.toPy(Array.from(args.path));
  const blocked = pyodide.toPy(args.holes);
  const cancelled = () => stopFlags !== null && Atomics.load(stopFlags, 2) === id;
  let result = null;
  try {
    const kwargs = { closed: args.closed, blocked, rule: args.rule, should_stop: cancelled }; // polled every few hundred nodes
    if (args.maxNodes) kwargs.max_nodes = args.maxNodes;
    result = page.complete.callKwargs(args.rows, args.cols, path, kwargs);
    return {
      status: result.status === "gave_up" && cancelled() ? "cancelled" : result.status,
      reason: result.reason,
      reasons: reasonsOf(result.why),
      method: result.method,
      nodes: result.nodes,
      seconds: result.seconds,
      indices: result.status === "found" ? copyArray(result.indices) : new Int32Array(0),
    };
  } finally {
    path.destroy();
    blocked.destroy();
    result?.destroy();
  }
}

/**
 * A Learn program's returned value (plain numbers, checked by learn/sandbox-messages.js)
 * read by knight_py.learn.answer.read_answer_numbers and the validator under the board's
 * rule, here in the page's own
 * Python: {code, valid, params, reasons (the validator's for "invalid", every language),
 * indices}.
 */
function readAnswer(args) {
  const answers = pyodide.pyimport("knight_py.learn.answer");
  const { shape, values = [], length = 0 } = args.answer;
  const data = pyodide.toPy({ shape, values: Array.from(values), length });
  let read = null;
  try {
    // The piece's rule as the page keeps it ("knight", "xiangqi", "leaper:a,b"): a tour is one of its jumps.
    const rule = typeof args.rule === "string" ? args.rule : "knight";
    read = answers.read_answer_numbers(data, args.rows, args.cols, rule);
    const verdict = read.verdict;
    const params = verdict.params.toJs({ dict_converter: Object.fromEntries });
    const path = read.path ? read.path.toJs() : null;
    // The page words every verdict from its own catalog (learn.verdict.<code>); only a
    // path the validator refused is told in the validator's words.
    const reasons = verdict.code === "invalid" ? reasonsOf(verdict.why) : null;
    return {
      code: verdict.code, valid: verdict.valid, params, reasons,
      indices: verdict.valid && path ? Int32Array.from(path, ([r, c]) => r * args.cols + c) : null,
    };
  } finally {
    data.destroy();
    read?.destroy();
    answers.destroy();
  }
}

/**
 * The boards of one check of an exercise, drawn from its family with `seed` by
 * knight_py.page.draw_exercise_cases, here in the page's own Python: [{rows, cols, start,
 * holes, rule, closed, budget, exists}].
 */
function drawCases(args) {
  let drawn = null;
  try {
    drawn = page.draw_exercise_cases(String(args.exercise), Number(args.seed));
    return drawn.toJs({ dict_converter: Object.fromEntries });
  } finally {
    drawn?.destroy();
  }
}

/** A column's bytes, whatever typed array or buffer carried it. */
const bytesOf = (value) => (ArrayBuffer.isView(value) ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : new Uint8Array(value ?? 0));

/**
 * One board of an exercise's check judged by knight_py.page.judge_exercise_run, here in the
 * page's own Python, from the run's checked chunks (their meta and columns, as the sandbox
 * sent them and learn/sandbox-messages.js checked them) and its checked end: {pass, code,
 * hints, reasons}. The page says nothing about the run that this Python did not compute.
 */
function judgeRun(args) {
  const chunks = args.chunks.map(({ meta, buffers }) => ({
    meta: JSON.stringify(meta),
    buffers: Object.fromEntries(Object.entries(buffers).map(([name, value]) => [name, bytesOf(value)])),
  }));
  const pyChunks = pyodide.toPy(chunks);
  const kase = pyodide.toPy(args.case);
  const ended = pyodide.toPy(args.ended);
  let judged = null;
  try {
    judged = page.judge_exercise_run(String(args.exercise), kase, String(args.source), ended, pyChunks);
    return judged.toJs({ dict_converter: Object.fromEntries });
  } finally {
    pyChunks.destroy();
    kase.destroy();
    ended.destroy();
    judged?.destroy();
  }
}

/**
 * Why the page does not run a Learn program (knight_py.page.source_refusal, from Python's
 * own parse of its text): {code, params, reasons (every language)}, or null when it may run.
 */
function sourceRefusal(args) {
  const why = page.source_refusal(String(args.source));
  try {
    return why ? why.toJs({ dict_converter: Object.fromEntries }) : null;
  } finally {
    why?.destroy();
  }
}

function pythonMessage(err) {
  // A PythonError's message is the traceback; the last line holds "ValueError: ...".
  if (err.type) {
    const lines = String(err.message).trim().split("\n");
    return lines[lines.length - 1].replace(/^[A-Za-z_.]*Error: /, "");
  }
  return String(err.message || err);
}

function handle(id, cmd, args) {
  try {
    let result;
    if (cmd === "init") {
      stopFlags = args.stopBuffer ? new Int32Array(args.stopBuffer) : null;
      if (stopFlags) pyodide.setInterruptBuffer(stopFlags.subarray(0, 1));
      result = { interruptible: stopFlags !== null };
    } else if (cmd === "solve") {
      const out = solve(id, args);
      const transfer = [out.indices.buffer, out.events.buffer];
      self.postMessage({ id, type: "result", result: out }, transfer);
      return;
    } else if (cmd === "validate") {
      result = validate(args);
    } else if (cmd === "answer") {
      result = readAnswer(args);
    } else if (cmd === "cases") {
      result = drawCases(args);
    } else if (cmd === "judge") {
      result = judgeRun(args);
    } else if (cmd === "refusal") {
      result = sourceRefusal(args);
    } else if (cmd === "survey") {
      result = survey(id, args);
    } else if (cmd === "count") {
      result = count(id, args);
    } else if (cmd === "complete") {
      const out = complete(id, args);
      self.postMessage({ id, type: "result", result: out }, [out.indices.buffer]);
      return;
    } else {
      throw new Error(`unknown command ${cmd}`);
    }
    self.postMessage({ id, type: "result", result });
  } catch (err) {
    const error = { name: err.type || err.name || "Error", message: pythonMessage(err) };
    if (err.reasons) error.reasons = err.reasons;
    self.postMessage({ id, type: "error", error });
  }
}
