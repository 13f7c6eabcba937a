// The shell's session: the commands of what the shell owns (the board's settings, Python's
// start, the link, the view switch and the language), bound to what they talk to, and
// what they say to the views. Every state change is a pure transition (transitions.js)
// sent through the store; each concern's side effects are a module of their own
// (board-session.js, python-session.js, link.js, language-session.js). A view hears of
// new settings, Python ready, a preset board's tour arrived and hole editing ended
// through `on` (Tour's search, tour/search.js); what a view does differently it says in
// its declaration (`io.views`).

import { parseQuery } from "./url.js";
import * as T from "./transitions.js";
import { pageLanguage } from "../i18n/language.js";
import { setLanguage } from "../i18n/messages.js";
import { apply, setSize, squareChosen, squareCleared, toggleEditHoles } from "./board-session.js";
import { pythonRestarting, retryPython, startPython } from "./python-session.js";
import { copyLink, pushUrl, queryOf } from "./link.js";
import { chooseLanguage, withLanguage } from "./language-session.js";

// `io` below is what the session talks to: {store, solver, views (the registry), history,
// location, clipboard, serviceWorker (navigator.serviceWorker, absent where unsupported),
// storage (where the language choice is kept), languages (navigator.languages), now}.

const run = (io, transition, ...args) => io.store.update((state) => transition(state, ...args));

/** The events the views may hear (`on`): applied, pythonReady, presets, holesEdited. */
export const EVENTS = ["applied", "pythonReady", "presets", "holesEdited"];

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

/** The listeners of `EVENTS`, and `emit(event, payload)` calling them in the order they came. */
function events() {
  const listeners = Object.fromEntries(EVENTS.map((event) => [event, []]));
  return {
    on(event, listener) {
      if (!listeners[event]) throw new Error(`no shell event ${event}`);
      listeners[event].push(listener);
    },
    emit: (event, payload) => {
      for (const listener of listeners[event]) listener(payload);
    },
  };
}

/** The session's commands bound to what it talks to (panels and events call these). */
export function createSession({ store, solver, views, history, location, clipboard, serviceWorker, storage, languages = [], now = () => performance.now() }) {
  const io = {
    store, solver, views, history, location, clipboard, serviceWorker, storage, languages, now,
    offlineTimer: 0, // the keeping for offline use, set once Python is ready (pythonReady)
  };
  const { on, emit } = events();
  io.emit = emit;
  return {
    startPython: () => startPython(io),
    loadFromUrl: () => loadFromUrl(io),
    setSize: (rows, cols) => setSize(io, rows, cols),
    changeSettings: (patch) => apply(io, { ...store.get().settings, ...patch }),
    squareChosen: (sq) => squareChosen(io, sq),
    squareCleared: () => squareCleared(io),
    toggleEditHoles: () => toggleEditHoles(io),
    retryPython: () => retryPython(io),
    /** Python starts again in a fresh worker (a search's stop had to end the old one). */
    pythonRestarting: () => pythonRestarting(io),
    /** Listen to the shell's `EVENTS` (a view's session, as it is made). */
    on,
    /** Apply these settings again, unrecorded: the board as it was, any tour dropped. */
    reapply: (settings) => apply(io, settings, { url: "none" }),
    copyLink: () => copyLink(io),
    /** The reader has read the link's problems: the list goes. */
    closeLinkProblems: () => run(io, T.linkProblemsClosed),
    chooseLanguage: (lang) => chooseLanguage(io, lang),
    followUrl: () => pushUrl(io, store.get().settings, "replace"),
    /** Show a board of the open view's own ({rows, cols, start, holes}): the address
     * follows without a history entry, and no search starts. */
    showBoard: (board) => apply(io, { ...store.get().settings, ...board }, { url: "replace", solve: false }),
    chooseView: (view) => chooseView(io, view),
    /** The address for a state: its settings, view and parameters. */
    queryOf: (state) => queryOf(io, state.settings, state),
  };
}
