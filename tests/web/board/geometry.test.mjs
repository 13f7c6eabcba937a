import { test } from "node:test";
import assert from "node:assert/strict";
import { centerOf, measure, squareAt } from "../../../web/board/geometry.js";
import { random } from "../helpers.mjs";

test("the board fits its box, centred, with whole-pixel squares when they are big", () => {
  const rand = random(31);
  for (let i = 0; i < 500; i += 1) {
    const viewport = { width: 40 + Math.floor(rand() * 1400), height: 40 + Math.floor(rand() * 1000), dpr: 1 + Math.floor(rand() * 3) };
    const rows = 1 + Math.floor(rand() * 300);
    const cols = 1 + Math.floor(rand() * 300);
    const g = measure(viewport, rows, cols);
    assert.ok(g.ox >= g.labels - 1 && g.ox + g.cell * cols <= viewport.width + 1, JSON.stringify(g));
    assert.ok(g.oy >= -1 && g.oy + g.cell * rows + g.labels <= viewport.height + 1, JSON.stringify(g));
    if (g.cell >= 6) assert.equal(g.cell, Math.floor(g.cell));
    assert.equal(g.labels, Math.min(viewport.width / cols, viewport.height / rows) >= 16 ? 18 : 0);
  }
});

test("a box too small to measure is drawn as 40 px", () => {
  const g = measure({ width: 0, height: 0, dpr: 0 }, 8, 8);
  assert.deepEqual([g.width, g.height, g.dpr], [40, 40, 1]);
});

test("squareAt inverts the squares' centres and is null off the board", () => {
  const g = measure({ width: 800, height: 600, dpr: 1 }, 7, 11);
  for (let r = 0; r < 7; r += 1) {
    for (let c = 0; c < 11; c += 1) {
      const [x, y] = centerOf(g, r * 11 + c);
      assert.deepEqual(squareAt(g, x, y), [r, c]);
      assert.deepEqual(squareAt(g, x + g.cell * 0.49, y - g.cell * 0.49), [r, c]);
    }
  }
  assert.equal(squareAt(g, g.ox - 1, g.oy + 1), null);
  assert.equal(squareAt(g, g.ox + 1, g.oy + g.cell * 7 + 1), null);
  assert.equal(squareAt(g, g.ox + g.cell * 11 + 1, g.oy + 1), null);
});
