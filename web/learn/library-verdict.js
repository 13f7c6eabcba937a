// Asks knight_py itself (the page's solver worker) about the board and start of a Learn
// run whose step budget ran out, so the view can say beside "no answer yet" whether a tour
// exists there: for 5 x 5 from b1, the colour count proves none does. One question per
// board and start; the answer reaches the store through learn/transitions.js.

import { squareName } from "../core/squares.js";
import { libraryAnswered } from "./transitions.js";

/** Nodes the library may search before it too says "not decided". */
export const LIBRARY_NODES = 2_000_000;

function question(state) {
  const { learn, settings } = state;
  if (!learn.budgetRan || !learn.madeFor || learn.library || !state.python.ready) return null;
  const [rows, cols, r, c] = learn.madeFor.split(",").map(Number);
  if (rows !== settings.rows || cols !== settings.cols) return null;
  return { key: learn.madeFor, start: [r, c], args: { rows, cols, start: squareName([r, c], rows), closed: false, holes: [], method: "auto", rule: "knight", maxNodes: LIBRARY_NODES } };
}

async function ask(store, solver, q) {
  store.update((state) => libraryAnswered(state, { key: q.key, start: q.start, status: "asking" }));
  let result;
  try {
    result = await solver.solve(q.args);
  } catch {
    result = { status: "gave_up" };
  }
  const { status, reason = "", reasons = null, nodes = 0 } = result;
  store.update((state) => libraryAnswered(state, { key: q.key, start: q.start, status, reason, reasons, nodes }));
}

/** Watch the store: a run whose budget ran out gets the library's verdict once. */
export function watchLibraryVerdict({ store, solver }) {
  return store.subscribe((state) => {
    const q = question(state);
    if (q) ask(store, solver, q);
  });
}
