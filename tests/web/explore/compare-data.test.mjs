import test from "node:test";
import assert from "node:assert/strict";
import { COMPARE_METHODS, compareRows, compareSummary, comparisonSnapshot } from "../../../web/explore/compare-data.js";
import "../chinese.mjs"; // the Chinese catalog, loaded

const results = {
  auto: { status: "found", nodes: 64, backtracks: 0, ms: 2 },
  warnsdorff: { status: "found", nodes: 64, backtracks: 0, ms: 0.5 },
  backtrack: { status: "gave_up", nodes: 1_000_000, backtracks: 999_950, ms: 2000 },
  exhaustive: { status: "found", nodes: 64, backtracks: 0, ms: 1 },
  construct: { status: "found", nodes: 0, backtracks: 0, ms: 4 },
};

test("one row per method in order, ratios to the slowest", () => {
  const rows = compareRows(results);
  assert.deepEqual(rows.map((r) => r.method), COMPARE_METHODS);
  const by = Object.fromEntries(rows.map((r) => [r.method, r]));
  assert.equal(by.backtrack.ratio, 1);
  assert.equal(by.backtrack.slowest, true);
  assert.equal(by.backtrack.text.ratio, "slowest");
  assert.equal(by.warnsdorff.ratio, 4000);
  assert.equal(by.warnsdorff.fastest, true);
  assert.equal(by.warnsdorff.text.ratio, "4,000× faster");
  assert.equal(by.backtrack.verdict, "Gave up: budget spent");
  assert.equal(by.backtrack.text.nodes, "1,000,000");
  for (const r of rows) assert.ok(r.ratio >= 1);
});

test("pending and running rows have no numbers yet", () => {
  const rows = compareRows({ auto: results.auto }, "warnsdorff");
  assert.equal(rows[1].status, "running");
  assert.equal(rows[2].status, "pending");
  assert.equal(rows[2].text.ms, "–");
  assert.equal(rows[0].fastest, false); // one finished row is not a race
});

test("the summary says who won and by how much; the snapshot lists finished methods", () => {
  assert.match(compareSummary(compareRows(results)), /^Warnsdorff's rule was fastest \(0\.50 ms\), 4,000× faster than plain backtracking \(2\.00 s, gave up: budget spent\)\.$/);
  const snap = comparisonSnapshot({ warnsdorff: results.warnsdorff });
  assert.deepEqual(snap, [{ method: "warnsdorff", status: "found", nodes: 64, backtracks: 0, ms: 0.5 }]);
  const zero = compareRows({ auto: { ...results.auto, ms: 0 }, warnsdorff: { ...results.warnsdorff, ms: 0 } });
  assert.ok(zero.slice(0, 2).every((r) => Number.isFinite(r.ratio) && r.ratio === 1));
});

test("a start proved impossible: the proof once, no ranking, whatever the times", async () => {
  const { inChinese } = await import("../helpers.mjs");
  const proof = { en: "No tour starts on b1: a knight alternates colours.", zh: "从 b1 出发没有周游路线：马每一步都换颜色。" };
  for (const times of [[2.1, 0.5, 0.3, 0.11, 1], [0, 0, 0, 0, 0], [5, 4, 3, 2, 1]]) {
    const proved = Object.fromEntries(COMPARE_METHODS.map((m, i) => [m, { status: "impossible", nodes: 0, backtracks: 0, ms: times[i], reason: proof.en, reasons: proof }]));
    const rows = compareRows(proved);
    for (const r of rows) {
      assert.equal(r.ratio, null);
      assert.equal(r.fastest, false);
      assert.equal(r.slowest, false);
      assert.equal(r.text.ratio, "–");
    }
    const summary = compareSummary(rows);
    assert.equal(summary.split(proof.en).length, 2, "the proof is said once");
    assert.doesNotMatch(summary, /fastest|faster|×/);
    const zh = inChinese(() => compareSummary(compareRows(proved)));
    assert.equal(zh.split(proof.zh).length, 2);
    assert.doesNotMatch(zh, /最快|快 .* 倍/);
  }
  // One method's exhaustive proof, the others out of budget: still the proof, no race.
  const mixed = { ...results, exhaustive: { status: "impossible", nodes: 900, backtracks: 880, ms: 3, reason: "searched", reasons: { en: "No tour: every way was tried.", zh: "没有路线：每种走法都试过了。" } } };
  const rows = compareRows(mixed);
  assert.ok(rows.every((r) => r.ratio === null && !r.fastest));
  assert.match(compareSummary(rows), /^Exhaustive search tried every way from here and proved that no tour exists: No tour: every way was tried\./);
});
