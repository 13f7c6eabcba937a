// Page state: plain data only, no DOM. Every change goes through update(), which
// notifies listeners at once and schedules one batched redraw per animation frame.

import { defaultSettings } from "./url.js";

export const STATUSES = ["loading", "ready", "solving", "found", "impossible", "gave_up", "cancelled", "error"];

/** Fresh default state (a factory, so two pages never share objects). */
export function defaultState() {
  return {
    settings: defaultSettings(),
    status: "loading",
    python: { ready: false, stage: "Starting", ms: 0, failed: "" },
    message: "",
    paramErrors: [], // [{param, message}] from the URL
    tour: null, // Int32Array of flat indices, start first
    tourFrom: "", // "solver" | "link"
    result: null, // {method, seconds, nodes, backtracks, reason}
    progress: null, // {nodes, backtracks, depth, free, seconds} while solving
    shown: 0, // squares of the tour drawn so far (1..tour.length)
    playing: false,
    speed: 8, // moves per second
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
