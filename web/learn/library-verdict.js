// Asks the page's own solver about the board and start of a Learn run whose step budget
// ran out, or whose answer is no tour, so the view can say whether a tour exists there
// (for 5 x 5 from b1, the colour count proves none does) and offer the one it finds. A
// menu program run as written whose search the solver runs move for move (verdict.js
// SAME_SEARCH) is asked of that method, so that "a bigger budget gets there" is true. One
// question per run; the answer reaches the store through learn/transitions.js.

import { squareName } from "../core/squares.js";
import { keyBoard, libraryAnswered } from "./transitions.js";
import { SAME_SEARCH, knightRun } from "./verdict.js";

/** Nodes the library may search before it too says "not decided". The question runs in
 * the background, on the page's solver, right when the next run's fresh Python starts: at
 * 2,000,000 nodes the plain backtracking from a1 of 8 x 8 (which decides nothing there)
 * kept a core busy for about 11 s in Chromium and longer in WebKit, whose next Python then
 * took 4-5 s to start instead of 1.2-1.6 s. 250,000 nodes is 1-3 s of a core here, and
 * still finishes what the menu's searches finish on 5 x 5 and 6 x 6 (58,692 nodes from a1
 * of 6 x 6). */
export const LIBRARY_NODES = 250_000;

function question(state) {
  const { learn, settings } = state;
  const noTour = learn.status === "done" && learn.answer && !learn.answer.valid;
  if (!(learn.budgetRan || noTour) || !learn.madeFor || learn.library || !state.python.ready) return null;
  if (learn.forExercise) return null; // an exercise's board (holes, a rule): its check says what is true there
  const { rows, cols, start: [r, c], rule } = keyBoard(learn.madeFor);
  if (rows !== settings.rows || cols !== settings.cols) return null;
  const asWritten = learn.source === null || learn.source === undefined;
  const method = (learn.budgetRan && asWritten && knightRun(learn) && SAME_SEARCH[learn.program]) || "auto";
  return { key: learn.madeFor, run: learn.run, start: [r, c], args: { rows, cols, start: squareName([r, c], rows), closed: false, holes: [], method, rule, maxNodes: LIBRARY_NODES } };
}

async function ask(store, solver, q) {
  const asked = { key: q.key, run: q.run, start: q.start }; // which run's question the answer is
  store.update((state) => libraryAnswered(state, { ...asked, status: "asking" }));
  let result;
  try {
    result = await solver.solve(q.args);
  } catch {
    result = { status: "failed" }; // no answer came (an error, Python restarted): nothing is claimed
  }
  const { status, reason = "", reasons = null, nodes = 0 } = result;
  store.update((state) => libraryAnswered(state, { ...asked, status, reason, reasons, nodes }));
}

/** Watch the store: a run whose budget ran out gets the library's verdict once (its own:
 * an answer to an earlier run on the same board, asked of another method, is dropped). */
export function watchLibraryVerdict({ store, solver }) {
  return store.subscribe((state) => {
    const q = question(state);
    if (q) ask(store, solver, q);
  });
}
