// The shared board's settings: its size, holes and start, changed by the form, a square
// chosen or the hole editor. New settings are recorded in the address and said to the
// views (`applied`): what they do about them (Tour's search) is theirs.

import { hasSquare } from "../core/squares.js";
import { toQuery } from "./url.js";
import * as T from "./transitions.js";
import { pushUrl } from "./link.js";

const run = (io, transition, ...args) => io.store.update((state) => transition(state, ...args));

/**
 * Replace the settings: drop any tour, record the URL, and tell the views
 * (`applied`: {before (the state before), tour (a link's), solve (a search is wanted)}).
 */
export function apply(io, settings, { url = "push", solve = true, tour = null, paramErrors } = {}) {
  const before = io.store.get();
  // A link's problems are about that link: once the reader's own change has replaced its
  // settings and its address, they are gone (the list stands above the board).
  run(io, io.views.settingsApplied, settings, paramErrors ?? (url === "none" ? undefined : []));
  pushUrl(io, settings, url);
  io.emit("applied", { before, tour, solve });
}

export function setSize(io, rows, cols) {
  const settings = T.resizedSettings(io.store.get().settings, rows, cols);
  if (!settings) return;
  io.store.update({ cursor: null });
  apply(io, settings);
}

/** A square was clicked or chosen with the keyboard: start there, or edit its hole. */
export function squareChosen(io, sq) {
  const { settings, editHoles } = io.store.get();
  if (editHoles) apply(io, T.holeToggled(settings, sq), { url: "replace", solve: false });
  else if (hasSquare(settings.holes, sq)) run(io, T.holeRefused, sq);
  else {
    const { start, patch } = io.views.choose(io.store.get(), sq);
    if (patch) io.store.update(patch);
    apply(io, { ...settings, start });
  }
}

/** Escape on the board: the selection of a view whose second tap clears it is cleared. */
export function squareCleared(io) {
  const state = io.store.get();
  const patch = state.settings.start ? io.views.clear(state) : null;
  if (!patch) return;
  io.store.update(patch);
  apply(io, { ...state.settings, start: null });
}

/** Hole editing begins (one history entry for the whole session) or ends (`holesEdited`). */
export function toggleEditHoles(io) {
  run(io, T.editHolesToggled);
  const { editHoles, settings } = io.store.get();
  if (editHoles) {
    io.history.pushState(null, "", toQuery(settings)); // one history entry for the whole editing session
    apply(io, settings, { url: "none", solve: false });
  } else io.emit("holesEdited");
}
