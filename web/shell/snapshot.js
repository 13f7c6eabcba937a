// window.knightTour: a frozen, plain, read-only view of the page for tests and tools.
// The shell's fields {rows, cols, start, closed, holes, rule, method, status, reason,
// view, ...} with squares as [row, col], each view's own (its declaration's `snapshot`:
// path, comparison, heatmap, play, learn...), and `state`: the whole store, every field
// the page has (typed arrays as plain arrays). The views' fields and state are built
// lazily, once per snapshot, because big tours and heatmaps are large.

import { said } from "../i18n/said.js";

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

function snapshotOf(state, views, sessions) {
  const { settings } = state;
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
    view: state.view,
  };
  for (const [key, of] of views.snapshots) lazy(snap, key, () => frozenCopy(of(state, sessions)));
  // Not enumerable: a JSON dump of the snapshot stays the size it was (the tour once).
  lazy(snap, "state", () => frozenCopy(state), false);
  return Object.freeze(snap);
}

/** Publish window.knightTour: the shell's fields and those of the `views`, which read
 * the state and the `sessions` (Learn's trace is its session's). */
export function publishSnapshot(store, target, views, sessions = {}) {
  let current = snapshotOf(store.get(), views, sessions);
  Object.defineProperty(target, "knightTour", { get: () => current, enumerable: true, configurable: false });
  return store.subscribe((state) => {
    current = snapshotOf(state, views, sessions);
  });
}
