// Learn's cost note: the run's own figures, in the reader's language.

import { test } from "node:test";
import assert from "node:assert/strict";

import { costText } from "../../../web/learn/cost-panel.js";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

test("Learn's cost note gives the run's own figures, and each program's once two ended on the board", () => {
  const text = costText("backtrack", { steps: 447_980, undos: 14_020, squares: 25, size: 25, cut: false }, { backtrack: 447_980 });
  assert.match(text, /450K program steps and took 14K moves back/);
  const both = inChinese(() => costText("warnsdorff", { steps: 900, undos: 0, squares: 25, size: 25, cut: false }, { backtrack: 447_980, warnsdorff: 900 }));
  assert.match(both, /普通回溯 45万 个执行步骤、贪心规则 900 个/);
});
