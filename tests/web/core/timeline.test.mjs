import { test } from "node:test";
import assert from "node:assert/strict";
import { drawnPath, naturalSpeed, searchAt, seekPatch, sliderFromSpeed, speedFromSlider, timeline } from "../../../web/core/timeline.js";
import { random } from "../helpers.mjs";

test("searchAt replays pushes and pops: depth and backtracks agree with the events", () => {
  const rand = random(21);
  const events = [];
  let depth = 0;
  for (let i = 0; i < 2000; i += 1) {
    if (depth > 0 && rand() < 0.4) {
      events.push(-1);
      depth -= 1;
    } else {
      events.push(Math.floor(rand() * 64));
      depth += 1;
    }
  }
  const all = Int32Array.from(events);
  let stack = [];
  let backtracks = 0;
  for (let pos = 0; pos <= all.length; pos += 97) {
    stack = [];
    backtracks = 0;
    for (const e of events.slice(0, pos)) if (e >= 0) stack.push(e); else { stack.pop(); backtracks += 1; }
    const at = searchAt(all, pos);
    assert.deepEqual(Array.from(at.stack), stack);
    assert.equal(at.backtracks, backtracks);
    assert.equal(at.pos, pos);
  }
});

test("seeking clamps to the timeline: a tour from square 1, a search from step 0", () => {
  const tourState = { tour: Int32Array.from([0, 10, 20]), shown: 2, search: null, events: null };
  assert.deepEqual(timeline(tourState), { length: 3, position: 2 });
  assert.deepEqual(seekPatch(tourState, -5), { shown: 1 });
  assert.deepEqual(seekPatch(tourState, 99), { shown: 3 });
  assert.deepEqual(seekPatch(tourState, 1.6), { shown: 2 });
  const events = Int32Array.from([5, 7, -1, 9]);
  const searchState = { ...tourState, events, search: searchAt(events, 1) };
  assert.deepEqual(timeline(searchState), { length: 4, position: 1 });
  assert.equal(seekPatch(searchState, -5).search.pos, 0);
  assert.deepEqual(Array.from(seekPatch(searchState, 99).search.stack), [5, 9]);
  assert.deepEqual(timeline({ tour: null, shown: 0, search: null }), { length: 0, position: 0 });
});

test("the drawn path is the search stack while replaying, else the tour", () => {
  const tour = Int32Array.from([0, 10, 20]);
  assert.deepEqual(drawnPath({ tour, shown: 2, search: null }), { path: tour, shown: 2 });
  assert.deepEqual(drawnPath({ tour: null, shown: 0, search: null }), { path: null, shown: 0 });
  const stack = Int32Array.from([3, 4]);
  assert.deepEqual(drawnPath({ tour, shown: 3, search: { stack } }), { path: stack, shown: 2 });
});

test("the speed slider is logarithmic and its two directions agree", () => {
  // Below 10 moves/s rounding merges neighbouring positions; from there on each is its own speed.
  for (let v = 10; v <= 60; v += 1) assert.equal(sliderFromSpeed(speedFromSlider(v)), v);
  for (let v = 0; v < 60; v += 1) assert.ok(speedFromSlider(v) <= speedFromSlider(v + 1));
  assert.equal(speedFromSlider(0), 1);
  assert.equal(speedFromSlider(60), 1_000_000);
  assert.equal(naturalSpeed(64), 8);
  assert.equal(naturalSpeed(1), 4);
  assert.equal(naturalSpeed(1e9), 1_000_000);
});
