// learn/piece-moves.js: a menu program's move list for the piece chosen. The jumps are the
// package's own (knight_py/leaper.py Leaper.steps, in its order), only the moves line and
// its comment change, and the program so written, run by the real tracer, makes only the
// leaper's jumps: its tour passes the package's validator under the leaper's rule.
import "../chinese.mjs"; // the Chinese catalog, loaded
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { movesLine, programSteps, withMoves } from "../../../web/learn/piece-moves.js";
import { PROGRAM_STEPS } from "../../../web/learn/trace.js";
import { LEARN_PROGRAMS } from "../../../web/learn/params.js";
import { leaperRule } from "../../../web/core/leapers.js";
import { tracedRun } from "./python-chunks.mjs";

const CAMEL_NAMES = { en: "the camel (1, 3)", zh: "骆驼（1, 3）" };
const WAZIR_NAMES = { en: "the piece that jumps (0, 1)", zh: "每步跳（0, 1）的棋子" };

const root = fileURLToPath(new URL("../../../", import.meta.url));

function python(code, input = "") {
  const out = spawnSync("python3", ["-c", code], { cwd: root, encoding: "utf8", input, maxBuffer: 1 << 28 });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout);
}

const PROGRAMS = python(`
import json, sys
from knight_py.learn.programs import PROGRAMS
json.dump({k: [p.source, p.source_zh] for k, p in PROGRAMS.items()}, sys.stdout)
`);

test("the jumps are the package's, in its order, for every (a, b) up to (6, 6)", () => {
  const pairs = [];
  for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) if (a || b) pairs.push([a, b]);
  const steps = python(`
import json, sys
from knight_py.leaper import Leaper
json.dump([[list(s) for s in Leaper(a, b).steps] for a, b in json.load(sys.stdin)], sys.stdout)
`, JSON.stringify(pairs));
  pairs.forEach(([a, b], i) => {
    const rule = `leaper:${a},${b}`;
    assert.deepEqual(programSteps(rule), steps[i], rule);
    assert.equal(programSteps(rule).length, a === 0 || a === b ? 4 : 8, rule);
  });
  assert.deepEqual(programSteps("knight"), PROGRAM_STEPS);
  assert.deepEqual(programSteps("xiangqi"), PROGRAM_STEPS);
  assert.equal(movesLine("leaper:0,1"), "MOVES = [(0, 1), (1, 0), (0, -1), (-1, 0)]");
});

test("the knight's programs stay as written; a leaper's change only the moves line and the comments", () => {
  for (const id of LEARN_PROGRAMS) {
    const [en, zh] = PROGRAMS[id];
    for (const rule of ["knight", "xiangqi"]) assert.equal(withMoves(en, rule, "en"), en);
    for (const [source, lang] of [[en, "en"], [zh, "zh"]]) {
      for (const [rule, name, count] of [[leaperRule(1, 3), CAMEL_NAMES[lang], 8], [leaperRule(0, 1), WAZIR_NAMES[lang], 4]]) {
        const leaper = withMoves(source, rule, lang);
        const before = source.split("\n");
        const after = leaper.split("\n");
        assert.equal(after.length, before.length, id); // the line numbers stay the program's
        const code = (line) => line.split("#")[0].trimEnd();
        const moves = after.findIndex((line) => line.startsWith("MOVES = "));
        assert.equal(code(after[moves]), `MOVES = [${programSteps(rule).map(([r, c]) => `(${r}, ${c})`).join(", ")}]`);
        after.forEach((line, i) => {
          if (i !== moves) assert.equal(code(line), code(before[i]), `${id} line ${i + 1}: only comments change`);
        });
        assert.ok(leaper.includes(name), `${id} ${lang}: the piece named`);
        const knightWords = lang === "en" ? /knight|eight/ : count === 8 ? /马/ : /马|8 种/;
        assert.doesNotMatch(leaper, knightWords, `${id} ${lang} ${rule}`);
      }
    }
  }
  const edited = "def tour(rows, cols, start):\n    return None\n";
  assert.equal(withMoves(edited, leaperRule(1, 3), "en"), edited); // no moves line: nothing to change
});

test("a menu program written for a leaper makes only its jumps, and its tour passes under its rule", () => {
  const rule = leaperRule(0, 1); // the wazir: a tour of 3 x 4 from a1 exists
  const source = withMoves(PROGRAMS.backtrack[0], rule, "en");
  const run = tracedRun(source, 3, 4, [2, 0], 100_000, 8192);
  const { status, answer } = run.ended.result;
  assert.equal(status, "done");
  const read = python(`
import json, sys
from knight_py.learn.answer import read_answer_numbers
data = json.load(sys.stdin)
out = {}
for rule in ("knight", data["rule"]):
    v = read_answer_numbers(data["answer"], 3, 4, rule).verdict
    out[rule] = [v.valid, v.code]
json.dump(out, sys.stdout)
`, JSON.stringify({ answer, rule }));
  assert.deepEqual(read[rule], [true, "tour"]);
  assert.equal(read.knight[0], false); // the knight's rule refuses the wazir's tour
});

test("a leaper with no tour ends by itself within the budget: no answer, never a wrong one", () => {
  const source = withMoves(PROGRAMS.backtrack[0], leaperRule(1, 3), "en"); // the camel keeps its colour
  const run = tracedRun(source, 5, 5, [4, 4], 100_000, 8192);
  const { status, answer } = run.ended.result;
  assert.ok(["done", "budget"].includes(status), status);
  if (status === "done") assert.deepEqual(answer, { shape: "none" });
});

test("a run is kept for its piece: another piece makes it stale, and an exercise's program runs as the knight's", async () => {
  const { boardKey, keyBoard, runRule, runShown, runStale, sourceOf } = await import("../../../web/learn/transitions.js");
  const settings = { rows: 5, cols: 5, start: [4, 0], holes: [], rule: leaperRule(2, 3) };
  assert.equal(boardKey(settings), "5,5,4,0");
  assert.equal(boardKey(settings, settings.rule), "5,5,4,0@leaper:2,3");
  assert.deepEqual(keyBoard("5,5,4,0@leaper:2,3"), { rows: 5, cols: 5, start: [4, 0], rule: "leaper:2,3" });
  assert.deepEqual(keyBoard("5,5,2,0|1,0;4,0"), { rows: 5, cols: 5, start: [2, 0], rule: "knight" });
  const learn = { steps: 10, status: "done", madeFor: "5,5,4,0@leaper:2,3", readsHoles: false, source: null, starter: null,
    program: "backtrack", programs: { backtrack: { source: PROGRAMS.backtrack[0], sourceZh: PROGRAMS.backtrack[1] } } };
  const state = { learn, settings, lang: "en" };
  assert.equal(runRule(state), "leaper:2,3");
  assert.ok(runShown(state) && !runStale(state));
  const knight = { ...state, settings: { ...settings, rule: "knight" } };
  assert.ok(!runShown(knight) && runStale(knight)); // the zebra's run is not drawn for the knight
  assert.match(sourceOf(learn, "en", runRule(state)), /^MOVES = \[\(2, 3\), \(3, 2\)/m);
  const exercise = { ...state, learn: { ...learn, readsHoles: true, starter: { source: PROGRAMS.backtrack[0], sourceZh: "" } } };
  assert.equal(runRule(exercise), "knight"); // an exercise judges a knight's answer
  assert.equal(sourceOf(exercise.learn, "en", "leaper:2,3"), PROGRAMS.backtrack[0]); // its starter is never rewritten
});

test("the trace lists the next squares by the run's piece", async () => {
  const { createTrace } = await import("../../../web/learn/trace.js");
  const source = withMoves(PROGRAMS.backtrack[0], leaperRule(0, 1), "en");
  const run = tracedRun(source, 3, 4, [2, 0], 100_000, 8192);
  const trace = createTrace({ rows: 3, cols: 4, start: [2, 0], rule: leaperRule(0, 1) });
  for (const { meta, buffers } of run.chunks) trace.append({ ...buffers, meta: new TextEncoder().encode(JSON.stringify(meta)) });
  const k = trace.steps - 1;
  const path = trace.pathAt(k);
  for (let i = 1; i < path.length; i++) {
    const [r0, c0] = path[i - 1];
    const [r1, c1] = path[i];
    assert.equal(Math.abs(r1 - r0) + Math.abs(c1 - c0), 1); // every move a (0, 1) jump
  }
  const early = trace.candidatesAt(Math.min(20, k));
  assert.ok(early.length > 0 && early.length <= 4);
});

test("the sentences name the leaper where the knight's name the knight, in English and Chinese", async () => {
  const { answerSentence } = await import("../../../web/learn/verdict.js");
  const { stepSentence } = await import("../../../web/learn/text.js");
  const { createTrace } = await import("../../../web/learn/trace.js");
  const { inChinese } = await import("../helpers.mjs");
  const zebra = { madeFor: "5,5,4,0@leaper:2,3", answer: { code: "tour", valid: true, params: {} } };
  assert.equal(answerSentence(zebra), "The page's validator checked the answer: a tour, every square once, each step a jump of the zebra (2, 3).");
  assert.equal(inChinese(() => answerSentence(zebra)), "页面的验证通过：这是一条周游路线，每格恰好走一次，每一步都是斑马（2, 3）的一跳。");
  assert.match(answerSentence({ ...zebra, madeFor: "5,5,4,0" }), /each step a knight move/);
  const source = withMoves(PROGRAMS.backtrack[0], leaperRule(0, 1), "en");
  const run = tracedRun(source, 3, 4, [2, 0], 100_000, 8192);
  const trace = createTrace({ rows: 3, cols: 4, start: [2, 0], rule: leaperRule(0, 1) });
  for (const { meta, buffers } of run.chunks) trace.append({ ...buffers, meta: new TextEncoder().encode(JSON.stringify(meta)) });
  const jump = trace.nextAdvance(0);
  assert.ok(jump >= 0);
  assert.match(stepSentence(trace, jump, source), /^Move \d+: the piece that jumps \(0, 1\) jumps to [a-d][1-3]\.$/);
  assert.match(inChinese(() => stepSentence(trace, jump, source)), /^第 \d+ 步：每步跳（0, 1）的棋子跳到 [a-d][1-3]。$/);
  for (let k = 0; k < trace.steps; k += 7) assert.doesNotMatch(stepSentence(trace, k, source), /knight/);
});

test("the xiangqi horse in Learn runs as the knight: the programs, the key and the check are the knight's", async () => {
  const { boardKey, runRule } = await import("../../../web/learn/transitions.js");
  const state = { learn: { readsHoles: false }, settings: { rows: 5, cols: 5, start: null, holes: [], rule: "xiangqi" } };
  assert.equal(runRule(state), "knight");
  assert.equal(boardKey(state.settings, runRule(state)), "5,5,4,0");
});
