import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { sourceEdited, sourceOf } from "../../../web/learn/transitions.js";
import { checkPrograms } from "../../../web/learn/programs.js";
import { LEARN_PROGRAMS } from "../../../web/learn/params.js";
import { languageChosen } from "../../../web/shell/transitions.js";
import { defaultState } from "../../../web/views.js";
import { fakeLearnSession } from "./fake-session.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const EN = "# Plain backtracking\ndef tour(rows, cols, start):\n    return None  # no tour\n";
import { tick } from "../helpers.mjs";
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

const ended = (id) => ({ type: "ended", id, result: { status: "done", line: null, error: null, output: "", answer: { shape: "none" } } });

test("Run sends the source shown: Chinese comments on a Chinese page", () => {
  const zh = fakeLearnSession(PROGRAMS, "zh");
  zh.learn.run();
  assert.equal(zh.runs().length, 1);
  assert.equal(zh.runs()[0].source, ZH);
  const en = fakeLearnSession(PROGRAMS, "en");
  en.learn.run();
  assert.equal(en.runs()[0].source, EN);
  const edited = fakeLearnSession(PROGRAMS, "zh");
  edited.learn.edit("# 自己改的\ndef tour(rows, cols, start):\n    return None\n");
  edited.learn.run();
  assert.equal(edited.runs()[0].source, "# 自己改的\ndef tour(rows, cols, start):\n    return None\n");
});

test("a change of language keeps the trace: the other language's lines fit it", async () => {
  const { store, learn, runs, box, boxes } = fakeLearnSession(PROGRAMS, "en");
  learn.run();
  const trace = learn.trace();
  box(0).say(ended(store.get().learn.run));
  await tick();
  assert.equal(store.get().learn.status, "done");
  store.update((state) => ({ learn: { ...state.learn, step: 17, breakpoints: [3] } }));
  const before = store.get().learn;
  store.update((state) => languageChosen(state, "zh"));
  assert.equal(store.get().lang, "zh");
  assert.equal(store.get().learn, before); // nothing about the run changed
  assert.equal(learn.trace(), trace);
  const shown = sourceOf(store.get().learn, "zh");
  assert.equal(shown, ZH);
  assert.equal(shown.split("\n").length, sourceOf(before, "en").split("\n").length);
  // A new run after the switch runs the Chinese text, in a fresh Python.
  assert.equal(boxes.length, 2);
  assert.equal(boxes[0].phase, "closed");
  learn.run();
  assert.deepEqual(runs().map((msg) => msg.source), [EN]); // the new Python is still starting
  box(1).ready();
  assert.deepEqual(runs().map((msg) => msg.source), [EN, ZH]);
});

test("every run gets a fresh Python: the one that ran is closed and another started", async () => {
  const { store, learn, box, boxes } = fakeLearnSession(PROGRAMS, "en");
  for (let i = 0; i < 4; i++) {
    box(i).ready();
    learn.run();
    assert.equal(boxes[i].posted.length, 1);
    box(i).say(ended(store.get().learn.run));
    await tick();
    assert.equal(boxes[i].phase, "closed");
    assert.equal(boxes.length, i + 2);
  }
});

test("Stop asks the tracer, then ends a Python that keeps going, and Run works again", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { store, learn, box, boxes } = fakeLearnSession(PROGRAMS, "en");
  learn.run();
  learn.stop();
  assert.equal(boxes[0].stops, 1);
  assert.equal(store.get().learn.status, "running");
  t.mock.timers.tick(799);
  assert.equal(store.get().learn.status, "running");
  t.mock.timers.tick(2);
  assert.equal(store.get().learn.status, "stopped");
  assert.equal(boxes[0].phase, "closed");
  assert.match(store.get().learn.notice, /Python was ended/);
  box(1).ready();
  learn.run();
  assert.equal(boxes[1].posted.length, 1);
});

test("a message out of turn ends the run, is never read, and says so", () => {
  const { store, learn, box, boxes } = fakeLearnSession(PROGRAMS, "en");
  learn.run();
  const id = store.get().learn.run;
  box(0).say({ type: "chunk", id, meta: { first_step: 5 }, buffers: {} });
  assert.equal(store.get().learn.status, "error");
  assert.match(store.get().learn.refusal, /follow/);
  assert.equal(boxes[0].phase, "closed");
  assert.equal(learn.trace().steps, 0);
  assert.equal(boxes.length, 2); // a fresh Python for the next run
  box(1).say({ type: "ready" }); // a box that is not running may say nothing of a run
  assert.equal(store.get().learn.status, "error");
});

test("the menu's programs come from the page's own file, checked", () => {
  const board = { rows: 5, cols: 5, start: [4, 4], budget: 100_000, speed: 500 };
  const complete = Object.fromEntries(LEARN_PROGRAMS.map((id) => [id, { source: "#", sourceZh: "#", description: "", key: `learn.program.${id}`, board }]));
  assert.deepEqual(Object.keys(checkPrograms(complete)), LEARN_PROGRAMS);
  assert.deepEqual(checkPrograms(complete).stack.board, board);
  const badBoards = [undefined, { ...board, rows: 9 }, { ...board, start: [5, 0] }, { ...board, budget: 0 }, { ...board, speed: 7 }, { ...board, start: "e1" }];
  for (const id of LEARN_PROGRAMS) {
    assert.throws(() => checkPrograms({ ...complete, [id]: undefined }), new RegExp(id));
    assert.throws(() => checkPrograms({ ...complete, [id]: { ...complete[id], source: 7 } }), new RegExp(id));
    for (const bad of badBoards) assert.throws(() => checkPrograms({ ...complete, [id]: { ...complete[id], board: bad } }), new RegExp(`${id}'s board`));
  }
  assert.throws(() => checkPrograms(null));
});

test("how a run ended must fit what the page knows: no budget end before the budget, no stop unasked", async () => {
  for (const status of ["budget", "stopped"]) {
    const { store, learn, box } = fakeLearnSession(PROGRAMS, "en");
    learn.run();
    box(0).say({ type: "ended", id: store.get().learn.run, result: { status, line: null, error: null, output: "", answer: null } });
    await tick();
    assert.equal(store.get().learn.status, "error", status);
    assert.ok(store.get().learn.refusal, status);
  }
  const { store, learn, box } = fakeLearnSession(PROGRAMS, "en");
  learn.run();
  learn.stop();
  box(0).say({ type: "ended", id: store.get().learn.run, result: { status: "stopped", line: null, error: null, output: "", answer: null } });
  await tick();
  assert.equal(store.get().learn.status, "stopped");
  assert.equal(store.get().learn.refusal, "");
});

test("leaving Learn stops a run and says so", async () => {
  const { store, learn, box } = fakeLearnSession(PROGRAMS, "en");
  learn.run();
  store.update(() => ({ view: "tour" }));
  assert.equal(box(0).stops, 1);
  assert.match(store.get().learn.notice, /Leaving Learn/);
});
