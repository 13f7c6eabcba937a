// The exercises' pure state changes: (state, ...) -> patch of state.exercise, or null.
//
// A check: {round, status, at, of, boards, seed, cases, failed, hints, learnRun, refusal, notice}.
//   round    counts checks; a late word from an older one is dropped
//   status   "running" | "passed" | "failed" | "refused" | "stopped" | "error"
//   at, of   the board being checked (0-based) and how many were drawn
//   boards   the boards drawn for this check ({rows, cols, start, holes, rule, closed,
//            budget, exists}: knight_py.learn.cases.draw_cases), seed the number they were
//            drawn with
//   cases    [{pass, code}] of the boards judged so far, in order
//   failed   the first board that failed (-1: none)
//   hints    that board's hints (knight_py.learn.judge.judge_run): [{key, params, step}, {key, params, line}]
//   learnRun Learn's run (state.learn.run) that board was checked with: a hint's step is
//            one of its steps, shown only while that run is the one Learn holds
//   refusal  {code, params, reasons}: why the program was not run (knight_py.page.
//            source_refusal), or null
//   notice   {key, params}: why a check ended without a verdict (a time limit, a Stop)

import { EXERCISE_IDS } from "./words.js";

const patch = (state, changes) => ({ exercise: { ...state.exercise, ...changes } });
const checkPatch = (state, changes) => patch(state, { check: { ...state.exercise.check, ...changes } });
const current = (state, round) => state.exercise.check?.round === round;

/** The exercise `id` of the list, or null. */
export function exerciseOf(state, id = state.exercise.id) {
  return state.exercise.list?.find((e) => e.id === id) ?? null;
}

/** The list from the page's build arrived. */
export function exercisesLoaded(state, list) {
  return patch(state, { list, notice: null });
}

/** The exercise chosen (null: none, the menu's programs). A new exercise starts afresh. */
export function exerciseChosen(state, id) {
  const next = EXERCISE_IDS.includes(id) ? id : null;
  if (next === state.exercise.id) return null;
  return patch(state, { id: next, check: null, hints: 0, solution: 0 });
}

/** A check began on `boards`, drawn with `seed` (the page's Python's cases). */
export function checkStarted(state, boards, seed) {
  const round = (state.exercise.check?.round ?? 0) + 1;
  const check = {
    round, status: "running", at: 0, of: boards.length, boards, seed, cases: [], failed: -1, hints: [], learnRun: 0,
    refusal: null, notice: null,
  };
  return patch(state, { check, hints: 0, notice: null });
}

/** The program was refused before any run (knight_py.page.source_refusal: {code, params, reasons}). */
export function checkRefused(state, refusal) {
  const round = (state.exercise.check?.round ?? 0) + 1;
  const check = {
    round, status: "refused", at: 0, of: 0, boards: [], seed: null, cases: [], failed: -1, hints: [], learnRun: 0,
    refusal, notice: null,
  };
  return patch(state, { check, hints: 0 });
}

/** Board `at` of the check is being run. */
export function caseStarted(state, round, at) {
  if (!current(state, round)) return null;
  return checkPatch(state, { at });
}

/** Board `at` judged: `judged` is the page's Python's {pass, code, hints}; `learnRun`
 * the Learn run it was judged on. The first board that fails ends the check. */
export function caseJudged(state, round, at, judged, learnRun) {
  if (!current(state, round)) return null;
  const cases = [...state.exercise.check.cases, { pass: judged.pass, code: judged.code }];
  if (judged.pass) return checkPatch(state, { cases });
  return patch(state, {
    check: { ...state.exercise.check, cases, status: "failed", failed: at, hints: judged.hints, learnRun },
    hints: 1, // the first hint, what was observed, comes with the verdict
  });
}

/** Every board passed: the exercise is passed (`passed`: the ids now kept). */
export function checkPassed(state, round, passed) {
  if (!current(state, round)) return null;
  return patch(state, { check: { ...state.exercise.check, status: "passed" }, passed });
}

/** The check ended without a verdict: "stopped" (Stop, or a run that was stopped) or
 * "error" (the page could not judge); `notice` says why ({key, params}). */
export function checkEnded(state, round, status, notice) {
  if (!current(state, round) || state.exercise.check.status !== "running") return null;
  return checkPatch(state, { status, notice });
}

/** The second hint, on request (the first came with the verdict). */
export function hintAdded(state) {
  const { check, hints } = state.exercise;
  if (check?.status !== "failed" || hints >= check.hints.length) return null;
  return patch(state, { hints: hints + 1 });
}

/** One more line of the reference solution (`total`: its lines). */
export function solutionAdded(state, total) {
  const { solution } = state.exercise;
  return solution >= total ? null : patch(state, { solution: solution + 1 });
}

/** What the page's storage keeps: the ids passed, and whether it keeps anything. */
export function progressRead(state, passed, kept) {
  return patch(state, { passed, kept });
}

/** Another tab changed the ids passed (`passed`: the list storage holds now). */
export function passedFollowed(state, passed) {
  const same = passed.length === state.exercise.passed.length && passed.every((id) => state.exercise.passed.includes(id));
  return same ? null : patch(state, { passed });
}

/** Progress cleared on request; the Undo is offered for `seconds`. */
export function progressCleared(state, seconds) {
  return patch(state, { passed: [], undo: true, notice: { key: "exercise.progress.cleared", params: { seconds } } });
}

/** The Undo's time is up: the clear stands. */
export function undoExpired(state) {
  if (!state.exercise.undo) return null;
  const cleared = state.exercise.notice?.key === "exercise.progress.cleared";
  return patch(state, { undo: false, ...(cleared ? { notice: { key: "exercise.progress.clearedDone", params: {} } } : {}) });
}

/** The clear undone: `passed`, the ids passed again. */
export function progressRestored(state, passed) {
  return patch(state, { passed, undo: false, notice: { key: "exercise.progress.restored", params: {} } });
}

/** Check pressed: until it has settled, another press does nothing. */
export function checkAsked(state) {
  return state.exercise.checking ? null : patch(state, { checking: true });
}

/** The check has settled (a verdict, a refusal, or its end without one). */
export function checkSettled(state) {
  return state.exercise.checking ? patch(state, { checking: false }) : null;
}

export function noticeShown(state, notice) {
  return patch(state, { notice });
}
