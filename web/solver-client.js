// The page's side of the solver worker: requests matched to replies by id, load
// progress, and Stop (interrupt Python when the page is cross-origin isolated, else
// terminate the worker and start a fresh one).

const STOP_GRACE_MS = 400;

/**
 * The client starts no worker until start({onLoading, onReady, onFailed}) is called, so
 * the page can wire it up first and start Python after the board's first draw.
 */
export function createSolverClient() {
  let handlers = null;
  let worker = null;
  let nextId = 1;
  let pending = new Map(); // id -> {resolve, reject, onProgress}
  let stopFlags = null;
  let isReady = false;

  function start() {
    const { onLoading, onReady, onFailed } = handlers;
    isReady = false;
    performance.mark("worker-start");
    worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
    const mine = worker;
    worker.onmessage = (event) => {
      if (mine !== worker) return;
      const msg = event.data;
      if (msg.type === "loading") onLoading(msg);
      else if (msg.type === "ready") {
        isReady = true;
        onReady(msg);
      } else if (msg.type === "failed") onFailed(msg);
      else settle(msg);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (mine === worker) onFailed({ message: event.message || "the solver worker failed to start" });
    };
    if (globalThis.crossOriginIsolated && typeof SharedArrayBuffer === "function") {
      stopFlags = new Int32Array(new SharedArrayBuffer(8));
      request("init", { stopBuffer: stopFlags.buffer }).catch(() => {}); // failures reach onFailed
    } else stopFlags = null;
  }

  function settle(msg) {
    const job = pending.get(msg.id);
    if (!job) return;
    if (msg.type === "progress") {
      job.onProgress?.(msg.progress);
      return;
    }
    pending.delete(msg.id);
    if (msg.type === "result") job.resolve(msg.result);
    else {
      const err = new Error(msg.error.message);
      err.name = msg.error.name;
      job.reject(err);
    }
  }

  function request(cmd, args, onProgress) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, onProgress, cmd });
      worker.postMessage({ id, cmd, args });
    });
  }

  function restart() {
    worker.terminate();
    const cancelled = pending;
    pending = new Map();
    for (const job of cancelled.values()) {
      if (job.cmd === "solve") job.resolve({ status: "cancelled", reason: "", indices: new Int32Array(0), events: new Int32Array(0) });
      else job.reject(new Error("cancelled"));
    }
    start();
  }

  /** Stop every running search; resolves once the worker is free (or replaced). */
  function stop() {
    const stopping = [...pending].filter(([, job]) => job.cmd === "solve").map(([id]) => id);
    if (!stopping.length) return Promise.resolve({ restarted: false });
    if (stopFlags && isReady) {
      Atomics.store(stopFlags, 1, 1);
      Atomics.store(stopFlags, 0, 2); // SIGINT for Pyodide's interrupt buffer
      return new Promise((resolve) => {
        const started = performance.now();
        const poll = () => {
          const still = stopping.some((id) => pending.has(id));
          if (!still) resolve({ restarted: false });
          else if (performance.now() - started > STOP_GRACE_MS) {
            restart();
            resolve({ restarted: true });
          } else setTimeout(poll, 10);
        };
        poll();
      });
    }
    restart();
    return Promise.resolve({ restarted: true });
  }

  return {
    start(on) {
      handlers = on;
      start();
    },
    solve: (args, onProgress) => request("solve", args, onProgress),
    validate: (args) => request("validate", args),
    stop,
    get ready() {
      return isReady;
    },
    dispose() {
      worker?.terminate();
    },
  };
}
