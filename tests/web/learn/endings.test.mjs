// The page's own limits as the Learn view receives them from the real tracer: the nesting
// limit ("limit", said with the page's depth, never as endless recursion nor as a finished
// run), the tracer's own failure (the page's error, the run ended by the page), and a
// sandbox that sends its last chunk but never says "ended" (ended by the page, a fresh
// Python for the next run).
import { test, mock } from "node:test";
import assert from "node:assert/strict";
import { ENDED_MS } from "../../../web/learn/run-reading.js";
import { checkEnded } from "../../../web/learn/sandbox-messages.js";
import { MAX_DEPTH, PAGE_LIMITS } from "../../../web/learn/wire.js";
import { statusText } from "../../../web/learn/text.js";
import { verdictParts } from "../../../web/learn/verdict.js";
import { t } from "../../../web/i18n/messages.js";
import { inChinese } from "../helpers.mjs";
import { fakeLearnSession } from "./fake-session.mjs";
import { tracedRun } from "./python-chunks.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const CHAIN = MAX_DEPTH + 6; // distinct functions, each calling the next: past the page's limit
const nested = [
  ...Array.from({ length: CHAIN - 1 }, (_, i) => `def level${i}(n):\n    return level${i + 1}(n + 1)\n`),
  `def level${CHAIN - 1}(n):\n    return n\n`,
  "def deep(n):\n    return 0 if n == 0 else deep(n - 1)\n",
  "def tour(rows, cols, start):\n    try:\n        level0(0)\n    except BaseException:\n        pass\n    deep(300)\n    return [[1] * cols for _ in range(rows)]\n",
].join("\n");
const NESTED = { ...tracedRun(nested, 5, 5, [4, 0], 1_000_000, 8192), budget: 1_000_000 };
const CALLING_LINE = 3 * (MAX_DEPTH - 2) + 2; // the return line of the function at depth MAX_DEPTH (tour is at 1)
const catching = "def tour(rows, cols, start):\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass\n    return None\n";
const CATCHING = { ...tracedRun(catching, 5, 5, [4, 0], 5000, 8192), budget: 5000 };

const programs = { backtrack: { source: "", sourceZh: "", description: "", key: "learn.program.backtrack" } };
const copy = (message) => ({ ...message, buffers: Object.fromEntries(Object.entries(message.buffers).map(([k, v]) => [k, v.slice()])) });

/** A run of `recorded` (tracedRun's) in a fake session, its messages said by box 0 up to
 * `upTo` (all, by default). */
function replay(recorded, { lang = "en", ended = recorded.ended, upTo = Infinity } = {}) {
  const session = fakeLearnSession(programs, lang);
  const { store, learn, box } = session;
  store.update({ learn: { ...store.get().learn, source: recorded.source, budget: recorded.budget } });
  const done = learn.run();
  const id = store.get().learn.run;
  recorded.chunks.slice(0, upTo).forEach((chunk) => box(0).say({ ...copy(chunk), id }));
  if (ended && upTo === Infinity) box(0).say({ ...ended, id });
  return { ...session, done };
}

test("the real tracer ends nested functions at the page's limit, whatever the program caught", () => {
  const result = NESTED.ended.result;
  assert.equal(result.status, "limit");
  assert.equal(result.answer, null);
  assert.ok(PAGE_LIMITS.includes("limit") && PAGE_LIMITS.includes("tracer_failed"));
  assert.equal(CATCHING.ended.result.status, "budget");
});

for (const lang of ["en", "zh"]) {
  test(`a nesting limit is the page's own, said with its depth, never as a finished run (${lang})`, async () => {
    const { store, boxes, done } = replay(NESTED, { lang });
    const ended = await done;
    const { learn } = store.get();
    assert.equal(learn.status, "limit");
    assert.deepEqual(learn.limit, { depth: MAX_DEPTH, line: CALLING_LINE });
    assert.equal(learn.answer, null);
    assert.equal(ended.status, "limit");
    assert.equal(ended.answer, null);
    const say = lang === "zh" ? inChinese : (body) => body();
    say(() => {
      const parts = verdictParts(store.get(), null);
      assert.deepEqual(parts, [{ text: t("learn.limit", { depth: String(MAX_DEPTH), line: CALLING_LINE }) }]);
      const status = statusText(store.get());
      assert.equal(status, t("learn.status.limit", { count: learn.steps, depth: MAX_DEPTH }));
    });
    const text = JSON.stringify(verdictParts(store.get(), null));
    assert.ok(text.includes(String(MAX_DEPTH)), text);
    assert.ok(!/recursion|递归/.test(text), text);
    assert.equal(boxes[0].phase, "closed", "its sandbox is removed however busy its Python is");
  });
}

test("a limit the trace does not reach is refused", () => {
  const shallow = { ...tracedRun("def tour(rows, cols, start):\n    return None\n", 5, 5, [4, 0], 100, 8192), budget: 100 };
  const lie = { ...shallow.ended, result: { ...shallow.ended.result, status: "limit" } };
  const { store } = replay(shallow, { ended: lie });
  assert.equal(store.get().learn.status, "error");
  assert.match(store.get().learn.refusal, /nesting limit/);
});

test("the tracer's failure is the page's error: its own sentence, no answer, the run ended by the page", async () => {
  const failed = { ...CATCHING.ended, result: { ...CATCHING.ended.result, status: "tracer_failed", answer: { shape: "board", values: Array(25).fill(1) } } };
  const { store, done } = replay(CATCHING, { ended: failed });
  const ended = await done;
  const { learn } = store.get();
  assert.equal(learn.status, "error");
  assert.deepEqual(learn.error, { line: null, said: t("learn.error.tracerFailed") });
  assert.equal(learn.answer, null);
  assert.equal(ended.pageEnded, true);
  assert.deepEqual(verdictParts(store.get(), null), [{ text: t("learn.error.tracerFailed") }]);
});

test("checkEnded accepts every ending and reads an answer only from a finished run", () => {
  for (const status of ["limit", "tracer_failed", "budget", "stopped"]) {
    const got = checkEnded({ id: 1, result: { status, line: null, output: "", answer: { shape: "board", values: Array(25).fill(1) } } }, 1, { rows: 5, cols: 5, lines: 3 });
    assert.ok(got.ok, got.reason);
    assert.equal(got.value.answer, null, status);
  }
});

test(`a sandbox that sends its last chunk and no end within ${ENDED_MS} ms is ended; the next run gets a fresh Python`, () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { store, learn, boxes, box } = replay(CATCHING, { ended: null });
    assert.equal(store.get().learn.status, "running");
    mock.timers.tick(ENDED_MS - 1);
    assert.equal(store.get().learn.status, "running");
    mock.timers.tick(1);
    const state = store.get().learn;
    assert.equal(state.status, "error");
    assert.equal(state.notice, t("learn.notice.unended"));
    assert.equal(boxes[0].phase, "closed");
    assert.equal(boxes.length, 2, "a fresh Python starts");
    box(1).ready();
    learn.run();
    assert.equal(boxes[1].posted.length, 1, "the next run goes to the fresh Python");
    assert.equal(boxes[0].posted.length, 1);
  } finally {
    mock.timers.reset();
  }
});

test("the end that follows its last chunk at once is read, and no timer ends the next run", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { store, learn, box } = replay(CATCHING);
    assert.equal(store.get().learn.status, "done");
    assert.equal(store.get().learn.budgetRan, true);
    box(1).ready();
    learn.run();
    mock.timers.tick(ENDED_MS * 2);
    assert.equal(store.get().learn.status, "running");
  } finally {
    mock.timers.reset();
  }
});
