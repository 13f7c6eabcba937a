// Every Learn run passes the page's own rule first (knight_py.page.source_refusal, asked of
// the page's solver): a refused program never reaches a sandbox, the reader is told why in
// their language, and a rule that does not answer ends the run with a plain message.
import { test, mock } from "node:test";
import assert from "node:assert/strict";
import { RULE_LIMIT_MS } from "../../../web/learn/run-gate.js";
import { errorParts } from "../../../web/learn/verdict.js";
import { setLanguage } from "../../../web/i18n/messages.js";
import { fakeLearnSession } from "./fake-session.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const HONEST = "def tour(rows, cols, start):\n    return None\n";
import { tick } from "../helpers.mjs";
const HOSTILE = "def tour(rows, cols, start):\n    f = \uff47\uff45\uff54\uff41\uff54\uff54\uff52(tour, 'x')\u202e\n";
const PROGRAMS = { backtrack: { source: HONEST, description: "", key: "learn.program.backtrack" } };
// What knight_py.page.source_refusal answers for HOSTILE (its reasons, in both languages).
const REFUSED = {
  code: "source_name",
  params: { line: 2, name: "getattr" },
  reasons: {
    en: "Line 2: a Learn program cannot use the name getattr: it reaches into Python itself or outside the program.",
    zh: "第 2 行：“学习”页的程序不能用名字 getattr：它能伸进 Python 自身或程序之外。",
  },
};

/** A rule that answers when the test says: answer(why) or fail(error); asked lists the texts. */
function heldRule() {
  const asked = [];
  let settle = null;
  const rule = (source) => {
    asked.push(source);
    return new Promise((resolve, reject) => (settle = { resolve, reject }));
  };
  return { rule, asked, answer: (why) => settle.resolve(why), fail: (err) => settle.reject(err) };
}

test("a refused program never reaches a sandbox, and the reader reads why in their language", async () => {
  const held = heldRule();
  const { store, learn, runs } = fakeLearnSession(PROGRAMS, "en", { sourceRefusal: held.rule });
  learn.edit(HOSTILE);
  learn.run();
  assert.equal(store.get().learn.status, "running"); // a second Run waits for this one
  assert.equal(learn.run() instanceof Promise, true);
  assert.deepEqual(held.asked, [HOSTILE]);
  assert.equal(runs().length, 0); // nothing sent while the rule reads
  held.answer(REFUSED);
  await tick();
  const { status, error, steps } = store.get().learn;
  assert.equal(status, "error");
  assert.equal(steps, 0);
  assert.deepEqual(error.refused, REFUSED);
  assert.equal(error.line, 2); // the refused line, marked in the listing
  assert.equal(runs().length, 0);
  for (const lang of ["en", "zh"]) {
    setLanguage(lang);
    const text = errorParts(error).map((p) => p.text).join(" ");
    assert.ok(text.includes(REFUSED.reasons[lang]), text);
    assert.ok(!text.includes("\u202e") && !text.includes("\uff47"), text); // none of the program's text
    assert.ok(errorParts(error).every((p) => !p.python)); // no part that quotes Python
  }
  setLanguage("en");
});

test("an accepted program is sent once the rule has answered, and the same text is not asked twice", async () => {
  const held = heldRule();
  const { store, learn, runs, box } = fakeLearnSession(PROGRAMS, "en", { sourceRefusal: held.rule });
  learn.run();
  assert.equal(runs().length, 0);
  held.answer(null);
  await tick();
  assert.equal(runs().length, 1);
  assert.equal(runs()[0].source, HONEST);
  box(0).say({ type: "ended", id: runs()[0].id, result: { status: "done", line: null, error: null, output: "", answer: { shape: "none" } } });
  await tick();
  assert.equal(store.get().learn.status, "done");
  box(1).ready();
  learn.run(); // the same program again: sent at once
  assert.equal(runs().length, 2);
  assert.deepEqual(held.asked, [HONEST]);
});

test("Stop while the rule reads ends the run; the rule's late answer sends nothing", async () => {
  const held = heldRule();
  const { store, learn, runs } = fakeLearnSession(PROGRAMS, "en", { sourceRefusal: held.rule });
  learn.run();
  learn.stop();
  assert.equal(store.get().learn.status, "stopped");
  held.answer(null);
  await tick();
  assert.equal(runs().length, 0);
  assert.equal(store.get().learn.status, "stopped");
});

test("a rule that fails or never answers ends the run with a plain message, and nothing runs", async () => {
  const failing = heldRule();
  const one = fakeLearnSession(PROGRAMS, "en", { sourceRefusal: failing.rule });
  one.learn.run();
  failing.fail(new Error("PythonError: the worker died"));
  await tick();
  assert.equal(one.store.get().learn.status, "error");
  assert.match(one.store.get().learn.error.said, /could not read the program before its run/);
  assert.doesNotMatch(one.store.get().learn.error.said, /PythonError/);
  assert.equal(one.runs().length, 0);

  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const silent = fakeLearnSession(PROGRAMS, "zh", { sourceRefusal: () => new Promise(() => {}) });
    setLanguage("zh");
    silent.learn.run();
    mock.timers.tick(RULE_LIMIT_MS - 1);
    await Promise.resolve();
    assert.equal(silent.store.get().learn.status, "running");
    mock.timers.tick(1);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    assert.equal(silent.store.get().learn.status, "error");
    assert.match(silent.store.get().learn.error.said, /60 秒内没有回应/);
    assert.equal(silent.runs().length, 0);
  } finally {
    mock.timers.reset();
    setLanguage("en");
  }
  // A failed or late ruling is not remembered: the next Run asks again.
  const again = heldRule();
  const two = fakeLearnSession(PROGRAMS, "en", { sourceRefusal: again.rule });
  two.learn.run();
  again.fail(new Error("x"));
  await tick();
  two.learn.run();
  assert.equal(again.asked.length, 2);
});
