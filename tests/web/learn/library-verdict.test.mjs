// The library's verdict on a run whose budget ran out (or whose answer is no tour) is the
// one asked for that run: a slow answer to the last run on the same board, asked of
// another method, is not taken as the next run's (it said "not decided within 2,000,000
// nodes" under a buggy program's run on 8 x 8, where a tour from a1 exists).
import { test } from "node:test";
import assert from "node:assert/strict";
import { watchLibraryVerdict } from "../../../web/learn/library-verdict.js";
import { runEnded, runStarted } from "../../../web/learn/transitions.js";
import { createStore } from "../../../web/shell/state.js";
import { defaultState } from "../../../web/views.js";
import { tick } from "../helpers.mjs";

function learnStore() {
  const base = defaultState();
  const store = createStore({
    ...base, view: "learn",
    python: { ...base.python, ready: true },
    settings: { ...base.settings, rows: 8, cols: 8, start: [7, 0] },
    learn: { ...base.learn, program: "backtrack", source: null },
  }, { later: (fn) => fn(), frame: () => 0, cancelFrame: () => {} });
  const asked = []; // [args, resolve] per question
  const solver = { solve: (args) => new Promise((resolve) => asked.push([args, resolve])) };
  watchLibraryVerdict({ store, solver });
  const apply = (transition, ...args) => store.update((state) => transition(state, ...args));
  return { store, asked, apply };
}

const budgetEnd = { status: "done", steps: 200_000, budget: true };
const noTour = { status: "done", steps: 1_616, answer: { valid: false }, budget: false };

test("an answer to the last run, coming during the next one, is not the next one's", async () => {
  const { store, asked, apply } = learnStore();
  apply(runStarted);
  apply(runEnded, store.get().learn.run, budgetEnd);
  assert.equal(asked.length, 1);
  assert.equal(asked[0][0].method, "backtrack", "the menu's search as written: the same search");
  apply(runStarted); // the reader runs again (another program, the same board)
  apply(runEnded, store.get().learn.run, noTour);
  assert.equal(asked.length, 2, "the new run gets a question of its own");
  assert.equal(asked[1][0].method, "auto");
  asked[0][1]({ status: "gave_up", nodes: 2_000_000 }); // the first question's slow answer
  await Promise.resolve();
  assert.notEqual(store.get().learn.library?.status, "gave_up");
  asked[1][1]({ status: "found", nodes: 64 });
  await Promise.resolve();
  assert.equal(store.get().learn.library.status, "found");
});

test("the run's own answer is taken", async () => {
  const { store, asked, apply } = learnStore();
  apply(runStarted);
  apply(runEnded, store.get().learn.run, budgetEnd);
  asked[0][1]({ status: "gave_up", nodes: 2_000_000 });
  await Promise.resolve();
  assert.equal(store.get().learn.library.status, "gave_up");
  assert.equal(store.get().learn.library.run, store.get().learn.run);
});

test("a question that got no answer claims nothing about the nodes searched", async () => {
  const { store } = learnStore(); // its state: a Learn page on 8 x 8 from a1
  const { librarySentence } = await import("../../../web/learn/verdict.js");
  const failing = createStore(store.get(), { later: (fn) => fn(), frame: () => 0, cancelFrame: () => {} });
  watchLibraryVerdict({ store: failing, solver: { solve: () => Promise.reject(new Error("Python restarted")) } });
  failing.update((state) => runStarted(state));
  failing.update((state) => runEnded(state, state.learn.run, noTour));
  await tick();
  const { learn } = failing.get();
  assert.equal(learn.library.status, "failed");
  const said = librarySentence(learn, 8);
  assert.doesNotMatch(said, /nodes|did not decide/);
  assert.match(said, /a1/);
});
