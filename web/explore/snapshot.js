// The explore views' part of window.knightTour: view, comparison, heatmap and count, as
// plain data (the page's snapshot.js freezes it).

import { comparisonSnapshot } from "./compare-data.js";
import { planNote } from "./heatmap-data.js";
import { budgetOf } from "./transitions.js";
import { poolText } from "./worker-pool.js";

export function exploreSnapshot(state) {
  const { compare, heatmap, count } = state;
  return {
    view: state.view,
    budget: budgetOf(state),
    // [{method, status, nodes, backtracks, ms}] of the methods finished so far
    comparison: compare ? comparisonSnapshot(compare.results) : [],
    comparisonStatus: compare ? compare.status : "idle",
    comparisonOpened: compare ? compare.opened : null,
    heatmap: heatmap ? {
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
    } : null,
    count: count ? { status: count.status, value: count.value, nodes: count.nodes, found: count.found } : null,
  };
}
