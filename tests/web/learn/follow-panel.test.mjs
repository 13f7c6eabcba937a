// Learn's follow scroll: the line being run stays in a band of the screen.

import { test } from "node:test";
import assert from "node:assert/strict";

import { scrollNeeded } from "../../../web/learn/follow-panel.js";

test("Learn's follow scroll: none when the line is in the band, else the line a third down", () => {
  assert.equal(scrollNeeded({ top: 400, bottom: 420, height: 20 }, 300, 700), 0);
  const by = scrollNeeded({ top: 1000, bottom: 1020, height: 20 }, 300, 700);
  const after = 1000 - by;
  assert.ok(after >= 300 && after + 20 <= 700, after);
  const up = scrollNeeded({ top: 100, bottom: 120, height: 20 }, 300, 700);
  assert.ok(100 - up >= 300 && 120 - up <= 700);
});
