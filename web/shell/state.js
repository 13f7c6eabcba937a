// All of the page's state as plain data (no DOM), and the store: one update funnel that
// notifies listeners at once and batches drawing to one call per animation frame.

import { defaultSettings } from "../core/linked-board.js";
import { defaultExploreState } from "../explore/state.js";
import { defaultPlayState } from "../play/state.js";
import { defaultLearnState } from "../learn/state.js";

export const STATUSES = ["loading", "ready", "solving", "found", "impossible", "gave_up", "cancelled", "error"];

/** Fresh default state (a factory, so two pages never share objects). */
export function defaultState() {
  return {
    settings: defaultSettings(),
    // The page's language ("en" or "zh", i18n/language.js); chosen: the reader picked it
    // (a link's lang or the switch), so copied links carry it.
    lang: "en",
    langChosen: false,
    status: "loading",
    // Python in the worker: stage and ms of its start, since = when loading began (ms
    // on the page's clock), methods = the method names the solver offers.
    // start = "snapshot" (the build's memory snapshot) or "plain", fallback = why the
    // snapshot was not used, files = [{file, bytes, received}] what is downloading;
    // offline = a restart found the network off; once ready, bytecode = the plain start
    // imported precompiled modules, bytecodeFallback = why it compiled them from source.
    // movedAt = when the start last moved (a stage, a byte); stalled = not for STALL_MS.
    python: {
      ready: false, stage: "starting Python", ms: 0, since: 0, failed: "", offline: false, methods: [], start: "", fallback: "", files: [],
      movedAt: 0, stalled: false,
      bytecode: false, bytecodeFallback: "",
    },
    // The service worker that keeps this build for offline use: status "" (not asked yet),
    // "unsupported", "saving", "saved", "update" (a newer build waits) or "failed".
    offlineCache: { status: "", detail: "" },
    message: "",
    paramErrors: [], // [{param, message}] from the URL
    sizeError: null, // {rows, cols: whether each field is bad, message} for a bad size typed in the form
    tour: null, // Int32Array of flat indices, start first
    tourFrom: "", // "solver" | "link" | "preset" (came with the page) | "play" | "paste"
    tourCheck: "", // a tour from a link: "checking" until Python's validator passes it, then "valid"
    result: null, // {method, seconds, nodes, backtracks, reason}
    progress: null, // {nodes, backtracks, depth, free, seconds} while solving
    generation: 0, // counts searches and setting changes; a reply for an older one is dropped
    waitingForPython: false, // a search is due as soon as Python is ready
    shown: 0, // squares of the tour drawn so far (1..tour.length)
    playing: false,
    speed: 8, // moves per second
    speedChosen: false, // the person set the speed; keep it for new tours of this size
    events: null, // Int32Array of recorded search events (plain backtracking), or null
    search: null, // {pos, stack, backtracks} while replaying the recorded search
    editHoles: false,
    cursor: null, // [row, col] of the keyboard cursor, or null
    focused: false, // the board has keyboard focus
    hover: null, // [row, col] under the pointer, or null
    announcement: "", // what the screen reader hears about the board (the cursor's square)
    share: null, // {url, copied, settings}: the last link made, for the settings it was made for
    viewport: { width: 0, height: 0, dpr: 1 }, // the board's box in CSS pixels
    ...defaultExploreState(), // view, budget, compare, heatmap, count (explore/state.js)
    zoom: null, // {zoom, row, col, rows, cols} (viewport.js, zoom.js); null or another board's view = fit
    ...defaultPlayState(), // play, check: play mode and the pasted tour's check (play/state.js)
    ...defaultLearnState(), // learn: the Learn view's program and its recorded run (learn/state.js)
  };
}

/**
 * The store. `update(patch)` merges a patch (or a function of the state returning one;
 * null changes nothing); `onFrame(fn)` draws once per animation frame after changes.
 */
export function createStore(initial) {
  let state = initial;
  let frame = 0;
  const listeners = new Set();
  const painters = new Set();

  function flush() {
    frame = 0;
    for (const paint of painters) paint(state);
  }

  return {
    get: () => state,
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
    /** Called with every new state, at once. Returns the unsubscribe function. */
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Called with the state once per animation frame after changes. Returns the unsubscribe function. */
    onFrame(paint) {
      painters.add(paint);
      return () => painters.delete(paint);
    },
  };
}
