// The catalog keys of the exercises' own words (web/i18n/*/exercises.js) that the judge
// does not name itself: an exercise's title and statement, its post, and the check's
// controls and verdicts. Each returns a message descriptor {key, params}. Keys are written
// out whole, so that a search for one finds its use. Pure module.

import { squareName } from "./judge.js";

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

export const titleOf = (exercise) => ({ key: EXERCISE_KEYS[exercise.id][0], params: {} });

/** The statement; {budget} is the first case's (the Warnsdorff exercise names it). */
export const statementOf = (exercise) => ({
  key: EXERCISE_KEYS[exercise.id][1], params: { budget: exercise.cases[0]?.budget ?? 0 },
});

export const postOf = (exercise) => ({ key: POST_KEYS[exercise.post], params: {} });

/** One case's line in the check's list: passed or failed, with its board and start. */
export function caseLine(kase, passed) {
  const params = { rows: kase.rows, cols: kase.cols, start: squareName(kase.start, kase.rows) };
  return { key: passed ? "exercise.case.pass" : "exercise.case.fail", params };
}

/** Why a program is not judged (source-rule.js's refusal), or null. */
export const refusalMessage = (why) => (why ? { key: "exercise.refused", params: { name: why.name, line: why.line } } : null);

/** The controls and the verdict of a check that passed. */
export const CONTROLS = {
  check: { key: "exercise.check", params: {} },
  passed: { key: "exercise.pass", params: {} },
  moreHint: { key: "exercise.hint.more", params: {} },
  moreSolution: { key: "exercise.solution.more", params: {} },
};
