// The Tour view's pure search changes: the page's search from the start square began,
// progressed, found a tour (or why there is none) or stopped, and a tour from a link was
// checked by Python's validator. Compare, Heatmap, Play and a pasted tour show their
// tours through tourShown too (tour/api.js). Each returns the patch to merge, or null.

import { naturalSpeed } from "../core/timeline.js";
import { msg, paramError } from "../i18n/said.js";
import { idleStatus } from "../shell/api.js";

/** New board settings (the view's settingsDropped): the page's tour and its search are
 * dropped; a speed the reader chose is kept for tours of the same size. */
export function tourDropped(state, settings) {
  const patch = {
    tour: null, tourFrom: "", tourCheck: "", shown: 0, playing: false, result: null, progress: null,
    events: null, search: null, waitingForPython: false,
  };
  if (state.settings.rows !== settings.rows || state.settings.cols !== settings.cols) patch.speedChosen = false;
  return patch;
}

export function solveStarted(state) {
  return {
    generation: state.generation + 1, waitingForPython: false, status: "solving",
    tour: null, shown: 0, playing: false, result: null, progress: null, message: "", events: null, search: null,
  };
}

/** A search is due but Python is not ready: it starts when Python is. */
export function solveQueued() {
  return { waitingForPython: true, status: "loading" };
}

export function solveImpossibleToStart(state) {
  return { status: "error", message: msg("solver.failed", { reason: state.python.failed }) };
}

export function progressed(state, progress) {
  return { progress };
}

/** Show a tour (from the solver or a link) and start playing it. */
export function tourShown(state, tour, from, result) {
  const speed = state.speedChosen ? state.speed : naturalSpeed(tour.length);
  const tourCheck = from === "link" || from === "preset" ? "checking" : "";
  return { status: "found", tour, tourFrom: from, tourCheck, result, progress: null, shown: 1, playing: tour.length > 1, speed, message: "" };
}

/** The solver's answer: a tour, or why there is none; plus its recorded events, if any. */
export function solveFinished(state, result) {
  const events = result.events && result.events.length ? result.events : null;
  if (result.status === "found") return { ...tourShown(state, result.indices, "solver", result), events };
  return { status: result.status, result, progress: null, events };
}

export function solveFailed(state, message) {
  return { status: "error", message };
}

export function stopped(state) {
  return { generation: state.generation + 1, waitingForPython: false, status: "cancelled", playing: false };
}

/** Python's validator passed the tour from the link. */
export function linkTourValidated(state) {
  return state.tourFrom === "link" || state.tourFrom === "preset" ? { tourCheck: "valid" } : null;
}

/** The linked tour failed Python's validator: take it down and say why (then the session searches instead). */
export function linkTourRejected(state, reason) {
  return {
    paramErrors: [...state.paramErrors, paramError("tour", msg("link.tour.rejected", { reason }))],
    tour: null, tourFrom: "", tourCheck: "", shown: 0, playing: false, status: idleStatus(state),
  };
}
