// A pool of solver workers for the heatmap: how many to run (cores AND memory, since each
// worker is a whole Python), and a run that hands chunks of start squares to whichever
// worker is free, so workers that finish loading late still join in. No DOM; the workers
// come from a factory, so tests drive it with fakes.

/** Memory one Pyodide worker may take while searching (heap, wasm code, stdlib). */
export const WORKER_MEMORY_MB = 250;
/** Never more workers than this, whatever the machine says. */
export const MAX_WORKERS = 8;
/** Memory assumed when the browser does not say (navigator.deviceMemory is Chromium's). */
export const ASSUMED_MEMORY_GB = 4;

/**
 * Workers to run: at most the cores, at most what a quarter of the memory holds.
 * Returns {size, cores, memoryGB, memoryCap, limitedBy, text}.
 */
export function poolSize({ cores, memoryGB } = {}) {
  const c = Number.isInteger(cores) && cores > 0 ? cores : 1;
  const known = Number.isFinite(memoryGB) && memoryGB > 0;
  const gb = known ? memoryGB : ASSUMED_MEMORY_GB;
  const memoryCap = Math.max(1, Math.floor((gb * 1024) / 4 / WORKER_MEMORY_MB));
  const size = Math.max(1, Math.min(c, memoryCap, MAX_WORKERS));
  const limitedBy = size === c ? "cores" : size === memoryCap ? "memory" : "the page's limit";
  const memoryText = `${known ? "" : "about "}${gb} GB memory allows ${memoryCap}`;
  const text = `${size} worker${size === 1 ? "" : "s"} (${c} core${c === 1 ? "" : "s"}; ${memoryText}; limited by ${limitedBy})`;
  return { size, cores: c, memoryGB: known ? gb : null, memoryCap, limitedBy, text };
}

/** Squares per request: small enough to balance the workers, big enough to keep messages few. */
export function chunkSize(remaining, workers) {
  return Math.max(1, Math.min(64, Math.ceil(remaining / (Math.max(1, workers) * 4))));
}

/** Work left that one worker finishes sooner alone than with helpers (messages cost too). */
export const SMALL_JOB_MS = 250;

/**
 * Run `starts` ([[r, c]]) over `clients`, each {ready: Promise, survey(starts, onCell) ->
 * Promise, stop() -> Promise}. onCell(cell) gets every finished cell ([row, col, status,
 * nodes, backtracks, ms]). The first client works at once; the others help only while the
 * squares left would take one worker more than `smallJobMs` at the pace so far.
 * Returns {done: Promise<{stopped, error}>, stop()}; stop() ends early, keeping the cells
 * delivered. Squares of a worker that fails go back to the queue for the others.
 */
export function runSurvey({ clients, starts, onCell, onWorkerJoined = () => {}, smallJobMs = SMALL_JOB_MS }) {
  const queue = starts.slice();
  let cellsDone = 0;
  let firstMs = 0; // a worker's first square also pays for warming up: judged apart
  let laterMs = 0;
  const waiting = [];
  const wake = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  // A worker lost also calls the helpers in: its squares are back in the queue.
  const worthHelping = () => live < clients.length
    || (cellsDone >= 1 && firstMs > smallJobMs)
    || (cellsDone >= 2 && (laterMs / (cellsDone - 1)) * queue.length > smallJobMs);
  let stopped = false;
  let failure = null;
  let live = clients.length;
  const busy = new Set();
  let finish;
  const done = new Promise((resolve) => {
    finish = resolve;
  });
  let finished = false;

  function settleIfIdle() {
    if (finished || busy.size > 0) return;
    if (stopped || queue.length === 0 || live === 0) {
      finished = true;
      wake();
      finish({ stopped: stopped || queue.length > 0, error: failure });
    }
  }

  async function work(client, index) {
    try {
      await client.ready;
    } catch (err) {
      live -= 1;
      failure = failure ?? String(err?.message || err);
      settleIfIdle();
      return;
    }
    // Helpers wait until the pace so far says the rest is worth sharing.
    while (index > 0 && !stopped && !finished && queue.length && !worthHelping()) {
      await new Promise((resolve) => waiting.push(resolve));
    }
    if (!stopped && queue.length) onWorkerJoined(index);
    while (!stopped && queue.length) {
      const chunk = queue.splice(0, chunkSize(queue.length, live));
      const pending = new Set(chunk.map(([r, c]) => `${r},${c}`));
      busy.add(client);
      try {
        await client.survey(chunk, (cell) => {
          pending.delete(`${cell[0]},${cell[1]}`);
          const ms = Number.isFinite(cell[5]) ? cell[5] : 0;
          if (cellsDone === 0) firstMs = ms;
          else laterMs += ms;
          cellsDone += 1;
          onCell(cell);
          wake();
        });
      } catch (err) {
        failure = String(err?.message || err);
        live -= 1;
        if (!stopped) queue.unshift(...chunk.filter(([r, c]) => pending.has(`${r},${c}`)));
        wake();
        busy.delete(client);
        settleIfIdle();
        return;
      }
      busy.delete(client);
      if (!stopped && pending.size) {
        queue.unshift(...chunk.filter(([r, c]) => pending.has(`${r},${c}`)));
        if (pending.size === chunk.length) {
          // Nothing came back: this worker is no use; leave the squares to the others.
          failure = failure ?? "a worker returned no squares";
          live -= 1;
          settleIfIdle();
          return;
        }
      }
    }
    settleIfIdle();
  }

  clients.forEach((client, index) => {
    work(client, index);
  });
  settleIfIdle();

  return {
    done,
    stop() {
      stopped = true;
      wake();
      return Promise.all([...busy].map((client) => client.stop())).then(() => settleIfIdle());
    },
  };
}
