// A search's quick answer is drawn in the same frame as the click that asked for it: no
// frame shows "searching" (and its Stop) for an answer that comes within QUICK_ANSWER_MS;
// a longer search is shown searching once that time is up.
import { test } from "node:test";
import assert from "node:assert/strict";
import { QUICK_ANSWER_MS, findTour } from "../../../web/tour/search.js";
import { createStore } from "../../../web/shell/state.js";
import { defaultState } from "../../../web/views.js";
import { warnsdorffTour } from "../helpers.mjs";

/** The shell's store on hand-run frames and timers, and a solver answered by hand. */
function searchBench() {
  let frames = [];
  let timers = [];
  const base = defaultState();
  const store = createStore({
    ...base,
    python: { ...base.python, ready: true },
    settings: { ...base.settings, rows: 8, cols: 8, start: [7, 0] },
  }, {
    later: (fn) => fn(),
    frame: (fn) => frames.push(fn),
    cancelFrame: (id) => (frames[id - 1] = null),
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: (id) => (timers[id - 1] = null),
  });
  const drawn = []; // the status of each frame drawn
  store.onFrame((state) => drawn.push(state.status));
  let answer = null;
  const solver = {
    solve: () => new Promise((resolve, reject) => {
      answer = { resolve, reject };
    }),
  };
  const views = { findsTour: () => true, searchArgs: () => ({}) };
  return {
    store, drawn,
    search: () => findTour({ store, solver, views }),
    answer: () => answer,
    frame() {
      const due = frames.filter(Boolean);
      frames = [];
      due.forEach((fn) => fn());
    },
    timeUp() {
      const due = timers.filter(Boolean);
      timers = [];
      due.forEach(({ fn }) => fn());
    },
    timerMs: () => timers.filter(Boolean).map(({ ms }) => ms),
  };
}

const found = () => ({ status: "found", indices: Int32Array.from(warnsdorffTour(8, 8, 56)), events: null });

test("an answer within the quick time is drawn in one frame with the click's changes", async () => {
  const bench = searchBench();
  bench.store.update({ hover: [7, 0] }); // the click's own change, a frame asked for
  const searched = bench.search();
  assert.deepEqual(bench.timerMs(), [QUICK_ANSWER_MS]);
  bench.frame();
  assert.deepEqual(bench.drawn, [], "no frame before the answer");
  bench.answer().resolve(found());
  await searched;
  bench.frame();
  assert.deepEqual(bench.drawn, ["found"], "one frame, with the tour");
});

test("a search still going when the quick time is up is drawn searching, then its answer", async () => {
  const bench = searchBench();
  const searched = bench.search();
  bench.timeUp();
  bench.frame();
  assert.deepEqual(bench.drawn, ["solving"]);
  bench.answer().resolve(found());
  await searched;
  bench.frame();
  assert.deepEqual(bench.drawn, ["solving", "found"]);
});

test("a failed search is drawn at once too: the hold ends with the answer, whatever it is", async () => {
  const bench = searchBench();
  const searched = bench.search();
  bench.answer().reject(new Error("Python stopped"));
  await searched;
  bench.frame();
  assert.deepEqual(bench.drawn, ["error"]);
});

test("a zoom while the quick answer is awaited is drawn at once, not held", async () => {
  const bench = searchBench();
  const searched = bench.search();
  bench.store.update({ zoom: { ...bench.store.get().zoom, scale: 2 } });
  bench.frame();
  assert.deepEqual(bench.drawn, ["solving"], "drawn with the search's own state");
  bench.answer().resolve(found());
  await searched;
  bench.frame();
  assert.deepEqual(bench.drawn, ["solving", "found"]);
});
