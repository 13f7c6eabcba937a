// The exercises' pure parts: their state changes, the progress store, the list read from
// the build, the link parameter; and what Learn gained for them (a starter shown, boards
// with holes for a program that reads them, a marked line).

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import * as X from "../../../../web/learn/exercises/transitions.js";
import { PROGRESS_KEY, knownIds, openProgress } from "../../../../web/learn/exercises/progress.js";
import { checkExercises } from "../../../../web/learn/exercises/catalog.js";
import { exerciseQueryParts, parseExerciseParam } from "../../../../web/learn/exercises/params.js";
import { exerciseSnapshot } from "../../../../web/learn/exercises/snapshot.js";
import { EXERCISE_IDS } from "../../../../web/learn/exercises/words.js";
import { boardKey, holesTrailer, lineMarked, runStarted, sourceOf, starterShown } from "../../../../web/learn/transitions.js";
import { learnBoard } from "../../../../web/learn/params.js";
import { defaultState } from "../../../../web/views.js";
import "../../chinese.mjs"; // the Chinese catalog, loaded

/** The exercises as the page's build writes them (tools/learn_exercises.py). */
function builtExercises() {
  const root = fileURLToPath(new URL("../../../../", import.meta.url));
  const code = "import json; from tools.learn_exercises import exercises_json; print(json.dumps(exercises_json()))";
  const out = spawnSync("python3", ["-c", code], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout);
}
const EXERCISES = builtExercises();
const LIST = checkExercises(EXERCISES);
const apply = (state, patch) => (patch ? { ...state, ...patch } : state);
const withList = () => apply(defaultState(), X.exercisesLoaded(defaultState(), LIST));
const BOARDS = [0, 1, 2].map((c) => ({ rows: 5, cols: 5, start: [4, c], holes: [], rule: "knight", closed: false, budget: 100, exists: true }));
const FAILED = { pass: false, code: "budget", hints: [{ key: "exercise.hint.budget.tour", params: {}, step: 9 }, { key: "exercise.line.undo", params: {}, line: 4 }] };

test("choosing an exercise starts afresh; an unknown id opens none", () => {
  let s = apply(withList(), X.exerciseChosen(withList(), "undo"));
  assert.equal(s.exercise.id, "undo");
  assert.ok(X.exerciseOf(s).cases.length >= 1);
  s = apply(s, X.checkStarted(s, BOARDS, 17));
  assert.equal(X.exerciseChosen(s, "undo"), null);
  s = apply(s, X.exerciseChosen(s, "stack"));
  assert.equal(s.exercise.check, null);
  assert.equal(X.exerciseChosen(s, "../../etc").exercise.id, null);
});

test("a check: rounds, boards in order, the first failure ends it with its first hint shown", () => {
  let s = apply(withList(), X.exerciseChosen(withList(), "undo"));
  s = apply(s, X.checkStarted(s, BOARDS, 17));
  const { round } = s.exercise.check;
  assert.deepEqual([s.exercise.check.of, s.exercise.check.seed, s.exercise.check.boards], [3, 17, BOARDS]);
  assert.equal(s.exercise.check.status, "running");
  s = apply(s, X.caseStarted(s, round, 1));
  assert.equal(s.exercise.check.at, 1);
  assert.equal(X.caseStarted(s, round + 1, 2), null); // another check's word
  s = apply(s, X.caseJudged(s, round, 0, { pass: true, code: "pass", hints: [] }, 7));
  s = apply(s, X.caseJudged(s, round, 1, FAILED, 8));
  assert.equal(s.exercise.check.status, "failed");
  assert.equal(s.exercise.check.failed, 1);
  assert.equal(s.exercise.check.learnRun, 8);
  assert.equal(s.exercise.hints, 1);
  assert.equal(X.checkEnded(s, round, "stopped", { key: "exercise.stopped", params: {} }), null); // a verdict stands
  s = apply(s, X.hintAdded(s));
  assert.equal(s.exercise.hints, 2);
  assert.equal(X.hintAdded(s), null);
  const next = apply(s, X.checkStarted(s, BOARDS, 18));
  assert.equal(next.exercise.check.round, round + 1);
  assert.equal(next.exercise.hints, 0);
});

test("a refusal, a stop and a pass", () => {
  let s = apply(withList(), X.exerciseChosen(withList(), "count"));
  s = apply(s, X.checkRefused(s, { name: "import", line: 3 }));
  assert.deepEqual([s.exercise.check.status, s.exercise.check.refusal], ["refused", { name: "import", line: 3 }]);
  s = apply(s, X.checkStarted(s, [...BOARDS, BOARDS[0]], 5));
  const { round } = s.exercise.check;
  s = apply(s, X.checkEnded(s, round, "stopped", { key: "exercise.stopped", params: { at: 1 } }));
  assert.equal(s.exercise.check.status, "stopped");
  s = apply(s, X.checkStarted(s, [...BOARDS, BOARDS[0]], 5));
  s = apply(s, X.checkPassed(s, s.exercise.check.round, ["count"]));
  assert.equal(s.exercise.check.status, "passed");
  assert.deepEqual(s.exercise.passed, ["count"]);
  s = apply(s, X.progressCleared(s));
  assert.deepEqual(s.exercise.passed, []);
  assert.equal(apply(s, X.solutionAdded(s, 2)).exercise.solution, 1);
  assert.equal(X.solutionAdded({ exercise: { solution: 2 } }, 2), null);
});

test("the snapshot is plain data: keys, steps and lines, never words", () => {
  let s = apply(withList(), X.exerciseChosen(withList(), "undo"));
  s = apply(s, X.checkStarted(s, BOARDS, 6));
  s = apply(s, X.caseJudged(s, s.exercise.check.round, 0, FAILED, 2));
  const snap = exerciseSnapshot(s);
  assert.deepEqual(snap.check.hints, [{ key: "exercise.hint.budget.tour", step: 9, line: 0 }, { key: "exercise.line.undo", step: -1, line: 4 }]);
  assert.deepEqual(JSON.parse(JSON.stringify(snap)), snap);
});

function storage({ refuse = false, throwOnRead = false } = {}) {
  const data = new Map();
  return {
    data,
    getItem(k) {
      if (throwOnRead) throw new Error("SecurityError");
      return data.get(k) ?? null;
    },
    setItem(k, v) {
      if (refuse) throw new Error("QuotaExceededError");
      data.set(k, v);
    },
    removeItem: (k) => void data.delete(k),
  };
}

test("progress: ids only, known ones, once; damaged or refused storage keeps nothing, throws nothing", () => {
  const s = storage();
  const progress = openProgress(s);
  assert.equal(progress.kept, true);
  assert.deepEqual(progress.read(), []);
  assert.deepEqual(progress.add(["stack", "undo", "stack", "<img src=x>", 7]), ["undo", "stack"]);
  assert.equal(s.data.get(PROGRESS_KEY), JSON.stringify(["undo", "stack"]));
  assert.deepEqual(progress.read(), ["undo", "stack"]);
  s.data.set(PROGRESS_KEY, "{not json");
  assert.deepEqual(progress.read(), []);
  s.data.set(PROGRESS_KEY, JSON.stringify({ undo: true }));
  assert.deepEqual(progress.read(), []);
  assert.ok(progress.clear());
  assert.equal(s.data.has(PROGRESS_KEY), false);
  for (const broken of [null, undefined, storage({ refuse: true })]) {
    const p = openProgress(broken);
    assert.equal(p.kept, false);
    assert.deepEqual(p.read(), []);
    assert.deepEqual(p.add(["undo", "<b>"]), ["undo"]); // passed here, kept nowhere
    assert.deepEqual(p.read(), []);
    assert.equal(p.clear(), false);
  }
  assert.deepEqual(openProgress(storage({ throwOnRead: true })).read(), []);
  assert.deepEqual(knownIds(EXERCISE_IDS.slice().reverse()), EXERCISE_IDS);
});

test("the list from the build: checked, in the page's order; anything else refused", () => {
  assert.deepEqual(LIST.map((e) => e.id), EXERCISE_IDS);
  assert.deepEqual(checkExercises([...EXERCISES].reverse()).map((e) => e.id), EXERCISE_IDS);
  const broken = (change) => () => checkExercises(EXERCISES.map((e, i) => (i === 2 ? change(structuredClone(e)) : e)));
  for (const change of [
    (e) => ({ ...e, starter: 7 }),
    (e) => ({ ...e, post: "trust_me" }),
    (e) => ({ ...e, cases: [] }),
    (e) => ({ ...e, cases: [{ ...e.cases[0], rows: 12 }] }),
    (e) => ({ ...e, cases: [{ ...e.cases[0], start: [9, 0] }] }),
    (e) => ({ ...e, cases: [{ ...e.cases[0], budget: 1e12 }] }),
    (e) => ({ ...e, cases: [{ ...e.cases[0], holes: [["a", 1]] }] }),
  ]) assert.throws(broken(change), /learn-exercises.json/);
  assert.throws(() => checkExercises({}), /not a list/);
  assert.throws(() => checkExercises(EXERCISES.slice(1)), /stop60/);
});

test("the exercise parameter: a known id with view=learn; anything else said, and none opened", () => {
  const read = (query, view = "learn") => parseExerciseParam(new URLSearchParams(query), view);
  assert.deepEqual(read("exercise=undo"), { id: "undo", errors: [] });
  assert.deepEqual(read(""), { id: null, errors: [] });
  const bad = read("exercise=%3Cscript%3E");
  assert.equal(bad.id, null);
  assert.equal(bad.errors[0].param, "exercise");
  assert.match(bad.errors[0].message, /is not an exercise of this page/);
  assert.equal(read("exercise=undo", "tour").errors[0].text.key, "exercise.link.view");
  const state = { ...defaultState(), view: "learn" };
  assert.deepEqual(exerciseQueryParts({ ...state, exercise: { ...state.exercise, id: "print" } }), ["exercise=print"]);
  assert.deepEqual(exerciseQueryParts({ ...state, view: "tour", exercise: { ...state.exercise, id: "print" } }), []);
});

test("Learn: the holes reach a program that reads them after its text, as knight_py's case_trailer writes them", () => {
  const xiangqi = LIST.find((e) => e.id === "xiangqi");
  assert.equal(holesTrailer(xiangqi.cases[0].holes), "\nHOLES = {(1, 0), (4, 0)}\n");
  assert.equal(holesTrailer([]), "");
  const settings = { rows: 5, cols: 5, start: [2, 0], holes: [[4, 0], [1, 0]] };
  assert.equal(learnBoard(settings).fits, false);
  assert.equal(learnBoard(settings, true).fits, true);
  assert.equal(boardKey(settings), "5,5,2,0|1,0;4,0");
  assert.equal(boardKey({ ...settings, holes: [] }), "5,5,2,0");
});

test("Learn: an exercise's starter stands in for the menu's program, in the page's language", () => {
  const state = defaultState();
  const starter = { source: "# en\n", sourceZh: "# 中\n" };
  let s = apply(state, starterShown(state, starter, true));
  assert.equal(sourceOf(s.learn, "zh"), "# 中\n");
  assert.equal(s.learn.readsHoles, true);
  s = { ...s, learn: { ...s.learn, source: "# mine\n", unpack: "packed" } };
  const kept = apply(s, starterShown(s, starter, false)); // a link's code stays
  assert.equal(kept.learn.source, "# mine\n");
  assert.equal(kept.learn.unpack, "packed");
  const fresh = apply(s, starterShown(s, starter, true)); // the menu's choice drops it
  assert.equal(fresh.learn.source, null);
  const none = apply(fresh, starterShown(fresh, null, true));
  assert.equal(none.learn.readsHoles, false);
  assert.equal(lineMarked(none, 0), null);
  assert.equal(apply(none, lineMarked(none, 12)).learn.marked, 12);
  const running = apply(none, runStarted(none, { rows: 6, cols: 6, start: [0, 1], holes: [] }, true));
  assert.equal(running.learn.madeFor, "6,6,0,1");
  assert.equal(running.learn.forExercise, true);
});
