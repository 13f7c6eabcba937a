// The exercises' side effects: the list from the page's own build, the exercise opened
// (its starting program into Learn's editor, its first board on the page), the check, the
// hints and the solution asked for, and progress in the page's own storage.
//
// A check draws its boards afresh (a seed, shown after the check so that the same boards
// can be checked again), runs the program shown on each in order through Learn's own run
// (the same sandbox as every Learn program, learn/session.js runCase), and has each run
// judged by the page's own Python (knight_py.learn.judge, in the solver worker) from the
// run's checked chunks and end: the page shows the verdict and hints it computes, never a
// word of the sandbox's. It ends at the first board that fails. Every wait has a time
// limit and a plain message; Stop (the check's or Learn's) ends it. Every state change
// goes through ./transitions.js.

import * as X from "./transitions.js";
import { checkBoard } from "./catalog.js";
import { clearProgress, keepCheckedCode, keepPassed, openKeeping, restoreCode, undoClear } from "./keeping.js";
import { holesTrailer, sourceOf } from "../transitions.js";

/** How long one board's run may take, its Python's start included. */
export const CASE_LIMIT_MS = 180_000;
/** How long the page's own Python may take to read an answer (it may still be starting). */
export const VERDICT_LIMIT_MS = 60_000;
/** Most boards one check runs. */
const MAX_BOARDS = 8;
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

// --- one board: run, then judged by the page's own Python -------------------------------

/** A check's seed: a whole number below 2 ** 31, from the browser's random source where it
 * has one (tried), else Math.random: the boards need only be unforeseeable, not secret. */
export function drawSeed(win = globalThis) {
  try {
    const word = new Uint32Array(1);
    win.crypto.getRandomValues(word);
    return word[0] >>> 1;
  } catch {
    return Math.floor(Math.random() * 2 ** 31);
  }
}

/** The run's end as the judge reads it: how it ended and what it printed and returned, all
 * checked by learn/sandbox-messages.js. */
const endOf = (ended) => ({ status: ended.status, line: ended.errorLine ?? 0, output: ended.output ?? "", answer: ended.answer ?? null });

/** The checked chunks as the judge reads them: each chunk's meta and its columns' bytes. */
const chunksOf = (ended) => (ended.chunks ?? []).map(({ meta, ...buffers }) => ({ meta, buffers }));

/** The validator's reason of an answer it refused, in every language, in place of its code. */
function worded(judged) {
  if (!judged.reasons || !judged.hints?.length) return judged;
  const [first, ...rest] = judged.hints;
  return { ...judged, hints: [{ ...first, params: { ...first.params, why: judged.reasons } }, ...rest] };
}

/** Run board `at` and have it judged: {pass, code, hints}, or null when the check ended
 * instead (said in the state). */
async function checkCase(io, exercise, source, at, round) {
  const kase = io.store.get().exercise.check.boards[at];
  const board = { at: at + 1 };
  run(io, X.caseStarted, round, at);
  io.showBoard(boardOf(kase));
  const plan = { ...boardOf(kase), source: source + holesTrailer(kase.holes), budget: kase.budget, forExercise: true, keepChunks: true };
  const ended = await withLimit(io, io.learn.runCase(plan), CASE_LIMIT_MS);
  if (ended === TIMED_OUT) {
    io.learn.stop();
    return endCheck(io, round, "stopped", "exercise.timeout.run", { ...board, seconds: seconds(CASE_LIMIT_MS) });
  }
  if (!live(io, round)) return null;
  if (!ended) return endCheck(io, round, "error", "exercise.busy", board);
  if (ended.status === "stopped") return endCheck(io, round, "stopped", "exercise.stopped", board);
  if (ended.pageEnded) return endCheck(io, round, "error", "exercise.pageEnded", board);
  let judged;
  try {
    const args = { exercise: exercise.id, case: kase, source, ended: endOf(ended), chunks: chunksOf(ended) };
    judged = await withLimit(io, io.judgeRun(args), VERDICT_LIMIT_MS);
  } catch {
    judged = null;
  }
  if (!live(io, round)) return null;
  if (judged === TIMED_OUT) return endCheck(io, round, "error", "exercise.timeout.verdict", { seconds: seconds(VERDICT_LIMIT_MS) });
  if (!judged || typeof judged.pass !== "boolean") return endCheck(io, round, "error", "exercise.verdictFailed", board);
  return worded(judged);
}

// --- the check --------------------------------------------------------------------------

/** Every board passed: kept in the page's storage (ids only), and said. */
function passed(io, round, id) {
  run(io, X.checkPassed, round, keepPassed(io, id));
}

/** The page's own rule on the program's text: its refusal ({code, params, reasons}), null
 * when it may run, or undefined when the rule gave no answer (said). */
async function sourceVerdict(io, source) {
  let why;
  try {
    why = await withLimit(io, io.sourceRefusal(source), VERDICT_LIMIT_MS);
  } catch {
    run(io, X.noticeShown, { key: "exercise.ruleFailed", params: {} });
    return undefined;
  }
  if (why === TIMED_OUT) {
    run(io, X.noticeShown, { key: "exercise.timeout.rule", params: { seconds: seconds(VERDICT_LIMIT_MS) } });
    return undefined;
  }
  return why ?? null;
}

/** The boards of a check drawn with `seed` by the page's own Python, or null (said). */
async function drawBoards(io, exercise, seed) {
  try {
    const boards = await withLimit(io, io.drawCases({ exercise: exercise.id, seed }), VERDICT_LIMIT_MS);
    if (boards !== TIMED_OUT && Array.isArray(boards) && boards.length && boards.length <= MAX_BOARDS) {
      return boards.map((board, i) => checkBoard(board, `board ${i + 1}`));
    }
  } catch {
    // said below, as a time limit is: a board the page cannot run is no board
  }
  run(io, X.noticeShown, { key: "exercise.boardsMissing", params: { seconds: seconds(VERDICT_LIMIT_MS) } });
  return null;
}

/** Check the program shown: refused before any run when the page's own rule refuses its
 * text (knight_py.page.source_refusal); else boards drawn afresh (or those of `seed`: the
 * check again on the boards of the last one), each run in order until one fails. */
export async function checkProgram(io, seed = null) {
  const state = io.store.get();
  const exercise = X.exerciseOf(state);
  if (!exercise || state.exercise.check?.status === "running" || state.learn.status === "running") return;
  const source = sourceOf(state.learn, state.lang);
  io.learn.markLine(0);
  // Each board's run gets a fresh Python: those after the first start now, beside the rule
  // and the drawing, and no board waits for its Python to start.
  io.learn.prepareRuns?.(exercise.cases?.length ?? 0);
  const why = await sourceVerdict(io, source);
  if (why === undefined) return;
  if (why) {
    run(io, X.checkRefused, why);
    return;
  }
  const drawnWith = seed ?? drawSeed();
  const boards = await drawBoards(io, exercise, drawnWith);
  if (!boards || X.exerciseOf(io.store.get())?.id !== exercise.id) return;
  run(io, X.checkStarted, boards, drawnWith);
  const { round } = io.store.get().exercise.check;
  for (let at = 0; at < boards.length; at++) {
    const judged = await checkCase(io, exercise, source, at, round);
    if (!judged) return;
    run(io, X.caseJudged, round, at, judged, io.store.get().learn.run);
    if (!judged.pass) return;
  }
  passed(io, round, exercise.id);
}

/** Check, once: a press while a check has not settled (a double click) does nothing, and
 * Learn's Run waits until it has; the program checked is kept as the reader's. */
export async function checkOnce(io, seed = null) {
  if (io.store.get().exercise.checking) return;
  run(io, X.checkAsked);
  io.learn.hold(true);
  try {
    keepCheckedCode(io);
    await checkProgram(io, seed);
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
 * markLine); `showBoard(board)` puts a board on the page (the shell's); `drawCases(args)`
 * and `judgeRun(args)` draw a check's boards and judge a run with the page's own Python
 * (solver-client.js); `sourceRefusal(source)` reads a program's text with the page's own
 * Python (knight_py.page.source_refusal): {code, params, reasons} or null;
 * `loadExercises()` resolves to the checked list; `storage` is the page's localStorage or
 * null, `storageEvents` the window that tells of other tabs' writes to it (or null).
 */
export function createExerciseSession({
  store, learn, showBoard, drawCases, judgeRun, sourceRefusal, loadExercises, storage, storageEvents = null,
  onUrlChange = () => {},
  setTimer = (fn, ms) => setTimeout(fn, ms), clearTimer = (id) => clearTimeout(id),
}) {
  const io = {
    store, learn, showBoard, drawCases, judgeRun, sourceRefusal, loadExercises, onUrlChange, setTimer, clearTimer,
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
    /** The check again, on the boards of the last one (its seed). */
    checkAgain: () => checkOnce(io, io.store.get().exercise.check?.seed ?? null),
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
