// All of the page's state as plain data (no DOM), and the store: one update funnel that
// notifies listeners at once and batches drawing to one call per animation frame. The
// shell's own fields are the board's, Python's, the link's and the pointer's; each view
// adds its slice through its declaration (shell/views.js, `state`).

import { laterTask } from "../core/later-task.js";
import { defaultSettings } from "../core/linked-board.js";
import { frameRequests } from "./frame-requests.js";

export const STATUSES = ["loading", "ready", "solving", "found", "impossible", "gave_up", "cancelled", "error"];

/** Fresh default state for the views of `views` (a factory, so two pages never share objects). */
export function defaultState(views) {
  return {
    settings: defaultSettings(),
    view: views.fallback, // the open view's id (a tab, the link's `view`)
    // The page's language ("en" or "zh", i18n/language.js); chosen: the reader picked it
    // (a link's lang or the switch), so copied links carry it.
    lang: "en",
    langChosen: false,
    // A language whose words are being fetched (i18n/catalogs.js), or the last that could
    // not be: {lang, error} ("" while it loads), said beside the switch; lang "" when none.
    langLoad: { lang: "", error: "" },
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
    pieceForm: { other: false, error: null }, // the piece menu on "other (a, b)", and a bad pair typed (a msg)
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

// A frame's drawing is cut into tasks of about this many milliseconds: once a frame's
// painters have taken longer, the rest paint in a later task (each from the newest
// state), so that no task holds the main thread long while Python starts on a phone's CPU
// (Lighthouse's total blocking time; docs/startup.md). At a phone's 4x slower
// CPU 6 ms are 24, which leaves the frame's own style, layout and paint room under 50.
export const SLICE_MS = 6;

/**
 * The store. `update(patch)` merges a patch (or a function of the state returning one;
 * null changes nothing); `onFrame(fn)` draws once per animation frame after changes, the
 * painters in the order they were added, cut into tasks of SLICE_MS; `holdFrames(ms)`
 * draws the changes of the next `ms` in one frame, at the latest then. `later(fn)` runs fn
 * in a later task, `now()` the clock, `frame(fn)`/`cancelFrame(id)` the animation frame,
 * `setTimer(fn, ms)`/`clearTimer(id)` a timer.
 */
export function createStore(initial, {
  later = laterTask, now = () => performance.now(),
  frame: requestFrame = (fn) => requestAnimationFrame(fn), cancelFrame = (id) => cancelAnimationFrame(id),
  setTimer = (fn, ms) => setTimeout(fn, ms), clearTimer = (id) => clearTimeout(id),
} = {}) {
  let state = initial;
  let left = []; // painters not yet run since the last change
  let draining = false; // a later task is queued to run `left`
  const listeners = new Set();
  const painters = new Set();

  function drain(atLeast = 0) {
    draining = false;
    const began = now();
    for (let painted = 1; left.length; painted++) {
      const paint = left.shift();
      paint(state);
      if (left.length && painted >= atLeast && now() - began > SLICE_MS) {
        draining = true;
        later(drain);
        return;
      }
    }
  }

  function flush(atLeast = 0) {
    left = [...painters]; // every painter again, from the newest state
    if (!draining || atLeast) drain(atLeast);
  }

  const frames = frameRequests(() => flush(), { requestFrame, cancelFrame, setTimer, clearTimer });

  return {
    get: () => state,
    update(patch) {
      const change = typeof patch === "function" ? patch(state) : patch;
      if (!change) return;
      state = { ...state, ...change };
      for (const listener of listeners) listener(state, change);
      frames.ask(change);
    },
    /**
     * Draw the changes of the next `ms` together, in the frame after the returned release
     * function is called or the time is up, whichever comes first; a frame asked for and
     * not yet drawn waits too. A change for which `waits(change)` (the patch) is false is
     * drawn at once, with all that was held. For a search's quick answer: the click's
     * changes and the answer in one frame, not two (in WebKit a frame's first text and
     * drawings can take the main thread 50-100 ms, and the answer waited behind them);
     * a zoom or a key meanwhile is not delayed. A later hold replaces this one; releasing
     * a replaced hold does nothing.
     */
    holdFrames: (ms, waits) => frames.hold(ms, waits),
    /** Draw now instead of at the next frame (the first paint): at least the first
     * `atLeast` painters now, whatever they take; the rest as a frame's are. */
    flushNow(atLeast = 0) {
      frames.cancel();
      flush(atLeast);
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
