// Tour's search hears the shell (session.on): a square chosen searches from it, a link's
// tour is shown and checked once Python is ready (or taken down, and searched afresh, when
// the validator refuses it), a search that waited for Python starts when it is ready, and
// new settings stop a search under way. The shell's session and Tour's, made as the page
// makes them, on a solver answered by hand.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createStore } from "../../../web/shell/state.js";
import { createSession } from "../../../web/shell/session.js";
import { createSearchSession } from "../../../web/tour/search.js";
import { defaultState, registry } from "../../../web/views.js";
import { warnsdorffTour } from "../helpers.mjs";
import { linkedPath } from "../../../web/core/tour-codec.js";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
// No preset boards here: their files are not found (a search then waits for Python).
globalThis.document ??= { baseURI: "http://x/" };
globalThis.fetch = async () => ({ ok: false, status: 404 });

/** The shell's session and Tour's search on a fake page; `calls` records what the solver was asked. */
function page(search = "") {
  const store = createStore(defaultState(), { later: (fn) => fn(), frame: () => 1, cancelFrame() {}, setTimer: () => 1, clearTimer() {} });
  const calls = [];
  const answers = { solve: null, validate: null };
  const solver = {
    start: (handlers) => (solver.handlers = handlers),
    solve: (args) => {
      calls.push(["solve", args]);
      return new Promise((resolve, reject) => (answers.solve = { resolve, reject }));
    },
    validate: (args) => {
      calls.push(["validate", args]);
      return new Promise((resolve, reject) => (answers.validate = { resolve, reject }));
    },
    stop: () => {
      calls.push(["stop"]);
      return Promise.resolve({ restarted: false });
    },
  };
  const history = { pushState() {}, replaceState() {} };
  const location = { search, origin: "http://x", pathname: "/" };
  const session = createSession({ store, solver, views: registry, history, location, storage: null, now: () => 0 });
  const tour = createSearchSession({ store, solver, views: registry, session });
  return { store, session, tour, calls, answers, solver };
}

const ready = (p) => p.solver.handlers.onReady({ ms: 1, methods: ["auto"] });

test("a square chosen on the Tour view searches from it once Python is ready, and the answer is the page's tour", async () => {
  const p = page();
  p.session.startPython()();
  p.session.squareChosen([4, 0]);
  assert.equal(p.store.get().status, "loading"); // waits for Python
  assert.equal(p.store.get().waitingForPython, true);
  ready(p);
  assert.deepEqual(p.calls.map(([what, args]) => [what, args?.start]), [["solve", "a4"]]);
  const indices = Int32Array.from(warnsdorffTour(8, 8, 32));
  p.answers.solve.resolve({ status: "found", indices, events: null });
  await settle();
  assert.equal(p.store.get().status, "found");
  assert.equal(p.store.get().tour, indices);
});

test("new settings stop the search under way; Stop stops it", async () => {
  const p = page();
  p.session.startPython()();
  ready(p);
  p.session.squareChosen([7, 0]);
  assert.equal(p.store.get().status, "solving");
  p.session.setSize(6, 6);
  assert.deepEqual(p.calls.map(([what]) => what), ["solve", "stop", "solve"]); // stopped, then from a1 of 6 x 6
  p.tour.stop();
  assert.equal(p.store.get().status, "cancelled");
});

test("a link's tour is shown at once, checked once Python is ready, and searched afresh when refused", async () => {
  const tour = Int32Array.from(warnsdorffTour(5, 5, 20));
  const p = page(`?rows=5&cols=5&start=a1&tour=${linkedPath(tour, 5)}`);
  p.session.startPython()();
  p.session.loadFromUrl();
  assert.deepEqual([...p.store.get().tour], [...tour]);
  assert.equal(p.store.get().tourCheck, "checking");
  ready(p);
  assert.deepEqual(p.calls.map(([what]) => what), ["validate"]);
  p.answers.validate.reject(Object.assign(new Error("refused"), { reasons: "move 2 is not a knight move" }));
  await settle();
  assert.ok(p.store.get().paramErrors.some((e) => e.param === "tour"));
  assert.equal(p.store.get().tour, null);
  assert.deepEqual(p.calls.map(([what]) => what), ["validate", "solve"]); // the board searched afresh
});
