// window.knightTour: a frozen, plain, read-only view of the page for tests and tools.
// {rows, cols, start, closed, holes, rule, method, status, reason, path, ...} with squares
// as [row, col], and `state`: the whole store, every field the page has (typed arrays as
// plain arrays). path and state are built lazily, once per snapshot, because big tours
// are large.

/** A deep, frozen, plain copy: typed arrays become arrays, objects and arrays are frozen. */
import { said } from "../tour/said.js";
import { exploreSnapshot } from "../explore/snapshot.js";

/** A deep, frozen, plain copy: typed arrays become arrays, objects and arrays are frozen. */
export function frozenCopy(value) {
  if (value === null || typeof value !== "object") return value;
  if (ArrayBuffer.isView(value)) return Object.freeze(Array.from(value));
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy));
  const out = {};
  for (const [key, item] of Object.entries(value)) out[key] = frozenCopy(item);
  return Object.freeze(out);
}

function lazy(target, name, build, enumerable = true) {
  let value;
  let built = false;
  Object.defineProperty(target, name, {
    enumerable,
    get() {
      if (!built) {
        value = build();
        built = true;
      }
      return value;
    },
  });
}

function freezeSquares(squares) {
  return Object.freeze(squares.map((sq) => Object.freeze([sq[0], sq[1]])));
}

import { playSnapshot } from "../play/snapshot.js";
import { learnSnapshot } from "../learn/snapshot.js";

function snapshotOf(state, traceOf) {
  const { settings, tour } = state;
  const snap = {
    rows: settings.rows,
    cols: settings.cols,
    start: settings.start ? Object.freeze([...settings.start]) : null,
    closed: settings.closed,
    holes: freezeSquares(settings.holes),
    rule: settings.rule,
    method: settings.method,
    status: state.status,
    reason: state.result ? state.result.reason || "" : "",
    message: said(state.message),
    pythonReady: state.python.ready,
    pythonMs: state.python.ready ? Object.freeze({ total: state.python.ms, pyodide: state.python.pyodideMs }) : null,
    // How Python started: "snapshot" (the build's memory snapshot) or "plain", and why not
    // from the snapshot when it was plain.
    pythonStart: state.python.ready ? state.python.start : "",
    snapshotFallback: state.python.ready ? state.python.fallback : "",
    // A plain start: whether from the build's precompiled modules, and why not.
    pythonBytecode: state.python.ready && state.python.bytecode,
    bytecodeFallback: state.python.ready ? state.python.bytecodeFallback : "",
    shown: state.shown,
    tourLength: tour && state.status === "found" ? tour.length : 0,
  };
  // view, comparison, heatmap, count: built lazily (a heatmap can hold thousands of cells).
  let explore = null;
  for (const key of ["view", "budget", "comparison", "comparisonStatus", "comparisonOpened", "heatmap", "count"]) {
    lazy(snap, key, () => frozenCopy((explore = explore || exploreSnapshot(state))[key]));
  }
  lazy(snap, "play", () => frozenCopy(playSnapshot(state)));
  lazy(snap, "learn", () => frozenCopy(learnSnapshot(state, traceOf())));
  lazy(snap, "path", () => {
    const out = [];
    if (tour && state.status === "found") {
      for (const sq of tour) out.push(Object.freeze([Math.floor(sq / settings.cols), sq % settings.cols]));
    }
    return Object.freeze(out);
  });
  // Not enumerable: a JSON dump of the snapshot stays the size it was (the tour once).
  lazy(snap, "state", () => frozenCopy(state), false);
  return Object.freeze(snap);
}

/** Publish window.knightTour; `traceOf()` gives the Learn view's trace (learn/session.js). */
export function publishSnapshot(store, target = window, traceOf = () => null) {
  let current = snapshotOf(store.get(), traceOf);
  Object.defineProperty(target, "knightTour", { get: () => current, enumerable: true, configurable: false });
  return store.subscribe((state) => {
    current = snapshotOf(state, traceOf);
  });
}
