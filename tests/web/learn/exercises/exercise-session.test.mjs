// The exercises' session over the fixture (runs.json: every program's runs through the real
// tracer, with the page's facts and verdict): a check runs each board in order through
// Learn's runs, stops at the first that fails, keeps only ids in the page's storage, and
// ends every wait with a plain message; a refused program is never run.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createExerciseSession } from "../../../../web/learn/exercises/session.js";
import { checkExercises } from "../../../../web/learn/exercises/catalog.js";
import { PROGRESS_KEY } from "../../../../web/learn/exercises/progress.js";
import { holesTrailer } from "../../../../web/learn/holes-trailer.js";
import { sourceEdited } from "../../../../web/learn/transitions.js";
import { createStore, defaultState } from "../../../../web/shell/state.js";

globalThis.requestAnimationFrame ??= () => 0; // the store draws on frames; nothing draws here

const RUNS = JSON.parse(readFileSync(new URL("./runs.json", import.meta.url), "utf8"));
const LIST = checkExercises(RUNS.exercises);
const program = (exercise, name) => RUNS.programs.find((p) => p.exercise === exercise && p.program === name);
const tick = () => new Promise((done) => setTimeout(done, 0));

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
 * A session whose Learn answers each board with the fixture's run of the program shown
 * (`runCase` resolves at once unless `hold`), whose Python answers with the fixture's
 * verdict, and whose timers fire only when the test says (`fire()`).
 */
function harness({ storage = memoryStorage(), hold = false, readCase = null, ended: forced } = {}) {
  const store = createStore({ ...defaultState(), view: "learn" });
  const calls = { runs: [], stops: 0, starters: [], marked: [], shown: [], boards: [] };
  const timers = [];
  let last = null;
  const learn = {
    runCase(plan) {
      calls.runs.push(plan);
      if (forced !== undefined) return Promise.resolve(forced && { output: "", errorLine: 0, answer: null, trace: null, ...forced });
      const exercise = LIST.find((e) => e.id === store.get().exercise.id);
      const at = exercise.cases.findIndex((c) => c.rows === plan.rows && c.cols === plan.cols && String(c.start) === String(plan.start));
      const p = RUNS.programs.find((x) => x.exercise === exercise.id && x.source + holesTrailer(exercise.cases[at].holes) === plan.source);
      last = p.runs[at];
      const { facts } = last;
      const ended = { status: facts.status, output: facts.output, errorLine: facts.errorLine, answer: { shape: "board", values: [] }, trace: last, pageEnded: false };
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
    showBoard: (board) => void calls.boards.push(board),
    readCase: readCase ?? (() => Promise.resolve(last.verdict)),
    loadExercises: () => Promise.resolve(LIST),
    later: (fn) => setTimeout(fn, 0),
    facts: (trace) => Promise.resolve(trace.facts),
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

test("each exercise: the starter fails on the fixture's board with its code, the solution passes and is kept", async () => {
  const storage = memoryStorage();
  for (const exercise of LIST) {
    const h = harness({ storage });
    await opened(h, exercise.id);
    assert.deepEqual(h.calls.starters.at(-1), [exercise.starter, true]);
    assert.deepEqual(h.calls.boards.at(-1).start, exercise.cases[0].start); // its first board, shown
    h.type(exercise.starter);
    await h.exercises.check();
    const starter = program(exercise.id, "starter");
    const failedAt = starter.runs.findIndex((r) => r.judged?.pass === false);
    assert.equal(h.check().status, "failed", exercise.id);
    assert.equal(h.check().failed, h.check().cases.length - 1); // the check ends at the first board that fails
    assert.equal(h.calls.runs.length, h.check().cases.length);
    assert.ok(failedAt === -1 || failedAt === h.check().failed);
    assert.equal(h.store.get().exercise.hints, 1); // the first hint comes with the verdict
    h.type(exercise.solution);
    await h.exercises.check();
    assert.equal(h.check().status, "passed", exercise.id);
    assert.equal(h.check().cases.length, exercise.cases.length);
    // Each board ran with its own budget, start, and holes after the program.
    h.calls.runs.slice(-exercise.cases.length).forEach((plan, i) => {
      const kase = exercise.cases[i];
      assert.equal(plan.budget, kase.budget);
      assert.equal(plan.source, exercise.solution + holesTrailer(kase.holes));
      assert.ok(plan.forExercise);
    });
    assert.ok(h.store.get().exercise.passed.includes(exercise.id));
  }
  assert.deepEqual(JSON.parse(storage.data.get(PROGRESS_KEY)), LIST.map((e) => e.id)); // ids only, in order
});

test("the wrong attempts each fail with the code the fixture names", async () => {
  for (const p of RUNS.programs.filter((x) => !["starter", "solution"].includes(x.program))) {
    const h = harness();
    await opened(h, p.exercise);
    h.type(p.source);
    await h.exercises.check();
    const failed = h.check().cases.find((c) => !c.pass);
    assert.equal(h.check().status, "failed", `${p.exercise} ${p.program}`);
    assert.equal(failed.code, p.expect, `${p.exercise} ${p.program}`);
  }
});

test("a program that reaches into its own Python is refused before any run", async () => {
  const h = harness();
  await opened(h, "undo");
  h.type(`${program("undo", "solution").source}\nimport sys\nsys.settrace(None)\n`);
  await h.exercises.check();
  assert.equal(h.check().status, "refused");
  assert.deepEqual(h.check().refusal, { line: program("undo", "solution").source.split("\n").length + 1, name: "import" });
  assert.equal(h.calls.runs.length, 0);
  assert.deepEqual(h.store.get().exercise.passed, []);
});

test("Stop ends the check at once; the board's late end is not judged", async () => {
  const h = harness({ hold: true });
  await opened(h, "undo");
  h.type(program("undo", "solution").source);
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
    h.type(program("undo", "solution").source);
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
  h.type(program("undo", "solution").source);
  const checking = h.exercises.check();
  await tick();
  h.fire(); // CASE_LIMIT_MS passes
  await checking;
  assert.equal(h.check().status, "stopped");
  assert.equal(h.check().notice.key, "exercise.timeout.run");
  assert.equal(h.check().notice.params.seconds, 180);
  assert.equal(h.calls.stops, 1);

  const slow = harness({ readCase: () => new Promise(() => {}) });
  await opened(slow, "undo");
  slow.type(program("undo", "solution").source);
  const reading = slow.exercises.check();
  for (let i = 0; i < 5 && !slow.check()?.status; i++) await tick();
  await tick();
  slow.fire(); // the run's limit (already won by the run) and VERDICT_LIMIT_MS
  await tick();
  slow.fire();
  await reading;
  assert.equal(slow.check().status, "error");
  assert.equal(slow.check().notice.key, "exercise.timeout.verdict");

  const broken = harness({ readCase: () => Promise.reject(new Error("PythonError")) });
  await opened(broken, "undo");
  broken.type(program("undo", "solution").source);
  await broken.exercises.check();
  assert.equal(broken.check().status, "error");
  assert.equal(broken.check().notice.key, "exercise.verdictFailed");
});

test("hints: the second on request marks its line; the first's step is shown in the trace", async () => {
  const h = harness();
  await opened(h, "undo");
  h.type(program("undo", "starter").source);
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
  refusing.type(program("undo", "solution").source);
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
    store, learn, storage: null, showBoard() {}, readCase() {}, later: (fn) => fn(),
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
