import { test } from "node:test";
import assert from "node:assert/strict";
import { defaultState } from "../../web/state.js";
import {
  describeStatus, duration, hintFor, holesText, loadingText, moveCountText, number, playLabel, sideError, speedText,
} from "../../web/status-text.js";
import { STATUSES } from "../../web/state.js";
import { searchAt } from "../../web/timeline.js";

const result = { method: "warnsdorff", seconds: 0.0123, nodes: 1234567, backtracks: 0, reason: "odd squares" };
const base = (patch = {}) => ({ ...defaultState(), ...patch, settings: { ...defaultState().settings, start: [7, 0], ...(patch.settings || {}) } });

test("numbers get en-US thousands separators", () => {
  assert.deepEqual([0, 7, 999, 1000, 1234567, -1234, 12.6].map(number), ["0", "7", "999", "1,000", "1,234,567", "-1,234", "13"]);
  assert.equal(number(2 ** 60), (2 ** 60).toLocaleString("en-US"));
});

test("durations: ms below a second, never 0 ms; seconds with two, then one decimal", () => {
  assert.deepEqual([0, 0.0004, 0.0123, 0.9994, 1, 2.345, 12.34].map(duration), ["1 ms", "1 ms", "12 ms", "999 ms", "1.00 s", "2.35 s", "12.3 s"]);
});

test("every status has a sentence; found and impossible name the square and the numbers", () => {
  for (const status of STATUSES) {
    const { text } = describeStatus(base({ status, result, message: "the solver broke", tour: Int32Array.from([56]), progress: null }));
    assert.ok(text.length > 5, status);
  }
  const found = describeStatus(base({ status: "found", result, tour: Int32Array.from([56, 41]) }));
  assert.equal(found.text, "Found an open tour from a1 in 12 ms.");
  assert.equal(found.detail, "Warnsdorff's rule: 1,234,567 nodes, 0 backtracks.");
  const link = describeStatus(base({ status: "found", tourFrom: "link", tour: new Int32Array(64) }));
  assert.equal(link.text, "Showing the open tour from the link, starting at a1.");
  const impossible = describeStatus(base({ status: "impossible", result, settings: { closed: true } }));
  assert.equal(impossible.text, "No closed tour from a1: odd squares");
  const solving = describeStatus(base({ status: "solving", progress: { nodes: 5000, backtracks: 12, depth: 30 } }));
  assert.equal(solving.detail, "5,000 positions tried, 12 backtracks, depth 30 of 64.");
});

test("the hint follows what a person can do next", () => {
  assert.match(hintFor(base({ editHoles: true }))[1], /add or remove holes/);
  assert.deepEqual(hintFor({ ...defaultState(), python: { ...defaultState().python, ready: true } })[0], "pulse");
  assert.match(hintFor(base({ status: "solving" }))[1], /Stop/);
  assert.match(hintFor(base({ tour: new Int32Array(3) }))[1], /Copy link/);
});

test("loading, holes, size errors, moves and speed read as sentences", () => {
  assert.match(loadingText({ stage: "starting Python", ms: 2500, failed: "" }), /starting Python .* 2 s$/);
  assert.equal(loadingText({ failed: "HTTP 404" }), "The solver could not start: HTTP 404");
  const holes = Array.from({ length: 14 }, (_, i) => [0, i]);
  assert.equal(holesText({ rows: 8, holes: holes.slice(0, 1) }), "1 hole: a8");
  assert.match(holesText({ rows: 8, holes }), /^14 holes: a8, b8, .*, l8, …$/);
  assert.equal(sideError("Rows", "0"), "Rows: “0” is not allowed; use a whole number from 1 to 1000.");
  const playing = base({ tour: new Int32Array(64), shown: 64 });
  assert.equal(moveCountText(playing), "Move 64 of 64");
  assert.equal(playLabel(playing), "Replay");
  assert.equal(playLabel({ ...playing, playing: true }), "Pause");
  assert.equal(moveCountText(base()), "No tour yet");
  const events = Int32Array.from([1, 2, -1, 3]);
  const replay = base({ events, search: searchAt(events, 3), speed: 1500 });
  assert.equal(moveCountText(replay), "Search step 3 of 4: depth 1, 1 backtracks");
  assert.equal(speedText(replay), "1,500 steps/s");
});
