// The exercises' judge: given an exercise, one of its check cases and the page's own facts
// of a run there, pass or fail, with two graded hints derived from those facts alone.
// Pure module: no DOM, no worker. Every sentence is a catalog key (web/i18n/*/exercises.js)
// with named parameters; the page words it.
//
// What it reads, all computed by the page (never a message of the sandbox's own words):
//   facts   - facts.js's factsOf(trace, output): the trace's counts, steps and lines, and
//             the printed output as data;
//   verdict - the page's own validator on the returned value (knight_py.learn.
//             exercise_answer.read_case in the page's Python): {code, params, path}; for an
//             exercise whose check is "printed", the verdict on the board the page read back
//             from the output (board-text.js's parseBoard), or null when it read none.

/** The checks, as knight_py.learn.exercises.CHECKS. */
export const CHECKS = ["tour", "count", "budget", "closed", "rule", "no_nesting", "printed"];

/** The first hint's key per verdict code (knight_py.learn.exercise_answer.CASE_CODES). */
export const ANSWER_KEYS = {
  none: "exercise.hint.answer.none",
  tour: "exercise.hint.answer.tour",
  unreadable: "exercise.hint.answer.unreadable",
  repeat: "exercise.hint.answer.repeat",
  partial: "exercise.hint.answer.partial",
  missing: "exercise.hint.answer.missing",
  out_of_range: "exercise.hint.answer.out_of_range",
  wrong_start: "exercise.hint.answer.wrong_start",
  invalid: "exercise.hint.answer.invalid",
  leg_blocked: "exercise.hint.answer.leg_blocked",
  not_closed: "exercise.hint.answer.not_closed",
};

/** The first hint's key per way a printed count can be wrong. */
export const COUNT_KEYS = {
  count_wrong: "exercise.hint.count_wrong",
  count_is_going_back: "exercise.hint.count_is_going_back",
  count_is_calls: "exercise.hint.count_is_calls",
  count_is_moves: "exercise.hint.count_is_moves",
};

/** Output quoted in a hint is cut to this many characters. */
export const QUOTE = 60;

/** Algebraic name of [row, col], row 0 the top rank (as knight_py.squares.square_name). */
export function squareName([row, col], rows) {
  let letters = "";
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(97 + ((n - 1) % 26)) + letters;
  return `${letters}${rows - row}`;
}

function hint(key, params, step = -1) {
  return { key, params, step };
}

function lineHint(key, params, line) {
  return { key, params: { ...params, line }, line };
}

function fail(code, first, second) {
  return { pass: false, code, hints: [first, second] };
}

/** The last whole number printed, or null. */
export function lastNumber(output) {
  const found = String(output ?? "").match(/-?\d+/g);
  return found ? Number(found[found.length - 1]) : null;
}

/** The first printed line that is not a rank of `cols` numbers (1-based) and its text, cut. */
export function firstOddLine(output, cols, readLine) {
  const lines = String(output ?? "").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const numbers = readLine(lines[i]);
    if (!numbers || numbers.length !== cols) return { number: i + 1, text: lines[i].slice(0, QUOTE) };
  }
  return { number: 0, text: "" };
}

// The second hint for a verdict that is not the one expected: the line the run points at.
function verdictLine(code, facts, base) {
  const { lastUndo, success, returned, lastAdvance } = facts;
  if (code === "none" && lastUndo.step >= 0) return lineHint("exercise.line.undo", base, lastUndo.line);
  if ((code === "partial" || code === "missing" || code === "not_closed") && success.step >= 0)
    return lineHint("exercise.line.success", base, success.line);
  if (code === "leg_blocked" && lastAdvance.step >= 0) return lineHint("exercise.line.advance", base, lastAdvance.line);
  return lineHint("exercise.line.return", base, returned.line);
}

function countCode(printed, facts) {
  if (printed === facts.back) return "count_is_going_back";
  if (printed === facts.calls) return "count_is_calls";
  if (printed === facts.placed || printed === facts.placed - 1) return "count_is_moves";
  return "count_wrong";
}

/**
 * The verdict on one case: {pass, code, hints}. `code` is "pass" or what failed:
 * "error", "budget", "nested", "unread", "left_numbered", "answer_<verdict code>",
 * "count_missing", "count_wrong", "count_is_going_back", "count_is_calls", "count_is_moves".
 * hints[0]: {key, params, step} what was observed, with the step to show in the trace
 * (-1: none); hints[1]: {key, params, line} the program's line the run points at (0: none).
 * `readLine` (board-text.js's readLine) is needed for the "printed" check's hints only.
 */
export function judgeCase(exercise, kase, { facts, verdict }, readLine = null) {
  const { rows, cols } = kase;
  const base = {
    rows, cols, start: squareName(kase.start, rows), budget: kase.budget, steps: facts.steps,
    undone: facts.undone, back: facts.back, placed: facts.placed, calls: facts.calls,
    depth: facts.maxDepth, search: facts.search,
  };
  const last = facts.steps - 1;
  if (facts.status === "error")
    return fail("error", hint("exercise.hint.error", { ...base, line: facts.errorLine }, last),
      lineHint("exercise.line.error", base, facts.errorLine));
  if (facts.status !== "done")
    return fail("budget", hint(kase.exists ? "exercise.hint.budget.tour" : "exercise.hint.budget.none", base, last),
      facts.lastUndo.step >= 0 ? lineHint("exercise.line.undo", base, facts.lastUndo.line)
        : lineHint("exercise.line.last", base, facts.lastStep.line));
  if (exercise.check === "no_nesting" && facts.recursed)
    return fail("nested", hint("exercise.hint.nested", base, facts.nestedCall.step),
      lineHint("exercise.line.nested", base, facts.nestedCall.line));
  if (exercise.check === "printed" && !verdict) {
    const odd = readLine ? firstOddLine(facts.output, cols, readLine) : { number: 0, text: "" };
    const key = String(facts.output ?? "").trim() ? "exercise.hint.unread" : "exercise.hint.unread.empty";
    return fail("unread", hint(key, base, facts.returned.step),
      { key: "exercise.line.unread", params: { ...base, outputLine: odd.number, text: odd.text }, line: 0 });
  }
  const expected = kase.exists ? "tour" : "none";
  const code = verdict ? verdict.code : "unreadable";
  if (code !== expected) {
    if (facts.leftNumbered.step >= 0)
      return fail("left_numbered", hint("exercise.hint.left_numbered", base, facts.leftNumbered.step),
        lineHint("exercise.line.left_numbered", base, facts.leftNumbered.line));
    const step = code === "none" && facts.lastUndo.step >= 0 ? facts.lastUndo.step : facts.returned.step;
    const key = ANSWER_KEYS[code] ?? ANSWER_KEYS.unreadable;
    const params = { ...base, ...(verdict ? verdict.params : {}) };
    return fail(`answer_${code}`, hint(key, params, step), verdictLine(code, facts, base));
  }
  if (exercise.check === "count") {
    const printed = lastNumber(facts.output);
    const undo = facts.lastUndo;
    const second = lineHint("exercise.line.count", base, undo.step >= 0 ? undo.line : 0);
    if (printed === null) return fail("count_missing", hint("exercise.hint.count_missing", base, facts.returned.step), second);
    if (printed !== facts.undone) {
      const why = countCode(printed, facts);
      return fail(why, hint(COUNT_KEYS[why], { ...base, printed }, undo.step), second);
    }
  }
  return { pass: true, code: "pass", hints: [] };
}

/**
 * The verdict on every case: {pass, cases: [{pass, code}], failed: index of the first
 * case that failed (-1), hints: that case's hints}. runs[i] is the run on exercise.cases[i].
 */
export function judgeExercise(exercise, runs, readLine = null) {
  const cases = exercise.cases.map((kase, i) => judgeCase(exercise, kase, runs[i], readLine));
  const failed = cases.findIndex((c) => !c.pass);
  return {
    pass: failed < 0,
    cases: cases.map(({ pass, code }) => ({ pass, code })),
    failed,
    hints: failed < 0 ? [] : cases[failed].hints,
  };
}

/** The reference solution's first `count` lines, in the reader's language: shown a line
 * at a time, on request. */
export function solutionLines(exercise, lang, count) {
  const source = lang === "zh" ? exercise.solutionZh : exercise.solution;
  return source.split("\n").slice(0, Math.max(0, count));
}
