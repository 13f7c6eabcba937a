// The big-board path: the pixel raster follows playback both ways, and the moves found
// from the visible squares are exactly the moves that can touch the view.
import test from "node:test";
import assert from "node:assert/strict";
import { createPathRaster, updateRaster, rasterColor } from "../../../web/board/path-raster.js";
import { movesInView, movesAdded, squaresInView, pathOrder, reach } from "../../../web/board/visible-path.js";
import { HUES } from "../../../web/board/palette.js";
import { movesInRange } from "../../../web/board/path-layer.js";
import { KNIGHT_STEPS } from "../../../web/core/squares.js";

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

// A random self-avoiding knight walk (not a tour; the modules need only knight steps).
function walk(rows, cols, length, seed) {
  const next = rng(seed);
  const seen = new Uint8Array(rows * cols);
  let at = Math.floor(next() * rows * cols);
  const path = [at];
  seen[at] = 1;
  while (path.length < length) {
    const options = KNIGHT_STEPS.map(([dr, dc]) => [((at / cols) | 0) + dr, (at % cols) + dc])
      .filter(([r, c]) => r >= 0 && r < rows && c >= 0 && c < cols && !seen[r * cols + c]);
    if (!options.length) break;
    const [r, c] = options[Math.floor(next() * options.length)];
    at = r * cols + c;
    seen[at] = 1;
    path.push(at);
  }
  return Int32Array.from(path);
}

test("the raster holds exactly the first `shown` squares, in their colours, forward and back", () => {
  const path = walk(40, 50, 1500, 1);
  const raster = createPathRaster(40, 50);
  const next = rng(2);
  for (let k = 0; k < 60; k += 1) {
    const shown = Math.floor(next() * (path.length + 1));
    updateRaster(raster, path, shown);
    const expected = new Uint32Array(40 * 50);
    for (let i = 0; i < shown; i += 1) expected[path[i]] = rasterColor(Math.floor((i * HUES) / path.length));
    assert.deepEqual(raster.pixels, expected);
  }
});

test("the raster writes only the squares that changed and reports where", () => {
  const path = walk(100, 100, 5000, 3);
  const half = path.length >> 1;
  assert.ok(half > 40, `walk of ${path.length}`);
  const raster = createPathRaster(100, 100);
  updateRaster(raster, path, half);
  raster.dirty = null;
  assert.equal(updateRaster(raster, path, half + 10), 10);
  const d = raster.dirty;
  for (let k = half; k < half + 10; k += 1) {
    const r = (path[k] / 100) | 0;
    const c = path[k] % 100;
    assert.ok(r >= d.r0 && r < d.r1 && c >= d.c0 && c < d.c1);
  }
  raster.dirty = null;
  assert.equal(updateRaster(raster, path, half - 10), 20);
  assert.equal(updateRaster(raster, path, half - 10), 0);
  // A new path clears everything.
  const other = walk(100, 100, 100, 4);
  updateRaster(raster, other, 100);
  assert.equal(raster.pixels.filter((p) => p !== 0).length, 100);
});

// Does the segment between the centres of squares a and b meet the rectangle of the range?
function touches(a, b, cols, range) {
  const [x0, y0] = [(a % cols) + 0.5, ((a / cols) | 0) + 0.5];
  const [x1, y1] = [(b % cols) + 0.5, ((b / cols) | 0) + 0.5];
  for (let t = 0; t <= 1; t += 1 / 64) {
    const x = x0 + (x1 - x0) * t;
    const y = y0 + (y1 - y0) * t;
    if (x >= range.c0 && x <= range.c1 && y >= range.r0 && y <= range.r1) return true;
  }
  return false;
}

test("movesInView finds every move that touches the view, and only moves near it", () => {
  const [rows, cols] = [60, 70];
  const path = walk(rows, cols, 3000, 5);
  const order = pathOrder(path, rows * cols);
  const next = rng(6);
  for (let k = 0; k < 40; k += 1) {
    const r0 = Math.floor(next() * rows);
    const c0 = Math.floor(next() * cols);
    const range = { r0, r1: Math.min(rows, r0 + 1 + Math.floor(next() * 12)), c0, c1: Math.min(cols, c0 + 1 + Math.floor(next() * 12)) };
    const shown = Math.floor(next() * path.length);
    const found = new Set(movesInView(order, range, shown, rows, cols));
    const near = reach(range, rows, cols);
    for (let m = 1; m < shown; m += 1) {
      if (touches(path[m - 1], path[m], cols, range)) assert.ok(found.has(m), `move ${m} touches but was not found`);
    }
    for (const m of found) {
      assert.ok(m >= 1 && m < shown);
      const b = path[m];
      const [r, c] = [(b / cols) | 0, b % cols];
      assert.ok(r >= near.r0 && r < near.r1 && c >= near.c0 && c < near.c1);
    }
    // movesAdded over the whole range agrees on the moves that touch.
    const added = new Set(movesAdded(path, 0, shown, range, rows, cols));
    for (let m = 1; m < shown; m += 1) if (touches(path[m - 1], path[m], cols, range)) assert.ok(added.has(m));
    const inside = squaresInView(order, range, shown, cols);
    for (const m of inside) {
      const [r, c] = [(path[m] / cols) | 0, path[m] % cols];
      assert.ok(r >= range.r0 && r < range.r1 && c >= range.c0 && c < range.c1 && m < shown);
    }
  }
});

test("movesInRange keeps the moves from..to whose squares lie in the range, in order", () => {
  const path = walk(30, 40, 900, 5);
  const range = { r0: 5, r1: 17, c0: 10, c1: 31 };
  const inRange = (sq) => {
    const r = Math.floor(sq / 40);
    const c = sq % 40;
    return r >= range.r0 && r < range.r1 && c >= range.c0 && c < range.c1;
  };
  const expected = [];
  for (let k = 100; k < 600; k += 1) if (inRange(path[k])) expected.push(k);
  assert.ok(expected.length > 0);
  assert.deepEqual(movesInRange(path, 100, 600, range, 40), expected);
  assert.deepEqual(movesInRange(path, 300, 300, range, 40), []);
});
