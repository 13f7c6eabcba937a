// The explore views in Chinese: the same data, the words from the zh catalogs; and the
// words kept in the state (the plan's note, the pool's text) re-rendered in the language
// of the moment.
import test from "node:test";
import assert from "node:assert/strict";
import { compareRows, compareSummary } from "../../../web/explore/compare-data.js";
import { heatmapPlan, planNote, summaryText } from "../../../web/explore/heatmap-data.js";
import { poolSize, poolText } from "../../../web/explore/worker-pool.js";
import { checkBudget, heatmapBoardProblem } from "../../../web/explore/params.js";
import { parseQuery } from "../../../web/shell/url.js";
import { registry } from "../../../web/views.js";
import { cellText } from "../../../web/explore/heatmap-panel.js";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

const results = {
  warnsdorff: { status: "found", nodes: 64, backtracks: 0, ms: 0.5 },
  backtrack: { status: "gave_up", nodes: 1_000_000, backtracks: 999_950, ms: 2000 },
};


test("the comparison in Chinese: method names, verdicts and the summary", () => {
  inChinese(() => {
    const rows = compareRows(results);
    assert.equal(rows[1].label, "贪心（Warnsdorff 规则）");
    assert.equal(rows[2].verdict, "超出预算而放弃");
    assert.equal(rows[2].text.ratio, "最慢");
    assert.equal(compareSummary(rows), "贪心（Warnsdorff 规则）最快（0.50 毫秒），比普通回溯（2.00 秒，超出预算而放弃）快 4,000 倍。");
  });
  assert.match(compareSummary(compareRows(results)), /^Warnsdorff's rule was fastest/);
});

test("the heatmap's words in Chinese, and the stored note and pool text follow the language", () => {
  const plan = heatmapPlan(60, 60);
  const pool = poolSize({ cores: 16, memoryGB: 2 });
  inChinese(() => {
    assert.match(planNote(plan), /^抽样：每个 3×3 的区块只取一个起点/);
    assert.equal(poolText(pool), "2 个工作线程（浏览器报告 16 个处理器；2 GB 内存最多容纳 2 个；受内存限制）");
    const cells = [[0, 0, "found", 500, 400, 12], [0, 1, "found", 30, 0], [1, 0, "gave_up", 1000, 999], [1, 1, "found", 90, 10]];
    assert.equal(summaryText(cells, 4, 2), "已完成 4/4 格：3 格找到路线，1 格超出预算而放弃。最难的（节点数）：a2（500）、b1（90）、b2（30）。");
    assert.equal(cellText(cells[0], 2), "a2：找到路线，500 个节点，回溯 400 次，12.0 毫秒");
    assert.match(heatmapBoardProblem(200, 8), /^view=heatmap：200×8 的棋盘太大/);
  });
  assert.match(plan.note, /^Sampled:/);
  assert.match(poolText(pool), /^2 workers \(the browser says 16 processors; 2 GB memory allows 2; limited by memory\)$/);
});

test("link and budget messages keep naming the parameter in Chinese", () => {
  inChinese(() => {
    const { errors } = parseQuery("?view=movie&budget=abc", registry);
    assert.equal(errors[0].message, `view：“movie”不是可用的视图；请用 ${registry.ids.join(", ")} 之一。现在显示周游视图。`);
    assert.equal(errors[1].message, "budget：“abc”不是整数；请填 1 到 50,000,000 之间的整数（节点数）。现在使用 1,000,000。");
    assert.equal(checkBudget("0", 10).error, "不是正数");
  });
});
