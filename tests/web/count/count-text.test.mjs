// A count's result line, in English and in Chinese.
import test from "node:test";
import assert from "node:assert/strict";
import { countText } from "../../../web/count/panel.js";
import { inChinese } from "../helpers.mjs";
import "../chinese.mjs"; // the Chinese catalog, loaded

test("a count's result from one square and from all of them", () => {
  const settings = { closed: false };
  const done = { settings, scope: "start", start: [4, 0], status: "done", value: 304, nodes: 1234, seconds: 0.5 };
  assert.equal(countText(done, 5), "304 open tours from a1 (directed: a tour counts once per direction), 1,234 nodes in 500 ms.");
  const all = { settings, scope: "all", squaresTotal: 12, status: "done", value: 16, nodes: 99, seconds: 0.01 };
  assert.match(countText(all, 3), /^16 open tours from all 12 start squares/);
  inChinese(() => {
    assert.equal(countText(done, 5), "从 a1 出发共有 304 条开放周游路线（按有向计：同一条路线正反两个方向各算一次），搜索了 1,234 个节点，用时 500 毫秒。");
    assert.match(countText(all, 3), /^从全部 12 个起点出发共有 16 条开放周游路线/);
  });
});
