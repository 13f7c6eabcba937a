// Which moves of a path can touch the visible part of the board, found from the visible
// squares rather than by walking the whole path: at deep zoom on 1000 x 1000 a frame
// draws a few hundred moves, not a million. A move spans at most two squares each way,
// so a move that touches the view has both ends within two squares of it.

const MARGIN = 2;

/** The visible range grown by the longest step on every side, clipped to the board. */
export function reach(range, rows, cols) {
  return {
    r0: Math.max(0, range.r0 - MARGIN), r1: Math.min(rows, range.r1 + MARGIN),
    c0: Math.max(0, range.c0 - MARGIN), c1: Math.min(cols, range.c1 + MARGIN),
  };
}

/** How many squares a range holds. */
export const rangeArea = (range) => Math.max(0, range.r1 - range.r0) * Math.max(0, range.c1 - range.c0);

/**
 * The moves k (1 <= k < shown: the move from path[k-1] into path[k]) that may touch
 * `range`, ascending. `order` maps a square to its place in the path plus one (0 = not
 * on it). Cost: the squares within reach of the range.
 */
export function movesInView(order, range, shown, rows, cols) {
  const near = reach(range, rows, cols);
  const found = [];
  for (let r = near.r0; r < near.r1; r += 1) {
    const base = r * cols;
    for (let c = near.c0; c < near.c1; c += 1) {
      const k = order[base + c] - 1; // the move into this square is move k
      if (k >= 1 && k < shown) found.push(k);
    }
  }
  return Int32Array.from(found).sort();
}

/** The squares k (0 <= k < shown) of the path that lie inside `range` (for numbers and markers), ascending. */
export function squaresInView(order, range, shown, cols) {
  const found = [];
  for (let r = range.r0; r < range.r1; r += 1) {
    for (let c = range.c0; c < range.c1; c += 1) {
      const k = order[r * cols + c] - 1;
      if (k >= 0 && k < shown) found.push(k);
    }
  }
  return Int32Array.from(found).sort();
}

/** The moves k in [from, to) that may touch `range`: for playback adding a few moves. */
export function movesAdded(path, from, to, range, rows, cols) {
  const near = reach(range, rows, cols);
  const found = [];
  for (let k = Math.max(1, from); k < to; k += 1) {
    const a = path[k - 1];
    const b = path[k];
    const ra = (a / cols) | 0;
    const ca = a % cols;
    const rb = (b / cols) | 0;
    const cb = b % cols;
    const inA = ra >= near.r0 && ra < near.r1 && ca >= near.c0 && ca < near.c1;
    const inB = rb >= near.r0 && rb < near.r1 && cb >= near.c0 && cb < near.c1;
    if (inA || inB) found.push(k);
  }
  return Int32Array.from(found);
}

/** Place in the path plus one for every square (0 where the path does not go). */
export function pathOrder(path, size) {
  const order = new Int32Array(size);
  if (path) for (let k = 0; k < path.length; k += 1) order[path[k]] = k + 1;
  return order;
}
