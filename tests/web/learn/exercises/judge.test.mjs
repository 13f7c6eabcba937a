import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { judgeCase, judgeExercise, lastNumber, solutionLines, squareName } from "../../../../web/learn/exercises/judge.js";
import { parseBoard, readLine } from "../../../../web/learn/exercises/board-text.js";
import en from "../../../../web/i18n/en/exercises.js";
import zh from "../../../../web/i18n/zh/exercises.js";
import "../../chinese.mjs"; // the Chinese catalog, loaded

// Every exercise's programs run through the real tracer on CPython, with the facts and the
// page's verdict (python -m tests.exercise_runs writes the fixture; test_learn_exercises.py keeps
// it current).
const RUNS = JSON.parse(readFileSync(new URL("./runs.json", import.meta.url), "utf8"));
const EXERCISES = Object.fromEntries(RUNS.exercises.map((e) => [e.id, e]));

test("each starting program fails its check, each reference solution passes on every case", () => {
  for (const program of RUNS.programs) {
    const exercise = EXERCISES[program.exercise];
    const verdict = judgeExercise(exercise, program.runs, readLine);
    if (program.expect === "pass") {
      assert.ok(verdict.pass, `${program.exercise} solution: ${JSON.stringify(verdict.cases)}`);
      continue;
    }
    assert.equal(verdict.pass, false, `${program.exercise} ${program.program} passed`);
    assert.equal(verdict.hints.length, 2);
  }
});

test("each typical wrong attempt gets a first hint that names what it did", () => {
  let attempts = 0;
  for (const program of RUNS.programs) {
    if (program.expect === "pass" || program.expect === "fail") continue;
    attempts++;
    const verdict = judgeExercise(EXERCISES[program.exercise], program.runs, readLine);
    const got = verdict.cases[verdict.failed].code;
    assert.equal(got, program.expect, `${program.exercise} ${program.program}`);
  }
  assert.equal(attempts, 3 * RUNS.exercises.length);
});

test("every hint is derived from the run: a step of the trace, a line of the program", () => {
  for (const program of RUNS.programs) {
    const exercise = EXERCISES[program.exercise];
    const source = program.source.split("\n");
    exercise.cases.forEach((kase, i) => {
      const run = program.runs[i];
      const { hints } = judgeCase(exercise, kase, run, readLine);
      if (!hints.length) return;
      const [first, second] = hints;
      assert.ok(first.step >= -1 && first.step < run.facts.steps, `${program.program}: step ${first.step}`);
      if (second.line) assert.ok(source[second.line - 1]?.trim(), `${program.exercise} ${program.program}: line ${second.line} is code`);
    });
  }
});

test("the forgotten undo's hints: the step where the search went back leaving squares numbered, and that return's line", () => {
  const run = RUNS.programs.find((p) => p.exercise === "undo" && p.program === "starter").runs[0];
  const { code, hints } = judgeCase(EXERCISES.undo, EXERCISES.undo.cases[0], run, readLine);
  assert.equal(code, "left_numbered");
  assert.equal(hints[0].step, run.facts.leftNumbered.step);
  assert.equal(hints[1].line, run.facts.leftNumbered.line);
  assert.match(program("undo", "starter").source.split("\n")[hints[1].line - 1], /return False/);
});

function program(exercise, name) {
  return RUNS.programs.find((p) => p.exercise === exercise && p.program === name);
}

test("the count check compares the number printed last with the page's moves taken back", () => {
  const facts = { status: "done", steps: 10, undone: 7, back: 8, calls: 9, placed: 12, output: "board\n8\n",
    lastUndo: { step: 4, line: 20 }, returned: { step: 9, line: 9 }, leftNumbered: { step: -1, line: 0 } };
  const kase = { rows: 3, cols: 4, start: [2, 0], budget: 100, exists: false };
  const exercise = { check: "count" };
  const verdict = { code: "none", params: {}, path: [] };
  assert.equal(judgeCase(exercise, kase, { facts, verdict }).code, "count_is_going_back");
  assert.equal(judgeCase(exercise, kase, { facts: { ...facts, output: "9" }, verdict }).code, "count_is_calls");
  assert.equal(judgeCase(exercise, kase, { facts: { ...facts, output: "11" }, verdict }).code, "count_is_moves");
  assert.equal(judgeCase(exercise, kase, { facts: { ...facts, output: "3" }, verdict }).code, "count_wrong");
  assert.equal(judgeCase(exercise, kase, { facts: { ...facts, output: "" }, verdict }).code, "count_missing");
  assert.equal(judgeCase(exercise, kase, { facts: { ...facts, output: "7" }, verdict }).code, "pass");
  assert.equal(lastNumber("a 1\nb -3 c"), -3);
});

test("the solution is shown a line at a time, in the reader's language", () => {
  const exercise = EXERCISES.stop60;
  assert.deepEqual(solutionLines(exercise, "en", 0), []);
  assert.equal(solutionLines(exercise, "en", 1)[0], exercise.solution.split("\n")[0]);
  assert.notEqual(solutionLines(exercise, "zh", 1)[0], solutionLines(exercise, "en", 1)[0]);
  assert.equal(squareName([5, 0], 6), "a1");
});

test("the page's parser reads the printed board as knight_py.learn.board_text does", () => {
  for (const { text, rows, cols, values } of RUNS.boards) {
    assert.deepEqual(parseBoard(text, rows, cols).values, values, JSON.stringify(text));
  }
  assert.deepEqual(readLine("[ 1 16  3]"), [1, 16, 3]);
  assert.equal(readLine("[1, 16, 3]"), null);
  assert.equal(readLine("1\u00a02"), null);
});

test("every key the judge and the rule can name is in both catalogs, with the same parameters", () => {
  const keys = Object.keys(en);
  assert.deepEqual(Object.keys(zh).sort(), keys.sort());
  const names = (text) => [...new Set([...JSON.stringify(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
  for (const key of keys) assert.deepEqual(names(zh[key]), names(en[key]), key);
  const used = new Set();
  for (const program of RUNS.programs) {
    const exercise = EXERCISES[program.exercise];
    exercise.cases.forEach((kase, i) => {
      for (const h of judgeCase(exercise, kase, program.runs[i], readLine).hints) used.add(h.key);
    });
  }
  for (const key of used) assert.ok(key in en, key);
  for (const e of RUNS.exercises) for (const k of [`exercise.${e.id}.title`, `exercise.${e.id}.statement`]) assert.ok(k in en, k);
});

test("the exercises' modules name every catalog key of theirs, whole", async () => {
  const { CONTROLS, CASE_KEYS, boardWords, caseLine, postOf, refusalMessage, statementOf, titleOf } = await import("../../../../web/learn/exercises/words.js");
  const named = new Set(Object.values(CONTROLS).map((m) => m.key));
  for (const exercise of RUNS.exercises) {
    const kase = exercise.cases[0];
    const lines = Object.keys(CASE_KEYS).map((stands) => caseLine(kase, stands));
    for (const m of [titleOf(exercise), statementOf(exercise), postOf(exercise), boardWords(kase), ...lines]) {
      assert.ok(m.key in en, m.key);
      named.add(m.key);
    }
  }
  assert.equal(boardWords(EXERCISES.xiangqi.cases[0]).params.holes, "a4, a1");
  assert.equal(statementOf(EXERCISES.warnsdorff).params.budget, 100_000);
  named.add(refusalMessage({ name: "import", line: 1 }).key);
  assert.equal(refusalMessage(null), null);
  // Every other key is written out whole in one of the folder's modules (its notices, the link's).
  const folder = new URL("../../../../web/learn/exercises/", import.meta.url);
  for (const file of readdirSync(folder)) {
    for (const m of readFileSync(new URL(file, folder), "utf8").matchAll(/"(exercise\.[\w.-]+)"/g)) named.add(m[1]);
  }
  for (const key of Object.keys(en)) assert.ok(named.has(key), `${key} named nowhere`);
});

test("facts alone never pass a check: a run whose answer the page refuses fails, whatever its facts", () => {
  for (const exercise of RUNS.exercises) {
    const solution = program(exercise.id, "solution");
    exercise.cases.forEach((kase, i) => {
      const { facts } = solution.runs[i];
      for (const verdict of [null, { code: "partial", params: { count: 1, size: 2 }, path: [] }, { code: "unreadable", params: {}, path: [] }]) {
        const forged = { ...facts, leftNumbered: { step: -1, line: 0 } };
        assert.equal(judgeCase(exercise, kase, { facts: forged, verdict }, readLine).pass, false, `${exercise.id} ${verdict?.code}`);
      }
    });
  }
});

test("a run that did not end by returning never passes, whatever its answer", () => {
  for (const exercise of RUNS.exercises) {
    const { facts, verdict } = program(exercise.id, "solution").runs[0];
    for (const status of ["budget", "stopped", "error", "running"]) {
      assert.equal(judgeCase(exercise, exercise.cases[0], { facts: { ...facts, status }, verdict }, readLine).pass, false);
    }
  }
});

test("the key tables cover every exercise, post, verdict code and count code", async () => {
  const { EXERCISE_KEYS, POST_KEYS } = await import("../../../../web/learn/exercises/words.js");
  const { ANSWER_KEYS, COUNT_KEYS } = await import("../../../../web/learn/exercises/judge.js");
  assert.deepEqual(Object.keys(EXERCISE_KEYS).sort(), RUNS.exercises.map((e) => e.id).sort());
  for (const e of RUNS.exercises) assert.ok(e.post in POST_KEYS, e.post);
  assert.deepEqual(Object.keys(ANSWER_KEYS).sort(), [...RUNS.caseCodes].sort());
  for (const key of [...Object.values(ANSWER_KEYS), ...Object.values(COUNT_KEYS), ...Object.values(POST_KEYS), ...Object.values(EXERCISE_KEYS).flat()])
    assert.ok(key in en && key in zh, key);
});
