// The page's side of the solver worker: requests matched to replies by id, load
// progress, and Stop (interrupt Python when the page is cross-origin isolated, else
// terminate the worker and start a fresh one). It holds the transport only (the worker,
// the pending requests); what the page makes of the replies lives in the store.

import { sharedMemoryWorks } from "../core/shared-memory.js";

const STOP_GRACE_MS = 400;

const CANCELLED_SOLVE = () => ({ status: "cancelled", reason: "", indices: new Int32Array(0), events: new Int32Array(0) });

// Commands that search, so Stop ends them, with what each resolves to when stopped.
const STOPPABLE = {
  solve: CANCELLED_SOLVE,
  survey: () => ({ stopped: true }),
  count: () => ({ status: "cancelled", value: null, nodes: null, reason: "" }),
};

/** Where the bundled worker lives: dist/'s root, the page's own folder. From the page's
 * address, not import.meta.url: this module sits in solver/ unbundled, but in the built
 * site it is part of app.js at the root. */
function workerBase() {
  return globalThis.document?.baseURI ?? new URL("../", import.meta.url).href;
}

class SolverClient {
  constructor(early, sharedMemory) {
    this.sharedMemory = sharedMemory; // () => whether a SharedArrayBuffer works here (tried)
    this.handlers = null; // {onLoading, onReady, onFailed}
    this.early = early; // {worker, events}: the worker index.html started as the page loaded
    // The page's script has arrived (this runs as app.js starts): the early worker's
    // downloads may take the link now (worker.mjs waits for this, so that on a slow link
    // they do not share it with the page's own files).
    early?.worker.postMessage({ cmd: "go" });
    this.worker = null;
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject, onProgress, cmd}
    // Int32Array on a SharedArrayBuffer when Python can be interrupted: [0] Pyodide's
    // interrupt buffer, [1] stop every search, [2] the id of one request to end early.
    this.stopFlags = null;
    this.ready = false;
  }

  /** Start the worker, or take over the one started as the page loaded. */
  start(handlers) {
    this.handlers = handlers;
    this.spawn();
  }

  spawn() {
    this.ready = false;
    const early = this.early;
    this.early = null;
    if (!early) performance.mark("worker-start");
    const worker = early ? early.worker : new Worker(new URL("worker.mjs", workerBase()), { type: "module" });
    this.worker = worker;
    worker.onmessage = (event) => {
      if (worker === this.worker) this.receive(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail(worker, { message: event.message || "the solver worker failed to start" });
    };
    if (!early) worker.postMessage({ cmd: "go" }); // a worker of its own: nothing to wait for
    // "init" first, before the replayed events: a replayed "ready" may send requests at
    // once, and the worker must have the stop flags before it runs any of them.
    // Tried, not inferred from crossOriginIsolated (WebKitGTK: true, and no SharedArrayBuffer).
    if (this.sharedMemory()) {
      this.stopFlags = new Int32Array(new SharedArrayBuffer(12));
      this.request("init", { stopBuffer: this.stopFlags.buffer }).catch(() => {}); // failures reach onFailed
    } else this.stopFlags = null;
    for (const event of early ? early.events : []) {
      if (event.type === "error") worker.onerror(event);
      else worker.onmessage(event);
    }
  }

  receive(msg) {
    if (msg.type === "loading") this.handlers.onLoading(msg);
    else if (msg.type === "ready") {
      this.ready = true;
      this.handlers.onReady(msg);
    } else if (msg.type === "failed") this.fail(this.worker, msg);
    else this.settle(msg);
  }

  /**
   * The worker could not start. With the network off (a Stop's fresh worker cannot fetch
   * its files), say so and start again once the network is back; else report it.
   */
  fail(worker, msg) {
    if (worker !== this.worker) return;
    if (globalThis.navigator && navigator.onLine === false && this.handlers.onOffline) {
      this.handlers.onOffline(msg);
      globalThis.addEventListener("online", () => {
        if (worker === this.worker) this.spawn();
      }, { once: true });
      return;
    }
    this.handlers.onFailed(msg);
  }

  settle(msg) {
    const job = this.pending.get(msg.id);
    if (!job) return;
    if (msg.type === "progress") {
      job.onProgress?.(msg.progress);
      return;
    }
    this.pending.delete(msg.id);
    performance.mark(`solver-${job.cmd}-answered`);
    if (msg.type === "result") job.resolve(msg.result);
    else {
      const err = new Error(msg.error.message);
      err.name = msg.error.name;
      if (msg.error.reasons) err.reasons = msg.error.reasons; // the validator's reason in every language
      job.reject(err);
    }
  }

  request(cmd, args, onProgress) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress, cmd });
      performance.mark(`solver-${cmd}`); // with its answer's mark: the worker's share of a wait (bench/engines.py)
      this.worker.postMessage({ id, cmd, args });
    });
  }

  solve(args, onProgress) {
    return this.request("solve", args, onProgress);
  }

  validate(args) {
    return this.request("validate", args);
  }

  /** A Learn program's returned value ({rows, cols, answer, rule}) read by the page's own Python under the rule. */
  readAnswer(args) {
    return this.request("answer", args);
  }

  /** The boards of one check of an exercise ({exercise, seed}), drawn by the page's own
   * Python (knight_py.page.draw_exercise_cases). */
  drawCases(args) {
    return this.request("cases", args);
  }

  /** One board of a check judged by the page's own Python ({exercise, case, source, ended,
   * chunks}: knight_py.page.judge_exercise_run): {pass, code, hints, reasons}. */
  judgeRun(args) {
    return this.request("judge", args);
  }

  /** Why the page does not run the Learn program `source` (knight_py.page.source_refusal):
   * {code, params, reasons: {en, zh}}, or null when it may run. */
  sourceRefusal(source) {
    return this.request("refusal", { source });
  }

  /** Solve from each of args.starts; onProgress({cells}) gets the finished squares as they come. */
  survey(args, onProgress) {
    return this.request("survey", args, onProgress);
  }

  /** Count the tours from args.start; onProgress({nodes, found, seconds}). */
  count(args, onProgress) {
    return this.request("count", args, onProgress);
  }

  /** Play mode's "still possible?": complete a path walked so far within a node budget (knight_py.complete). */
  complete(args) {
    return this.request("complete", args);
  }

  /**
   * End the oldest pending "still possible?" check (a `complete` request) early, if Python
   * can be told to (a cross-origin isolated page): the worker's complete polls for it as
   * it searches, and the request resolves with status "cancelled". Never restarts the
   * worker, and names the request by its id, so a late word cannot reach a later request.
   * Returns whether it could ask.
   */
  cancelCheck() {
    if (!this.stopFlags || !this.ready) return false;
    const entry = [...this.pending].find(([, job]) => job.cmd === "complete");
    if (!entry) return false;
    Atomics.store(this.stopFlags, 2, entry[0]);
    return true;
  }

  /** Drop the worker and its jobs (a solve resolves as cancelled) and start a fresh one. */
  restart() {
    this.worker?.terminate();
    const cancelled = this.pending;
    this.pending = new Map();
    for (const job of cancelled.values()) {
      if (STOPPABLE[job.cmd]) job.resolve(STOPPABLE[job.cmd]());
      else job.reject(new Error("cancelled"));
    }
    this.spawn();
  }

  /** The ids of the searches pending now (the requests Stop ends). */
  searches() {
    return [...this.pending].filter(([, job]) => STOPPABLE[job.cmd]).map(([id]) => id);
  }

  /** Resolves to true once none of the requests `ids` is pending, or to false after `ms`. */
  answered(ids, ms) {
    return new Promise((resolve) => {
      const started = performance.now();
      const poll = () => {
        if (!ids.some((id) => this.pending.has(id))) resolve(true);
        else if (performance.now() - started > ms) resolve(false);
        else setTimeout(poll, 5);
      };
      poll();
    });
  }

  /**
   * Resolves to true once the searches pending now are answered, or to false after `ms`.
   * A view about to ask for something else lets a search that is nearly done end on its
   * own: without shared memory a Stop ends the worker and starts a fresh Python (about a
   * second in WebKit here), where a click's search is answered in 5-45 ms.
   */
  settled(ms) {
    return this.answered(this.searches(), ms);
  }

  /** Stop every running search; resolves to {restarted} once the worker is free (or replaced). */
  async stop() {
    const stopping = this.searches();
    if (!stopping.length) return { restarted: false };
    if (this.stopFlags && this.ready) {
      Atomics.store(this.stopFlags, 1, 1);
      Atomics.store(this.stopFlags, 0, 2); // SIGINT for Pyodide's interrupt buffer
      if (await this.answered(stopping, STOP_GRACE_MS)) return { restarted: false };
    }
    this.restart();
    return { restarted: true };
  }

  dispose() {
    this.worker?.terminate();
  }
}

/**
 * A client with no worker yet: call start({onLoading, onReady, onFailed}) to start Python.
 * `early` (takeEarlyWorker()) is a worker already started, taken over by start().
 * `sharedMemory()` says whether Stop may interrupt Python through shared memory (else it
 * ends the worker and starts a fresh one).
 */
export function createSolverClient(early = null, { sharedMemory = sharedMemoryWorks } = {}) {
  return new SolverClient(early, sharedMemory);
}

/**
 * The worker index.html's inline script started as the page loaded, with the events it has sent so
 * far ({type: "message" | "error", ...}), or null when there is none. It is given out once:
 * a restarted or extra worker is a new one.
 */
export function takeEarlyWorker(scope = globalThis) {
  const early = scope.knightEarlyWorker ?? null;
  delete scope.knightEarlyWorker;
  return early;
}

/**
 * The solver worker started now, as index.html's inline script starts it, for a page
 * whose inline script did not (a slow link: app.js, running, is what comes first), or
 * null where there are no workers (the client then reports the failure as it starts).
 */
export function startEarlyWorker(scope = globalThis) {
  if (typeof scope.Worker !== "function") return null;
  try {
    const worker = new scope.Worker(new URL("worker.mjs", workerBase()), { type: "module" });
    const events = [];
    worker.onmessage = (event) => events.push(event);
    worker.onerror = (event) => {
      event.preventDefault(); // reported by the client once it takes the worker over
      events.push(event);
    };
    scope.performance?.mark("worker-start", { detail: "app.js" }); // not index.html's
    return { worker, events };
  } catch {
    return null; // start() tries again and reports what goes wrong
  }
}
