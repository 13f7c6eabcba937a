// Page state: plain data only, no DOM. Every change goes through update(), which
// notifies listeners at once and schedules one batched redraw per animation frame.

import { defaultSettings } from "./url.js";

export const STATUSES = ["loading", "ready", "solving", "found", "impossible", "gave_up", "cancelled", "error"];

/** Fresh default state (a factory, so two pages never share objects). */
export function defaultState() {
  return {
    settings: defaultSettings(),
    status: "loading",
    python: { ready: false, stage: "starting Python", ms: 0, failed: "" },
    message: "",
    paramErrors: [], // [{param, message}] from the URL
    tour: null, // Int32Array of flat indices, start first
    tourFrom: "", // "solver" | "link"
    result: null, // {method, seconds, nodes, backtracks, reason}
    progress: null, // {nodes, backtracks, depth, free, seconds} while solving
    shown: 0, // squares of the tour drawn so far (1..tour.length)
    playing: false,
    speed: 8, // moves per second
    events: null, // Int32Array of recorded search events (plain backtracking), or null
    search: null, // {pos, stack, backtracks} while replaying the recorded search
    editHoles: false,
    cursor: null, // [row, col] of the keyboard cursor, or null
    focused: false, // the board has keyboard focus
    hover: null, // [row, col] under the pointer, or null
  };
}

export function createStore(initial, { onFrame }) {
  let state = initial;
  let frame = 0;
  const listeners = new Set();

  function flush() {
    frame = 0;
    onFrame(state);
  }

  return {
    get: () => state,
    /** The one funnel: merge a patch (or a function of the state returning one). */
    update(patch) {
      const change = typeof patch === "function" ? patch(state) : patch;
      if (!change) return;
      state = { ...state, ...change };
      for (const listener of listeners) listener(state, change);
      if (!frame) frame = requestAnimationFrame(flush);
    },
    /** Draw now instead of at the next frame (the first paint). */
    flushNow() {
      if (frame) cancelAnimationFrame(frame);
      flush();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

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

/** The state change that moves playback to `position` (clamped). */
export function seekPatch(state, position) {
  const { length } = timeline(state);
  const p = Math.min(length, Math.max(state.search ? 0 : 1, Math.round(position)));
  return state.search ? { search: searchAt(state.events, p) } : { shown: p };
}
