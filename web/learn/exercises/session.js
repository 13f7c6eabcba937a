// The exercises' side effects: the list from the page's own build, the exercise opened
// (its starting program into Learn's editor, its first board on the page), the check, the
// hints and the solution asked for, and progress in the page's own storage.
//
// A check runs the program shown on each of the exercise's boards in order, through
// Learn's own run (the same sandbox as every Learn program, learn/session.js runCase),
// and judges each with what the page computes itself: the facts of its own copy of the
// trace (facts.js, in slices), the answer read by its own Python (knight_py.page.
// read_exercise_case) and the judge (judge.js). It ends at the first board that fails.
// Every wait has a time limit and a plain message; Stop (the check's or Learn's) ends it.
// Every state change goes through ./transitions.js.

import * as X from "./transitions.js";
import { refusal } from "./source-rule.js";
import { factsInSlices } from "./facts.js";
import { judgeCase } from "./judge.js";
import { parseBoard, readLine } from "./board-text.js";
import { clearProgress, keepCheckedCode, keepPassed, openKeeping, restoreCode, undoClear } from "./keeping.js";
import { holesTrailer } from "../holes-trailer.js";
import { sourceOf } from "../transitions.js";

/** How long one board's run may take, its Python's start included. */
export const CASE_LIMIT_MS = 180_000;
/** How long the page's own Python may take to read an answer (it may still be starting). */
export const VERDICT_LIMIT_MS = 60_000;
/** How long the exercises' list may take to arrive. */
export const LIST_LIMIT_MS = 30_000;

const TIMED_OUT = Symbol("timed out");
const run = (io, transition, ...args) => io.store.update((state) => transition(state, ...args));
const seconds = (ms) => ms / 1000;

/** `promise`'s value, or TIMED_OUT after `ms`; the timer is cleared either way. */
function withLimit(io, promise, ms) {
  let timer = 0;
  const limit = new Promise((resolve) => {
    timer = io.setTimer(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, limit]).finally(() => io.clearTimer(timer));
}

/** The board of case `kase` as the page's settings hold one. */
const boardOf = (kase) => ({ rows: kase.rows, cols: kase.cols, start: [...kase.start], holes: kase.holes.map((h) => [...h]) });

/** Whether check `round` is still the one running. */
function live(io, round) {
  const { check } = io.store.get().exercise;
  return check?.round === round && check.status === "running";
}

function endCheck(io, round, status, key, params = {}) {
  run(io, X.checkEnded, round, status, { key, params });
  return null;
}

// --- the page's verdict on one board --------------------------------------------------

/** The validator's reason of an "invalid" answer in every language, in place of its code. */
function worded(read) {
  if (read.code !== "invalid") return read;
  return { ...read, params: { ...read.params, why: read.reasons ?? read.params.why ?? "" } };
}

/** The page's verdict on the run's answer (its Python, read_exercise_case): {code, params,
 * path}; null where there is none to read (the run did not return; no board printed);
 * TIMED_OUT; or an Error. */
async function readVerdict(io, exercise, kase, ended, facts) {
  if (ended.status !== "done") return null;
  let answer = ended.answer;
  if (exercise.check === "printed") {
    const board = parseBoard(facts.output, kase.rows, kase.cols);
    answer = board.values ? { shape: "board", values: board.values } : null;
  }
  if (!answer) return null;
  try {
    const read = await withLimit(io, io.readCase({ answer, case: kase }), VERDICT_LIMIT_MS);
    return read === TIMED_OUT ? read : worded(read);
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/** Run board `at` and judge it: judge.js judgeCase's {pass, code, hints}, or null when
 * the check ended instead (said in the state). */
async function checkCase(io, exercise, source, at, round) {
  const kase = exercise.cases[at];
  const board = { at: at + 1 };
  run(io, X.caseStarted, round, at);
  io.showBoard(boardOf(kase));
  const plan = { ...boardOf(kase), source: source + holesTrailer(kase.holes), budget: kase.budget, forExercise: true };
  const ended = await withLimit(io, io.learn.runCase(plan), CASE_LIMIT_MS);
  if (ended === TIMED_OUT) {
    io.learn.stop();
    return endCheck(io, round, "stopped", "exercise.timeout.run", { ...board, seconds: seconds(CASE_LIMIT_MS) });
  }
  if (!live(io, round)) return null;
  if (!ended) return endCheck(io, round, "error", "exercise.busy", board);
  if (ended.status === "stopped") return endCheck(io, round, "stopped", "exercise.stopped", board);
  if (ended.pageEnded) return endCheck(io, round, "error", "exercise.pageEnded", board);
  const end = { output: ended.output, errorLine: ended.errorLine };
  const facts = await io.facts(ended.trace, end, { later: io.later, now: io.now, cancelled: () => !live(io, round) });
  if (!facts) return null;
  const verdict = await readVerdict(io, exercise, kase, ended, facts);
  if (!live(io, round)) return null;
  if (verdict === TIMED_OUT) return endCheck(io, round, "error", "exercise.timeout.verdict", { seconds: seconds(VERDICT_LIMIT_MS) });
  if (verdict instanceof Error) return endCheck(io, round, "error", "exercise.verdictFailed", board);
  return judgeCase(exercise, kase, { facts, verdict }, readLine);
}

// --- the check --------------------------------------------------------------------------

/** Every board passed: kept in the page's storage (ids only), and said. */
function passed(io, round, id) {
  run(io, X.checkPassed, round, keepPassed(io, id));
}

/** Check the program shown: refused before any run when its text reaches into its own
 * Python (source-rule.js); else each board in order, until one fails. */
export async function checkProgram(io) {
  const state = io.store.get();
  const exercise = X.exerciseOf(state);
  if (!exercise || state.exercise.check?.status === "running" || state.learn.status === "running") return;
  const source = sourceOf(state.learn, state.lang);
  io.learn.markLine(0);
  const why = refusal(source);
  if (why) {
    run(io, X.checkRefused, why);
    return;
  }
  run(io, X.checkStarted, exercise.cases.length);
  const { round } = io.store.get().exercise.check;
  for (let at = 0; at < exercise.cases.length; at++) {
    const judged = await checkCase(io, exercise, source, at, round);
    if (!judged) return;
    run(io, X.caseJudged, round, at, judged, io.store.get().learn.run);
    if (!judged.pass) return;
  }
  passed(io, round, exercise.id);
}

/** Check, once: a press while a check has not settled (a double click) does nothing, and
 * Learn's Run waits until it has; the program checked is kept as the reader's. */
export async function checkOnce(io) {
  if (io.store.get().exercise.checking) return;
  run(io, X.checkAsked);
  io.learn.hold(true);
  try {
    keepCheckedCode(io);
    await checkProgram(io);
  } finally {
    io.learn.hold(false);
    run(io, X.checkSettled);
  }
}

/** Stop the check (and its board's run, kept as far as it went). */
export function stopCheck(io) {
  const { check } = io.store.get().exercise;
  if (check?.status !== "running") return;
  endCheck(io, check.round, "stopped", "exercise.stopped", { at: check.at + 1 });
  io.learn.stop();
}

// --- choosing, hints, progress -----------------------------------------------------------

const starterOf = (exercise) => (exercise ? { source: exercise.starter, sourceZh: exercise.starterZh } : null);

/** Open exercise `id` from the menu (null: none): the reader's kept program for it, else
 * its starting program, in the editor in place of any edit; its first board on the page. */
export function chooseExercise(io, id) {
  if (id === io.store.get().exercise.id) return;
  stopCheck(io);
  io.learn.stop();
  io.shown = id; // followChoice has nothing left to do
  run(io, X.exerciseChosen, id);
  const exercise = X.exerciseOf(io.store.get());
  io.learn.showStarter(starterOf(exercise), true);
  restoreCode(io, exercise);
  if (exercise) io.showBoard(boardOf(exercise.cases[0]));
  io.onUrlChange();
}

/** An exercise opened or closed by a link (or Back): its starting program shown once the
 * list has come; a link's own code stays in the editor, and where the link has none, the
 * reader's kept program is shown. */
function followChoice(io, state) {
  const { id, list } = state.exercise;
  if ((id && !list) || id === io.shown) return;
  io.shown = id;
  const exercise = X.exerciseOf(state);
  io.learn.showStarter(starterOf(exercise), false);
  const { source, unpack } = io.store.get().learn;
  if (source === null && !unpack) restoreCode(io, exercise);
}

async function loadList(io) {
  io.loading = true;
  try {
    const list = await withLimit(io, io.loadExercises(), LIST_LIMIT_MS);
    if (list === TIMED_OUT) throw new Error("timed out");
    run(io, X.exercisesLoaded, list);
  } catch {
    io.failed = true; // said once; a reload tries again
    run(io, X.noticeShown, { key: "exercise.listMissing", params: { seconds: seconds(LIST_LIMIT_MS) } });
  } finally {
    io.loading = false;
  }
}

/** The first hint's step shown in the trace (while the run it is a step of is Learn's). */
export function showHintStep(io) {
  const { exercise, learn } = io.store.get();
  const hint = exercise.check?.hints?.[0];
  if (!hint || hint.step < 0 || learn.run !== exercise.check.learnRun) return;
  io.learn.show(hint.step);
}

/** The next hint; the second marks its line in the listing. */
export function moreHint(io) {
  run(io, X.hintAdded);
  const { check, hints } = io.store.get().exercise;
  if (hints >= 2) io.learn.markLine(check.hints[1].line);
}

/**
 * The exercises' session. `learn` is Learn's session (runCase, stop, show, showStarter,
 * markLine); `showBoard(board)` puts a board on the page (the shell's); `readCase(args)`
 * reads an answer with the page's own Python; `loadExercises()` resolves to the checked
 * list; `storage` is the page's localStorage or null, `storageEvents` the window that tells
 * of other tabs' writes to it (or null); `later(fn)` runs fn in a later task;
 * `facts(trace, end, options)` computes a run's facts (facts.js factsInSlices).
 */
export function createExerciseSession({
  store, learn, showBoard, readCase, loadExercises, storage, storageEvents = null, onUrlChange = () => {}, later, facts = factsInSlices,
  now = () => performance.now(), setTimer = (fn, ms) => setTimeout(fn, ms), clearTimer = (id) => clearTimeout(id),
}) {
  const io = {
    store, learn, showBoard, readCase, loadExercises, onUrlChange, later, facts, now, setTimer, clearTimer,
    loading: false, failed: false, shown: null,
  };
  openKeeping(io, storage, storageEvents);
  const follow = (state) => {
    if (state.view === "learn" && !state.exercise.list && !io.loading && !io.failed) loadList(io);
    followChoice(io, state);
  };
  store.subscribe(follow);
  follow(store.get());
  return {
    choose: (id) => chooseExercise(io, id),
    check: () => checkOnce(io),
    stop: () => stopCheck(io),
    showHintStep: () => showHintStep(io),
    moreHint: () => moreHint(io),
    moreSolution: () => {
      const exercise = X.exerciseOf(store.get());
      if (exercise) run(io, X.solutionAdded, exercise.solution.split("\n").length);
    },
    clearProgress: () => clearProgress(io),
    undoClear: () => undoClear(io),
  };
}
