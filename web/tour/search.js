// The Tour view's side effects: the page's search for a tour from the start square, and
// the check of a tour that came with a link or the page. The shell says when the board
// changed, Python became ready, a preset board's tour arrived or hole editing ended
// (`session.on`, shell/session.js); this module decides whether to search, and talks to
// the solver. A reply that arrives after a newer search or setting began (its generation
// is old) is dropped. Heatmap searches this way too (its declaration's `findsTour`).

import { presetTour } from "../presets/presets.js";
import { whileCurrent } from "../solver/while-current.js";
import { solveArgs } from "../solver/solve-args.js";
import * as S from "./search-transitions.js";

const run = (io, transition, ...args) => io.store.update((state) => transition(state, ...args));

/**
 * How long a search's first changes wait to be drawn with its answer: the solver answers
 * a click on a small board in 5-45 ms here (a phone's CPU, about 4x), and 0.1 s still reads
 * as at once. Drawn in one frame, the click's changes and the tour cost WebKit one
 * frame's first text and drawings instead of two, and the answer does not wait behind
 * the first (docs/engines.md); a quick search does not flash "Searching…" and Stop.
 */
export const QUICK_ANSWER_MS = 100;

// The state's parts that a search and its answer change (search-transitions.js, the
// playback): while its quick answer is awaited, a change of anything else (a zoom, a key,
// another view, the language) is drawn at once, with what was held.
const SEARCH_PARTS = new Set([
  "generation", "waitingForPython", "status", "tour", "shown", "playing", "result", "progress",
  "message", "events", "search", "tourFrom", "tourCheck", "speed",
]);
const searchChangeOnly = (change) => Object.keys(change).every((key) => SEARCH_PARTS.has(key));

/** Search from the start square (once Python is ready); a newer search or setting drops the reply.
 * `io`: {store, solver, views (the registry)}. */
export async function findTour(io) {
  const state = io.store.get();
  // Other views search in their own way (Compare runs every method, Play asks about
  // positions, Learn runs the reader's program), in their own sessions.
  if (!io.views.findsTour(state)) return;
  if (!state.settings.start) return;
  if (state.python.failed) return run(io, S.solveImpossibleToStart);
  if (!state.python.ready) {
    const preset = presetTour(state.settings); // a preset board's tour, made at build time
    if (!preset) return run(io, S.solveQueued);
    io.store.update({ waitingForPython: false });
    return showLinkTour(io, preset, "preset");
  }
  // A quick answer is drawn in the same frame as the click that asked for it; a search
  // still going after QUICK_ANSWER_MS shows that it searches, and its Stop.
  const drawHeld = io.store.holdFrames(QUICK_ANSWER_MS, searchChangeOnly);
  run(io, S.solveStarted);
  const { generation } = io.store.get();
  const current = () => generation === io.store.get().generation;
  const args = { ...solveArgs(state.settings), ...io.views.searchArgs(state) }; // the view's budget; events to replay
  try {
    await whileCurrent((onProgress) => io.solver.solve(args, onProgress), current, {
      progress: (progress) => run(io, S.progressed, progress),
      failed: (message) => run(io, S.solveFailed, message),
      done: (result) => run(io, S.solveFinished, result),
    });
  } finally {
    drawHeld();
  }
}

function showLinkTour(io, tour, from = "link") {
  run(io, S.tourShown, tour, from, null);
  if (io.store.get().python.ready) validateLinkTour(io);
}

/** Python's validator has the last word on a tour from a link (or one that came with the page). */
async function validateLinkTour(io) {
  const { settings, tour, generation } = io.store.get();
  try {
    await io.solver.validate({ ...solveArgs(settings), indices: tour });
  } catch (err) {
    if (generation !== io.store.get().generation || err.message === "cancelled") return;
    run(io, S.linkTourRejected, err.reasons ?? err.message); // the validator's reason, in every language
    io.session.reapply(settings); // the board stays, without the tour: searched afresh
    return;
  }
  if (generation !== io.store.get().generation) return;
  performance.mark("tour-validated");
  run(io, S.linkTourValidated);
}

/** Stop the search: a solver that had to be restarted says so (Python starts again). */
export function stop(io) {
  run(io, S.stopped);
  const { generation } = io.store.get();
  io.solver.stop().then(({ restarted }) => {
    if (restarted && generation === io.store.get().generation) io.session.pythonRestarting();
  });
}

/** New settings (the shell's `applied`): the search under way stops; the link's tour is
 * shown and checked, or a search starts when the open view searches on new settings. */
function settingsApplied(io, { before, tour, solve }) {
  if (before.status === "solving") io.solver.stop();
  const state = io.store.get();
  if (tour) showLinkTour(io, tour);
  else if (solve && state.settings.start && !state.editHoles && io.views.searchesOnApply(state, before.settings)) findTour(io);
}

/** Python is ready: the search that waited for it starts, or the tour that came is checked. */
function pythonReady(io) {
  const { waitingForPython, tourFrom } = io.store.get();
  if (waitingForPython) findTour(io);
  else if (tourFrom === "link" || tourFrom === "preset") validateLinkTour(io);
}

/** The search's commands; `io`: {store, solver, views, session (the shell's)}. */
export function createSearchSession(io) {
  io.session.on("applied", (change) => settingsApplied(io, change));
  io.session.on("pythonReady", () => pythonReady(io));
  // The preset boards' tours, fetched once the board is drawn: a click waiting for one gets it.
  io.session.on("presets", () => io.store.get().waitingForPython && findTour(io));
  io.session.on("holesEdited", () => io.store.get().settings.start && findTour(io));
  return {
    findTour: () => findTour(io),
    stop: () => stop(io),
  };
}
