// window.knightTour: a frozen, plain, read-only view of the page for tests and tools.
// {rows, cols, start, closed, holes, rule, method, status, reason, path} with squares as
// [row, col]; path is built lazily (and once per tour) because big tours are large.

function freezeSquares(squares) {
  return Object.freeze(squares.map((sq) => Object.freeze([sq[0], sq[1]])));
}

function snapshotOf(state) {
  const { settings, tour } = state;
  let path = null;
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
    message: state.message || "",
    pythonReady: state.python.ready,
    pythonMs: state.python.ready ? Object.freeze({ total: state.python.ms, pyodide: state.python.pyodideMs }) : null,
    shown: state.shown,
    tourLength: tour && state.status === "found" ? tour.length : 0,
  };
  Object.defineProperty(snap, "path", {
    enumerable: true,
    get() {
      if (path === null) {
        const out = [];
        if (tour && state.status === "found") {
          for (const sq of tour) out.push(Object.freeze([Math.floor(sq / settings.cols), sq % settings.cols]));
        }
        path = Object.freeze(out);
      }
      return path;
    },
  });
  return Object.freeze(snap);
}

export function publishSnapshot(store, target = window) {
  let current = snapshotOf(store.get());
  let last = store.get();
  Object.defineProperty(target, "knightTour", { get: () => current, enumerable: true, configurable: false });
  store.subscribe((state) => {
    const changed = state.settings !== last.settings || state.status !== last.status || state.tour !== last.tour
      || state.result !== last.result || state.message !== last.message || state.python.ready !== last.python.ready
      || state.shown !== last.shown;
    last = state;
    if (changed) current = snapshotOf(state);
  });
}
