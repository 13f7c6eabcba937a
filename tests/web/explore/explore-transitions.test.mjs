import { MAX_EVENTS } from "../../../web/core/timeline.js";
import test from "node:test";
import assert from "node:assert/strict";
import { defaultState } from "../../../web/views.js";
import { heatmapPlan } from "../../../web/explore/heatmap-data.js";
import * as X from "../../../web/explore/transitions.js";
import { viewChosen } from "../../../web/shell/transitions.js";
import { registry } from "../../../web/views.js";

const chooseView = (state, view) => viewChosen(state, view, registry.opened(state, view));

const apply = (state, patch) => (patch ? { ...state, ...patch } : state);
const withSettings = (patch) => {
  const s = defaultState();
  return { ...s, settings: { ...s.settings, ...patch } };
};

test("budgets: the view's default unless one was chosen within its limit", () => {
  let s = withSettings({});
  assert.equal(X.budgetOf({ ...s, view: "compare" }), 1_000_000);
  assert.equal(X.budgetOf({ ...s, view: "heatmap" }), 100_000);
  s = { ...s, view: "heatmap", budget: 20_000_000 }; // fine for compare, over the heatmap's limit
  assert.equal(X.budgetOf(s), 100_000);
  assert.equal(X.budgetOf({ ...s, view: "compare" }), 20_000_000);
});

test("solve arguments: events for the watchable methods, the budget in explore views", () => {
  const s = withSettings({ method: "warnsdorff" });
  assert.deepEqual(X.exploreSolveArgs(s), { recordEvents: MAX_EVENTS });
  assert.deepEqual(X.exploreSolveArgs({ ...s, view: "heatmap", budget: 500 }), { recordEvents: MAX_EVENTS, maxNodes: 500 });
  assert.deepEqual(X.exploreSolveArgs(withSettings({ method: "auto" })), {});
  for (const m of ["backtrack", "exhaustive"]) assert.ok(X.exploreSolveArgs(withSettings({ method: m })).recordEvents);
});

test("a heatmap does not depend on the start square; a comparison does not depend on the method", () => {
  const a = withSettings({ start: [0, 0], method: "backtrack" }).settings;
  const b = { ...a, start: [3, 3] };
  assert.equal(X.heatmapKey(a, 100), X.heatmapKey(b, 100));
  assert.notEqual(X.heatmapKey(a, 100), X.heatmapKey({ ...a, method: "warnsdorff" }, 100));
  assert.notEqual(X.heatmapKey(a, 100), X.heatmapKey(a, 200));
  assert.equal(X.compareKey(a, 5), X.compareKey({ ...a, method: "auto" }, 5));
  assert.notEqual(X.compareKey(a, 5), X.compareKey(b, 5));
});

test("heatmap cells colour their block, in any order, and the run ends done or stopped", () => {
  let s = withSettings({ rows: 30, cols: 30 });
  const plan = heatmapPlan(30, 30, [], 100);
  assert.equal(plan.block, 3);
  s = apply(s, X.heatmapStarted(s, { plan, maxNodes: 1000, pool: { size: 1 }, now: 0 }));
  const [r, c] = plan.starts[5];
  s = apply(s, X.heatmapCellsDone(s, [[r, c, "found", 900, 0, 1]], 10));
  const [r0, c0, r1, c1] = plan.blocks[5];
  for (let y = r0; y <= r1; y += 1) for (let x = c0; x <= c1; x += 1) assert.equal(X.heatmapCellAt(s.heatmap, [y, x])[3], 900);
  assert.equal(X.heatmapCellAt(s.heatmap, [0, 0]), null);
  assert.equal(X.heatmapCellsDone(s, [[1, 1, "found", 1, 0, 1]], 11), null); // not a sampled start
  assert.equal(X.heatmapCellsDone(s, [[r, c, "found", 5, 0, 1]], 12), null); // a square counts once
  const two = apply(s, X.heatmapCellsDone(s, [plan.starts[0], plan.starts[1]].map(([y, x]) => [y, x, "impossible", 0, 0, 0]), 13));
  assert.equal(two.heatmap.cells.length, 3);
  const stopped = apply(s, X.heatmapFinished(s, { stopped: true, error: null }, 20));
  assert.equal(stopped.heatmap.status, "stopped");
  assert.equal(stopped.heatmap.cells.length, 1);
  assert.equal(X.heatmapCellsDone(stopped, [[0, 0, "found", 5, 0, 1]], 30), null); // nothing after the end
  let full = s;
  plan.starts.forEach(([y, x], i) => {
    if (i !== 5) full = apply(full, X.heatmapCellsDone(full, [[y, x, "gave_up", 1000, 990, 1]], 40));
  });
  assert.equal(apply(full, X.heatmapFinished(full, { stopped: false, error: null }, 50)).heatmap.status, "done");
});

test("opening a compare row shows its tour, or replays the search of a method that gave up", () => {
  let s = withSettings({ rows: 5, cols: 5, start: [4, 0] });
  s = apply(s, X.compareStarted(s, 1000));
  const tour = Int32Array.from({ length: 25 }, (_, i) => i);
  s = apply(s, X.compareMethodFinished(s, "warnsdorff", { status: "found", nodes: 25, backtracks: 0, ms: 1, indices: tour, events: Int32Array.from([20, 13]) }));
  s = apply(s, X.compareMethodFinished(s, "backtrack", { status: "gave_up", nodes: 1000, backtracks: 990, ms: 9, reason: "budget", indices: null, events: Int32Array.from([20, 13, -14, 11]) }));
  assert.equal(X.fastestFound(s.compare), "warnsdorff");
  const found = apply(s, X.compareRowOpened(s, "warnsdorff"));
  assert.equal(found.status, "found");
  assert.equal(found.tour, tour);
  assert.equal(found.compare.opened, "warnsdorff");
  const gaveUp = apply(found, X.compareRowOpened(found, "backtrack"));
  assert.equal(gaveUp.status, "gave_up");
  assert.equal(gaveUp.tour, null);
  assert.equal(gaveUp.search.pos, 0);
  assert.ok(gaveUp.playing);
  assert.equal(X.compareRowOpened(s, "construct"), null);
  const old = s.compare.id;
  const newer = apply(s, X.compareStarted(s, 1000));
  assert.equal(X.compareFinished(newer, true, old), null); // an old run cannot end a newer one
  assert.equal(X.compareFinished(newer, true, newer.compare.id).compare.status, "stopped");
});

test("on the heatmap only a newly chosen square searches at once", () => {
  const s = withSettings({ start: [2, 2] });
  const before = s.settings;
  assert.equal(X.solvesOnApply({ ...s, view: "tour" }, before), true);
  assert.equal(X.solvesOnApply({ ...s, view: "heatmap" }, before), false);
  const moved = { ...s, view: "heatmap", settings: { ...s.settings, start: [3, 3] } };
  assert.equal(X.solvesOnApply(moved, before), true);
  assert.equal(X.solvesOnApply({ ...s, view: "heatmap" }, { ...before, start: null }), true);
  // A bigger board keeps c6 (by name): still the same square, no search.
  const bigger = { ...s, view: "heatmap", settings: { ...s.settings, rows: 40, cols: 40, start: [34, 2] } };
  assert.equal(X.solvesOnApply(bigger, { ...before, rows: 8, cols: 8, start: [2, 2] }), false);
});

test("the heatmap opens on the telling map from the untouched board, never over a chosen one", () => {
  const fresh = defaultState();
  const opened = chooseView(fresh, "heatmap");
  assert.equal(opened.view, "heatmap");
  assert.deepEqual([opened.settings.rows, opened.settings.cols, opened.settings.method], [X.TELLING_MAP.rows, X.TELLING_MAP.cols, X.TELLING_MAP.method]);
  const chosen = { ...fresh, settings: { ...fresh.settings, rows: 6, cols: 6 } };
  assert.deepEqual(chooseView(chosen, "heatmap"), { view: "heatmap" });
  assert.deepEqual(chooseView(fresh, "compare"), { view: "compare" });
});
