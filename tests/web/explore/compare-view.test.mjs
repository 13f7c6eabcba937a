// The Compare view's status and hint are its own: from the comparison made for the start
// shown, never the Tour view's words, and a comparison for another start is not shown.

import { test } from "node:test";
import assert from "node:assert/strict";

import { comparePrompt, compareStatus, currentCompare } from "../../../web/explore/compare-view.js";
import { compareKey, budgetOf } from "../../../web/explore/transitions.js";
import { defaultSettings } from "../../../web/core/linked-board.js";
import { t } from "../../../web/i18n/messages.js";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

function stateWith(start, compareStart, status = "done", opened = null) {
  const settings = { ...defaultSettings(), rows: 5, cols: 5, start };
  const state = { view: "compare", budget: null, settings, python: { ready: true }, editHoles: false, zoom: null, viewport: { width: 400, height: 400, dpr: 1 }, status: "ready", tour: null };
  const madeFor = { ...settings, start: compareStart };
  return { ...state, compare: { key: compareKey(madeFor, budgetOf(state)), status, running: status === "running" ? "warnsdorff" : null, results: {}, opened } };
}

const tourWords = ["tour.hint.start", "tour.hint.found", "tour.status.ready", "tour.hint.solving"];

test("the start clicked again: no comparison is current, and the words ask for a square", () => {
  const state = stateWith(null, [4, 1]);
  assert.equal(currentCompare(state), null);
  assert.equal(compareStatus(state).text, t("explore.compare.status.pick"));
  assert.equal(comparePrompt(state)[1], t("tour.hint.compare"));
  assert.equal(currentCompare(stateWith([4, 0], [4, 1])), null, "a comparison from another start is stale");
});

test("every stage of a comparison has Compare's own status and hint, never the Tour view's", () => {
  for (const [status, opened] of [["running", null], ["done", null], ["done", "warnsdorff"], ["stopped", null]]) {
    const state = stateWith([4, 1], [4, 1], status, opened);
    assert.ok(currentCompare(state));
    for (const text of [compareStatus(state).text, comparePrompt(state)[1], inChinese(() => compareStatus(state).text), inChinese(() => comparePrompt(state)[1])]) {
      assert.ok(text.length > 0);
      for (const key of tourWords) {
        assert.notEqual(text, t(key));
        assert.notEqual(text, inChinese(() => t(key)));
      }
    }
    assert.match(compareStatus(state).text, /b1/);
    assert.match(inChinese(() => compareStatus(state).text), /b1/);
  }
});
