// The catalog keys of the exercises' own words (web/i18n/*/exercises.js) that the judge
// does not name itself: an exercise's title and statement, its post, the boards, and the
// check's controls and verdicts (the session names its notices, params.js the link's).
// Each returns a message descriptor {key, params}, said by i18n/said.js (a parameter may be
// a message too). Keys are written out whole, so that a search for one finds its use.
// Pure module.

import { squareName } from "../../core/squares.js";

/** Title and statement keys per exercise id (knight_py.learn.exercises.EXERCISES). */
export const EXERCISE_KEYS = {
  stop60: ["exercise.stop60.title", "exercise.stop60.statement"],
  undo: ["exercise.undo.title", "exercise.undo.statement"],
  count: ["exercise.count.title", "exercise.count.statement"],
  warnsdorff: ["exercise.warnsdorff.title", "exercise.warnsdorff.statement"],
  closed: ["exercise.closed.title", "exercise.closed.statement"],
  xiangqi: ["exercise.xiangqi.title", "exercise.xiangqi.statement"],
  stack: ["exercise.stack.title", "exercise.stack.statement"],
  print: ["exercise.print.title", "exercise.print.statement"],
};

/** The post's key per post id (knight_py.learn.exercises.POSTS). */
export const POST_KEYS = {
  "java-ten": "exercise.post.java-ten",
  "python-book": "exercise.post.python-book",
  "c-greedy": "exercise.post.c-greedy",
  "java-game": "exercise.post.java-game",
  "go-stack": "exercise.post.go-stack",
};

/** The exercises' ids, in the menu's order. */
export const EXERCISE_IDS = Object.keys(EXERCISE_KEYS);

export const titleOf = (exercise) => ({ key: EXERCISE_KEYS[exercise.id][0], params: {} });

/** The statement; {budget} is the first case's (the Warnsdorff exercise names it). */
export const statementOf = (exercise) => ({
  key: EXERCISE_KEYS[exercise.id][1], params: { budget: exercise.cases[0]?.budget ?? 0 },
});

export const postOf = (exercise) => ({ key: POST_KEYS[exercise.post], params: {} });

/** A check case's board: its size and start, and its holes where it has any (`separator`
 * between their names: the catalog's learn.list.separator). */
export function boardWords(kase, separator = ", ") {
  const params = { rows: kase.rows, cols: kase.cols, start: squareName(kase.start, kase.rows) };
  if (!kase.holes.length) return { key: "exercise.board", params };
  const holes = kase.holes.map((sq) => squareName(sq, kase.rows)).join(separator);
  return { key: "exercise.board.holes", params: { ...params, holes } };
}

/** The keys of a case's line in the check's list, by how it stands. */
export const CASE_KEYS = {
  pass: "exercise.case.pass",
  fail: "exercise.case.fail",
  running: "exercise.case.running",
  waiting: "exercise.case.waiting",
};

/** One case's line in the check's list: its board (a message, boardWords) and how it
 * stands ("pass" | "fail" | "running" | "waiting": not checked). */
export function caseLine(kase, stands, separator = ", ") {
  return { key: CASE_KEYS[stands], params: { board: boardWords(kase, separator) } };
}

/** Why a program is not judged (knight_py.page.source_refusal's {code, params, reasons}),
 * or null: the rule's reason, said in the reader's language. */
export const refusalMessage = (why) => (why ? { key: "exercise.refused", params: { why: why.reasons } } : null);

const plain = (key) => ({ key, params: {} });

/** The controls' labels and the sentences that take no number. */
export const CONTROLS = {
  choose: plain("exercise.choose"),
  none: plain("exercise.none"),
  check: plain("exercise.check"),
  stop: plain("exercise.stop"),
  runNote: plain("exercise.runNote"),
  passed: plain("exercise.pass"),
  passedBefore: plain("exercise.passedBefore"),
  moreHint: plain("exercise.hint.more"),
  moreSolution: plain("exercise.solution.more"),
  solutionLabel: plain("exercise.solution.label"),
  solutionAll: plain("exercise.solution.all"),
  clear: plain("exercise.progress.clear"),
  undo: plain("exercise.progress.undo"),
  unkept: plain("exercise.progress.unkept"),
};

/** An exercise's title in the menu, marked when it has been passed. */
export const optionOf = (exercise, passed) => (passed ? { key: "exercise.option.passed", params: { title: titleOf(exercise) } } : titleOf(exercise));

/** Where the exercise comes from: its post. */
export const fromOf = (exercise) => ({ key: "exercise.from", params: { post: postOf(exercise) } });

/** The check under way: board `at` (1-based) of `of`. */
export const checkingLine = (at, of) => ({ key: "exercise.checking", params: { at, of } });

/** The check that failed at board `at` (1-based) of `of`. */
export const failedLine = (at, of) => ({ key: "exercise.fail", params: { at, of } });

/** The first hint's button: its step (1-based, as the trace's counter says it). */
export const stepButton = (step) => ({ key: "exercise.hint.step", params: { step: step + 1 } });

/** The number the check's boards were drawn with. */
export const seedLine = (seed) => ({ key: "exercise.seed", params: { seed } });

/** The reference solution's first `count` lines, in the reader's language: shown a line
 * at a time, on request. */
export function solutionLines(exercise, lang, count) {
  const source = lang === "zh" ? exercise.solutionZh : exercise.solution;
  return source.split("\n").slice(0, Math.max(0, count));
}

/** How many exercises have passed, of `total`. */
export const progressLine = (count, total) => ({ key: "exercise.progress", params: { count, total } });
