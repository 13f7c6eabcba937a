import test from "node:test";
import assert from "node:assert/strict";
import { depthAfter, depthProfile, stepCounts } from "../../../web/replay/depth-profile.js";

// advance 0,1,2; back off 2; advance 3; back off 3, 1; advance 4
const events = Int32Array.from([0, 1, 2, -3, 3, -4, -2, 4]);

test("depth rises on an advance and falls on a back-off", () => {
  assert.deepEqual([...depthAfter(events)], [1, 2, 3, 2, 3, 2, 1, 2]);
  assert.deepEqual(stepCounts(events), { advances: 5, backoffs: 3, atOnce: 2 });
  assert.deepEqual(stepCounts(events, 3), { advances: 3, backoffs: 0, atOnce: 0 });
});

test("squeezed columns keep every dip and peak", () => {
  const p = depthProfile(events, 2);
  assert.equal(p.maxDepth, 3);
  assert.deepEqual([...p.low], [1, 1]);
  assert.deepEqual([...p.high], [3, 3]);
  const wide = depthProfile(events, 100);
  assert.equal(wide.low.length, 8);
  assert.deepEqual([...wide.high], [...depthAfter(events)]);
});

test("random walks: the band always holds the true depth", () => {
  for (let trial = 0; trial < 20; trial += 1) {
    const ev = [];
    let depth = 0;
    for (let i = 0; i < 5000; i += 1) {
      if (depth > 0 && Math.random() < 0.45) { ev.push(-1); depth -= 1; } else { ev.push(i); depth += 1; }
    }
    const arr = Int32Array.from(ev);
    const truth = depthAfter(arr);
    const width = 1 + Math.floor(Math.random() * 300);
    const p = depthProfile(arr, width);
    for (let i = 0; i < arr.length; i += 1) {
      const col = Math.min(p.low.length - 1, Math.floor((i * p.low.length) / arr.length));
      assert.ok(truth[i] >= p.low[col] && truth[i] <= p.high[col]);
    }
  }
});

test("the depth chart's caption says pruned squares only for a search that prunes", async () => {
  const { captionKey } = await import("../../../web/replay/depth-chart-panel.js");
  const { t } = await import("../../../web/i18n/messages.js");
  const { inChinese } = await import("../helpers.mjs");
  await import("../chinese.mjs");
  for (const check of [(body) => body(), inChinese]) {
    check(() => {
      const values = { step: 5, steps: 9, depth: 3, free: 25, advances: 5, backoffs: 4, atOnce: 2 };
      const plain = t(captionKey("backtrack"), values);
      assert.doesNotMatch(plain, /pruned square|被剪枝/);
      assert.match(plain, /prunes nothing|不剪枝/);
      for (const method of ["exhaustive", "warnsdorff"]) assert.match(t(captionKey(method), values), /pruned|剪枝/);
    });
  }
});
