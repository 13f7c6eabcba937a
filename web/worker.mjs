// Module worker: loads Pyodide and the knight_py package (a zip), answers {id, cmd, args} with
// {id, type: "result" | "error" | "progress"}; posts {type: "loading" | "ready" | "failed"}.
// Python starts from the build's memory snapshot when it can (knight_py already
// imported), else the plain way; `start` in "loading"/"ready" says which, and
// `fallback` why the snapshot was not used.

import { loadPyodide } from "./pyodide.mjs";
import { fetchSnapshot } from "./snapshot-fetch.mjs";

const started = performance.now();
const baseUrl = new URL("./", import.meta.url).href;
let stopFlags = null; // Int32Array on a SharedArrayBuffer: [0] Python interrupt, [1] stop request
let pyodide = null;
let knight = null;

// Attached before anything is awaited, so no early message is lost.
self.onmessage = (event) => {
  const { id, cmd, args } = event.data;
  ready.then(
    () => handle(id, cmd, args),
    (err) => self.postMessage({ id, type: "error", error: { name: "LoadError", message: String(err.message || err) } }),
  );
};

const elapsed = () => Math.round(performance.now() - started);

/** What is downloading, in bytes: {file: {bytes, received}} for the progress line. */
const downloads = new Map();
let loadingStage = "starting Python";
let loadingStart = "";
let lastLoadingPost = 0;
let loaded = false; // no "loading" after "ready" or "failed": the page would take it as a restart

function loading(stage = loadingStage, { force = true } = {}) {
  if (loaded) return;
  loadingStage = stage;
  const now = performance.now();
  if (!force && now - lastLoadingPost < 100) return;
  lastLoadingPost = now;
  const files = [...downloads].map(([file, d]) => ({ file, bytes: d.bytes, received: d.received }));
  self.postMessage({ type: "loading", stage, ms: elapsed(), start: loadingStart, files });
}

function expectDownloads(manifest, names) {
  for (const name of names) {
    const bytes = manifest.files?.[name];
    if (bytes && !downloads.has(name)) downloads.set(name, { bytes, received: 0 });
  }
}

// Pyodide fetches its own files; the browser says when each has arrived.
const downloadWatch = typeof PerformanceObserver === "function" ? new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const file = new URL(entry.name).pathname.split("/").pop();
      const d = downloads.get(file);
      if (d && !d.counted) {
        d.received = d.bytes;
        loading(loadingStage, { force: false });
      }
    }
  }) : null;
downloadWatch?.observe({ type: "resource", buffered: true });

async function fetchManifest() {
  const response = await fetch("./build.json");
  if (!response.ok) throw new Error(`build.json: HTTP ${response.status}`);
  return response.json();
}

async function fetchPackage(archive) {
  const response = await fetch(`./${archive}`);
  if (!response.ok) throw new Error(`${archive}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

const PYODIDE_DOWNLOADS = ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

/** Pyodide restored from the snapshot, knight_py already imported; throws on any problem. */
async function startFromSnapshot(manifest) {
  const entry = manifest.snapshot;
  if (!entry) throw new Error("this build has no snapshot");
  loadingStart = "snapshot";
  downloads.set(entry.file, { bytes: entry.bytes, received: 0, counted: true });
  expectDownloads(manifest, PYODIDE_DOWNLOADS);
  loading("starting Python from the snapshot");
  const bytes = fetchSnapshot(entry, {
    baseUrl,
    onBytes(received) {
      downloads.get(entry.file).received = received;
      loading(loadingStage, { force: false });
    },
  });
  // Given as a promise, Pyodide's own downloads run while the snapshot arrives.
  const restored = await loadPyodide({ indexURL: baseUrl, _loadSnapshot: bytes });
  const module = restored.pyimport("knight_py"); // from the restored heap, not from files
  if (module.__version__ !== manifest.version) {
    module.destroy();
    throw new Error(`the snapshot holds knight_py ${module.__version__}, not ${manifest.version}`);
  }
  return [restored, module];
}

async function startPlain(manifest) {
  loadingStart = "plain";
  downloads.clear();
  expectDownloads(manifest, [...PYODIDE_DOWNLOADS, manifest.package]);
  loading("starting Python");
  const archive = fetchPackage(manifest.package); // in parallel with Pyodide's own downloads
  archive.catch(() => {}); // reported when awaited below
  const plain = await loadPyodide({ indexURL: baseUrl });
  const pyodideMs = elapsed();
  loading("loading the solver package");
  const site = plain.runPython(
    "import sys; f'/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages'",
  );
  plain.unpackArchive(await archive, "zip", { extractDir: site });
  return [plain, plain.pyimport("knight_py"), pyodideMs];
}

async function load() {
  loading("starting Python");
  const manifest = await fetchManifest();
  let start = "snapshot";
  let fallback = "";
  let pyodideMs = 0;
  try {
    [pyodide, knight] = await startFromSnapshot(manifest);
    pyodideMs = elapsed();
  } catch (err) {
    start = "plain";
    fallback = String(err.message || err).split("\n")[0];
    [pyodide, knight, pyodideMs] = await startPlain(manifest);
  }
  const methods = knight.METHODS.toJs();
  loaded = true;
  downloadWatch?.disconnect();
  self.postMessage({
    type: "ready", ms: elapsed(), pyodideMs, methods, python: pyodide.version, start, fallback, build: manifest.build,
  });
}

const ready = load();
ready.catch((err) => {
  loaded = true;
  downloadWatch?.disconnect();
  self.postMessage({ type: "failed", message: String(err.message || err), ms: elapsed() });
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

function stopRequested() {
  return stopFlags !== null && Atomics.load(stopFlags, 1) !== 0;
}

function solve(id, args) {
  if (stopFlags) {
    Atomics.store(stopFlags, 0, 0);
    Atomics.store(stopFlags, 1, 0);
  }
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
    result = knight.solve.callKwargs(args.rows, args.cols, args.start, kwargs);
    return {
      status: stopRequested() ? "cancelled" : result.status,
      reason: result.reason,
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

function resetStop() {
  if (stopFlags) {
    Atomics.store(stopFlags, 0, 0);
    Atomics.store(stopFlags, 1, 0);
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
    result = knight.survey.callKwargs(args.rows, args.cols, kwargs);
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

// count_tours from args.start with progress {nodes, found, seconds} (knight_py.tally_tours).
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
    result = knight.tally_tours.callKwargs(args.rows, args.cols, start, kwargs);
    const cancelled = stopRequested() && result.status !== "done";
    return { status: cancelled ? "cancelled" : result.status, value: result.value, nodes: result.nodes, seconds: result.seconds, reason: result.reason };
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
    knight.validate.callKwargs(args.rows, args.cols, path, { closed: args.closed, blocked, rule: args.rule });
    return { valid: true };
  } finally {
    path.destroy();
    blocked.destroy();
  }
}

/** knight_py.complete on the squares walked so far: {status, reason, method, nodes, seconds, indices}. */
function complete(args) {
  const path = pyodide.toPy(Array.from(args.path));
  const blocked = pyodide.toPy(args.holes);
  let result = null;
  try {
    const kwargs = { closed: args.closed, blocked, rule: args.rule };
    if (args.maxNodes) kwargs.max_nodes = args.maxNodes;
    result = knight.complete.callKwargs(args.rows, args.cols, path, kwargs);
    return {
      status: result.status,
      reason: result.reason,
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
    } else if (cmd === "survey") {
      result = survey(id, args);
    } else if (cmd === "count") {
      result = count(id, args);
    } else if (cmd === "complete") {
      const out = complete(args);
      self.postMessage({ id, type: "result", result: out }, [out.indices.buffer]);
      return;
    } else {
      throw new Error(`unknown command ${cmd}`);
    }
    self.postMessage({ id, type: "result", result });
  } catch (err) {
    self.postMessage({ id, type: "error", error: { name: err.type || err.name || "Error", message: pythonMessage(err) } });
  }
}
