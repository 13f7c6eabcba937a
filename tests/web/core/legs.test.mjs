// The xiangqi horse's blocked legs: on random boards with random holes, the blocked moves
// and the legal moves split the knight's moves exactly, each blocked one by a hole on its leg.

import { test } from "node:test";
import assert from "node:assert/strict";

import { blockedLegs } from "../../../web/core/legs.js";
import { isMove } from "../../../web/core/board-rules.js";
import { KNIGHT_STEPS } from "../../../web/core/squares.js";
import { random } from "../helpers.mjs";

test("blocked legs and legal moves split the knight's moves (seeded random boards)", () => {
  const rand = random(29);
  for (let trial = 0; trial < 300; trial += 1) {
    const rows = 3 + Math.floor(rand() * 6);
    const cols = 3 + Math.floor(rand() * 6);
    const holes = [];
    for (let r = 0; r < rows; r += 1) for (let c = 0; c < cols; c += 1) if (rand() < 0.25) holes.push([r, c]);
    const board = { rows, cols, holes, rule: "xiangqi" };
    const hole = new Set(holes.map(([r, c]) => r * cols + c));
    const from = Math.floor(rand() * rows * cols);
    const legs = blockedLegs(board, from);
    const fr = Math.floor(from / cols);
    const fc = from % cols;
    for (const [dr, dc] of KNIGHT_STEPS) {
      const r = fr + dr;
      const c = fc + dc;
      if (r < 0 || r >= rows || c < 0 || c >= cols || hole.has(r * cols + c)) continue;
      const to = r * cols + c;
      const blocked = legs.find((leg) => leg.target === to);
      assert.equal(Boolean(blocked), !isMove(board, from, to), `${from} -> ${to}`);
      if (blocked) {
        assert.ok(hole.has(blocked.leg));
        // The leg is next to the horse, on the long side of its move.
        const lr = Math.floor(blocked.leg / cols);
        const lc = blocked.leg % cols;
        assert.equal(Math.abs(lr - fr) + Math.abs(lc - fc), 1);
      }
    }
    assert.deepEqual(blockedLegs({ ...board, rule: "knight" }, from), []);
  }
});

test("from a1 with b1 a hole, the move to c2 is blocked by b1 (蹩马腿)", () => {
  const legs = blockedLegs({ rows: 5, cols: 5, holes: [[4, 1]], rule: "xiangqi" }, 20);
  assert.deepEqual(legs, [{ target: 17, leg: 21 }]);
});
