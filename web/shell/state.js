// All of the page's state as plain data (no DOM), and the store: one update funnel that
// notifies listeners at once and batches drawing to one call per animation frame. The
// shell's own fields are the board's, Python's, the link's and the pointer's; each view
// adds its slice through its declaration (shell/views.js, `state`).

import { defaultSettings } from "../core/linked-board.js";
import { registry } from "./registry.js";

export const STATUSES = ["loading", "ready", "solving", "found", "impossible", "gave_up", "cancelled", "error"];

/** Fresh default state for the views of `views` (a factory, so two pages never share objects). */
export function defaultState(views = registry) {
  return {
    settings: defaultSettings(),
    view: views.fallback, // the open view's id (a tab, the link's `view`)
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
    generation: 0, // counts searches and setting changes; a reply for an older one is dropped
    editHoles: false,
    cursor: null, // [row, col] of the keyboard cursor, or null
    focused: false, // the board has keyboard focus
    hover: null, // [row, col] under the pointer, or null
    announcement: "", // what the screen reader hears about the board (the cursor's square)
    share: null, // {url, copied, settings}: the last link made, for the settings it was made for
    viewport: { width: 0, height: 0, dpr: 1 }, // the board's box in CSS pixels
    zoom: null, // {zoom, row, col, rows, cols} (board/viewport.js, board/zoom.js); null or another board's view = fit
    ...views.state(), // the views' slices: tour/state.js (with count/state.js), explore/state.js, play/state.js, learn/state.js
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
