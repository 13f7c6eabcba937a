// Learn's cost note: the run's own figures, in the reader's language.

import { test } from "node:test";
import assert from "node:assert/strict";

import { costText, mountLearnCost } from "../../../web/learn/cost-panel.js";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

test("Learn's cost note gives the run's own figures, and each program's once two ended on the board", () => {
  const text = costText("backtrack", { steps: 447_980, undos: 14_020, squares: 25, size: 25, cut: false }, { backtrack: 447_980 });
  assert.match(text, /450K program steps and took 14K moves back/);
  const both = inChinese(() => costText("warnsdorff", { steps: 900, undos: 0, squares: 25, size: 25, cut: false }, { backtrack: 447_980, warnsdorff: 900 }));
  assert.match(both, /普通回溯 45万 个执行步骤、贪心规则 900 个/);
});

test("runs of another piece on the same board are not compared", () => {
  const node = { textContent: "" };
  const doc = { getElementById: () => node };
  let trace = null;
  const panel = mountLearnCost(doc, { learn: { trace: () => trace } });
  const made = (rule, steps) => ({
    rows: 5, cols: 5, start: [4, 0], rule, steps, filledAt: () => 25, nextUndo: () => -1,
  });
  const state = (program) => ({ view: "learn", lang: "en", learn: { status: "done", program, source: null, starter: null, forExercise: false, budgetRan: false } });
  trace = made("knight", 1000);
  panel.sync(state("backtrack"));
  trace = made("leaper:0,1", 300);
  panel.sync(state("warnsdorff"));
  assert.doesNotMatch(node.textContent, /Same board/); // the knight's run is not the (0, 1)-leaper's
  trace = made("knight", 200);
  panel.sync(state("warnsdorff"));
  assert.match(node.textContent, /Same board, runs that ended by themselves: plain backtracking 1,000 program steps/);
});
