// The tour's moves as text: "1. a1  2. c2 ...". Short tours are listed whole; long ones
// as a window around the playback position (the whole list is an export away).

import { squareName } from "../core/squares.js";

export const LIST_ALL = 400; // tours up to this many squares are listed whole
export const LIST_SPAN = 25; // moves either side of the position otherwise

/** {first, last (1-based, inclusive), total, items: [{n, name, current}]} */
export function moveListWindow(tour, rows, cols, position) {
  if (!tour || !tour.length) return { first: 0, last: 0, total: 0, items: [] };
  const total = tour.length;
  let first = 1;
  let last = total;
  if (total > LIST_ALL) {
    first = Math.max(1, Math.min(total - 2 * LIST_SPAN, position - LIST_SPAN));
    last = Math.min(total, first + 2 * LIST_SPAN);
  }
  const items = [];
  for (let n = first; n <= last; n += 1) {
    const sq = tour[n - 1];
    items.push({ n, name: squareName([Math.floor(sq / cols), sq % cols], rows), current: n === position });
  }
  return { first, last, total, items };
}
