// The side effects of counting tours: a count from the start square, or from every free
// square in turn, on the page's solver, and Stop. Each state change is a pure transition
// (transitions.js) sent through the store; this module decides when, and talks to the solver.

import { solveArgs } from "../solver/solve-args.js";
import { whileCurrent } from "../solver/while-current.js";
import { squareName } from "../core/squares.js";
import * as C from "./transitions.js";

const run = (io, transition, ...args) => io.store.update((state) => transition(state, ...args));

async function runCount(io) {
  const state = io.store.get();
  if (!state.settings.start || !state.python.ready) return;
  run(io, C.countStarted);
  const mine = io.store.get().count;
  const current = () => io.store.get().count?.id === mine.id;
  await whileCurrent((onProgress) => io.solver.count(solveArgs(state.settings), onProgress), current, {
    progress: (progress) => run(io, C.countProgressed, progress),
    failed: (message) => run(io, C.countFailed, message),
    done: (result) => run(io, C.countFinished, result),
  });
}

/** Count from every free square in turn (the published totals count all start squares). */
async function runCountAll(io) {
  const state = io.store.get();
  if (!state.python.ready) return;
  const { settings } = state;
  const squares = [];
  for (let r = 0; r < settings.rows; r += 1) {
    for (let c = 0; c < settings.cols; c += 1) if (!settings.holes.some(([hr, hc]) => hr === r && hc === c)) squares.push([r, c]);
  }
  run(io, C.countStarted, "all", squares.length);
  const { id } = io.store.get().count;
  const current = () => io.store.get().count?.id === id && io.store.get().count.status === "running";
  const base = solveArgs(settings);
  for (const sq of squares) {
    if (!current()) return;
    let result;
    try {
      result = await io.solver.count({ ...base, start: squareName(sq, settings.rows) }, (p) => {
        if (current()) run(io, C.countProgressed, p);
      });
    } catch (err) {
      if (current()) run(io, C.countFailed, err.message);
      return;
    }
    if (!current()) return;
    if (result.status !== "done") {
      run(io, C.countFinished, { status: result.status, reason: result.reason || "", reasons: result.reasons ?? null }); // totals so far stay
      return;
    }
    run(io, C.countSquareDone, result);
  }
  if (current()) {
    const c = io.store.get().count;
    run(io, C.countFinished, { status: "done", value: c.found, nodes: c.nodes, seconds: c.seconds, reason: "" });
  }
}

async function stopCount(io) {
  run(io, C.countStopped);
  await io.solver.stop();
}

/** The count's commands bound to the store and the page's solver (the panel calls these). */
export function createCountSession({ store, solver }) {
  const io = { store, solver };
  return {
    count: () => runCount(io),
    countAll: () => runCountAll(io),
    stopCount: () => stopCount(io),
  };
}
