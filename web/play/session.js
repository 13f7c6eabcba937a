// Play mode's side effects: after every move the solver checks, in the worker, whether
// the position can still become a tour (one check at a time, only the position played
// now; input never waits for it; a check of a position left behind is ended early where
// the worker allows it), and a finished path goes to Python's validator before it is
// celebrated and shown as a tour that replays and shares like any other.

import { squareName } from "../core/squares.js";
import { checkDue, currentPlay, playedPath, samePosition, verdictOf } from "./state.js";
import * as P from "./transitions.js";
import { inEnglish, msg } from "../i18n/said.js";
import { tourShown } from "../tour/api.js";

const isPlaying = (state) => state.view === "play";

/** The solver's board arguments (squares by name). */
function boardArgs(settings) {
  const name = (sq) => squareName(sq, settings.rows);
  return { rows: settings.rows, cols: settings.cols, holes: settings.holes.map(name), closed: settings.closed, rule: settings.rule };
}

const run = (store, transition, ...args) => store.update((state) => transition(state, ...args));

/** Ask the solver whether `request`'s position can still become a tour; record the answer. */
async function check(session, state, request) {
  const { store, solver } = session;
  session.inFlight = { ...request, cancelling: false };
  let result;
  try {
    performance.mark("play-check-start");
    result = await solver.complete({ ...boardArgs(state.settings), path: request.path, maxNodes: request.budget });
    performance.mark("play-check-end");
    performance.measure("play-check", "play-check-start", "play-check-end");
  } catch (err) {
    // A worker restart or a failure: the position stays unknown (not checking), said plainly.
    const reasonMsg = msg("play.reason.checkFailed", { error: err.message });
    result = { status: "gave_up", reason: inEnglish(reasonMsg), reasonMsg, indices: [] };
    request = { ...request, budget: Infinity };
  } finally {
    session.inFlight = null;
  }
  // Ended early because the play moved on: no answer for that position (it is asked
  // again if the play comes back to it).
  if (result.status !== "cancelled") run(store, P.checkAnswered, request, result);
  schedule(session);
}

/** Have Python's validator judge the finished path; a valid one becomes the page's tour. */
async function validate(session, state, path) {
  const { store, solver } = session;
  session.validating = path;
  let verdict;
  try {
    await solver.validate({ ...boardArgs(state.settings), indices: Int32Array.from(path) });
    verdict = { ok: true, message: "" };
  } catch (err) {
    verdict = { ok: false, message: err.message };
  } finally {
    session.validating = null;
  }
  run(store, P.finishChecked, path, verdict);
  if (verdict.ok) showFinished(store, path);
}

/** The validated tour becomes the page's tour: drawn, replayed from its first move, shareable. */
function showFinished(store, path) {
  store.update((state) => {
    const play = currentPlay(state);
    if (!play || play.length !== path.length) return null;
    const settings = { ...state.settings, start: [Math.floor(path[0] / state.settings.cols), path[0] % state.settings.cols] };
    // Same board: the play stays current. Another view's tour is kept aside, not lost.
    return { ...tourShown(state, Int32Array.from(path), "play", null), settings, keptTour: P.tourKept(state) };
  });
}

/** Ask the solver about the position played now, or validate it when it is finished. */
function schedule(session) {
  const { store, solver, inFlight } = session;
  const state = store.get();
  if (!isPlaying(state) || !state.python.ready) return;
  const play = currentPlay(state);
  if (!play) return;
  if (verdictOf(play).verdict === "complete") {
    if (!play.finished && !session.validating) validate(session, state, playedPath(play));
    return;
  }
  const due = checkDue(play);
  if (inFlight) {
    // The position being checked is no longer the one played: end that check early, so
    // the one played now need not wait for it (up to a second on a large board).
    if (due && !inFlight.cancelling && !samePosition(due, inFlight)) inFlight.cancelling = solver.cancelCheck();
    return;
  }
  if (due) check(session, state, due);
}

/** Schedule on what can make a check due: the play, Python's readiness, the view (not every hover). */
function watchPlay(session) {
  const { store } = session;
  let seen = [];
  store.subscribe((state) => {
    const now = [state.play, state.python.ready, state.view, state.settings];
    if (now.some((value, i) => value !== seen[i])) {
      const moved = now[0] !== seen[0];
      seen = now;
      // When the position's verdict is decided (for the benchmark: click -> verdict).
      if (moved && state.play && !verdictOf(state.play).checking) performance.mark("play-verdict");
      schedule(session);
    }
  });
}

/**
 * Bind play mode to the store and the solver client. Returns the commands the panel and
 * the board call: {squareChosen, undo, redo, restart, hint}.
 */
export function createPlaySession({ store, solver }) {
  // inFlight: the request being checked ({length, path, budget}) and whether it is being
  // cancelled; validating: the finished path being validated.
  const session = { store, solver, inFlight: null, validating: null };
  watchPlay(session);
  return {
    squareChosen: (sq) => run(store, P.squarePlayed, sq),
    undo: () => run(store, P.undone),
    redo: () => run(store, P.redone),
    restart: () => run(store, P.restarted),
    hint: () => run(store, P.hintAsked),
    schedule: () => schedule(session),
  };
}
