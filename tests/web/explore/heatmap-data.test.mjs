import test from "node:test";
import assert from "node:assert/strict";
import { CSV_FIELDS, cellsCsv, heatmapPlan, summarise, summaryText } from "../../../web/explore/heatmap-data.js";

test("small boards: every free square once, holes left out", () => {
  const plan = heatmapPlan(6, 6, [[2, 2], [3, 3]]);
  assert.equal(plan.block, 1);
  assert.equal(plan.note, "");
  assert.equal(plan.starts.length, 34);
  const keys = new Set(plan.starts.map(([r, c]) => `${r},${c}`));
  assert.equal(keys.size, 34);
  assert.ok(!keys.has("2,2") && !keys.has("3,3"));
});

test("large boards: one free start per block, blocks cover the board, and it says so", () => {
  for (const [rows, cols] of [[21, 21], [50, 30], [100, 100], [100, 7]]) {
    const holes = [[0, 0], [1, 1]];
    const plan = heatmapPlan(rows, cols, holes);
    assert.ok(plan.starts.length <= 400, `${rows}x${cols}: ${plan.starts.length}`);
    assert.ok(plan.block > 1);
    assert.match(plan.note, /^Sampled: one start square in every \d+ x \d+ block/);
    const covered = new Set();
    plan.blocks.forEach(([r0, c0, r1, c1], i) => {
      const [r, c] = plan.starts[i];
      assert.ok(r >= r0 && r <= r1 && c >= c0 && c <= c1);
      assert.ok(!holes.some(([hr, hc]) => hr === r && hc === c));
      for (let y = r0; y <= r1; y += 1) for (let x = c0; x <= c1; x += 1) covered.add(y * cols + x);
    });
    assert.equal(covered.size, rows * cols);
  }
});

test("CSV has the command line's columns and one line per cell", () => {
  const cells = [[7, 0, "found", 64, 0, 1.5], [0, 1, "impossible", 0, 0, 0.01], [3, 3, "gave_up", 1000, 990, 12]];
  const lines = cellsCsv(cells, 8, "warnsdorff").trimEnd().split("\n");
  assert.equal(lines[0], CSV_FIELDS.join(","));
  assert.equal(lines[0], "square,row,col,status,nodes,backtracks,seconds,method");
  assert.equal(lines[1], "a1,7,0,found,64,0,0.001500,warnsdorff");
  assert.equal(lines[3], "d5,3,3,gave_up,1000,990,0.012000,warnsdorff");
  assert.equal(lines.length, 4);
});

test("the summary names the hardest and easiest squares found", () => {
  const cells = [[0, 0, "found", 500, 400], [0, 1, "found", 30, 0], [1, 0, "gave_up", 1000, 999], [1, 1, "found", 90, 10]];
  const s = summarise(cells, 2);
  assert.deepEqual([s.found, s.gaveUp, s.impossible], [3, 1, 0]);
  assert.deepEqual(s.hardest.map((c) => c[3]), [500, 90]);
  assert.deepEqual(s.easiest.map((c) => c[3]), [30]); // 90 is named among the hardest already
  const text = summaryText(cells, 4, 2);
  assert.match(text, /^4 of 4 squares done: 3 found, 1 gave up\. Hardest found: a2 \(500\)/);
  assert.match(summaryText([[0, 0, "found", 64, 0], [0, 1, "found", 64, 0]], 64, 8), /Every square found took 64 nodes/);
});

test("with two squares found each is named once", () => {
  const text = summaryText([[0, 0, "found", 248_169, 0], [0, 2, "found", 14_020, 0], [0, 1, "gave_up", 300_000, 1]], 36, 6);
  assert.match(text, /Hardest found: a6 \(248,169\), c6 \(14,020\) nodes\.$/);
});
