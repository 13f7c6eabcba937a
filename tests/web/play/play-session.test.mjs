import { test } from "node:test";
import assert from "node:assert/strict";

import { createStore } from "../../../web/shell/state.js";
import { defaultState } from "../../../web/views.js";
import { createPlaySession } from "../../../web/play/session.js";
import { currentPlay, verdictOf } from "../../../web/play/state.js";
import { defaultSettings } from "../../../web/core/linked-board.js";
import { tick } from "../helpers.mjs";

globalThis.requestAnimationFrame ??= () => 0; // the store draws on frames; nothing draws here
globalThis.cancelAnimationFrame ??= () => {};

/** A solver whose checks the test answers by hand; `cancellable` says whether cancel works. */
function fakeSolver({ cancellable }) {
  const solver = {
    asked: [], // [{path, resolve}]
    cancels: [],
    complete(args) {
      return new Promise((resolve) => solver.asked.push({ path: Array.from(args.path), resolve }));
    },
    validate: () => Promise.resolve({ valid: true }),
    cancelCheck() {
      solver.cancels.push("complete");
      return cancellable;
    },
  };
  return solver;
}

function playing(rows = 8, cols = 8) {
  const settings = { ...defaultSettings(), rows, cols, start: null };
  return createStore({ ...defaultState(), settings, view: "play", python: { ...defaultState().python, ready: true } });
}

const FOUND = (tour) => ({ status: "found", reason: "", indices: Int32Array.from(tour) });
const CANCELLED = { status: "cancelled", reason: "", indices: new Int32Array(0) };

test("a check of a position left behind is ended early, gets no answer, and the new one is checked", async () => {
  const store = playing(5, 5);
  const solver = fakeSolver({ cancellable: true });
  const session = createPlaySession({ store, solver });
  session.squareChosen([4, 0]); // a1: index 20
  assert.deepEqual(solver.asked.map((a) => a.path), [[20]]);
  session.squareChosen([2, 1]); // b3: index 11, while a1's check runs
  assert.deepEqual(solver.cancels, ["complete"], "the old check is asked to end");
  session.squareChosen([0, 2]); // c5: index 2; the cancel was asked already
  assert.deepEqual(solver.cancels, ["complete"]);
  solver.asked[0].resolve(CANCELLED);
  await tick();
  assert.equal(currentPlay(store.get()).verdicts[1], undefined, "a cancelled check answers nothing");
  assert.deepEqual(solver.asked.map((a) => a.path), [[20], [20, 11, 2]], "only the position played now is asked next");
  const tour = [20, 11, 2, 9, 0, 13, 24, 17, 6, 3, 14, 23, 16, 5, 12, 1, 10, 21, 18, 7, 4, 15, 22, 19, 8];
  solver.asked[1].resolve(FOUND(tour));
  await tick();
  assert.equal(verdictOf(currentPlay(store.get())).verdict, "possible");
});

test("where the worker cannot end a check early, its answer still counts and the new position follows", async () => {
  const store = playing(5, 5);
  const solver = fakeSolver({ cancellable: false });
  const session = createPlaySession({ store, solver });
  session.squareChosen([4, 0]);
  session.squareChosen([2, 1]);
  assert.deepEqual(solver.cancels, ["complete"]);
  session.squareChosen([0, 2]);
  assert.equal(solver.cancels.length, 2, "asked again: the first word could not be given");
  solver.asked[0].resolve({ status: "impossible", reason: "no tour from a1 (test)", indices: new Int32Array(0) });
  await tick();
  assert.equal(currentPlay(store.get()).verdicts[1].verdict, "lost", "the answer for a1 is kept for undo");
  assert.deepEqual(solver.asked.at(-1).path, [20, 11, 2]);
});

test("a check still about the position played now is never cancelled", async () => {
  const store = playing(5, 5);
  // Not cancellable: every schedule() with a position left behind asks again, so a
  // cancel asked for the position played now would show.
  const solver = fakeSolver({ cancellable: false });
  const session = createPlaySession({ store, solver });
  session.squareChosen([4, 0]); // a1, checked
  session.squareChosen([2, 1]); // b3: a1 is left behind
  assert.equal(solver.cancels.length, 1);
  session.undo(); // back to a1, whose check is still running
  store.update({ python: { ...store.get().python, stage: "ready again" }, view: "play" });
  session.schedule();
  assert.equal(solver.cancels.length, 1, "a1's check is about a1 again: not cancelled");
  solver.asked[0].resolve({ status: "impossible", reason: "no tour (test)", indices: new Int32Array(0) });
  await tick();
  assert.equal(verdictOf(currentPlay(store.get())).verdict, "lost");
});
