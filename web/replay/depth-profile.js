// Search depth over steps, for the small chart beside a replayed search: the saw-tooth
// of backtracking. Events are the worker's recording: a square index i for "advance to
// i", -1 - i for "back off from i". No DOM.

/** Depth (squares on the path) after each of the first `count` events. */
export function depthAfter(events, count = events.length) {
  const out = new Int32Array(count);
  let depth = 0;
  for (let i = 0; i < count; i += 1) {
    depth += events[i] >= 0 ? 1 : -1;
    out[i] = depth;
  }
  return out;
}

/**
 * The depth curve squeezed into `width` columns: per column the lowest and highest depth
 * reached in its steps (so no dip is lost however many steps share a pixel), and the
 * deepest depth overall. Returns {low, high, maxDepth, steps}.
 */
export function depthProfile(events, width) {
  const steps = events.length;
  const columns = Math.max(1, Math.min(width, steps || 1));
  const low = new Int32Array(columns).fill(0x7fffffff);
  const high = new Int32Array(columns);
  let depth = 0;
  let maxDepth = 0;
  for (let i = 0; i < steps; i += 1) {
    depth += events[i] >= 0 ? 1 : -1;
    const column = Math.min(columns - 1, Math.floor((i * columns) / steps));
    if (depth < low[column]) low[column] = depth;
    if (depth > high[column]) high[column] = depth;
    if (depth > maxDepth) maxDepth = depth;
  }
  for (let c = 0; c < columns; c += 1) if (low[c] === 0x7fffffff) low[c] = high[c];
  return { low, high, maxDepth, steps };
}

/**
 * Counts of the kinds of step among the first `count` events: {advances, backoffs,
 * atOnce}; atOnce counts back-offs straight after their own advance: squares given up
 * as soon as they were entered (a dead end, or cut by a prune).
 */
export function stepCounts(events, count = events.length) {
  let advances = 0;
  let atOnce = 0;
  for (let i = 0; i < count; i += 1) {
    if (events[i] >= 0) advances += 1;
    else if (i > 0 && events[i - 1] === -1 - events[i]) atOnce += 1;
  }
  return { advances, backoffs: count - advances, atOnce };
}
