import { test } from "node:test";
import assert from "node:assert/strict";
import { frozenCopy, publishSnapshot } from "../../../web/shell/snapshot.js";
import { createStore } from "../../../web/shell/state.js";
import { registry, defaultState } from "../../../web/views.js";

test("frozenCopy is deep, plain and frozen; typed arrays become arrays", () => {
  const source = { a: [1, { b: Int32Array.from([3, 4]) }], c: null, d: "x" };
  const copy = frozenCopy(source);
  assert.deepEqual(copy, { a: [1, { b: [3, 4] }], c: null, d: "x" });
  assert.ok(Object.isFrozen(copy) && Object.isFrozen(copy.a) && Object.isFrozen(copy.a[1].b));
  source.a[1].b[0] = 99;
  assert.equal(copy.a[1].b[0], 3);
});

test("window.knightTour follows the store and shows every field of the state", () => {
  globalThis.requestAnimationFrame = () => 1;
  const store = createStore(defaultState());
  const target = {};
  publishSnapshot(store, target, registry);
  assert.equal(target.knightTour.status, "loading");
  store.update({ status: "ready", generation: 5, waitingForPython: true, tour: Int32Array.from([0, 10]), shown: 2 });
  const snap = target.knightTour;
  assert.equal(snap.status, "ready");
  assert.deepEqual(Object.keys(snap.state).sort(), Object.keys(defaultState()).sort());
  assert.deepEqual([snap.state.generation, snap.state.waitingForPython, snap.state.tour], [5, true, [0, 10]]);
  assert.ok(!Object.keys(snap).includes("state")); // not in a JSON dump of the snapshot
  assert.throws(() => {
    "use strict";
    snap.state.generation = 1;
  });
});
