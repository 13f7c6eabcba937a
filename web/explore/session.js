// The side effects of the explore views: running every method for the comparison, the
// heatmap's pool of workers, downloading the heatmap, and the URL for a view. Each state change is a pure transition (transitions.js) sent through
// the store; this module decides when, and talks to the workers. It watches the store:
// a view whose run is missing or made for other settings starts a fresh one.

import { heatmapBoardProblem } from "./params.js";
import { MAX_EVENTS } from "../core/timeline.js";
import { COMPARE_METHODS, constructionRefusal } from "./compare-data.js";
import { cellsCsv, heatmapPlan } from "./heatmap-data.js";
import { poolSize, runSurvey } from "./worker-pool.js";
import { solveArgs } from "../solver/solve-args.js";
import * as T from "../tour/api.js";
import * as X from "./transitions.js";

const run = (io, transition, ...args) => io.store.update((state) => transition(state, ...args));

function pushUrl(io, mode = "push") {
  const state = io.store.get();
  const query = io.queryOf(state);
  if (io.location.search === query) return;
  if (mode === "replace") io.history.replaceState(null, "", query);
  else io.history.pushState(null, "", query);
}

// --- compare --------------------------------------------------------------------------

/** How long Compare lets a search already under way end on its own before stopping it. */
export const SEARCH_SETTLE_MS = 250;

/** Run every method in turn from the start square under one budget; the fastest tour is shown. */
async function runCompare(io) {
  const state = io.store.get();
  if (!state.settings.start || !state.python.ready) return;
  const wasSolving = state.status === "solving";
  const budget = X.budgetOf(state);
  run(io, T.solveStarted);
  run(io, X.compareStarted, budget);
  const { generation, compare: { id } } = io.store.get();
  const current = () => generation === io.store.get().generation;
  // The search under way (a link's or a click's tour, most often about to be answered)
  // ends on its own if it can: a Stop without shared memory costs a fresh Python.
  if (wasSolving && !(await io.solver.settled(SEARCH_SETTLE_MS))) await io.solver.stop();
  for (const method of COMPARE_METHODS) {
    if (!current()) break;
    run(io, X.compareMethodStarted, method);
    const now = io.store.get();
    const args = { ...solveArgs({ ...now.settings, method }), maxNodes: budget, recordEvents: MAX_EVENTS };
    let reply;
    const started = performance.now();
    try {
      // The constructions build the knight's tours of whole boards: a leaper's row or a
      // board with holes says so in the page's own words, without asking the solver.
      reply = (method === "construct" && constructionRefusal(now.settings))
        || await io.solver.solve(args, (progress) => {
          if (current()) run(io, T.progressed, progress);
        });
    } catch (err) {
      reply = { status: "error", reason: err.message, nodes: null, backtracks: null };
    }
    if (!current() || reply.status === "cancelled") break;
    const wallMs = performance.now() - started;
    run(io, X.compareMethodFinished, method, {
      status: reply.status, nodes: reply.nodes, backtracks: reply.backtracks, reason: reply.reason || "", reasons: reply.reasons ?? null,
      piece: reply.piece ?? null, holes: reply.holes ?? false,
      ms: Number.isFinite(reply.seconds) ? reply.seconds * 1000 : null, wallMs, usedMethod: reply.method || method,
      indices: reply.indices || null, events: reply.events || null,
    });
  }
  if (!current()) {
    run(io, X.compareFinished, true, id);
    return;
  }
  run(io, X.compareFinished, false, id);
  const c = io.store.get().compare;
  const best = X.fastestFound(c);
  if (best) run(io, X.compareRowOpened, best);
  else run(io, X.compareRowOpened, COMPARE_METHODS.find((m) => c.results[m]?.status === "impossible") || "backtrack");
}

// --- heatmap --------------------------------------------------------------------------

function adapt(client, ready, argsFor) {
  return {
    ready,
    survey: (chunk, onCell) => client.survey(argsFor(chunk), (p) => p.cells?.forEach(onCell)),
    stop: () => client.stop(),
  };
}

function startExtraWorker(io) {
  const client = io.makeSolver();
  const worker = { client, ready: null, isReady: false };
  worker.ready = new Promise((resolve, reject) => {
    client.start({ onLoading() {}, onReady: resolve, onFailed: (msg) => reject(new Error(msg.message)) });
  });
  worker.ready.then(() => {
    worker.isReady = true;
    if (io.extras.includes(worker)) run(io, X.heatmapWorkerReady);
  }, () => {}); // a failure reaches the pool
  return worker;
}

async function runHeatmap(io) {
  const state = io.store.get();
  const { settings } = state;
  const maxNodes = X.budgetOf(state);
  const old = io.heatmapJob;
  io.heatmapJob = null;
  const problem = heatmapBoardProblem(settings.rows, settings.cols);
  if (problem) {
    run(io, X.heatmapRefused, problem, maxNodes);
    if (old) old.stop();
    return;
  }
  const plan = heatmapPlan(settings.rows, settings.cols, settings.holes);
  const pool = poolSize(io.hardware);
  const ready = 1 + io.extras.slice(0, pool.size - 1).filter((w) => w.isReady).length;
  run(io, X.heatmapStarted, { plan, maxNodes, pool, now: io.now(), ready });
  if (old) await old.stop();
  if (io.store.get().heatmap?.plan !== plan) return; // a newer run began meanwhile
  while (io.extras.length < pool.size - 1) io.extras.push(startExtraWorker(io));
  const base = solveArgs(settings);
  const argsFor = (chunk) => ({ ...base, maxNodes, starts: chunk });
  const clients = [adapt(io.solver, Promise.resolve(), argsFor), ...io.extras.slice(0, pool.size - 1).map((w) => adapt(w.client, w.ready, argsFor))];
  // Cells that arrive together (one message) go into the store in one change.
  let arrived = [];
  const flush = () => {
    const cells = arrived;
    arrived = [];
    if (io.heatmapJob === job) run(io, X.heatmapCellsDone, cells, io.now());
  };
  const job = runSurvey({
    clients,
    starts: plan.starts,
    onCell: (cell) => {
      arrived.push(cell);
      if (arrived.length === 1) queueMicrotask(flush);
    },
    onWorkerJoined: (index) => {
      if (index > 0 && io.heatmapJob === job) run(io, X.heatmapWorkerJoined); // helpers only
    },
  });
  io.heatmapJob = job;
  const outcome = await job.done;
  if (io.heatmapJob === job) {
    io.heatmapJob = null;
    run(io, X.heatmapFinished, outcome, io.now());
    if (io.store.get().heatmap?.status === "done") performance.mark("heatmap-done");
  }
}

/** Stop the heatmap's workers; the finished squares stay on the map. */
async function stopHeatmap(io) {
  const job = io.heatmapJob;
  if (!job) return;
  io.heatmapJob = null;
  await job.stop();
  const outcome = await job.done;
  run(io, X.heatmapFinished, { ...outcome, stopped: true }, io.now());
}

/** Let the extra workers go (each is a whole Python) when the heatmap is left. */
function releaseExtras(io) {
  for (const { client } of io.extras.splice(0)) client.dispose();
}

function downloadHeatmap(io) {
  const { heatmap, settings } = io.store.get();
  if (!heatmap || !heatmap.cells.length) return;
  const csv = cellsCsv(heatmap.cells, settings.rows, heatmap.method);
  const name = `knight-heatmap-${settings.rows}x${settings.cols}-${heatmap.method}.csv`;
  io.download(new Blob([csv], { type: "text/csv" }), name);
}

// --- what the store asks for ----------------------------------------------------------

/** Start the run the view needs when it has none for the current settings. */
function check(io) {
  const state = io.store.get();
  if (state.view !== "heatmap" && (io.heatmapJob || io.extras.length) && !io.leaving) {
    // Stop the map first, then let the extra workers go: a worker ended while it is
    // being stopped would be restarted by its client.
    io.leaving = true;
    stopHeatmap(io).then(() => {
      io.leaving = false;
      if (io.store.get().view !== "heatmap") releaseExtras(io);
    });
  }
  if (!state.python.ready) return;
  if (state.view === "heatmap" && !state.editHoles) {
    const key = X.heatmapKey(state.settings, X.budgetOf(state));
    if (!state.heatmap || state.heatmap.key !== key) runHeatmap(io);
  } else if (state.view === "compare" && state.settings.start && !state.editHoles) {
    const key = X.compareKey(state.settings, X.budgetOf(state));
    if (!state.compare || state.compare.key !== key) runCompare(io);
  }
}

/** The explore commands bound to what they talk to (panels call these). */
export function createExploreSession({ store, solver, makeSolver, history, location, hardware, download, queryOf, now = () => performance.now() }) {
  const io = { store, solver, makeSolver, history, location, hardware, download, queryOf, now, extras: [], heatmapJob: null, leaving: false };
  let pending = false;
  store.subscribe((state, change) => {
    if (!("settings" in change || "view" in change || "budget" in change || "python" in change || "editHoles" in change)) return;
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      check(io);
    });
  });
  return {
    chooseBudget(budget) {
      run(io, X.budgetChosen, budget);
      pushUrl(io, "replace");
    },
    openCompareRow: (method) => run(io, X.compareRowOpened, method),
    rerunCompare() {
      io.store.update({ compare: null });
      check(io);
    },
    stopHeatmap: () => stopHeatmap(io),
    rerunHeatmap() {
      io.store.update({ heatmap: null });
      check(io);
    },
    downloadHeatmap: () => downloadHeatmap(io),
  };
}
