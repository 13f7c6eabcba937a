// Python's start in its worker: the seconds of its start counted, a start that failed or
// stalled begun again, and what comes once it is ready (the views told, the build kept
// for offline use).

import * as T from "./transitions.js";
import { keepOffline } from "../offline/register.js";
import { watchPresets } from "../presets/presets.js";

const LOADING_TICK_MS = 1000;

/** How long after Python is ready the page asks to be kept for offline use. */
export const OFFLINE_AFTER_MS = 2000;

const run = (io, transition, ...args) => io.store.update((state) => transition(state, ...args));

function pythonReady(io, msg) {
  performance.mark("python-ready");
  run(io, T.pythonReady, msg);
  io.emit("pythonReady"); // a search that waited starts; a tour that came is checked
  // Saved for offline use only once this build has started Python here, and a moment
  // after: the service worker's install (the build fetched, decoded and hashed) took the
  // CPU that a first click's search and drawing need (WebKit's click waited 90 ms more).
  if (!io.store.get().offlineCache.status && !io.offlineTimer) {
    io.offlineTimer = setTimeout(() => keepOffline(io), OFFLINE_AFTER_MS);
  }
}

/** Python starts again in a fresh worker (a stop that had to end the old one, or Try again). */
export function pythonRestarting(io) {
  run(io, T.pythonRestarting, io.now());
}

/** A start that failed or stopped moving, begun again with a fresh worker (the page's
 * Try again): the board and settings stay, a search that waited for Python still waits. */
export function retryPython(io) {
  io.solver.restart();
  pythonRestarting(io);
}

/** Start Python in its worker and count the seconds of its start. Returns the function that stops the count. */
export function startPython(io) {
  io.solver.start({
    onLoading: (msg) => run(io, T.pythonLoading, msg, io.now()),
    onReady: (msg) => pythonReady(io, msg),
    onFailed: (msg) => run(io, T.pythonFailed, msg),
    onOffline: () => run(io, T.pythonOffline),
  });
  const timer = setInterval(() => run(io, T.loadingTicked, io.now()), LOADING_TICK_MS);
  // The preset boards' tours, fetched now that the board is drawn (a search may wait for one).
  const unwatch = watchPresets(io.store, () => io.emit("presets"));
  return () => {
    clearInterval(timer);
    unwatch();
  };
}
