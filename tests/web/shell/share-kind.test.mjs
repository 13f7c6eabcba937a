// What a copied link holds is what its sentence says: a Tour view without a tour (none
// exists from the start, or none found yet) links a board and its start, not a route.

import { test } from "node:test";
import assert from "node:assert/strict";

import { registry, defaultState } from "../../../web/views.js";
import { linkMade } from "../../../web/shell/transitions.js";
import { shareLabel, shareText } from "../../../web/shell/share-panel.js";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const noTour = () => {
  const state = defaultState();
  return { ...state, view: "tour", tour: null, status: "impossible", settings: { ...state.settings, rows: 8, cols: 8, start: [4, 3] } };
};

test("a Tour view with no tour copies a board's link and says so, in both languages", () => {
  const state = noTour();
  const kind = registry.shareKind(state);
  assert.equal(kind, "board");
  const { share } = linkMade(state, "http://x/?rows=8&cols=8&start=d4", true, state.settings, kind);
  assert.doesNotMatch(shareLabel(kind), /tour|route/i);
  assert.doesNotMatch(shareText(share), /sees this (tour|route)/i);
  assert.match(shareText(share), /not a tour/);
  for (const text of [inChinese(() => shareText(share)), inChinese(() => shareLabel(kind))]) {
    assert.match(text, /棋盘/);
    assert.doesNotMatch(text, /看到这条路线|路线的链接/);
  }
});

test("with a tour, and in the other views, the link is the view's own", () => {
  const state = noTour();
  assert.equal(registry.shareKind({ ...state, tour: new Int32Array([27, 10]), status: "found" }), "tour");
  for (const view of registry.ids.filter((id) => id !== "tour")) assert.equal(registry.shareKind({ ...state, view }), view);
  assert.match(shareLabel("tour"), /tour/);
});
