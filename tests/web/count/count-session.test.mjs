// The count's session on a fake solver: a count from the start square, a count from every
// free square (holes skipped, totals summed), and Stop, which cancels and stops the solver.
import test from "node:test";
import assert from "node:assert/strict";
import { createStore } from "../../../web/shell/state.js";
import { defaultState } from "../../../web/views.js";
import { createCountSession } from "../../../web/count/session.js";

globalThis.requestAnimationFrame ??= () => 1; // the store schedules a frame; none is drawn here

function page(settings) {
  const s = defaultState();
  return createStore({ ...s, python: { ...s.python, ready: true }, settings: { ...s.settings, ...settings } });
}

/** A solver whose count answers `answer(args)`, after one progress message. */
function fakeSolver(answer) {
  const solver = { asked: [], stopped: 0 };
  solver.count = async (args, onProgress) => {
    solver.asked.push(args.start);
    onProgress({ nodes: 1, found: 0, seconds: 0 });
    return answer(args);
  };
  solver.stop = async () => {
    solver.stopped += 1;
  };
  return solver;
}

test("a count from the start square keeps the solver's answer", async () => {
  const store = page({ rows: 5, cols: 5, start: [4, 0] });
  const solver = fakeSolver(() => ({ status: "done", value: 304, nodes: 6729, seconds: 0.4, reason: "" }));
  await createCountSession({ store, solver }).count();
  const { count } = store.get();
  assert.deepEqual([count.scope, count.status, count.value, count.nodes], ["start", "done", 304, 6729]);
  assert.deepEqual(solver.asked, ["a1"]);
});

test("a count from every square asks each free square once and adds them up", async () => {
  const store = page({ rows: 3, cols: 4, start: null, holes: [[0, 0]] });
  const solver = fakeSolver(() => ({ status: "done", value: 2, nodes: 10, seconds: 0.01, reason: "" }));
  await createCountSession({ store, solver }).countAll();
  const { count } = store.get();
  assert.equal(solver.asked.length, 11);
  assert.ok(!solver.asked.includes("a3")); // the hole
  assert.deepEqual([count.scope, count.status, count.value, count.squaresDone, count.squaresTotal], ["all", "done", 22, 11, 11]);
});

test("Stop cancels the count and stops the solver; its late answer is dropped", async () => {
  const store = page({ rows: 5, cols: 5, start: [4, 0] });
  let answer;
  const solver = fakeSolver(() => new Promise((resolve) => (answer = resolve)));
  const counting = createCountSession({ store, solver });
  const running = counting.count();
  await Promise.resolve();
  assert.equal(store.get().count.status, "running");
  await counting.stopCount();
  answer({ status: "done", value: 304, nodes: 1, seconds: 0, reason: "" });
  await running;
  assert.deepEqual([store.get().count.status, solver.stopped], ["cancelled", 1]);
});
