// The store's drawing is cut into tasks: painters past SLICE_MS wait for a later task,
// each paints the newest state, and a change meanwhile paints everything again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { random } from "../helpers.mjs";
import { SLICE_MS, createStore } from "../../../web/shell/state.js";

/** A store on a fake clock: painters cost `costs[i]` ms; frames and later tasks queued. */
function fakeStore(costs) {
  let clock = 0;
  const tasks = [];
  const frames = [];
  const store = createStore({ n: 0 }, {
    now: () => clock,
    later: (fn) => tasks.push(fn),
    frame: (fn) => frames.push(fn),
    cancelFrame: () => frames.pop(),
  });
  const painted = [];
  costs.forEach((cost, i) => store.onFrame((state) => {
    clock += cost;
    painted.push([i, state.n, tasks.length]);
  }));
  return { store, tasks, frames, painted, tick: () => frames.shift()?.(), runTask: () => tasks.shift()?.() };
}

test("no task paints past SLICE_MS but for its last painter; every painter paints the newest state", () => {
  const rand = random(36);
  for (let trial = 0; trial < 500; trial++) {
    const costs = Array.from({ length: 1 + Math.floor(rand() * 12) }, () => Math.floor(rand() * 3 * SLICE_MS));
    const { store, painted, tick, runTask, tasks } = fakeStore(costs);
    store.update({ n: 1 });
    tick();
    const perTask = [[]];
    let seen = 0;
    for (;;) {
      for (; seen < painted.length; seen++) perTask.at(-1).push(painted[seen][0]);
      if (!tasks.length) break;
      perTask.push([]);
      runTask();
    }
    assert.deepEqual(perTask.flat(), costs.map((_, i) => i)); // each once, in order
    for (const slice of perTask) {
      const before = slice.slice(0, -1).reduce((sum, i) => sum + costs[i], 0);
      assert.ok(before <= SLICE_MS, `a task went on after ${before} ms`);
    }
    assert.ok(painted.every(([, n]) => n === 1));
  }
});

test("a change while a frame is cut up paints every painter again, with the newest state", () => {
  const { store, painted, tick, runTask, tasks } = fakeStore([SLICE_MS + 1, 1, 1]);
  store.update({ n: 1 });
  tick(); // painter 0, then the rest wait
  assert.deepEqual(painted.map(([i]) => i), [0]);
  store.update({ n: 2 });
  tick(); // a new frame: everything again from the start
  while (tasks.length) runTask();
  assert.deepEqual(painted.map(([i, n]) => [i, n]), [[0, 1], [0, 2], [1, 2], [2, 2]]);
});

test("flushNow paints the first painters at once, the rest in later tasks", () => {
  const { store, painted, runTask, tasks } = fakeStore([SLICE_MS + 5, 2, 2]);
  store.update({ n: 3 });
  store.flushNow();
  assert.deepEqual(painted.map(([i]) => i), [0]);
  while (tasks.length) runTask();
  assert.deepEqual(painted.map(([i]) => i), [0, 1, 2]);
});

test("flushNow(n) paints its first n painters in one task whatever they take", () => {
  const { store, painted, runTask, tasks } = fakeStore([SLICE_MS + 5, SLICE_MS + 5, SLICE_MS + 5, 1]);
  store.update({ n: 4 });
  store.flushNow(3);
  assert.deepEqual(painted.map(([i]) => i), [0, 1, 2]);
  while (tasks.length) runTask();
  assert.deepEqual(painted.map(([i]) => i), [0, 1, 2, 3]);
});
