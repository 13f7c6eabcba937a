import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { runEnded, sourceEdited, sourceOf, workerReady } from "../../../web/learn/transitions.js";
import { createLearnSession } from "../../../web/learn/session.js";
import { languageChosen } from "../../../web/transitions.js";
import { createStore, defaultState } from "../../../web/state.js";

globalThis.requestAnimationFrame ??= () => 0; // the store draws on frames; nothing draws here

const EN = "# Plain backtracking\ndef tour(rows, cols, start):\n    return None  # no tour\n";
const ZH = "# 最基本的回溯法\ndef tour(rows, cols, start):\n    return None  # 无解\n";
const PROGRAMS = {
  backtrack: { source: EN, sourceZh: ZH, description: "", key: "learn.program.backtrack" },
  stack: { source: "# stack\n", description: "", key: "learn.program.stack" }, // no Chinese sent
};

const learnWith = (changes) => ({ ...defaultState().learn, programs: PROGRAMS, ...changes });

test("sourceOf: the program in the page's language, English where no Chinese came", () => {
  assert.equal(sourceOf(learnWith({}), "en"), EN);
  assert.equal(sourceOf(learnWith({}), "zh"), ZH);
  assert.equal(sourceOf(learnWith({}), undefined), EN);
  assert.equal(sourceOf(learnWith({ program: "stack" }), "zh"), "# stack\n");
  assert.equal(sourceOf(learnWith({ programs: null }), "zh"), "");
  assert.equal(sourceOf(learnWith({ program: "missing" }), "en"), "");
});

test("sourceOf: the reader's edit, whatever its language, wins in both languages", () => {
  const edited = learnWith({ source: "# my own\ndef tour(rows, cols, start):\n    return None\n" });
  assert.equal(sourceOf(edited, "en"), edited.source);
  assert.equal(sourceOf(edited, "zh"), edited.source);
  const emptied = learnWith({ source: "" }); // an editor cleared on purpose stays empty
  assert.equal(sourceOf(emptied, "zh"), "");
  const state = { ...defaultState(), learn: learnWith({}) };
  const after = sourceEdited(state, ZH.replace("无解", "没有解"), null).learn;
  assert.equal(sourceOf(after, "en"), after.source);
});

function fakeSession(lang) {
  const store = createStore({ ...defaultState(), lang, view: "learn" });
  const posted = [];
  const worker = { postMessage: (msg) => posted.push(msg), terminate() {} };
  const learn = createLearnSession({ store, makeWorker: () => worker, raf: () => 0 });
  store.update((state) => workerReady(state, PROGRAMS));
  return { store, learn, runs: () => posted.filter((msg) => msg.cmd === "run") };
}

test("Run sends the source shown: Chinese comments on a Chinese page", () => {
  const zh = fakeSession("zh");
  zh.learn.run();
  assert.equal(zh.runs().length, 1);
  assert.equal(zh.runs()[0].source, ZH);
  const en = fakeSession("en");
  en.learn.run();
  assert.equal(en.runs()[0].source, EN);
  const edited = fakeSession("zh");
  edited.learn.edit("# 自己改的\ndef tour(rows, cols, start):\n    return None\n");
  edited.learn.run();
  assert.equal(edited.runs()[0].source, "# 自己改的\ndef tour(rows, cols, start):\n    return None\n");
});

test("a change of language keeps the trace: the other language's lines fit it", () => {
  const { store, learn, runs } = fakeSession("en");
  learn.run();
  const trace = learn.trace();
  store.update((state) => runEnded(state, state.learn.run, { status: "done", steps: 40 }));
  store.update((state) => ({ learn: { ...state.learn, step: 17, breakpoints: [3] } }));
  const before = store.get().learn;
  store.update((state) => languageChosen(state, "zh"));
  assert.equal(store.get().lang, "zh");
  assert.equal(store.get().learn, before); // nothing about the run changed
  assert.equal(learn.trace(), trace);
  const shown = sourceOf(store.get().learn, "zh");
  assert.equal(shown, ZH);
  assert.equal(shown.split("\n").length, sourceOf(before, "en").split("\n").length);
  // A new run after the switch runs the Chinese text.
  learn.run();
  assert.deepEqual(runs().map((msg) => msg.source), [EN, ZH]);
});

test("the worker sends both sources of each program", () => {
  const text = readFileSync(new URL("../../../web/learn/worker.mjs", import.meta.url), "utf8");
  assert.match(text, /source: program\.source,/);
  assert.match(text, /sourceZh: program\.source_zh/);
});
