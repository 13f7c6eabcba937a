// The solver worker's warm-up searches. A fresh engine compiles Python's hot paths as
// they run: WebKit's first search after the start ran 2-4x slower than its next
// (docs/engines.md). Small searches of each kind a click asks for, answered to no one,
// while the reader reads: each in a task of its own, and the rest dropped when a real
// request comes, so that a click waits for one small search at most. No Python here:
// the worker gives the search to run.

import { defaultSettings } from "../core/linked-board.js";

const FIRST_BOARD = defaultSettings();
const BASE = { rows: 6, cols: 6, start: [5, 0], holes: [], rule: "knight" };

/** The searches, in order, as the worker's solve() takes its args. */
export const WARM_UPS = [
  // The page's first board and method (its default settings, 8 x 8 "auto"): the search a
  // first click most often asks for, all of it (WebKit answered the first such click in
  // 11-62 ms, the next in 4-6; docs/engines.md).
  { ...FIRST_BOARD, start: [FIRST_BOARD.rows - 1, 1] },
  { method: "warnsdorff", closed: true, maxNodes: 20_000 },
  ...Array.from({ length: 4 }, () => ({ method: "backtrack", closed: false, maxNodes: 5_000 })),
].map((search) => ({ ...BASE, ...search }));

/**
 * The warm-ups as a queue: `start()` runs WARM_UPS through `search(args)` one per task
 * (`later(fn)` queues a task); `drop()` forgets those not yet run. A search that throws
 * is only ever a warm-up: a real request says what went wrong.
 */
export function warmUpQueue(search, later = (fn) => setTimeout(fn, 0)) {
  const left = [];
  const next = () => {
    const args = left.shift();
    if (!args) return;
    try {
      search(args);
    } catch {
      // See above.
    }
    later(next);
  };
  return {
    start() {
      left.push(...WARM_UPS);
      later(next);
    },
    drop() {
      left.length = 0;
    },
  };
}
