import { test } from "node:test";
import assert from "node:assert/strict";
import { HUES, hueRunEnd, hueStep } from "../../../web/board/palette.js";

test("colour runs cover the path in order: every move of a run has its step, the next run a later one", () => {
  for (const n of [2, 3, 47, 48, 49, 64, 100, 2501, 1_000_000]) {
    assert.equal(hueStep(0, n), 0);
    let k = 1;
    while (k < n) {
      const step = hueStep(k, n);
      assert.ok(step >= 0 && step < HUES, `n=${n}, k=${k}: step ${step}`);
      const end = Math.min(n, hueRunEnd(step, n));
      assert.ok(end > k, `a run makes progress (n=${n}, k=${k})`);
      const checked = n <= 2501 ? Array.from({ length: end - k }, (_, j) => k + j) : [k, end - 1];
      for (const j of checked) assert.equal(hueStep(j, n), step, `n=${n}, move ${j}`);
      if (end < n) assert.ok(hueStep(end, n) > step, `the next run has a later colour (n=${n})`);
      k = end;
    }
  }
});
