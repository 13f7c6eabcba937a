import { test } from "node:test";
import assert from "node:assert/strict";
import { WARM_UPS, warmUpQueue } from "../../../web/solver/warm-ups.mjs";
import { defaultSettings } from "../../../web/core/linked-board.js";

/** A queue whose tasks run when `tick()` says: one task each. */
function manualTasks() {
  const tasks = [];
  return { later: (fn) => tasks.push(fn), tick: () => tasks.shift()?.(), get queued() { return tasks.length; } };
}

test("the first warm-up is the page's first board and method; every one is a whole request", () => {
  const first = defaultSettings();
  assert.equal(WARM_UPS[0].rows, first.rows);
  assert.equal(WARM_UPS[0].cols, first.cols);
  assert.equal(WARM_UPS[0].method, first.method);
  for (const args of WARM_UPS) {
    assert.ok(Number.isInteger(args.rows) && Number.isInteger(args.cols), JSON.stringify(args));
    assert.ok(Array.isArray(args.start) && Array.isArray(args.holes) && args.rule, JSON.stringify(args));
  }
});

test("one search per task, in order, and one that throws does not end the rest", () => {
  const tasks = manualTasks();
  const seen = [];
  const queue = warmUpQueue((args) => {
    seen.push(args);
    if (seen.length === 1) throw new Error("a warm-up failed");
  }, tasks.later);
  queue.start();
  assert.equal(seen.length, 0, "nothing runs in the caller's task");
  for (let i = 0; i < WARM_UPS.length; i += 1) {
    tasks.tick();
    assert.equal(seen.length, i + 1);
  }
  assert.deepEqual(seen, WARM_UPS);
  tasks.tick();
  assert.equal(tasks.queued, 0, "the queue ends once all ran");
});

test("drop() leaves the searches not yet run: a real request waits for one at most", () => {
  const tasks = manualTasks();
  let runs = 0;
  const queue = warmUpQueue(() => (runs += 1), tasks.later);
  queue.start();
  tasks.tick();
  queue.drop();
  while (tasks.queued) tasks.tick();
  assert.equal(runs, 1);
});
