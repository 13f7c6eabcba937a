// What the exercises keep, through their session: a Check pressed twice is one check with
// one verdict, and Learn's Run waits for it; the reader's last program per exercise is kept
// and shown when the exercise reopens (and a link that carries it is not a stranger's);
// "Clear progress" can be undone, across tabs. Learn here is a stand-in made of Learn's own
// state changes; its own hold and its own reading of a link are tested on the real session.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createExerciseSession } from "../../../../web/learn/exercises/session.js";
import { KEEP_DELAY_MS, UNDO_MS, keepPassed } from "../../../../web/learn/exercises/keeping.js";
import { CODE_KEY_PREFIX } from "../../../../web/learn/exercises/kept-code.js";
import { PROGRESS_KEY, openProgress } from "../../../../web/learn/exercises/progress.js";
import { EXERCISE_IDS } from "../../../../web/learn/exercises/words.js";
import { checkPassed, checkStarted } from "../../../../web/learn/exercises/transitions.js";
import { linkProgramLoaded, runsHeld, sourceEdited, sourceOf, starterShown } from "../../../../web/learn/transitions.js";
import { packSource } from "../../../../web/learn/code-link.js";
import { t } from "../../../../web/i18n/messages.js";
import { createStore } from "../../../../web/shell/state.js";
import { defaultState } from "../../../../web/views.js";
import { fakeLearnSession } from "../fake-session.mjs";
import { sharedStorage } from "./shared-storage.mjs";
import { tick } from "../../helpers.mjs";

globalThis.requestAnimationFrame ??= () => 0; // the store draws on frames; nothing draws here

/** A few turns of the event loop: a check asks the page's Python for its rule and its
 * boards before its first run. */
const settle = async () => {
  for (let i = 0; i < 6; i++) await tick();
};
const BOARD = { rows: 5, cols: 5, start: [0, 0], holes: [], rule: "knight", closed: false, budget: 1000, exists: true };
const LIST = EXERCISE_IDS.map((id) => ({
  id, post: "go-stack", check: "tour", starter: `# ${id}: starter\n`, starterZh: `# ${id}：起始\n`,
  solution: `# ${id}: solution\n`, solutionZh: `# ${id}：答案\n`, cases: [BOARD, { ...BOARD, start: [2, 2] }],
}));
const STOPPED = { status: "stopped", output: "", errorLine: 0, answer: null, trace: null, pageEnded: false };

/** Timers that fire only when the test says: fire(ms) runs those set for `ms`. */
function timers() {
  const set = new Map();
  let next = 1;
  return {
    setTimer: (fn, ms) => (set.set(next, { fn, ms }), next++),
    clearTimer: (id) => void set.delete(id),
    fire(ms) {
      for (const [id, timer] of [...set]) if (timer.ms === ms && set.delete(id)) timer.fn();
    },
    count: (ms) => [...set.values()].filter((timer) => timer.ms === ms).length,
  };
}

/** A stand-in for Learn's session, made of Learn's own state changes; each board's run
 * waits until the test ends it (`finish(ended)`). */
function standInLearn(store) {
  const learn = {
    runs: [], finishes: [], isOwn: null,
    runCase(plan) {
      learn.runs.push(plan);
      return new Promise((resolve) => learn.finishes.push(resolve));
    },
    finish: (ended) => learn.finishes.shift()(ended),
    stop() {}, markLine() {}, show() {},
    showStarter: (starter, fresh) => store.update((s) => starterShown(s, starter, fresh)),
    edit: (source) => store.update((s) => sourceEdited(s, source, null)),
    hold: (held) => store.update((s) => runsHeld(s, held)),
    ownSource: (isOwn) => void (learn.isOwn = isOwn),
  };
  return learn;
}

/** A page (one tab) over `tab` of a shared storage: its store, its exercises, its Learn. */
async function page(tab, initial = {}) {
  const store = createStore({ ...defaultState(), view: "learn", ...initial });
  const learn = standInLearn(store);
  const clock = timers();
  const exercises = createExerciseSession({
    store, learn, storage: tab.storage, storageEvents: tab.events, showBoard() {},
    sourceRefusal: () => Promise.resolve(null), drawCases: () => Promise.resolve([BOARD, { ...BOARD, start: [2, 2] }]),
    judgeRun: () => new Promise(() => {}), loadExercises: () => Promise.resolve(LIST),
    setTimer: clock.setTimer, clearTimer: clock.clearTimer,
  });
  await tick(); // the list arrives
  const shown = () => sourceOf(store.get().learn, store.get().lang);
  return { store, learn, clock, exercises, shown, tab };
}

test("Check pressed twice (a double click) is one check with one verdict; Run waits for it; a press after it settles checks again", async () => {
  const p = await page(sharedStorage().tab());
  p.exercises.choose("undo");
  const first = p.exercises.check();
  const second = p.exercises.check();
  assert.equal(p.store.get().exercise.checking, true);
  assert.equal(p.store.get().learn.held, true); // Learn's Run does nothing meanwhile
  await settle();
  p.exercises.check();
  assert.equal(p.learn.runs.length, 1);
  assert.equal(p.store.get().exercise.check.round, 1);
  p.learn.finish(STOPPED);
  await Promise.all([first, second]);
  const { check, checking } = p.store.get().exercise;
  assert.deepEqual([check.round, check.status, checking, p.store.get().learn.held], [1, "stopped", false, false]);
  const third = p.exercises.check();
  await settle();
  assert.equal(p.store.get().exercise.check.round, 2);
  p.learn.finish(STOPPED);
  await third;
  assert.equal(p.learn.runs.length, 2);
});

test("Stop, then Check while the stopped board's run still winds down: the press does nothing until the check has settled", async () => {
  const p = await page(sharedStorage().tab());
  p.exercises.choose("undo");
  const first = p.exercises.check();
  await settle();
  p.exercises.stop();
  assert.equal(p.store.get().exercise.check.status, "stopped");
  assert.equal(p.store.get().exercise.checking, true); // its run has not ended yet: still busy
  await p.exercises.check();
  assert.deepEqual([p.learn.runs.length, p.store.get().exercise.check.round], [1, 1]);
  p.learn.finish(STOPPED);
  await first;
  assert.equal(p.store.get().exercise.checking, false);
  const next = p.exercises.check();
  await settle();
  assert.deepEqual([p.learn.runs.length, p.store.get().exercise.check.round], [2, 2]);
  p.learn.finish(STOPPED);
  await next;
});

test("Learn holds Run for a check: Run starts nothing, the check's own runs go, Run works again once freed", async () => {
  const programs = { backtrack: { source: "def tour(rows, cols, start):\n    return None\n", description: "", key: "learn.program.backtrack" } };
  const { store, learn, runs, box } = fakeLearnSession(programs, "en");
  learn.hold(true);
  assert.equal(await learn.run(), null);
  assert.equal(runs().length, 0);
  const plan = { source: programs.backtrack.source, rows: 5, cols: 5, start: [0, 0], holes: [], budget: 1000, forExercise: true };
  const ended = learn.runCase(plan);
  assert.equal(runs().length, 1);
  box(0).say({ type: "ended", id: store.get().learn.run, result: { status: "done", line: null, error: null, output: "", answer: { shape: "none" } } });
  assert.equal((await ended).status, "done");
  assert.equal(await learn.run(), null); // still held
  learn.hold(false);
  box(1).ready();
  learn.run();
  assert.equal(runs().length, 2);
});

test("the reader's program is kept a moment after typing pauses, at Check, on leaving a page and on changing exercise; reopening shows it", async () => {
  const shared = sharedStorage();
  const p = await page(shared.tab());
  const kept = (id) => shared.data.get(CODE_KEY_PREFIX + id) ?? null;
  p.exercises.choose("undo");
  assert.equal(p.shown(), "# undo: starter\n");
  p.learn.edit("# mine\n");
  p.learn.edit("# mine, more\n");
  assert.equal(kept("undo"), null); // typing: not yet
  assert.equal(p.clock.count(KEEP_DELAY_MS), 1); // one write waits, however many keys
  p.clock.fire(KEEP_DELAY_MS);
  assert.equal(kept("undo"), "# mine, more\n");
  p.learn.edit("# at check\n");
  const checking = p.exercises.check();
  assert.equal(kept("undo"), "# at check\n");
  await settle();
  p.learn.finish(STOPPED);
  await checking;
  p.learn.edit("# before leaving\n");
  p.tab.leave(); // pagehide
  assert.equal(kept("undo"), "# before leaving\n");
  p.learn.edit("# then another exercise\n");
  p.exercises.choose("stack");
  assert.equal(kept("undo"), "# then another exercise\n");
  assert.equal(p.shown(), "# stack: starter\n"); // nothing kept for it: its starter
  p.clock.fire(KEEP_DELAY_MS);
  assert.equal(kept("stack"), null);
  p.exercises.choose("undo");
  assert.equal(p.shown(), "# then another exercise\n");
  // "Back to the program as written": the starter, and so on reopening too.
  p.store.update((s) => linkProgramLoaded(s, s.learn.program, null, null));
  p.clock.fire(KEEP_DELAY_MS);
  assert.equal(kept("undo"), null);
  p.exercises.choose(null);
  p.exercises.choose("undo");
  assert.equal(p.shown(), "# undo: starter\n");
});

test("a reload: the link's program that is the reader's kept one is theirs, a stranger's is a link's and is not kept over theirs", async () => {
  const shared = sharedStorage();
  const first = await page(shared.tab());
  first.exercises.choose("closed");
  first.learn.edit("# my closed tour\n");
  first.tab.leave();
  // The same address loaded again: the exercise from the link, its code still packed.
  const again = await page(shared.tab(), {});
  again.store.update((s) => ({ exercise: { ...s.exercise, id: "closed" } }));
  assert.equal(again.learn.isOwn("# my closed tour\n"), true);
  assert.equal(again.learn.isOwn("# someone else's\n"), false);
  again.store.update((s) => ({ exercise: { ...s.exercise, id: "undo" } }));
  assert.equal(again.learn.isOwn("# my closed tour\n"), false); // kept for another exercise
  // A link's program, not the reader's: shown, not kept over theirs until they edit or check it.
  const linked = await page(shared.tab(), {});
  linked.store.update((s) => ({ exercise: { ...s.exercise, id: "closed" } }));
  linked.store.update((s) => linkProgramLoaded(s, s.learn.program, "# someone else's\n", "packed"));
  assert.equal(linked.store.get().learn.fromLink, true);
  linked.clock.fire(KEEP_DELAY_MS);
  linked.tab.leave();
  assert.equal(shared.data.get(`${CODE_KEY_PREFIX}closed`), "# my closed tour\n");
  // An exercise a link opens without code of its own shows the reader's kept program.
  const bare = await page(shared.tab(), {});
  bare.store.update((s) => ({ exercise: { ...s.exercise, id: "closed" } }));
  assert.equal(bare.shown(), "# my closed tour\n");
});

test("Learn reads a link's program: the reader's own is not said to come from a link; any other is", async () => {
  const programs = { backtrack: { source: "# b\n", description: "", key: "learn.program.backtrack" } };
  for (const own of [true, false]) {
    const { store, learn } = fakeLearnSession(programs, "en");
    learn.ownSource((source) => own && source === "# mine\n");
    await learn.loadLinkProgram("backtrack", await packSource("# mine\n"));
    const after = store.get().learn;
    assert.equal(after.source, "# mine\n");
    assert.equal(after.fromLink, !own);
    assert.equal(after.notice, own ? "" : t("learn.notice.fromLink"));
  }
});

/** Exercise `id` passed in page `p`, as its check's pass does (session.js `passed`). */
function pass(p, id) {
  p.store.update((s) => checkStarted(s, 1));
  const ids = keepPassed({ store: p.store, progress: openProgress(p.tab.storage) }, id);
  p.store.update((s) => checkPassed(s, s.exercise.check.round, ids));
}

test("two tabs pass two exercises: both stay passed and each tab shows the other's pass at once; Clear in one can be undone, and a pass meanwhile stays", async () => {
  const shared = sharedStorage();
  const [a, b] = [await page(shared.tab()), await page(shared.tab())];
  pass(a, "undo");
  pass(b, "stack"); // before b has heard of a's pass
  assert.deepEqual(JSON.parse(shared.data.get(PROGRESS_KEY)), ["undo", "stack"]);
  shared.deliver();
  assert.deepEqual(a.store.get().exercise.passed, ["undo", "stack"]);
  assert.deepEqual(b.store.get().exercise.passed, ["undo", "stack"]);
  // Clear in a: passes and kept programs go; b follows; Undo is offered.
  a.exercises.choose("undo");
  a.learn.edit("# my undo\n");
  a.exercises.clearProgress();
  assert.equal(shared.data.has(PROGRESS_KEY), false);
  assert.equal(shared.data.has(`${CODE_KEY_PREFIX}undo`), false); // the waiting write was made first, then cleared
  assert.equal(a.store.get().exercise.undo, true);
  assert.equal(a.store.get().exercise.notice.params.seconds, UNDO_MS / 1000);
  shared.deliver();
  assert.deepEqual(b.store.get().exercise.passed, []);
  pass(b, "count");
  a.exercises.undoClear();
  assert.deepEqual(JSON.parse(shared.data.get(PROGRESS_KEY)), ["undo", "count", "stack"]);
  assert.equal(shared.data.get(`${CODE_KEY_PREFIX}undo`), "# my undo\n");
  assert.equal(a.store.get().exercise.notice.key, "exercise.progress.restored");
  shared.deliver();
  assert.deepEqual(b.store.get().exercise.passed, ["undo", "count", "stack"]);
  a.exercises.undoClear(); // once only
  // Cleared twice within the time: Undo brings back what the first clear took too.
  a.exercises.clearProgress();
  a.exercises.clearProgress();
  a.exercises.undoClear();
  assert.deepEqual(a.store.get().exercise.passed, ["undo", "count", "stack"]);
  assert.equal(shared.data.get(`${CODE_KEY_PREFIX}undo`), "# my undo\n");
  // The Undo's time runs out: the clear stands, and Undo does nothing.
  a.exercises.clearProgress();
  a.clock.fire(UNDO_MS);
  assert.equal(a.store.get().exercise.undo, false);
  assert.equal(a.store.get().exercise.notice.key, "exercise.progress.clearedDone");
  a.exercises.undoClear();
  assert.equal(shared.data.has(PROGRESS_KEY), false);
  assert.deepEqual(a.store.get().exercise.passed, []);
});
