// Where the Learn view draws the knight at a step. Mostly on the square with the largest
// number (counters.knightSquare). But once the search has gone back (a call of it returned
// without success), a program that never clears a square keeps its dead ends' numbers, and
// the largest number is then not where the search stands: the knight is drawn on the latest
// knight move (a square given a number) that still holds its number and either came after
// the going back or was made by a call still running, as the call stack shows.
// Pure functions of a trace (trace.js).

import { EVENT_CALL, isReturn } from "./trace.js";
import { knightSquare } from "./counters.js";

/** Knight moves walked back at most from a step (then the largest number, counters.js). */
export const MAX_WALK = 10_000;

// The call a board change seen at step s belongs to: the frame stepping there, but for a
// change first seen at a call or a return, the caller's (its line made the change, or a
// helper it called that has just returned).
function ownerAt(trace, s) {
  const event = trace.eventAt(s);
  if (event !== EVENT_CALL && !isReturn(event)) return trace.frameAt(s);
  const stack = trace.stackAt(s, 2);
  return stack.length > 1 ? stack[0].frame : -1;
}

/** The step of the search's latest return without success at or before k, or -1. */
export function lastGoingBack(trace, k) {
  const count = trace.goingBackUpTo(k); // the search's returns without success at steps 0..k
  return count ? trace.failedReturns(trace.searchCode()).steps.get(count - 1) : -1;
}

/** The square (row * cols + col) the knight is drawn on at step k (see the module), -1
 * for an empty board. */
export function knightPlace(trace, k, board) {
  const back = lastGoingBack(trace, k);
  if (back < 0) return knightSquare(trace, k, board);
  let running = null;
  for (let s = trace.prevAdvance(k + 1), tries = 0; s >= 0 && tries < MAX_WALK; s = trace.prevAdvance(s), tries++) {
    const held = trace.changesAt(s).filter((c) => c.kind === "advance" && board[c.square] === c.now);
    if (!held.length) continue;
    if (s > back) return held.at(-1).square; // a move made since the search went back
    running ??= new Set(trace.stackAt(k).map((f) => f.frame));
    if (running.has(ownerAt(trace, s))) return held.at(-1).square;
  }
  return knightSquare(trace, k, board);
}
