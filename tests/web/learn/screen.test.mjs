import test from "node:test";
import assert from "node:assert/strict";
import { screenOf } from "../../../web/learn/screen-panel.js";
import { boardKey } from "../../../web/learn/transitions.js";

const settings = { rows: 5, cols: 5, start: [0, 0], holes: [], rule: "" };

test("the screen is the editor's while typing, the steps' once a run is under way or shown, else the menu's", () => {
  const madeFor = boardKey(settings);
  for (const status of ["idle", "running", "done", "stopped", "limit", "error"]) {
    for (const steps of [0, 3]) {
      for (const mine of [true, false]) {
        const state = { settings, learn: { status, steps, madeFor: mine ? madeFor : "other" } };
        assert.equal(screenOf(state, true), "typing");
        const stepping = status === "running" || (steps > 0 && mine);
        assert.equal(screenOf(state, false), stepping ? "stepping" : "choosing", JSON.stringify(state.learn));
      }
    }
  }
});
