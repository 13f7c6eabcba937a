// What playback moves through (the tour, or the recorded search), where it stands, and
// how fast it goes. Pure functions of the state.

/** The squares on the search stack after the first `pos` recorded events. */
export function searchAt(events, pos) {
  const stack = new Int32Array(events.length + 1);
  let depth = 0;
  let backtracks = 0;
  for (let i = 0; i < pos; i += 1) {
    if (events[i] >= 0) stack[depth++] = events[i];
    else if (depth > 0) {
      depth -= 1;
      backtracks += 1;
    }
  }
  return { pos, stack: stack.slice(0, depth), backtracks };
}

/** What playback moves through: the recorded search when replaying it, else the tour. */
export function timeline(state) {
  if (state.search) return { length: state.events.length, position: state.search.pos };
  return { length: state.tour ? state.tour.length : 0, position: state.shown };
}

/** The first position of the timeline: the empty stack of a search, the tour's first square. */
export function firstPosition(state) {
  return state.search ? 0 : 1;
}

/** The state change that moves playback to `position` (clamped). */
export function seekPatch(state, position) {
  const { length } = timeline(state);
  const p = Math.min(length, Math.max(firstPosition(state), Math.round(position)));
  return state.search ? { search: searchAt(state.events, p) } : { shown: p };
}

/** The path drawn on the board: the search stack when replaying it, else the tour; and how much of it. */
export function drawnPath(state) {
  if (state.search) return { path: state.search.stack, shown: state.search.stack.length };
  return { path: state.tour, shown: state.tour ? state.shown : 0 };
}

/** Speed slider position (0..60) <-> moves per second (1..1,000,000), logarithmic. */
export const speedFromSlider = (value) => Math.round(10 ** (Number(value) / 10));
export const sliderFromSpeed = (speed) => Math.round(10 * Math.log10(Math.max(1, speed)));

/** A speed that plays a tour of n squares in about eight seconds. */
export function naturalSpeed(n) {
  return Math.min(1_000_000, Math.max(4, Math.round(n / 8)));
}

/** A speed that replays a search of n recorded steps in about twenty seconds. */
export function searchSpeed(n) {
  return Math.max(8, Math.round(n / 20));
}

/** Search steps recorded per run, for replaying a search (and its depth chart). */
export const MAX_EVENTS = 50_000;

/** Methods whose search can be replayed step by step. */
export const WATCHABLE = ["backtrack", "warnsdorff", "exhaustive"];

/** The solver's arguments that record a search to replay, for a method whose search can be. */
export function replayArgs(method) {
  return WATCHABLE.includes(method) ? { recordEvents: MAX_EVENTS } : {};
}
