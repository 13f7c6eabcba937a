// The heatmap's selection is its own: a square chosen there, shown while the page's start
// is still that square; a start chosen in another view is no selection of the heatmap.

import { test } from "node:test";
import assert from "node:assert/strict";

import { againClears, heatmapPickOf } from "../../../web/explore/transitions.js";
import { heatmapView } from "../../../web/explore/views.js";

const state = (view, start, heatmapPick) => ({ view, settings: { start, rows: 5, cols: 5, holes: [] }, heatmapPick });

test("a square chosen on the heatmap is its selection; a second choice of it clears", () => {
  assert.deepEqual(heatmapView.choose(state("heatmap", null, null), [0, 4]), { start: [0, 4], patch: { heatmapPick: [0, 4] } });
  const picked = state("heatmap", [0, 4], [0, 4]);
  assert.deepEqual(heatmapView.choose(picked, [0, 4]), { start: null, patch: { heatmapPick: null } });
  assert.deepEqual(heatmapView.clear(picked), { heatmapPick: null });
  assert.deepEqual(heatmapPickOf(picked), [0, 4]);
  assert.equal(againClears(picked, [0, 4]), true);
  assert.equal(againClears(picked, [1, 4]), false);
  assert.ok(heatmapView.draws(picked).includes("path"));
});

test("the Tour view's start is not the heatmap's selection: no tour drawn on the heat", () => {
  for (const pick of [null, [2, 2]]) {
    const s = state("heatmap", [4, 0], pick);
    assert.equal(heatmapPickOf(s), null);
    assert.equal(againClears(s, [4, 0]), false);
    assert.deepEqual(heatmapView.draws(s), ["board", "heat", "overlay"]);
  }
});
