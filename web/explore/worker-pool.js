// A pool of solver workers for the heatmap: how many to run (cores AND memory, since each
// worker is a whole Python), and a run that hands chunks of start squares to whichever
// worker is free, so workers that finish loading late still join in. No DOM; the workers
// come from a factory, so tests drive it with fakes.

import { t } from "../i18n/messages.js";

/** Memory one Pyodide worker may take while searching (heap, wasm code, stdlib). */
export const WORKER_MEMORY_MB = 250;
/** Never more workers than this, whatever the machine says. */
export const MAX_WORKERS = 8;
/** Memory assumed when the browser does not say (navigator.deviceMemory is Chromium's
 * only): little, since such a browser may be Safari on a phone, whose tab gets a fraction
 * of the memory, and whose core count need not be the machine's (WebKitGTK said 4 on 2). */
export const ASSUMED_MEMORY_GB = 2;

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
  const limitedBy = size === c ? "cores" : size === memoryCap ? "memory" : "page";
  const pool = { size, cores: c, memoryGB: known ? gb : null, memoryCap, limitedBy };
  return { ...pool, text: poolText(pool) };
}

/** The pool in words, in the page's language: "2 workers (16 cores; 2 GB memory allows 2; limited by memory)". */
export function poolText({ size, cores, memoryGB, memoryCap, limitedBy }) {
  const params = {
    workers: t("explore.pool.workers", { count: size }),
    cores: t("explore.pool.cores", { count: cores }),
    gb: memoryGB ?? ASSUMED_MEMORY_GB,
    cap: memoryCap,
    limit: t(`explore.pool.limit.${limitedBy}`),
  };
  return memoryGB === null ? t("explore.pool.text-assumed", params) : t("explore.pool.text", params);
}

/** Squares per request: small enough to balance the workers, big enough to keep messages few. */
export function chunkSize(remaining, workers) {
  return Math.max(1, Math.min(64, Math.ceil(remaining / (Math.max(1, workers) * 4))));
}

/** Work left that one worker finishes sooner alone than with helpers (messages cost too). */
export const SMALL_JOB_MS = 250;

const squareKey = ([r, c]) => `${r},${c}`;
const errorText = (err) => String(err?.message || err);

/** Let the helpers waiting for work look again. */
function wake(run) {
  for (const resolve of run.waiting.splice(0)) resolve();
}

/** Whether the squares left are worth a helper's joining, at the pace so far. */
function worthHelping(run) {
  // A worker lost also calls the helpers in: its squares are back in the queue.
  return run.live < run.clients.length
    || (run.cellsDone >= 1 && run.firstMs > run.smallJobMs)
    || (run.cellsDone >= 2 && (run.laterMs / (run.cellsDone - 1)) * run.queue.length > run.smallJobMs);
}

/** End the run once no worker is busy and nothing is left to do (or no one to do it). */
function settleIfIdle(run) {
  if (run.finished || run.busy.size > 0) return;
  if (run.stopped || run.queue.length === 0 || run.live === 0) {
    run.finished = true;
    wake(run);
    run.finish({ stopped: run.stopped || run.queue.length > 0, error: run.failure });
  }
}

function readyFailed(run, err) {
  run.live -= 1;
  run.failure = run.failure ?? errorText(err);
  settleIfIdle(run);
}

/** The next chunk of the queue for `client`: {squares, pending} (pending: keys not yet back). */
function takeChunk(run, client) {
  const squares = run.queue.splice(0, chunkSize(run.queue.length, run.live));
  const pending = new Set(squares.map(squareKey));
  run.busy.add(client);
  return { squares, pending };
}

function cellArrived(run, pending, cell) {
  pending.delete(squareKey(cell));
  const ms = Number.isFinite(cell[5]) ? cell[5] : 0;
  if (run.cellsDone === 0) run.firstMs = ms;
  else run.laterMs += ms;
  run.cellsDone += 1;
  run.onCell(cell);
  wake(run);
}

const unanswered = ({ squares, pending }) => squares.filter((square) => pending.has(squareKey(square)));

/** The worker failed: it is lost, and its chunk's unanswered squares go back to the queue. */
function chunkFailed(run, client, chunk, err) {
  run.failure = errorText(err);
  run.live -= 1;
  if (!run.stopped) run.queue.unshift(...unanswered(chunk));
  wake(run);
  run.busy.delete(client);
  settleIfIdle(run);
}

/** The chunk came back: requeue what is missing; false when nothing came (the worker is dropped). */
function chunkReturned(run, client, chunk) {
  run.busy.delete(client);
  if (run.stopped || !chunk.pending.size) return true;
  run.queue.unshift(...unanswered(chunk));
  if (chunk.pending.size !== chunk.squares.length) return true;
  // Nothing came back: this worker is no use; leave the squares to the others.
  run.failure = run.failure ?? t("explore.pool.no-squares");
  run.live -= 1;
  settleIfIdle(run);
  return false;
}

async function work(run, client, index) {
  try {
    await client.ready;
  } catch (err) {
    readyFailed(run, err);
    return;
  }
  // Helpers wait until the pace so far says the rest is worth sharing.
  while (index > 0 && !run.stopped && !run.finished && run.queue.length && !worthHelping(run)) {
    await new Promise((resolve) => run.waiting.push(resolve));
  }
  if (!run.stopped && run.queue.length) run.onWorkerJoined(index);
  while (!run.stopped && run.queue.length) {
    const chunk = takeChunk(run, client);
    try {
      await client.survey(chunk.squares, (cell) => cellArrived(run, chunk.pending, cell));
    } catch (err) {
      chunkFailed(run, client, chunk, err);
      return;
    }
    if (!chunkReturned(run, client, chunk)) return;
  }
  settleIfIdle(run);
}

function stopSurvey(run) {
  run.stopped = true;
  wake(run);
  return Promise.all([...run.busy].map((client) => client.stop())).then(() => settleIfIdle(run));
}

/**
 * Run `starts` ([[r, c]]) over `clients`, each {ready: Promise, survey(starts, onCell) ->
 * Promise, stop() -> Promise}. onCell(cell) gets every finished cell ([row, col, status,
 * nodes, backtracks, ms]). The first client works at once; the others help only while the
 * squares left would take one worker more than `smallJobMs` at the pace so far.
 * Returns {done: Promise<{stopped, error}>, stop()}; stop() ends early, keeping the cells
 * delivered. Squares of a worker that fails go back to the queue for the others.
 */
export function runSurvey({ clients, starts, onCell, onWorkerJoined = () => {}, smallJobMs = SMALL_JOB_MS }) {
  let finish;
  const done = new Promise((resolve) => {
    finish = resolve;
  });
  const run = {
    clients, onCell, onWorkerJoined, smallJobMs, finish,
    queue: starts.slice(),
    cellsDone: 0,
    firstMs: 0, // a worker's first square also pays for warming up: judged apart
    laterMs: 0,
    waiting: [], // the resolves of helpers waiting for the pace to call them in
    stopped: false,
    failure: null,
    live: clients.length,
    busy: new Set(),
    finished: false,
  };
  clients.forEach((client, index) => {
    work(run, client, index);
  });
  settleIfIdle(run);
  return {
    done,
    stop() {
      return stopSurvey(run);
    },
  };
}
