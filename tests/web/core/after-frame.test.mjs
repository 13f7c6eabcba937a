import test from "node:test";
import assert from "node:assert/strict";
import { afterFrame, FRAME_WAIT_MS } from "../../../web/core/after-frame.js";

// A hand-driven frame and clock: each records the callback it was given.
function clocks() {
  const frames = [];
  const timers = [];
  const tasks = [];
  return {
    frames, timers, tasks,
    options: {
      frame: (fn) => frames.push(fn),
      timer: (fn, ms) => timers.push({ fn, ms }),
      later: (fn) => tasks.push(fn),
    },
  };
}

test("afterFrame runs its function in a task after the frame, once, even when the timer fires too", () => {
  const c = clocks();
  let runs = 0;
  afterFrame(() => runs++, c.options);
  assert.equal(runs, 0, "nothing runs before the frame");
  c.frames[0]();
  assert.equal(runs, 0, "not inside the frame's callback: in a task after it");
  assert.equal(c.tasks.length, 1);
  c.tasks.shift()();
  assert.equal(runs, 1);
  c.timers[0].fn();
  assert.equal(c.tasks.length, 0, "the timer after the frame queues nothing");
  assert.equal(runs, 1);
});

test("afterFrame runs after its wait when no frame comes (a hidden tab), and not again at a late frame", () => {
  const c = clocks();
  let runs = 0;
  afterFrame(() => runs++, c.options);
  assert.equal(c.timers[0].ms, FRAME_WAIT_MS);
  c.timers[0].fn();
  c.tasks.shift()();
  assert.equal(runs, 1);
  c.frames[0]();
  assert.equal(c.tasks.length, 0);
  assert.equal(runs, 1);
});

test("afterFrame takes its wait from the caller", () => {
  const c = clocks();
  afterFrame(() => {}, { ...c.options, waitMs: 7 });
  assert.equal(c.timers[0].ms, 7);
});
