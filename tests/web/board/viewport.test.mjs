// Zoom and pan math: the point under the pointer stays put, the visible range is
// exactly the squares on the canvas, hit-testing inverts drawing, clamping holds.
import test from "node:test";
import assert from "node:assert/strict";
import {
  fitView, geometry, zoomAt, panBy, zoomTo, reveal, visibleRange, squareAt, clampView,
  boardPoint, maxZoom, clickable, visibleFraction, MAX_CELL, ZOOM_STEP,
} from "../../../web/board/viewport.js";

const SIZE = { width: 800, height: 600, labels: 18 };

// A small seeded generator, so failures repeat.
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

test("fit: the whole board is on the canvas and centred", () => {
  for (const [rows, cols] of [[8, 8], [1000, 1000], [3, 50], [1, 1]]) {
    const g = geometry(SIZE, rows, cols, fitView());
    assert.ok(g.ox >= SIZE.labels - 1 && g.ox + cols * g.cell <= SIZE.width + 1);
    assert.ok(g.oy >= -1 && g.oy + rows * g.cell <= SIZE.height - SIZE.labels + 1);
    assert.deepEqual(visibleRange(g), { r0: 0, r1: rows, c0: 0, c1: cols });
  }
});

test("zooming keeps the board point under the pointer in place", () => {
  const next = rng(7);
  let checked = 0;
  for (let k = 0; k < 500; k += 1) {
    const [rows, cols] = [1 + Math.floor(next() * 1000), 1 + Math.floor(next() * 1000)];
    let view = fitView();
    for (let z = 0; z < 3; z += 1) view = zoomAt(view, 1 + next() * 3, next() * 800, next() * 600, SIZE, rows, cols);
    const g = geometry(SIZE, rows, cols, view);
    const x = SIZE.labels + next() * (SIZE.width - SIZE.labels);
    const y = next() * (SIZE.height - SIZE.labels);
    const before = boardPoint(g, x, y);
    const factor = 0.5 + next() * 2;
    const after = geometry(SIZE, rows, cols, zoomAt(view, factor, x, y, SIZE, rows, cols));
    if (after.zoom <= 1.0001) continue; // zoomed out to fit: the board is centred instead
    const moved = boardPoint(after, x, y);
    // Within a pixel (the origin is rounded to whole pixels), unless the board is held
    // against a canvas edge on that axis (or is narrower than the canvas and centred).
    const w = after.cell * cols;
    const h = after.cell * rows;
    const heldX = w <= SIZE.width - SIZE.labels + 1 || Math.abs(after.ox - SIZE.labels) <= 1 || Math.abs(after.ox + w - SIZE.width) <= 1;
    const heldY = h <= SIZE.height - SIZE.labels + 1 || Math.abs(after.oy) <= 1 || Math.abs(after.oy + h - (SIZE.height - SIZE.labels)) <= 1;
    if (!heldX) assert.ok(Math.abs(moved.col - before.col) * after.cell < 1.01, `${rows}x${cols} x`);
    if (!heldY) assert.ok(Math.abs(moved.row - before.row) * after.cell < 1.01, `${rows}x${cols} y`);
    checked += heldX && heldY ? 0 : 1;
  }
  assert.ok(checked > 100, `only ${checked} cases away from the edges`);
});

test("zoom is clamped between fit and MAX_CELL px squares; out past fit is fit", () => {
  let view = fitView();
  for (let k = 0; k < 40; k += 1) view = zoomAt(view, ZOOM_STEP, 400, 300, SIZE, 1000, 1000);
  const g = geometry(SIZE, 1000, 1000, view);
  assert.ok(Math.abs(g.cell - MAX_CELL) < 1e-6);
  for (let k = 0; k < 40; k += 1) view = zoomAt(view, 1 / ZOOM_STEP, 100, 100, SIZE, 1000, 1000);
  assert.deepEqual(view, fitView());
});

test("at deep zoom on 1000 x 1000 only a handful of squares are visible, and a1 / h8 are hittable", () => {
  for (const [name, sq] of [["a1", [999, 0]], ["h8", [992, 7]]]) {
    const view = zoomTo(sq, 40, SIZE, 1000, 1000);
    const g = geometry(SIZE, 1000, 1000, view);
    const range = visibleRange(g);
    assert.ok((range.r1 - range.r0) * (range.c1 - range.c0) < 400, name);
    assert.ok(clickable(g));
    const x = g.ox + (sq[1] + 0.5) * g.cell;
    const y = g.oy + (sq[0] + 0.5) * g.cell;
    assert.ok(x >= SIZE.labels && x <= SIZE.width && y >= 0 && y <= SIZE.height - SIZE.labels, name);
    assert.deepEqual(squareAt(g, x, y), sq);
  }
  // At fit, a 1000 x 1000 square is well under a pixel: not clickable.
  assert.equal(clickable(geometry(SIZE, 1000, 1000, fitView())), false);
});

test("visibleRange is exactly the squares that touch the canvas", () => {
  const next = rng(11);
  for (let k = 0; k < 200; k += 1) {
    const rows = 1 + Math.floor(next() * 60);
    const cols = 1 + Math.floor(next() * 60);
    const view = clampView({ zoom: 1 + next() * 20, row: next() * rows, col: next() * cols }, SIZE, rows, cols);
    const g = geometry(SIZE, rows, cols, view);
    const range = visibleRange(g);
    for (let r = 0; r < rows; r += 1) {
      for (let c = 0; c < cols; c += 1) {
        const x0 = g.ox + c * g.cell;
        const y0 = g.oy + r * g.cell;
        const touches = x0 < g.width && x0 + g.cell > 0 && y0 < g.height && y0 + g.cell > 0;
        const inside = r >= range.r0 && r < range.r1 && c >= range.c0 && c < range.c1;
        assert.equal(inside, touches, `${rows}x${cols} square ${r},${c}`);
      }
    }
  }
});

test("panning moves the board with the pointer and stops at its edges", () => {
  const view = zoomTo([500, 500], 40, SIZE, 1000, 1000);
  const g = geometry(SIZE, 1000, 1000, view);
  const moved = geometry(SIZE, 1000, 1000, panBy(view, 37, -21, SIZE, 1000, 1000));
  assert.ok(Math.abs(moved.ox - g.ox - 37) <= 1 && Math.abs(moved.oy - g.oy + 21) <= 1);
  const far = geometry(SIZE, 1000, 1000, panBy(view, 1e9, 1e9, SIZE, 1000, 1000));
  assert.equal(far.ox, SIZE.labels); // the board's left edge stops at the labels
  assert.equal(far.oy, 0);
  assert.deepEqual(panBy(fitView(), 50, 50, SIZE, 8, 8), fitView());
});

test("reveal brings a square fully into view, moving no more than needed", () => {
  const next = rng(3);
  for (let k = 0; k < 300; k += 1) {
    const view = zoomTo([Math.floor(next() * 200), Math.floor(next() * 200)], 30, SIZE, 200, 200);
    const sq = [Math.floor(next() * 200), Math.floor(next() * 200)];
    const g = geometry(SIZE, 200, 200, reveal(view, sq, SIZE, 200, 200));
    const x0 = g.ox + sq[1] * g.cell;
    const y0 = g.oy + sq[0] * g.cell;
    assert.ok(x0 >= SIZE.labels - 1 && x0 + g.cell <= SIZE.width + 1, `x ${x0}`);
    assert.ok(y0 >= -1 && y0 + g.cell <= SIZE.height - SIZE.labels + 1, `y ${y0}`);
  }
  const view = zoomTo([100, 100], 30, SIZE, 200, 200);
  assert.equal(reveal(view, [100, 100], SIZE, 200, 200), view);
});

test("the overview's window: the visible fraction of the board", () => {
  assert.deepEqual(visibleFraction(geometry(SIZE, 8, 8, fitView())), { x0: 0, x1: 1, y0: 0, y1: 1 });
  const f = visibleFraction(geometry(SIZE, 1000, 1000, zoomTo([0, 999], 40, SIZE, 1000, 1000)));
  assert.ok(f.x1 === 1 && f.y0 === 0 && f.x1 - f.x0 < 0.05 && f.y1 - f.y0 < 0.05);
});
