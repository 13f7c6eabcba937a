// Pure state changes of the explore views: each takes the state (and what happened) and
// returns the patch to merge, or null. session.js runs the workers and feeds
// their answers back through these.

import { BUDGETS, defaultBudget } from "./params.js";
import { COMPARE_METHODS } from "./compare-data.js";
import { replayArgs, searchAt, searchSpeed } from "../core/timeline.js";
import { tourShown } from "../tour/api.js";
import { defaultSettings } from "../core/linked-board.js";
import { squareName } from "../core/squares.js";


/** Extra solve arguments for the state's view: its node budget, and events to replay. */
export function exploreSolveArgs(state, method = state.settings.method) {
  const extra = replayArgs(method);
  if (state.view === "heatmap" || state.view === "compare") extra.maxNodes = budgetOf(state);
  return extra;
}

/**
 * Whether new settings search from the start square at once: always, except on the
 * heatmap, where only choosing a square does (a new size or method keeps the map in view).
 */
export function solvesOnApply(state, before) {
  if (state.view !== "heatmap") return true;
  const { start, rows } = state.settings;
  // By name: a new board size keeps the start square's name (a1 stays a1).
  return !(before.start && start && squareName(before.start, before.rows) === squareName(start, rows));
}

/** The heatmap's selected square while the page's start is still that square (the Tour
 * view may have chosen another since), or null. */
export function heatmapPickOf(state) {
  const pick = state.heatmapPick;
  const { start } = state.settings;
  return pick && start && pick[0] === start[0] && pick[1] === start[1] ? pick : null;
}

/** Whether choosing `sq` again clears it: on the heatmap a square is a selection, and a
 * second tap on the selected square takes the selection (and its tour) away. */
export function againClears(state, sq) {
  const pick = heatmapPickOf(state);
  return state.view === "heatmap" && Boolean(pick) && pick[0] === sq[0] && pick[1] === sq[1];
}

// --- opening the heatmap, and the budget -----------------------------------------------

// The heatmap that shows the most (measured on CPython): on 5 x 5 plain backtracking's
// nodes run from 41 to 781,420 by start square (12 squares proved impossible; under the
// heatmap's 100,000-node budget 10 found, 3 gave up); 6 x 6 gives up on half its squares
// even at 1,000,000; the greedy rule and the exhaustive search are flat (64 on 8 x 8).
export const TELLING_MAP = { rows: 5, cols: 5, method: "backtrack" };

/** Whether the settings are the page's defaults, untouched (no square chosen either). */
function untouched(settings) {
  const fresh = defaultSettings();
  return Object.keys(fresh).every((key) => JSON.stringify(settings[key]) === JSON.stringify(fresh[key]));
}

/** What opening the heatmap changes besides the view: on the untouched default board
 * (where every method's map is flat) it opens on TELLING_MAP instead, something to see
 * (`shell.settingsApplied`, the registry's: every view drops what the old board had). */
export function heatmapOpened(state, shell) {
  return untouched(state.settings) ? shell.settingsApplied(state, { ...state.settings, ...TELLING_MAP }) : null;
}

export function budgetChosen(state, budget) {
  return state.budget === budget ? null : { budget };
}

/** The node budget the current view runs with. */
export function budgetOf(state) {
  const limits = BUDGETS[state.view];
  if (!limits) return defaultBudget(state.view);
  return state.budget && state.budget <= limits.max ? state.budget : limits.fallback;
}

/** The settings a heatmap depends on (not the start square: a heatmap covers them all). */
export function heatmapKey(settings, budget) {
  const holes = settings.holes.map(([r, c]) => `${r}.${c}`).join(" ");
  return [settings.rows, settings.cols, settings.closed, settings.method, settings.rule, holes, budget].join("|");
}

/** The settings a comparison depends on (every method runs, so not the method). */
export function compareKey(settings, budget) {
  const start = settings.start ? settings.start.join(".") : "";
  const holes = settings.holes.map(([r, c]) => `${r}.${c}`).join(" ");
  return [settings.rows, settings.cols, settings.closed, settings.rule, holes, start, budget].join("|");
}

// --- compare --------------------------------------------------------------------------

export function compareStarted(state, budget) {
  return {
    compare: {
      id: (state.compare?.id || 0) + 1, key: compareKey(state.settings, budget), budget, status: "running", running: COMPARE_METHODS[0], results: {}, opened: null,
    },
  };
}

export function compareMethodStarted(state, method) {
  return state.compare ? { compare: { ...state.compare, running: method } } : null;
}

/** One method's answer: {status, nodes, backtracks, ms, reason, usedMethod, indices, events}. */
export function compareMethodFinished(state, method, result) {
  const c = state.compare;
  return c ? { compare: { ...c, results: { ...c.results, [method]: result } } } : null;
}

export function compareFinished(state, stopped, id) {
  const c = state.compare;
  return c && c.id === id ? { compare: { ...c, status: stopped ? "stopped" : "done", running: null } } : null;
}

/** The fastest method that found a tour, or null. */
export function fastestFound(compare) {
  let best = null;
  for (const method of COMPARE_METHODS) {
    const r = compare?.results[method];
    if (r && r.status === "found" && (!best || r.ms < compare.results[best].ms)) best = method;
  }
  return best;
}

/**
 * Show one row of the comparison on the board: its tour, or (when it found none) a
 * replay of its recorded search.
 */
export function compareRowOpened(state, method) {
  const c = state.compare;
  const r = c?.results[method];
  if (!r) return null;
  const compare = { ...c, opened: method };
  const result = { method: r.usedMethod || method, seconds: r.ms / 1000, nodes: r.nodes, backtracks: r.backtracks, reason: r.reason, reasons: r.reasons ?? null }; // the reason in every language
  const events = r.events && r.events.length ? r.events : null;
  if (r.status === "found") return { ...tourShown(state, r.indices, "solver", result), events, search: null, compare };
  const patch = { status: r.status, result, tour: null, shown: 0, progress: null, events, search: null, playing: false, compare };
  if (events) {
    patch.search = searchAt(events, 0);
    patch.playing = true;
    patch.speed = state.speedChosen ? state.speed : searchSpeed(events.length);
  }
  return patch;
}

// --- heatmap --------------------------------------------------------------------------

/**
 * A heatmap run begins: `plan` from heatmap-data's heatmapPlan, `pool` from
 * worker-pool's poolSize. `at` maps each square to its cell's place in `cells` (-1: none yet).
 */
export function heatmapStarted(state, { plan, maxNodes, pool, now, ready = 1 }) {
  const { rows, cols } = state.settings;
  const blockOf = new Int32Array(rows * cols).fill(-1);
  plan.starts.forEach(([r, c], i) => {
    blockOf[r * cols + c] = i;
  });
  return {
    heatmap: {
      key: heatmapKey(state.settings, maxNodes), rows, cols, method: state.settings.method, maxNodes,
      status: "running", plan, blockOf, cells: [], at: new Int32Array(rows * cols).fill(-1),
      pool, joined: 0, ready: Math.min(ready, pool.size), startedAt: now, ms: 0, error: "",
    },
  };
}

/** A heatmap that cannot be made of this board: the reason, and nothing else changes. */
export function heatmapRefused(state, error, maxNodes) {
  const { settings } = state;
  return {
    heatmap: {
      key: heatmapKey(settings, maxNodes), rows: settings.rows, cols: settings.cols, method: settings.method, maxNodes,
      status: "refused", error, plan: { starts: [], blocks: [], note: "" }, cells: [], at: new Int32Array(0), pool: null, joined: 0, ms: 0,
    },
  };
}

/** Finished squares, each [row, col, status, nodes, backtracks, ms]; each colours its block. */
export function heatmapCellsDone(state, cells, now) {
  const h = state.heatmap;
  if (!h || h.status !== "running") return null;
  const at = h.at.slice();
  const kept = h.cells.slice();
  for (const cell of cells) {
    const i = h.blockOf[cell[0] * h.cols + cell[1]];
    if (i < 0 || at[cell[0] * h.cols + cell[1]] >= 0) continue; // not a start, or done already
    const [r0, c0, r1, c1] = h.plan.blocks[i];
    for (let r = r0; r <= r1; r += 1) for (let c = c0; c <= c1; c += 1) at[r * h.cols + c] = kept.length;
    kept.push(cell);
  }
  if (kept.length === h.cells.length) return null;
  return { heatmap: { ...h, cells: kept, at, ms: now - h.startedAt } };
}

/** One more worker has its Python ready. */
export function heatmapWorkerReady(state) {
  const h = state.heatmap;
  return h && h.pool && h.ready < h.pool.size ? { heatmap: { ...h, ready: h.ready + 1 } } : null;
}

export function heatmapWorkerJoined(state) {
  const h = state.heatmap;
  return h ? { heatmap: { ...h, joined: h.joined + 1 } } : null;
}

export function heatmapFinished(state, { stopped, error }, now) {
  const h = state.heatmap;
  if (!h || h.status !== "running") return null;
  const complete = h.cells.length === h.plan.starts.length;
  const status = complete ? "done" : stopped ? "stopped" : "error";
  return { heatmap: { ...h, status, ms: now - h.startedAt, error: complete ? "" : error || "" } };
}

/** The cell that colours square sq, or null. */
export function heatmapCellAt(heatmap, [row, col]) {
  if (!heatmap || !heatmap.at.length || row >= heatmap.rows || col >= heatmap.cols) return null;
  const place = heatmap.at[row * heatmap.cols + col];
  return place < 0 ? null : heatmap.cells[place];
}
