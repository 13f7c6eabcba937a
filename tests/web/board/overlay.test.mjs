// The overlay's hover square: drawn wherever no tour is drawn under it, so a tour kept
// aside while Play's game is on the board still lets the pointer show where a move goes.
import test from "node:test";
import assert from "node:assert/strict";
import { overlayLayer } from "../../../web/board/render.js";
import { paintHover } from "../../../web/board/paint.js";
import { defaultState } from "../../../web/views.js";

/** A canvas context that records the squares filled. */
function recorder() {
  const fills = [];
  const noop = () => {};
  return {
    fills,
    fillRect: (x, y, w, h) => fills.push([x, y, w, h]),
    clearRect: noop, strokeRect: noop, save: noop, restore: noop, beginPath: noop, rect: noop, stroke: noop,
    setLineDash: noop, moveTo: noop, lineTo: noop, fill: noop, arc: noop,
  };
}

const g = { ox: 0, oy: 0, cell: 40, width: 320, height: 320, rows: 8, cols: 8 };

function stateWith(extra) {
  const base = defaultState();
  return { ...base, status: "ready", hover: [2, 3], ...extra };
}

test("the hover square is filled with no tour, and not over a drawn tour", () => {
  const tour = Int32Array.from({ length: 64 }, (_, i) => i);
  for (const [tourThere, drawn, expected] of [[false, false, 1], [true, true, 0], [true, false, 1]]) {
    const ctx = recorder();
    paintHover(ctx, g, stateWith({ tour: tourThere ? tour : null }), drawn);
    assert.equal(ctx.fills.length, expected, `tour ${tourThere}, drawn ${drawn}`);
    if (expected) assert.deepEqual(ctx.fills[0], [3 * 40, 2 * 40, 40, 40]);
  }
});

test("the overlay asks the view whether the tour is drawn, and repaints when that changes", () => {
  const tour = Int32Array.from({ length: 64 }, (_, i) => i);
  let drawn = true;
  const layer = overlayLayer({ tourDrawn: () => drawn });
  const state = stateWith({ tour });
  const first = recorder();
  layer.draw([first], g, state, true);
  assert.equal(first.fills.length, 0, "no hover over a drawn tour");
  drawn = false; // the same state, another view (Play's game) on the board
  const second = recorder();
  layer.draw([second], g, state, false);
  assert.deepEqual(second.fills, [[3 * 40, 2 * 40, 40, 40]]);
});
