// Learn's words about a run, checked against the run itself made by the real tracer in
// CPython: the cost note (each figure a complete run's own, a run cut by its budget said
// as cut and compared with nothing, "filled" only where the board was), the moves counted
// on a board with holes (a hole is no move), and the end of a run cut by its budget (it
// would have gone on).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { mountLearnCost } from "../../../web/learn/cost-panel.js";
import { countsAt } from "../../../web/learn/counters.js";
import { noBacktrackText } from "../../../web/learn/run-panel.js";
import { compactNumber, t } from "../../../web/i18n/messages.js";
import { inChinese } from "../helpers.mjs";
import { fakeLearnSession } from "./fake-session.mjs";
import { tracedRun } from "./python-chunks.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** Python's answer to `code` (printed JSON), run from the project's root. */
function python(code) {
  const out = spawnSync("python3", ["-c", code], { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout);
}

const MENU = python("import json; from knight_py.learn import PROGRAMS; print(json.dumps({k: p.source for k, p in PROGRAMS.items()}))");
const programs = Object.fromEntries(Object.entries(MENU).map(([id, source]) => [id, { source, sourceZh: source, description: "", key: `learn.program.${id}` }]));
const copy = (message) => ({ ...message, buffers: Object.fromEntries(Object.entries(message.buffers).map(([k, v]) => [k, v.slice()])) });
const stepsOf = (recorded) => recorded.chunks.reduce((sum, c) => sum + c.meta.steps, 0);

/** `recorded` (tracedRun's, on `board`: [rows, cols, start]) replayed as a run of menu
 * program `program` with `budget`, in `session`. */
async function replay(session, program, recorded, budget, [rows, cols, start] = [5, 5, E1]) {
  const { store, learn, box, boxes } = session;
  store.update({ settings: { ...store.get().settings, rows, cols, start }, learn: { ...store.get().learn, program, source: null, budget } });
  const done = learn.run();
  const id = store.get().learn.run;
  const at = boxes.length - 1;
  if (boxes[at].phase !== "running") throw new Error("no box ran the program");
  recorded.chunks.forEach((chunk) => box(at).say({ ...copy(chunk), id }));
  box(at).say({ ...recorded.ended, id });
  await done;
  if (boxes.length > at + 1) box(at + 1).ready();
}

const E1 = [4, 4]; // 5 x 5 from e1: the default board of both backtracking programs
const PLAIN = tracedRun(MENU.backtrack, 5, 5, E1, 100_000, 8192);
const STACK = tracedRun(MENU.stack, 5, 5, E1, 100_000, 8192);
const STACK_CUT = tracedRun(MENU.stack, 5, 5, E1, 5000, 8192); // cut by a budget of 5,000
const NO_TOUR = tracedRun(MENU.backtrack, 4, 4, [3, 0], 1_000_000, 8192); // 4 x 4: no tour, every way tried

for (const [lang, say] of [["en", (body) => body()], ["zh", inChinese]]) {
  test(`the cost note quotes only complete runs on the same board, each its own program's (${lang})`, async () => {
    assert.deepEqual([PLAIN.ended.result.status, STACK.ended.result.status, STACK_CUT.ended.result.status], ["done", "done", "budget"]);
    const session = fakeLearnSession(programs, lang);
    const node = { textContent: "" };
    const panel = mountLearnCost({ getElementById: () => node }, { learn: session.learn });
    const shown = () => {
      panel.sync(session.store.get());
      return node.textContent;
    };
    await replay(session, "backtrack", PLAIN, 100_000);
    const plain = stepsOf(PLAIN);
    say(() => assert.ok(!shown().includes(t("learn.cost.same", { list: "" }).slice(0, 6)), "one program measured: nothing to compare"));
    await replay(session, "stack", STACK_CUT, 5000);
    say(() => {
      const text = shown();
      assert.equal(text, t("learn.cost.cut", { steps: compactNumber(5000), undos: compactNumber(session.learn.trace().undosUpTo(4999)), squares: session.learn.trace().filledAt(4999) }));
    });
    await replay(session, "stack", STACK, 100_000);
    const stack = stepsOf(STACK);
    say(() => {
      const text = shown();
      const same = t("learn.cost.same", { list: [t("learn.cost.same.backtrack", { steps: compactNumber(plain) }), t("learn.cost.same.stack", { steps: compactNumber(stack) })].join(t("play.list.separator")) });
      assert.ok(text.endsWith(same), text); // the cut run's 5,000 is nowhere
      assert.ok(text.includes(t("learn.cost.backtrack", { steps: compactNumber(stack), undos: compactNumber(session.learn.trace().undosUpTo(stack - 1)), squares: 25 })), text);
    });
    assert.notEqual(plain, stack);
    // A search that tried every way and found no tour filled nothing: it says so.
    await replay(session, "backtrack", NO_TOUR, 1_000_000, [4, 4, [3, 0]]);
    assert.deepEqual(NO_TOUR.ended.result.answer, { shape: "none" }); // tour returned None
    say(() => {
      const text = shown();
      assert.ok(text.startsWith(t("learn.cost.backtrackNone", { steps: compactNumber(stepsOf(NO_TOUR)), undos: compactNumber(session.learn.trace().undosUpTo(stepsOf(NO_TOUR) - 1)), squares: 1 })), text);
    });
  });

  test(`a run cut by its budget never says that nothing is taken back after its last step (${lang})`, async () => {
    const session = fakeLearnSession(programs, lang);
    await replay(session, "stack", STACK_CUT, 5000);
    const { learn } = session.store.get();
    assert.equal(learn.budgetRan, true);
    say(() => {
      const text = noBacktrackText(learn, session.learn.trace());
      assert.equal(text, t("learn.nextBacktrack.cut", { steps: (5000).toLocaleString(lang === "zh" ? "zh-CN" : "en") }));
      assert.notEqual(text, t("learn.nextBacktrack.none"));
    });
    // The same program run to its end: after its last undo, nothing is taken back, and it says so.
    await replay(session, "stack", STACK, 100_000);
    say(() => assert.equal(noBacktrackText(session.store.get().learn, session.learn.trace()), t("learn.nextBacktrack.none")));
  });
}

test("moves on a board with holes: the holes are no moves, at every step, as in CPython", () => {
  // The xiangqi exercise's starting program on its first board: 5 x 5 from a3, holes a4 and a1.
  const made = python(`
import json
from knight_py.learn.exercise_programs import PROGRAMS
from knight_py.learn.exercises import Case, case_source
from knight_py.learn import run
case = Case(5, 5, (2, 0), ((1, 0), (4, 0)), "xiangqi")
source = case_source(PROGRAMS["xiangqi"][0], case)
ns = {}
exec(source, ns)
board = ns["tour"](5, 5, (2, 0))
print(json.dumps({"source": source, "moves": sum(1 for row in board for n in row if n > 0) if board else None}))
`);
  const recorded = tracedRun(made.source, 5, 5, [2, 0], 1_000_000, 8192);
  const session = fakeLearnSession({ backtrack: { source: made.source, sourceZh: made.source, description: "", key: "learn.program.backtrack" } }, "en");
  session.store.update({ settings: { ...session.store.get().settings, rows: 5, cols: 5, start: [2, 0] }, learn: { ...session.store.get().learn, budget: 1_000_000 } });
  session.learn.run();
  const id = session.store.get().learn.run;
  recorded.chunks.forEach((chunk) => session.box(0).say({ ...copy(chunk), id }));
  const trace = session.learn.trace();
  for (let k = 0; k < trace.steps; k += 97) {
    const board = trace.boardAt(k);
    assert.equal(countsAt(trace, k).placed, board.filter((n) => n > 0).length, `step ${k}`);
  }
  const last = trace.boardAt(trace.steps - 1);
  assert.equal(last.filter((n) => n === -1).length, 2, "the two holes are on the program's board");
  assert.equal(countsAt(trace, trace.steps - 1).placed, made.moves ?? last.filter((n) => n > 0).length);
  assert.ok(countsAt(trace, trace.steps - 1).placed <= 23, "5 x 5 less two holes holds at most 23 moves");
});
