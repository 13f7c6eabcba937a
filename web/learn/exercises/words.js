// The catalog keys of the exercises' own words (web/i18n/*/exercises.js) that the judge
// does not name itself: an exercise's title and statement, its post, and the check's
// controls and verdicts. Each returns a message descriptor {key, params}. Pure module.

import { squareName } from "./judge.js";

export const titleOf = (exercise) => ({ key: `exercise.${exercise.id}.title`, params: {} });

/** The statement; {budget} is the first case's (the Warnsdorff exercise names it). */
export const statementOf = (exercise) => ({
  key: `exercise.${exercise.id}.statement`, params: { budget: exercise.cases[0]?.budget ?? 0 },
});

export const postOf = (exercise) => ({ key: `exercise.post.${exercise.post}`, params: {} });

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
