// The board's rules as plain functions of {rows, cols, holes, closed, rule}: which board
// a game or a pasted tour was made for, and whether a piece may move from one square to
// another (one of the rule's jumps, core/leapers.js; the xiangqi horse's leg not on a
// hole). Play's moves, its notices, the blocked legs and a pasted tour's check all read
// these.

import { isJump } from "./leapers.js";

/** The board a game or a pasted tour is made for: what changes its legal moves and its goal. */
export function boardOf(settings) {
  const { rows, cols, holes, closed, rule } = settings;
  return { rows, cols, holes, closed, rule };
}

/** Whether two boards (boardOf) are the same board. */
export function sameBoard(a, b) {
  return a.rows === b.rows && a.cols === b.cols && a.holes === b.holes && a.closed === b.closed && a.rule === b.rule;
}

/** A Uint8Array over the board's squares, 1 on each hole. */
export function blockedSet(board) {
  const blocked = new Uint8Array(board.rows * board.cols);
  for (const [r, c] of board.holes) blocked[r * board.cols + c] = 1;
  return blocked;
}

/**
 * Why a piece may not move from flat index a to b on the board, or null when it may: the
 * one rule that legalMoves, the blocked legs and Play's notices all read.
 * {code: "notKnight"} (not one of the rule's jumps) or {code: "leg", leg} (the xiangqi horse's leg
 * is a hole). Holes and visited squares are the caller's to check.
 */
export function moveRefusal(board, a, b, blocked = blockedSet(board)) {
  const { cols } = board;
  const ra = Math.floor(a / cols);
  const ca = a % cols;
  const dr = Math.floor(b / cols) - ra;
  const dc = (b % cols) - ca;
  if (!isJump(board.rule, dr, dc)) return { code: "notKnight" };
  if (board.rule === "xiangqi") {
    const leg = Math.abs(dr) === 2 ? (ra + dr / 2) * cols + ca : ra * cols + ca + dc / 2;
    if (blocked[leg]) return { code: "leg", leg };
  }
  return null;
}

/** Whether a piece may move from flat index a to b on the board (one of the rule's jumps, and the xiangqi horse's leg not on a hole). */
export function isMove(board, a, b, blocked = blockedSet(board)) {
  return moveRefusal(board, a, b, blocked) === null;
}

