// Play mode's side effects: after every move the solver checks, in the worker, whether
// the position can still become a tour (one check at a time, only the position played
// now; input never waits for it; a check of a position left behind is ended early where
// the worker allows it), and a finished path goes to Python's validator before it is
// celebrated and shown as a tour that replays and shares like any other.

import { squareName } from "../core/squares.js";
import { checkDue, currentPlay, playedPath, samePosition, verdictOf } from "./state.js";
import * as P from "./transitions.js";
import { tourShown } from "../transitions.js";

const isPlaying = (state) => state.view === "play";

/** The solver's board arguments (squares by name). */
function boardArgs(settings) {
  const name = (sq) => squareName(sq, settings.rows);
  return { rows: settings.rows, cols: settings.cols, holes: settings.holes.map(name), closed: settings.closed, rule: settings.rule };
}

/**
 * Bind play mode to the store and the solver client. Returns the commands the panel and
 * the board call: {squareChosen, undo, redo, restart, hint}.
 */
export function createPlaySession({ store, solver }) {
  let inFlight = null; // the request being checked: {length, path, budget}, and whether it is being cancelled
  let validating = null; // the finished path being validated

  const run = (transition, ...args) => store.update((state) => transition(state, ...args));

  async function check(state, request) {
    inFlight = { ...request, cancelling: false };
    let result;
    try {
      performance.mark("play-check-start");
      result = await solver.complete({ ...boardArgs(state.settings), path: request.path, maxNodes: request.budget });
      performance.mark("play-check-end");
      performance.measure("play-check", "play-check-start", "play-check-end");
    } catch (err) {
      // A worker restart or a failure: the position stays unknown (not checking), said plainly.
      result = { status: "gave_up", reason: `the check failed: ${err.message}`, indices: [] };
      request = { ...request, budget: Infinity };
    } finally {
      inFlight = null;
    }
    // Ended early because the play moved on: no answer for that position (it is asked
    // again if the play comes back to it).
    if (result.status !== "cancelled") run(P.checkAnswered, request, result);
    schedule();
  }

  async function validate(state, path) {
    validating = path;
    let verdict;
    try {
      await solver.validate({ ...boardArgs(state.settings), indices: Int32Array.from(path) });
      verdict = { ok: true, message: "" };
    } catch (err) {
      verdict = { ok: false, message: err.message };
    } finally {
      validating = null;
    }
    run(P.finishChecked, path, verdict);
    if (verdict.ok) showFinished(path);
  }

  /** The validated tour becomes the page's tour: drawn, replayed from its first move, shareable. */
  function showFinished(path) {
    store.update((state) => {
      const play = currentPlay(state);
      if (!play || play.length !== path.length) return null;
      const settings = { ...state.settings, start: [Math.floor(path[0] / state.settings.cols), path[0] % state.settings.cols] };
      return { ...tourShown(state, Int32Array.from(path), "play", null), settings }; // same board: the play stays current
    });
  }

  /** Ask the solver about the position played now, or validate it when it is finished. */
  function schedule() {
    const state = store.get();
    if (!isPlaying(state) || !state.python.ready) return;
    const play = currentPlay(state);
    if (!play) return;
    if (verdictOf(play).verdict === "complete") {
      if (!play.finished && !validating) validate(state, playedPath(play));
      return;
    }
    const due = checkDue(play);
    if (inFlight) {
      // The position being checked is no longer the one played: end that check early, so
      // the one played now need not wait for it (up to a second on a large board).
      if (due && !inFlight.cancelling && !samePosition(due, inFlight)) inFlight.cancelling = solver.cancelCheck();
      return;
    }
    if (due) check(state, due);
  }

  // Only what can make a check due: the play, Python's readiness, the view (not every hover).
  let seen = [];
  store.subscribe((state) => {
    const now = [state.play, state.python.ready, state.view, state.settings];
    if (now.some((value, i) => value !== seen[i])) {
      const moved = now[0] !== seen[0];
      const fresh = now[2] !== seen[2] || now[3] !== seen[3];
      seen = now;
      if (fresh) run(P.playFromStart); // a link's start square, in play view
      // When the position's verdict is decided (for the benchmark: click -> verdict).
      if (moved && state.play && !verdictOf(state.play).checking) performance.mark("play-verdict");
      schedule();
    }
  });

  return {
    squareChosen: (sq) => run(P.squarePlayed, sq),
    undo: () => run(P.undone),
    redo: () => run(P.redone),
    restart: () => run(P.restarted),
    hint: () => run(P.hintAsked),
    schedule,
  };
}
