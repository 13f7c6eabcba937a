// The store's held frames (holdFrames): the changes made while a hold is in force are drawn
// together, in one frame after its release or its time, never before; nothing is lost.
import { test } from "node:test";
import assert from "node:assert/strict";
import { random } from "../helpers.mjs";
import { createStore } from "../../../web/shell/state.js";

/** A store whose frames and timers are queued by hand; `painted` records each frame's n. */
function heldStore() {
  let frames = new Map();
  let nextFrame = 1;
  const timers = new Map();
  let nextTimer = 1;
  const store = createStore({ n: 0 }, {
    later: (fn) => fn(),
    frame: (fn) => {
      frames.set(nextFrame, fn);
      return nextFrame++;
    },
    cancelFrame: (id) => frames.delete(id),
    setTimer: (fn) => {
      timers.set(nextTimer, fn);
      return nextTimer++;
    },
    clearTimer: (id) => timers.delete(id),
  });
  const painted = [];
  store.onFrame((state) => painted.push(state.n));
  return {
    store,
    painted,
    /** Run the frames asked for so far; how many ran. */
    frame() {
      const due = [...frames.values()];
      frames = new Map();
      due.forEach((fn) => fn());
      return due.length;
    },
    /** Let every running timer's time be up. */
    timeUp() {
      const due = [...timers.values()];
      timers.clear();
      due.forEach((fn) => fn());
    },
    pendingFrames: () => frames.size,
  };
}

test("changes made while held are drawn in one frame after the release, not before", () => {
  const { store, painted, frame } = heldStore();
  const release = store.holdFrames(100);
  store.update({ n: 1 });
  store.update({ n: 2 });
  assert.equal(frame(), 0, "no frame while held");
  release();
  assert.equal(frame(), 1);
  assert.deepEqual(painted, [2]);
});

test("a hold whose time is up draws what it held", () => {
  const { store, painted, frame, timeUp } = heldStore();
  store.holdFrames(100);
  store.update({ n: 5 });
  assert.equal(frame(), 0);
  timeUp();
  frame();
  assert.deepEqual(painted, [5]);
});

test("a frame asked for before the hold waits for it, and its changes are kept", () => {
  const { store, painted, frame, pendingFrames } = heldStore();
  store.update({ n: 1 }); // the click's own change, before the search holds frames
  assert.equal(pendingFrames(), 1);
  const release = store.holdFrames(100);
  assert.equal(pendingFrames(), 0, "the frame asked for is taken back");
  store.update({ n: 2 });
  release();
  frame();
  assert.deepEqual(painted, [2]);
});

test("releasing a replaced hold does nothing; the newer one's release draws", () => {
  const { store, painted, frame } = heldStore();
  const first = store.holdFrames(100);
  store.update({ n: 1 });
  const second = store.holdFrames(100);
  store.update({ n: 2 });
  first();
  assert.equal(frame(), 0, "the older search's answer does not end the newer hold");
  second();
  frame();
  assert.deepEqual(painted, [2]);
});

test("a hold with no change asks for no frame", () => {
  const { store, painted, frame, timeUp } = heldStore();
  const release = store.holdFrames(100);
  release();
  timeUp();
  assert.equal(frame(), 0);
  assert.deepEqual(painted, []);
});

test("any mix of changes, holds, releases, times up and frames: nothing drawn while held, the newest state drawn at the end", () => {
  const rand = random(91);
  for (let trial = 0; trial < 400; trial++) {
    const { store, painted, frame, timeUp } = heldStore();
    const releases = [];
    let n = 0;
    let held = false; // whether a hold is in force (no release of the newest yet, no time up)
    let newest = null;
    for (let step = 0; step < 30; step++) {
      const pick = rand();
      if (pick < 0.4) store.update({ n: ++n });
      else if (pick < 0.55) {
        newest = store.holdFrames(100);
        releases.push(newest);
        held = true;
      } else if (pick < 0.7 && releases.length) {
        const release = releases[Math.floor(rand() * releases.length)];
        release();
        if (release === newest) held = false;
      } else if (pick < 0.8) {
        timeUp();
        held = false;
      } else {
        const before = painted.length;
        frame();
        if (held) assert.equal(painted.length, before, `trial ${trial}: drawn while held`);
      }
    }
    releases.forEach((release) => release());
    timeUp();
    frame();
    if (n) assert.equal(painted.at(-1), n, `trial ${trial}: the newest state is drawn`);
  }
});

test("a change the hold does not let wait ends it: drawn at the next frame, with what was held", () => {
  const { store, painted, frame } = heldStore();
  store.holdFrames(100, (change) => "n" in change && Object.keys(change).length === 1);
  store.update({ n: 1 });
  assert.equal(frame(), 0, "a change that may wait waits");
  store.update({ n: 2, zoom: 3 }); // say, a zoom: not the held kind
  frame();
  assert.deepEqual(painted, [2]);
  store.update({ n: 3 });
  frame();
  assert.deepEqual(painted, [2, 3], "the hold is over");
});
