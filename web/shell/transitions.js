// The shell's pure state changes (the settings, Python's start, the pointer, sharing,
// the view switch and the language; the page's search and its tour are Tour's,
// tour/search-transitions.js): each takes the state (and what happened) and
// returns the patch to merge into it, or null for no change. Nothing here touches the
// DOM, the solver, the URL or the clock; session.js does that and feeds the results back.

import { hasSquare, parseSquare, sameSquare, squareName } from "../core/squares.js";
import { cursorText } from "../a11y/cursor-text.js";
import { msg } from "../i18n/said.js";

/** The status with no search and no tour: Python ready or still starting. */
export const idleStatus = (state) => (state.python.ready ? "ready" : "loading");

// --- settings -------------------------------------------------------------------------

/** New settings, the shell's part: a new generation begins and the status is idle again.
 * What the views' slices drop is theirs (their declarations' `settingsDropped`); the
 * registry's settingsApplied (shell/views.js) merges both, and is the one the page uses. */
export function settingsApplied(state, settings, paramErrors) {
  const patch = { settings, status: idleStatus(state), message: "", generation: state.generation + 1 };
  if (paramErrors) patch.paramErrors = paramErrors;
  if (state.settings !== settings) patch.share = null; // a link made for other settings is hidden
  return patch;
}

/** The reader closed the list of the link's problems. */
export function linkProblemsClosed(state) {
  return state.paramErrors.length ? { paramErrors: [] } : null;
}

/** The settings on a rows x cols board, squares kept by name (a1 stays bottom-left); null if the size is unchanged. */
export function resizedSettings(settings, rows, cols) {
  if (settings.rows === rows && settings.cols === cols) return null;
  const move = (sq) => parseSquare(squareName(sq, settings.rows), rows, cols);
  const holes = settings.holes.map(move).filter(Boolean);
  const start = settings.start ? move(settings.start) : null;
  const clash = start && hasSquare(holes, start);
  return { ...settings, rows, cols, holes, start: clash ? null : start };
}

/** The settings with the hole at `sq` added or removed (a start there is dropped). */
export function holeToggled(settings, sq) {
  const holes = hasSquare(settings.holes, sq) ? settings.holes.filter((h) => !sameSquare(h, sq)) : [...settings.holes, sq];
  const start = sameSquare(settings.start, sq) ? null : settings.start;
  return { ...settings, holes, start };
}

/** A click on a hole outside hole editing: explain, change nothing else. */
export function holeRefused(state, sq) {
  return { status: "error", message: msg("tour.status.hole-refused", { square: squareName(sq, state.settings.rows) }) };
}

export function editHolesToggled(state) {
  return { editHoles: !state.editHoles };
}

/** A form value that cannot be used: say so in the status line; settings stay. */
export function inputRejected(state, message) {
  return { status: "error", message, playing: false };
}

/** A bad board size typed in the form: which fields are bad, and the message. */
export function sizeRejected(state, { rows, cols, message }) {
  return { ...inputRejected(state, message), sizeError: { rows, cols, message } };
}

export function sizeAccepted(state) {
  return state.sizeError ? { sizeError: null } : null;
}

// --- Python's lifecycle ---------------------------------------------------------------

/** A start that has not moved (no new stage, no byte) for this long says so, with a retry. */
export const STALL_MS = 30_000;

/** What moving looks like: the stage, the start, the downloads and their bytes arrived. */
function startMark({ stage, start, files }) {
  return `${stage}|${start}|${files.length}|${files.reduce((sum, file) => sum + (file.received || 0), 0)}`;
}

export function pythonLoading(state, { stage, ms, start = "", fallback = "", files = [] }, now) {
  const moved = startMark(state.python) !== startMark({ stage, start, files });
  const movedAt = moved ? now : state.python.movedAt;
  return { python: { ...state.python, ready: false, stage, ms, since: now - ms, start, fallback, files, offline: false, movedAt, stalled: now - movedAt >= STALL_MS } };
}

/** Keep the loading indicator's seconds counting while Python starts, and notice a start
 * that has stopped moving (a download or a message that never comes). */
export function loadingTicked(state, now) {
  const { python } = state;
  return python.ready || python.failed ? null : { python: { ...python, ms: now - python.since, stalled: now - python.movedAt >= STALL_MS } };
}

export function pythonReady(state, { ms, pyodideMs, downloadsMs, methods, start = "", fallback = "", bytecode = false, bytecodeFallback = "" }) {
  return {
    python: {
      ...state.python, ready: true, stage: "ready", ms, pyodideMs, downloadsMs, failed: "", stalled: false, methods: methods || [], start, fallback,
      bytecode, bytecodeFallback,
    },
    status: state.status === "loading" ? "ready" : state.status,
  };
}

export function pythonFailed(state, { message }) {
  return { python: { ...state.python, ready: false, failed: message, stalled: false }, status: "error", message: msg("solver.failed", { reason: message }) };
}

/** What the service worker did about keeping this build for offline use. */
export function offlineCacheChanged(state, { status, detail = "" }) {
  const { offlineCache: cache } = state;
  return cache.status === status && cache.detail === detail ? null : { offlineCache: { status, detail } };
}

export function pythonRestarting(state, now) {
  const python = { ...state.python, ready: false, stage: "restarting Python", ms: 0, since: now, offline: false, files: [], failed: "", movedAt: now, stalled: false };
  // A start that had failed is loading again: its error no longer stands.
  return state.python.failed && state.status === "error" ? { python, status: "loading", message: "" } : { python };
}

/** A fresh worker could not load its files with the network off: it restarts when the network is back. */
export function pythonOffline(state) {
  return { python: { ...state.python, ready: false, offline: true, stage: "waiting for the network" } };
}

// --- the board's pointer and keyboard -------------------------------------------------

export function hovered(state, sq) {
  return sameSquare(sq, state.hover) ? null : { hover: sq };
}

/** The board gained or lost focus; the cursor appears where it was, on the start, or on a1. */
export function focusChanged(state, focused) {
  const cursor = state.cursor || state.settings.start || [state.settings.rows - 1, 0];
  const patch = { focused, cursor };
  if (focused) patch.announcement = cursorText(cursor, state.settings.rows);
  return patch;
}

/** The board's box was resized (or the pixel ratio changed); null when it did not. */
export function viewportChanged(state, viewport) {
  const old = state.viewport;
  if (old.width === viewport.width && old.height === viewport.height && old.dpr === viewport.dpr) return null;
  return { viewport };
}

// --- sharing --------------------------------------------------------------------------

/** The link made; `view`: what it holds (views.shareKind: a tour, a board, a game...). */
export function linkMade(state, url, copied, settings, view = state.view) {
  return { share: { url, copied, settings, view } };
}

/** A view chosen: its id, and what leaving the open one and opening it change besides. */
export function viewChosen(state, view, opened = null) {
  return state.view === view ? null : { ...opened, view };
}

/** The page's language changed: `chosen` when the reader picked it, so links carry it. */

export function languageChosen(state, lang, chosen = true) {
  const idle = state.langLoad.lang === "" ? null : { langLoad: { lang: "", error: "" } };
  if (state.lang === lang && state.langChosen === (chosen || state.langChosen)) return idle;
  return { lang, langChosen: chosen || state.langChosen, ...idle };
}

/** The words of `lang` are being fetched (the page stays in its language meanwhile). */
export function languageLoading(state, lang) {
  return { langLoad: { lang, error: "" } };
}

/** The words of `lang` could not be fetched: `reason` (the browser's words, cut short). */
export function languageLoadFailed(state, lang, reason) {
  if (state.langLoad.lang !== lang) return null; // the reader chose another meanwhile
  return { langLoad: { lang, error: String(reason || "?").slice(0, 200) } };
}
