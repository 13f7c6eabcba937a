// The answer where the eye is: the least scroll that shows a box, and only after a tap.

import { test } from "node:test";
import assert from "node:assert/strict";

import { MARGIN, scrollDelta } from "../../../web/shell/reveal-panel.js";
import { random } from "../helpers.mjs";

test("the scroll shows the box, moves the least, and keeps a tall box's top (seeded)", () => {
  const rand = random(50);
  for (let i = 0; i < 2000; i += 1) {
    const height = 300 + Math.floor(rand() * 900);
    const top = Math.floor(rand() * 4000) - 2000;
    const bottom = top + 1 + Math.floor(rand() * 1500);
    const delta = scrollDelta({ top, bottom }, height);
    const [t, b] = [top - delta, bottom - delta];
    if (top >= 0 && bottom <= height) {
      assert.equal(delta, 0);
      continue;
    }
    assert.ok(t >= 0, `${top}..${bottom} on ${height}: top at ${t}`);
    if (bottom - top + 2 * MARGIN <= height) assert.ok(b <= height, `${top}..${bottom} on ${height}: bottom at ${b}`);
    // The least: a scroll one pixel shorter leaves the box (or a tall box's top) off screen.
    const less = delta - Math.sign(delta) * (MARGIN + 1);
    assert.ok(top - less < 0 || bottom - less > height, `${top}..${bottom} on ${height}: ${delta} is not the least`);
  }
  assert.equal(scrollDelta({ top: 984, bottom: 1079 }, 844), 243);
});
