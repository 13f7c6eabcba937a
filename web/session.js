// The side effects of the page's commands: solver runs, Python's lifecycle, the
// browser's history and the clipboard. Every state change is a pure transition
// (transitions.js) sent through the store; this module only decides when, and talks to
// the outside world. A reply that arrives after a newer search or setting began (its
// generation is old) is dropped.

import { parseQuery, toQuery } from "./url.js";
import { encodeTour } from "./tour-codec.js";
import { squareName } from "./squares.js";
import * as T from "./transitions.js";

const MAX_TOUR_PARAM = 1500; // longer tours travel as settings only (the solver is deterministic)
const MAX_EVENTS = 50_000; // search steps kept for replaying plain backtracking
const LOADING_TICK_MS = 1000;

/** The solver's arguments for the settings (squares by name). */
export function solveArgs(settings) {
  const name = (sq) => squareName(sq, settings.rows);
  return {
    rows: settings.rows, cols: settings.cols, start: settings.start ? name(settings.start) : null,
    closed: settings.closed, holes: settings.holes.map(name), method: settings.method, rule: settings.rule,
  };
}

export function createSession({ store, solver, history, location, clipboard, now = () => performance.now() }) {
  const get = () => store.get();
  const run = (transition, ...args) => store.update((state) => transition(state, ...args));

  function pushUrl(settings, mode) {
    const query = toQuery(settings);
    if (mode === "none" || location.search === query) return;
    if (mode === "replace") history.replaceState(null, "", query);
    else history.pushState(null, "", query);
  }

  /** Replace the settings: drop any tour, stop any search, record the URL, maybe solve. */
  function apply(settings, { url = "push", solve = true, tour = null, paramErrors } = {}) {
    if (get().status === "solving") solver.stop();
    run(T.settingsApplied, settings, paramErrors);
    pushUrl(settings, url);
    if (tour) showLinkTour(tour);
    else if (solve && settings.start && !get().editHoles) findTour();
  }

  function showLinkTour(tour) {
    run(T.tourShown, tour, "link", null);
    if (get().python.ready) checkLinkTour();
  }

  /** Python's validator has the last word on a tour from a link. */
  async function checkLinkTour() {
    const { settings, tour, generation } = get();
    try {
      await solver.validate({ ...solveArgs(settings), indices: tour });
    } catch (err) {
      if (generation !== get().generation || err.message === "cancelled") return;
      run(T.linkTourRejected, err.message);
      apply(settings, { url: "none" });
    }
  }

  async function findTour() {
    const state = get();
    if (!state.settings.start) return;
    if (state.python.failed) return run(T.solveImpossibleToStart);
    if (!state.python.ready) return run(T.solveQueued);
    run(T.solveStarted);
    const { generation } = get();
    const current = () => generation === get().generation;
    let result;
    try {
      const args = solveArgs(state.settings);
      if (state.settings.method === "backtrack") args.recordEvents = MAX_EVENTS;
      result = await solver.solve(args, (progress) => {
        if (current()) run(T.progressed, progress);
      });
    } catch (err) {
      if (current()) run(T.solveFailed, err.message);
      return;
    }
    if (current()) run(T.solveFinished, result);
  }

  function stop() {
    run(T.stopped);
    const { generation } = get();
    solver.stop().then(({ restarted }) => {
      if (restarted && generation === get().generation) run(T.pythonRestarting, now());
    });
  }

  const python = {
    loading: (msg) => run(T.pythonLoading, msg, now()),
    ready(msg) {
      performance.mark("python-ready");
      const { waitingForPython, tourFrom } = get();
      run(T.pythonReady, msg);
      if (waitingForPython) findTour();
      else if (tourFrom === "link") checkLinkTour();
    },
    failed: (msg) => run(T.pythonFailed, msg),
  };

  return {
    /** Start Python in its worker (after the board's first draw: it competes for the CPU). */
    startPython() {
      solver.start({ onLoading: python.loading, onReady: python.ready, onFailed: python.failed });
      const timer = setInterval(() => run(T.loadingTicked, now()), LOADING_TICK_MS);
      return () => clearInterval(timer);
    },

    /** Read the page's URL (on load and on Back/Forward). */
    loadFromUrl() {
      const { settings, errors, tour } = parseQuery(location.search);
      apply(settings, { url: "none", tour, paramErrors: errors });
    },

    setSize(rows, cols) {
      const settings = T.resizedSettings(get().settings, rows, cols);
      if (!settings) return;
      store.update({ cursor: null });
      apply(settings);
    },

    changeSettings(patch) {
      apply({ ...get().settings, ...patch });
    },

    /** A square was clicked or chosen with the keyboard: start there, or edit its hole. */
    squareChosen(sq) {
      const { settings, editHoles } = get();
      if (editHoles) apply(T.holeToggled(settings, sq), { url: "replace", solve: false });
      else if (T.isHole(settings, sq)) run(T.holeRefused, sq);
      else apply({ ...settings, start: sq });
    },

    toggleEditHoles() {
      run(T.editHolesToggled);
      const { editHoles, settings } = get();
      if (editHoles) {
        history.pushState(null, "", toQuery(settings)); // one history entry for the whole editing session
        apply(settings, { url: "none", solve: false });
      } else if (settings.start) findTour();
    },

    findTour,
    stop,

    /** Put a link to the current board (and a compact tour) on the clipboard. */
    async copyLink() {
      const { settings, tour } = get();
      let tourParam = null;
      if (tour && tour.length > 1) {
        const encoded = encodeTour(tour, settings.cols);
        if (encoded.length <= MAX_TOUR_PARAM) tourParam = encoded;
      }
      const url = `${location.origin}${location.pathname}${toQuery(settings, tourParam)}`;
      let copied = true;
      try {
        await clipboard.writeText(url);
      } catch {
        copied = false;
      }
      run(T.linkMade, url, copied, settings);
    },
  };
}
