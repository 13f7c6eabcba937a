// The exercises' session: a check draws its boards from the page's Python with a seed,
// runs each board in order through Learn's runs (keeping the checked chunks for the
// judge), has each judged by the page's Python, stops at the first that fails, keeps only
// ids in the page's storage, and ends every wait with a plain message; a refused program
// is never run. Learn and the page's Python are stand-ins here: the judge itself is
// tested in Python (tests/knight_py/learn/test_learn_judge.py) on real runs.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createExerciseSession, drawSeed } from "../../../../web/learn/exercises/session.js";
import { checkExercises } from "../../../../web/learn/exercises/catalog.js";
import { EXERCISE_IDS } from "../../../../web/learn/exercises/words.js";
import { PROGRESS_KEY } from "../../../../web/learn/exercises/progress.js";
import { holesTrailer, sourceEdited } from "../../../../web/learn/transitions.js";
import { createStore } from "../../../../web/shell/state.js";
import { defaultState } from "../../../../web/views.js";
import { refusalMessage } from "../../../../web/learn/exercises/words.js";
import { said } from "../../../../web/i18n/said.js";
import "../../chinese.mjs"; // the Chinese catalog, loaded

globalThis.requestAnimationFrame ??= () => 0; // the store draws on frames; nothing draws here

const board = (start, holes = []) => ({ rows: 5, cols: 5, start, holes, rule: "knight", closed: false, budget: 5000, exists: true });
import { tick } from "../../helpers.mjs";
/** Every exercise of the page's menu, with a starter and a solution the stand-in judge tells apart. */
const LIST = checkExercises(EXERCISE_IDS.map((id) => ({
  id, post: "python-book",
  starter: `def tour(rows, cols, start):\n    return None  # ${id}\n`, starterZh: `def tour(rows, cols, start):\n    return None  # ${id} 中文\n`,
  solution: `def tour(rows, cols, start):\n    return [start]  # ${id}\n`, solutionZh: `def tour(rows, cols, start):\n    return [start]  # ${id} 中文\n`,
  cases: [board([4, 0])],
})));
const solutionOf = (id) => LIST.find((e) => e.id === id).solution;
const starterOf = (id) => LIST.find((e) => e.id === id).starter;
/** The boards the stand-in Python draws with `seed`: three, the last with a hole, the seed in the start. */
const drawn = (seed) => [board([4, 0]), board([seed % 5, 2]), board([2, 2], [[0, 0]])];
const FAILED = {
  pass: false, code: "answer_none",
  hints: [{ key: "exercise.hint.answer.none", params: { undone: 3 }, step: 7 }, { key: "exercise.line.undo", params: { line: 2 }, line: 2 }],
};

/** A Storage in memory; `refuse` makes every write throw. */
function memoryStorage(refuse = false) {
  const data = new Map();
  return {
    data,
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem(k, v) {
      if (refuse) throw new Error("QuotaExceededError");
      data.set(k, String(v));
    },
    removeItem: (k) => void data.delete(k),
  };
}

/**
 * A session whose Learn ends each board's run at once (unless `hold`) with one chunk,
 * whose Python draws `drawn(seed)` and passes a run only of the exercise's solution, and
 * whose timers fire only when the test says (`fire()`).
 */
function harness({ storage = memoryStorage(), hold = false, judgeRun = null, drawCases = null, ended: forced, sourceRefusal = async () => null } = {}) {
  const store = createStore({ ...defaultState(), view: "learn" });
  const calls = { runs: [], stops: 0, starters: [], marked: [], shown: [], boards: [], judged: [], draws: [] };
  const timers = [];
  const learn = {
    runCase(plan) {
      calls.runs.push(plan);
      if (forced !== undefined) return Promise.resolve(forced && { output: "", errorLine: 0, answer: null, trace: null, chunks: [], ...forced });
      const chunk = { meta: { first_step: 0, steps: 3, status: "done", final: true }, lines: new Uint8Array(6), events: new Uint8Array(3) };
      const ended = { status: "done", output: "", errorLine: 0, answer: { shape: "path", values: [4, 0], length: 1 }, trace: null, chunks: [chunk], pageEnded: false };
      return hold ? new Promise((resolve) => (calls.finish = () => resolve(ended))) : Promise.resolve(ended);
    },
    stop: () => void (calls.stops += 1),
    showStarter: (starter, fresh) => void calls.starters.push([starter?.source ?? null, fresh]),
    markLine: (line) => void calls.marked.push(line),
    show: (step) => void calls.shown.push(step),
    edit: (source) => store.update((state) => sourceEdited(state, source, null)),
    hold() {},
    ownSource() {},
  };
  const exercises = createExerciseSession({
    store, learn, storage,
    showBoard: (b) => void calls.boards.push(b),
    drawCases: drawCases ?? ((args) => {
      calls.draws.push(args);
      return Promise.resolve(drawn(args.seed));
    }),
    judgeRun: judgeRun ?? ((args) => {
      calls.judged.push(args);
      const exercise = LIST.find((e) => e.id === args.exercise);
      return Promise.resolve(args.source === exercise.solution ? { pass: true, code: "pass", hints: [] } : FAILED);
    }),
    sourceRefusal,
    loadExercises: () => Promise.resolve(LIST),
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => {},
  });
  const type = (source) => store.update((state) => sourceEdited(state, source, null));
  const fire = () => timers.splice(0).forEach((fn) => fn());
  return { store, exercises, calls, type, fire, storage, check: () => store.get().exercise.check };
}

async function opened(h, id) {
  await tick(); // the list arrives
  h.exercises.choose(id); // stops any run of Learn's: counted from here on
  assert.equal(h.store.get().exercise.id, id);
  h.calls.stops = 0;
}

test("each exercise: boards drawn with a seed; the starter fails at the first board, the solution passes on all and is kept", async () => {
  const storage = memoryStorage();
  for (const exercise of LIST) {
    const h = harness({ storage });
    await opened(h, exercise.id);
    assert.deepEqual(h.calls.starters.at(-1), [exercise.starter, true]);
    assert.deepEqual(h.calls.boards.at(-1).start, exercise.cases[0].start); // its first board, shown
    h.type(exercise.starter);
    await h.exercises.check();
    assert.equal(h.check().status, "failed", exercise.id);
    assert.equal(h.check().failed, 0); // the check ends at the first board that fails
    assert.equal(h.calls.runs.length, 1);
    assert.deepEqual(h.check().hints, FAILED.hints);
    assert.equal(h.store.get().exercise.hints, 1); // the first hint comes with the verdict
    h.type(exercise.solution);
    await h.exercises.check();
    assert.equal(h.check().status, "passed", exercise.id);
    const { seed, boards } = h.check();
    assert.ok(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 31);
    assert.deepEqual(h.calls.draws.at(-1), { exercise: exercise.id, seed });
    assert.deepEqual(boards, drawn(seed));
    assert.equal(h.check().cases.length, boards.length);
    // Each board ran with its own budget, start and holes after the program, its chunks kept
    // and handed to the judge with the run's end and the program as written.
    h.calls.runs.slice(-boards.length).forEach((plan, i) => {
      assert.equal(plan.budget, boards[i].budget);
      assert.equal(plan.source, exercise.solution + holesTrailer(boards[i].holes));
      assert.ok(plan.forExercise && plan.keepChunks);
    });
    h.calls.judged.slice(-boards.length).forEach((args, i) => {
      assert.deepEqual(args.case, boards[i]);
      assert.equal(args.source, exercise.solution);
      assert.deepEqual(args.ended, { status: "done", line: 0, output: "", answer: { shape: "path", values: [4, 0], length: 1 } });
      assert.equal(args.chunks.length, 1);
      assert.deepEqual(Object.keys(args.chunks[0].buffers), ["lines", "events"]);
      assert.equal(args.chunks[0].meta.steps, 3);
    });
    assert.ok(h.store.get().exercise.passed.includes(exercise.id));
  }
  assert.deepEqual(JSON.parse(storage.data.get(PROGRESS_KEY)), LIST.map((e) => e.id)); // ids only, in order
});

test("Check again runs the same boards (the last check's seed); Check draws new ones", async () => {
  const h = harness();
  await opened(h, "undo");
  h.type(starterOf("undo"));
  await h.exercises.check();
  const { seed } = h.check();
  await h.exercises.checkAgain();
  assert.equal(h.check().seed, seed);
  assert.deepEqual(h.calls.draws.map((d) => d.seed), [seed, seed]);
  const seeds = new Set();
  for (let i = 0; i < 8; i++) seeds.add(drawSeed());
  assert.ok(seeds.size > 1, "seeds differ from check to check");
  assert.ok(Number.isInteger(drawSeed({})), "a browser without crypto still gets a seed");
});

test("boards the page's Python does not give, or gives malformed, end the check with a plain message and no run", async () => {
  for (const drawCases of [
    () => Promise.reject(new Error("PythonError")),
    () => Promise.resolve([{ rows: 5, cols: 5, start: [9, 9], holes: [], rule: "knight", closed: false, budget: 10, exists: true }]),
    () => Promise.resolve("boards"),
    () => Promise.resolve([]),
  ]) {
    const h = harness({ drawCases });
    await opened(h, "undo");
    h.type(solutionOf("undo"));
    await h.exercises.check();
    assert.equal(h.check(), null);
    assert.equal(h.store.get().exercise.notice.key, "exercise.boardsMissing");
    assert.equal(h.calls.runs.length, 0);
  }
});

test("a judgement that is not one (a broken worker's answer) is no verdict", async () => {
  const h = harness({ judgeRun: () => Promise.resolve({ pass: "yes" }) });
  await opened(h, "undo");
  h.type(solutionOf("undo"));
  await h.exercises.check();
  assert.equal(h.check().status, "error");
  assert.equal(h.check().notice.key, "exercise.verdictFailed");
  assert.deepEqual(h.store.get().exercise.passed, []);
});

test("the validator's reason, in every language, is the first hint's `why`", async () => {
  const reasons = { en: "the path has 3 squares", zh: "路径有 3 格" };
  const judged = { pass: false, code: "answer_invalid", reasons, hints: [{ key: "exercise.hint.answer.invalid", params: {}, step: 2 }, { key: "exercise.line.return", params: { line: 2 }, line: 2 }] };
  const h = harness({ judgeRun: () => Promise.resolve(judged) });
  await opened(h, "undo");
  h.type(solutionOf("undo"));
  await h.exercises.check();
  assert.deepEqual(h.check().hints[0].params.why, reasons);
});

test("a program the page's rule refuses is never run, and the check says the rule's reason", async () => {
  const hostile = `${solutionOf("undo")}\nimport sys\nsys.settrace(None)\n`;
  const line = solutionOf("undo").split("\n").length + 1;
  const why = {
    code: "source_import", params: { line, name: "sys" },
    reasons: { en: `Line ${line}: a Learn program cannot import sys.`, zh: `第 ${line} 行：“学习”页的程序不能导入 sys。` },
  };
  const asked = [];
  const h = harness({ sourceRefusal: async (source) => (asked.push(source), source.includes("import sys") ? why : null) });
  await opened(h, "undo");
  h.type(hostile);
  await h.exercises.check();
  assert.deepEqual(asked, [hostile]); // the program shown, asked of the page's own Python
  assert.equal(h.check().status, "refused");
  assert.deepEqual(h.check().refusal, why);
  assert.equal(h.calls.runs.length, 0);
  assert.deepEqual(h.store.get().exercise.passed, []);
  assert.equal(said(refusalMessage(h.check().refusal), "en"), `The check did not run this program. ${why.reasons.en}`);
  assert.equal(said(refusalMessage(h.check().refusal), "zh"), `检查没有运行这个程序。${why.reasons.zh}`);
  h.type(solutionOf("undo"));
  await h.exercises.check();
  assert.equal(h.check().status, "passed");
});

test("a rule that fails or never answers ends the check with a plain message before any run", async () => {
  const broken = harness({ sourceRefusal: async () => Promise.reject(new Error("PythonError")) });
  await opened(broken, "undo");
  broken.type(solutionOf("undo"));
  await broken.exercises.check();
  assert.equal(broken.check(), null); // no check began
  assert.equal(broken.store.get().exercise.notice.key, "exercise.ruleFailed");
  assert.equal(broken.calls.runs.length, 0);

  const silent = harness({ sourceRefusal: () => new Promise(() => {}) });
  await opened(silent, "undo");
  silent.type(solutionOf("undo"));
  const checking = silent.exercises.check();
  await tick();
  assert.equal(silent.store.get().exercise.checking, true);
  silent.exercises.check(); // a second press while the first waits is the same check
  silent.fire();
  await checking;
  assert.equal(silent.check(), null);
  assert.equal(silent.store.get().exercise.notice.key, "exercise.timeout.rule");
  assert.equal(silent.store.get().exercise.notice.params.seconds, 60);
  assert.equal(silent.calls.runs.length, 0);
});

test("Stop ends the check at once; the board's late end is not judged", async () => {
  const h = harness({ hold: true });
  await opened(h, "undo");
  h.type(solutionOf("undo"));
  const checking = h.exercises.check();
  await tick();
  assert.equal(h.check().status, "running");
  h.exercises.stop();
  assert.equal(h.check().status, "stopped");
  assert.equal(h.calls.stops, 1);
  h.calls.finish();
  await checking;
  assert.equal(h.check().status, "stopped");
  assert.deepEqual(h.check().cases, []);
  assert.equal(h.check().notice.key, "exercise.stopped");
});

test("a board's run that Learn ended (its Stop, leaving the view, a refused message) ends the check unjudged", async () => {
  for (const [ended, status, key] of [
    [{ status: "stopped", pageEnded: false }, "stopped", "exercise.stopped"],
    [{ status: "error", pageEnded: true }, "error", "exercise.pageEnded"],
  ]) {
    const h = harness({ ended });
    await opened(h, "undo");
    h.type(solutionOf("undo"));
    await h.exercises.check();
    assert.equal(h.check().status, status);
    assert.equal(h.check().notice.key, key);
    assert.deepEqual(h.check().cases, []);
  }
  // Nothing to run (Learn busy): said, not hung.
  const busy = harness({ ended: null });
  await opened(busy, "undo");
  await busy.exercises.check();
  assert.equal(busy.check().notice.key, "exercise.busy");
});

test("every wait has a time limit: a board that never ends, an answer that never comes", async () => {
  const h = harness({ hold: true });
  await opened(h, "undo");
  h.type(solutionOf("undo"));
  const checking = h.exercises.check();
  await tick();
  h.fire(); // CASE_LIMIT_MS passes
  await checking;
  assert.equal(h.check().status, "stopped");
  assert.equal(h.check().notice.key, "exercise.timeout.run");
  assert.equal(h.check().notice.params.seconds, 180);
  assert.equal(h.calls.stops, 1);

  const slow = harness({ judgeRun: () => new Promise(() => {}) });
  await opened(slow, "undo");
  slow.type(solutionOf("undo"));
  const reading = slow.exercises.check();
  for (let i = 0; i < 5 && !slow.check()?.status; i++) await tick();
  await tick();
  slow.fire(); // the run's limit (already won by the run) and VERDICT_LIMIT_MS
  await tick();
  slow.fire();
  await reading;
  assert.equal(slow.check().status, "error");
  assert.equal(slow.check().notice.key, "exercise.timeout.verdict");

  const broken = harness({ judgeRun: () => Promise.reject(new Error("PythonError")) });
  await opened(broken, "undo");
  broken.type(solutionOf("undo"));
  await broken.exercises.check();
  assert.equal(broken.check().status, "error");
  assert.equal(broken.check().notice.key, "exercise.verdictFailed");
});

test("hints: the second on request marks its line; the first's step is shown in the trace", async () => {
  const h = harness();
  await opened(h, "undo");
  h.type(starterOf("undo"));
  await h.exercises.check();
  const { hints } = h.check();
  h.store.update((state) => ({ learn: { ...state.learn, run: 0 } }));
  h.exercises.showHintStep();
  assert.deepEqual(h.calls.shown, [hints[0].step]);
  h.exercises.moreHint();
  assert.equal(h.store.get().exercise.hints, 2);
  assert.equal(h.calls.marked.at(-1), hints[1].line);
  h.exercises.moreHint(); // no third
  assert.equal(h.store.get().exercise.hints, 2);
  // The solution, a line at a time, no further than its last line.
  const lines = LIST.find((e) => e.id === "undo").solution.split("\n").length;
  for (let i = 0; i < lines + 3; i++) h.exercises.moreSolution();
  assert.equal(h.store.get().exercise.solution, lines);
});

test("progress: read at the start, cleared on request; a storage that refuses keeps nothing and says so", async () => {
  const storage = memoryStorage();
  storage.data.set(PROGRESS_KEY, JSON.stringify(["count", "nonsense", "undo", "undo"]));
  const h = harness({ storage });
  assert.deepEqual(h.store.get().exercise.passed, ["undo", "count"]);
  assert.equal(h.store.get().exercise.kept, true);
  h.exercises.clearProgress();
  assert.deepEqual(h.store.get().exercise.passed, []);
  assert.equal(storage.data.has(PROGRESS_KEY), false);
  assert.equal(h.store.get().exercise.notice.key, "exercise.progress.cleared");

  const refusing = harness({ storage: memoryStorage(true) });
  assert.equal(refusing.store.get().exercise.kept, false);
  await opened(refusing, "undo");
  refusing.type(solutionOf("undo"));
  await refusing.exercises.check();
  assert.equal(refusing.check().status, "passed"); // passed, shown, not kept
  const none = harness({ storage: null });
  assert.equal(none.store.get().exercise.kept, false);
});

test("an exercise a link opens gets its starter once the list comes, keeping a link's code", async () => {
  const store = createStore({ ...defaultState(), view: "learn" });
  const starters = [];
  const learn = { showStarter: (s, fresh) => starters.push([s?.source ?? null, fresh]), stop() {}, markLine() {}, edit() {}, hold() {}, ownSource() {} };
  let arrive;
  createExerciseSession({
    store, learn, storage: null, showBoard() {}, drawCases() {}, judgeRun() {},
    loadExercises: () => new Promise((resolve) => (arrive = resolve)),
  });
  store.update((state) => ({ exercise: { ...state.exercise, id: "stack" } })); // the link's parameter
  assert.deepEqual(starters, []); // nothing to show before the list
  arrive(LIST);
  await tick();
  assert.deepEqual(starters, [[LIST.find((e) => e.id === "stack").starter, false]]);
  store.update((state) => ({ exercise: { ...state.exercise, id: null } })); // Back to a link without one
  assert.deepEqual(starters.at(-1), [null, false]);
});
