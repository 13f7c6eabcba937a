// zoom.js: the view in the state follows the board it was made for, zooms about the
// pointer, pans, reveals the cursor, and tells when squares can be clicked.
import test from "node:test";
import assert from "node:assert/strict";
import { centredOn, cursorRevealed, panned, squaresClickable, zoomedAt, zoomedStep, zoomedToChoose, zoomFactor, zoomFitted } from "../../../web/board/zoom.js";
import { boardGeometry } from "../../../web/board/geometry.js";
import { defaultState } from "../../../web/views.js";

function board(rows, cols, patch = {}) {
  const state = defaultState();
  return { ...state, settings: { ...state.settings, rows, cols }, viewport: { width: 900, height: 700, dpr: 1 }, ...patch };
}
const apply = (state, patch) => (patch ? { ...state, ...patch } : state);

test("a click on squares too small to aim at zooms in there; then squares can be clicked", () => {
  let state = board(1000, 1000);
  assert.equal(squaresClickable(state), false);
  state = apply(state, zoomedToChoose(state, [999, 0]));
  assert.equal(squaresClickable(state), true);
  const g = boardGeometry(state);
  const x = g.ox + 0.5 * g.cell;
  const y = g.oy + 999.5 * g.cell;
  assert.ok(x >= 0 && x <= g.width && y >= 0 && y <= g.height, "a1 is on screen");
  assert.equal(squaresClickable(board(8, 8)), true);
});

test("a view made for another board size is the whole board", () => {
  let state = board(50, 50);
  state = apply(state, zoomedStep(state, 1));
  assert.ok(zoomFactor(state) > 1);
  const resized = { ...state, settings: { ...state.settings, rows: 60 } };
  assert.equal(zoomFactor(resized), 1);
  assert.equal(zoomFactor(apply(state, zoomFitted(state))), 1);
});

test("wheel zoom keeps the point under the pointer; panning moves the board; nothing changes at fit", () => {
  let state = board(200, 200);
  assert.equal(panned(state, 30, 30), null);
  state = apply(state, zoomedAt(state, 4, 300, 300));
  const before = boardGeometry(state);
  state = apply(state, zoomedAt(state, 1.5, 300, 300));
  const after = boardGeometry(state);
  const pointRow = (g) => (300 - g.oy) / g.cell;
  assert.ok(Math.abs(pointRow(before) - pointRow(after)) * after.cell < 1.01);
  const moved = boardGeometry(apply(state, panned(state, 25, -10)));
  assert.ok(Math.abs(moved.ox - after.ox - 25) <= 1 && Math.abs(moved.oy - after.oy + 10) <= 1);
  const centred = boardGeometry(apply(state, centredOn(state, 100, 100)));
  assert.ok(Math.abs((450 + 9 - centred.ox) / centred.cell - 100) < 1);
});

test("the keyboard cursor is kept on screen while zoomed", () => {
  let state = board(300, 300);
  state = apply(state, zoomedAt(state, 20, 450, 350));
  for (const cursor of [[0, 0], [299, 299], [150, 3], [7, 280]]) {
    const g = boardGeometry(apply({ ...state, cursor }, cursorRevealed({ ...state, cursor })));
    const x = g.ox + (cursor[1] + 0.5) * g.cell;
    const y = g.oy + (cursor[0] + 0.5) * g.cell;
    assert.ok(x > 0 && x < g.width && y > 0 && y < g.height, `${cursor}`);
  }
});

test("the hint says a click zooms in first where squares are too small to aim at", async () => {
  const { hintFor } = await import("../../../web/tour/status-text.js");
  assert.match(hintFor(board(1000, 1000))[1], /too small to aim at: a click zooms in/);
  assert.doesNotMatch(hintFor(board(8, 8))[1], /zooms/);
  const zoomed = board(1000, 1000);
  assert.doesNotMatch(hintFor(apply(zoomed, zoomedToChoose(zoomed, [0, 0])))[1], /zooms/);
});
