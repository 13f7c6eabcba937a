// The Compare and Heatmap views' part of window.knightTour: the budget, the comparison
// and the heatmap, as plain data (shell/snapshot.js freezes it), one function
// per key: each is built only when read.

import { comparisonSnapshot } from "./compare-data.js";
import { planNote } from "./heatmap-data.js";
import { budgetOf } from "./transitions.js";
import { poolText } from "./worker-pool.js";

export const compareSnapshot = {
  budget: budgetOf,
  // [{method, status, nodes, backtracks, ms}] of the methods finished so far
  comparison: ({ compare }) => (compare ? comparisonSnapshot(compare.results) : []),
  comparisonStatus: ({ compare }) => (compare ? compare.status : "idle"),
  comparisonOpened: ({ compare }) => (compare ? compare.opened : null),
};

export const heatmapSnapshot = {
  heatmap: ({ heatmap }) => (heatmap ? {
    method: heatmap.method,
    maxNodes: heatmap.maxNodes,
    status: heatmap.status,
    done: heatmap.cells.length,
    total: heatmap.plan.starts.length,
    sampled: Boolean(heatmap.plan.note),
    note: planNote(heatmap.plan),
    error: heatmap.error || "",
    workers: heatmap.pool ? heatmap.pool.size : 0,
    workersReady: heatmap.ready || 0,
    workersJoined: heatmap.joined || 0,
    workersText: heatmap.pool ? poolText(heatmap.pool) : "",
    ms: heatmap.ms,
    cells: heatmap.cells.map(([row, col, status, nodes, backtracks]) => [row, col, status, nodes, backtracks]),
  } : null),
};
