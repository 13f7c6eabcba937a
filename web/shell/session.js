// The shell's side effects: the page's search for a tour, Python's lifecycle, the link
// (read on load and on Back/Forward, written as the board changes, copied), the view
// switch and the language. Every state change is a pure transition (transitions.js)
// sent through the store; this module only decides when, and talks to the outside world.
// A reply that arrives after a newer search or setting began (its generation is old) is
// dropped. What a view does differently it says in its declaration (`io.views`).

import { parseQuery, toQuery } from "./url.js";
import { linkedPath } from "../core/tour-codec.js";
import { hasSquare, squareName } from "../core/squares.js";
import * as T from "./transitions.js";
import { keepOffline } from "../offline/register.js";
import { LANGUAGE_KEY, pageLanguage } from "../i18n/language.js";
import { hasLanguage, loadLanguage, setLanguage } from "../i18n/messages.js";
import { presetTour, watchPresets } from "../presets/presets.js";
import { whileCurrent } from "../solver/while-current.js";

const LOADING_TICK_MS = 1000;

/** The solver's arguments for the settings (squares by name). */
export function solveArgs(settings) {
  const name = (sq) => squareName(sq, settings.rows);
  return {
    rows: settings.rows, cols: settings.cols, start: settings.start ? name(settings.start) : null,
    closed: settings.closed, holes: settings.holes.map(name), method: settings.method, rule: settings.rule,
  };
}

// `io` below is what the session talks to: {store, solver, views (the registry), history,
// location, clipboard, serviceWorker (navigator.serviceWorker, absent where unsupported),
// storage (where the language choice is kept), languages (navigator.languages), now}.

const run = (io, transition, ...args) => io.store.update((state) => transition(state, ...args));

/** The address for the page's state (the settings given, the view and its parameters). */
const queryOf = (io, settings, state = io.store.get()) => toQuery(settings, null, state, io.views);

function pushUrl(io, settings, mode) {
  const query = queryOf(io, settings);
  if (mode === "none" || io.location.search === query) return;
  if (mode === "replace") io.history.replaceState(null, "", query);
  else io.history.pushState(null, "", query);
}

/** Replace the settings: drop any tour, stop any search, record the URL, maybe solve. */
export function apply(io, settings, { url = "push", solve = true, tour = null, paramErrors } = {}) {
  if (io.store.get().status === "solving") io.solver.stop();
  const before = io.store.get().settings;
  // A link's problems are about that link: once the reader's own change has replaced its
  // settings and its address, they are gone (the list stands above the board).
  run(io, T.settingsApplied, settings, paramErrors ?? (url === "none" ? undefined : []));
  pushUrl(io, settings, url);
  if (tour) showLinkTour(io, tour);
  else if (solve && settings.start && !io.store.get().editHoles && io.views.searchesOnApply(io.store.get(), before)) findTour(io);
}

function showLinkTour(io, tour, from = "link") {
  run(io, T.tourShown, tour, from, null);
  if (io.store.get().python.ready) validateLinkTour(io);
}

/** Python's validator has the last word on a tour from a link (or one that came with the page). */
async function validateLinkTour(io) {
  const { settings, tour, generation } = io.store.get();
  try {
    await io.solver.validate({ ...solveArgs(settings), indices: tour });
  } catch (err) {
    if (generation !== io.store.get().generation || err.message === "cancelled") return;
    run(io, T.linkTourRejected, err.reasons ?? err.message); // the validator's reason, in every language
    apply(io, settings, { url: "none" });
    return;
  }
  if (generation !== io.store.get().generation) return;
  performance.mark("tour-validated");
  run(io, T.linkTourValidated);
}

/** Search from the start square (once Python is ready); a newer search or setting drops the reply. */
export async function findTour(io) {
  const state = io.store.get();
  // Other views search in their own way (Compare runs every method, Play asks about
  // positions, Learn runs the reader's program), in their own sessions.
  if (!io.views.findsTour(state)) return;
  if (!state.settings.start) return;
  if (state.python.failed) return run(io, T.solveImpossibleToStart);
  if (!state.python.ready) {
    const preset = presetTour(state.settings); // a preset board's tour, made at build time
    if (!preset) return run(io, T.solveQueued);
    io.store.update({ waitingForPython: false });
    return showLinkTour(io, preset, "preset");
  }
  // A quick answer is drawn in the same frame as the click that asked for it; a search
  // still going after QUICK_ANSWER_MS shows that it searches, and its Stop.
  const drawHeld = io.store.holdFrames(QUICK_ANSWER_MS, searchChangeOnly);
  run(io, T.solveStarted);
  const { generation } = io.store.get();
  const current = () => generation === io.store.get().generation;
  const args = { ...solveArgs(state.settings), ...io.views.searchArgs(state) }; // the view's budget; events to replay
  try {
    await whileCurrent((onProgress) => io.solver.solve(args, onProgress), current, {
      progress: (progress) => run(io, T.progressed, progress),
      failed: (message) => run(io, T.solveFailed, message),
      done: (result) => run(io, T.solveFinished, result),
    });
  } finally {
    drawHeld();
  }
}

/**
 * How long a search's first changes wait to be drawn with its answer: the solver answers
 * a click on a small board in 5-45 ms here (a phone's CPU, about 4x), and 0.1 s still reads
 * as at once. Drawn in one frame, the click's changes and the tour cost WebKit one
 * frame's first text and drawings instead of two, and the answer no longer waits behind
 * the first (docs/engines.md); a quick search no longer flashes "Searching…" and Stop.
 */
export const QUICK_ANSWER_MS = 100;

// The state's parts that a search and its answer change (shell/transitions.js, the
// playback): while its quick answer is awaited, a change of anything else (a zoom, a key,
// another view, the language) is drawn at once, with what was held.
const SEARCH_PARTS = new Set([
  "generation", "waitingForPython", "status", "tour", "shown", "playing", "result", "progress",
  "message", "events", "search", "tourFrom", "tourCheck", "speed",
]);
const searchChangeOnly = (change) => Object.keys(change).every((key) => SEARCH_PARTS.has(key));

/** How long after Python is ready the page asks to be kept for offline use. */
export const OFFLINE_AFTER_MS = 2000;

export function stop(io) {
  run(io, T.stopped);
  const { generation } = io.store.get();
  io.solver.stop().then(({ restarted }) => {
    if (restarted && generation === io.store.get().generation) run(io, T.pythonRestarting, io.now());
  });
}

function pythonReady(io, msg) {
  performance.mark("python-ready");
  const { waitingForPython, tourFrom } = io.store.get();
  run(io, T.pythonReady, msg);
  if (waitingForPython) findTour(io);
  else if (tourFrom === "link" || tourFrom === "preset") validateLinkTour(io);
  // Saved for offline use only once this build has started Python here, and a moment
  // after: the service worker's install (the build fetched, decoded and hashed) took the
  // CPU that a first click's search and drawing need (WebKit's click waited 90 ms more).
  if (!io.store.get().offlineCache.status && !io.offlineTimer) {
    io.offlineTimer = setTimeout(() => keepOffline(io), OFFLINE_AFTER_MS);
  }
}

/** A start that failed or stopped moving, begun again with a fresh worker (the page's
 * Try again): the board and settings stay, a search that waited for Python still waits. */
export function retryPython(io) {
  io.solver.restart();
  run(io, T.pythonRestarting, io.now());
}

/** Start Python in its worker and count the seconds of its start. Returns the function that stops the count. */
export function startPython(io) {
  io.solver.start({
    onLoading: (msg) => run(io, T.pythonLoading, msg, io.now()),
    onReady: (msg) => pythonReady(io, msg),
    onFailed: (msg) => run(io, T.pythonFailed, msg),
    onOffline: () => run(io, T.pythonOffline),
  });
  const timer = setInterval(() => run(io, T.loadingTicked, io.now()), LOADING_TICK_MS);
  // The preset boards' tours, fetched now that the board is drawn; a click waiting for one gets it.
  const unwatch = watchPresets(io.store, () => io.store.get().waitingForPython && findTour(io));
  return () => {
    clearInterval(timer);
    unwatch();
  };
}

/**
 * Run `then` once the words of `lang` are loaded: now, if they are; else fetch them (the
 * switch says so meanwhile, and says why if they cannot be had), then run it unless the
 * reader has chosen another language since.
 */
function withLanguage(io, lang, then) {
  if (hasLanguage(lang)) {
    then();
    return;
  }
  const { langLoad } = io.store.get();
  if (langLoad.lang !== lang || langLoad.error) run(io, T.languageLoading, lang);
  const wanted = () => io.store.get().langLoad.lang === lang;
  loadLanguage(lang).then(
    () => wanted() && then(),
    (error) => run(io, T.languageLoadFailed, lang, error?.message ?? String(error)),
  );
}

/** Read the page's URL (on load and on Back/Forward). */
export function loadFromUrl(io) {
  // The language first: the link's messages are worded as they are read. app.js has
  // loaded the page's first language before this is called; one that a Back or Forward
  // brings follows once loaded.
  const chosen = pageLanguage({ search: io.location.search, storage: io.storage, languages: io.languages });
  withLanguage(io, chosen.lang, () => {
    setLanguage(chosen.lang);
    run(io, T.languageChosen, chosen.lang, chosen.chosen);
  });
  const { settings, errors, tour, view, linked } = parseQuery(io.location.search, io.views);
  io.store.update({ view });
  // A parameter a search depends on (the budget) is read before the settings start one.
  const early = linked.filter(([param]) => param.early);
  for (const [param, value] of early) run(io, param.loaded, value);
  apply(io, settings, { url: "none", tour, paramErrors: errors });
  for (const [param, value] of linked) if (!param.early) run(io, param.loaded, value);
}

/** A tab chosen: the view left and the view opened change what their declarations say
 * (`left`, `opened`), and the view opens. */
export function chooseView(io, view) {
  const state = io.store.get();
  if (state.view !== view) run(io, T.viewChosen, view, { ...io.views.left(state), ...io.views.opened(state, view) });
  pushUrl(io, io.store.get().settings, "push");
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

export function toggleEditHoles(io) {
  run(io, T.editHolesToggled);
  const { editHoles, settings } = io.store.get();
  if (editHoles) {
    io.history.pushState(null, "", toQuery(settings)); // one history entry for the whole editing session
    apply(io, settings, { url: "none", solve: false });
  } else if (settings.start) findTour(io);
}

/**
 * The link to what the view shows: the board and its settings, the view and its
 * parameters, and a compact tour when it is short enough; a view may give its own
 * settings and parameters instead of the tour (its declaration's `share`: Play's game).
 */
export function shareUrl(location, state, views) {
  const own = views.share(state);
  const { settings } = own ?? state;
  const tourParam = !own && state.tour && state.tour.length > 1 ? linkedPath(state.tour, settings.cols) : null;
  const extra = own ? own.parts.map((part) => `&${part}`).join("") : "";
  return `${location.origin}${location.pathname}${toQuery(settings, tourParam, state, views)}${extra}`;
}

/** Put the link on the clipboard; when the browser refuses, the link is shown to copy by hand. */
export async function copyLink(io) {
  const state = io.store.get();
  const { settings } = state;
  const url = shareUrl(io.location, state, io.views);
  let copied = true;
  try {
    await io.clipboard.writeText(url);
  } catch {
    copied = false;
  }
  run(io, T.linkMade, url, copied, settings, io.views.shareKind(state));
}

/** The reader picked a language: show it, remember it, and put it in the address. */
export function chooseLanguageCommand(io, lang) {
  if (!hasLanguage(lang)) {
    withLanguage(io, lang, () => chooseLanguageCommand(io, lang));
    return;
  }
  run(io, T.languageChosen, lang, true);
  try {
    io.storage?.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Not saved (storage refused); the address still carries it.
  }
  pushUrl(io, io.store.get().settings, "replace");
}

/** The session's commands bound to what it talks to (panels and events call these). */
export function createSession({ store, solver, views, history, location, clipboard, serviceWorker, storage, languages = [], now = () => performance.now() }) {
  const io = {
    store, solver, views, history, location, clipboard, serviceWorker, storage, languages, now,
    offlineTimer: 0, // the keeping for offline use, set once Python is ready (pythonReady)
  };
  return {
    startPython: () => startPython(io),
    loadFromUrl: () => loadFromUrl(io),
    setSize: (rows, cols) => setSize(io, rows, cols),
    changeSettings: (patch) => apply(io, { ...store.get().settings, ...patch }),
    squareChosen: (sq) => squareChosen(io, sq),
    squareCleared: () => squareCleared(io),
    toggleEditHoles: () => toggleEditHoles(io),
    findTour: () => findTour(io),
    stop: () => stop(io),
    retryPython: () => retryPython(io),
    copyLink: () => copyLink(io),
    /** The reader has read the link's problems: the list goes. */
    closeLinkProblems: () => run(io, T.linkProblemsClosed),
    chooseLanguage: (lang) => chooseLanguageCommand(io, lang),
    followUrl: () => pushUrl(io, store.get().settings, "replace"),
    /** Show a board of the open view's own ({rows, cols, start, holes}): the address
     * follows without a history entry, and no search starts. */
    showBoard: (board) => apply(io, { ...store.get().settings, ...board }, { url: "replace", solve: false }),
    chooseView: (view) => chooseView(io, view),
    /** The address for a state: its settings, view and parameters. */
    queryOf: (state) => queryOf(io, state.settings, state),
  };
}
