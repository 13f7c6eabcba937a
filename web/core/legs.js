// The xiangqi horse's blocked legs: the moves a hole on the leg (the square next to the
// horse on its way, 马腿) forbids, so that the rule shows itself on the board and in
// words (蹩马腿). Pure, plus one painter for the board.

import { knightTargets } from "./squares.js";
import { moveRefusal } from "./board-rules.js";

/**
 * The moves from flat index `from` that only the blocked leg forbids: [{target, leg}]
 * (flat indices), targets on the board, not holes and not in `visited` (a Set). Empty
 * unless `board.rule` is "xiangqi". `board` is {rows, cols, holes: [[r, c]], rule}.
 *
 *   blockedLegs({ rows: 5, cols: 5, holes: [[4, 1]], rule: "xiangqi" }, 20)
 *   // [{target: 17, leg: 21}]: from a1 (row 4, col 0) the move to c2 crosses b1
 */
export function blockedLegs(board, from, visited = new Set()) {
  if (board.rule !== "xiangqi" || from === null || from === undefined) return [];
  const { rows, cols } = board;
  const holes = new Set(board.holes.map(([r, c]) => r * cols + c));
  const out = [];
  for (const target of knightTargets(from, rows, cols)) {
    if (holes.has(target) || visited.has(target)) continue;
    const refusal = moveRefusal(board, from, target);
    if (refusal?.code === "leg") out.push({ target, leg: refusal.leg });
  }
  return out.sort((a, b) => a.target - b.target);
}

/** The blocked legs from where the knight stands in `play` (none before a start). */
export function playLegs(play) {
  if (!play || !play.length) return [];
  return blockedLegs(play.board, play.line[play.length - 1], new Set(play.line.slice(0, play.length)));
}

const BLOCKED = "rgba(179, 38, 30, 0.85)";

/** Each blocked move: a cross on its target, a ring on the leg's hole, a dashed line between. */
export function paintBlockedLegs(ctx, g, legs) {
  const { cell, ox, oy, cols } = g;
  const centre = (i) => [ox + ((i % cols) + 0.5) * cell, oy + (Math.floor(i / cols) + 0.5) * cell];
  ctx.save();
  ctx.strokeStyle = BLOCKED;
  ctx.lineWidth = Math.max(2, cell * 0.06);
  for (const { target, leg } of legs) {
    const [tx, ty] = centre(target);
    const [lx, ly] = centre(leg);
    const arm = cell * 0.18;
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.moveTo(tx - arm, ty - arm);
    ctx.lineTo(tx + arm, ty + arm);
    ctx.moveTo(tx + arm, ty - arm);
    ctx.lineTo(tx - arm, ty + arm);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(lx, ly, cell * 0.34, 0, Math.PI * 2);
    ctx.stroke();
    ctx.setLineDash([cell * 0.08, cell * 0.08]);
    ctx.beginPath();
    ctx.moveTo(lx, ly);
    ctx.lineTo(tx, ty);
    ctx.stroke();
  }
  ctx.restore();
}
