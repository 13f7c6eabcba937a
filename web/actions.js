// Everything the person can do, as functions that change state through the store's
// one funnel and talk to the solver and the browser history.

import { parseQuery, toQuery } from "./url.js";
import { encodeTour } from "./tour-codec.js";
import { parseSquare, sameSquare, squareName, KNIGHT_STEPS } from "./squares.js";
import { naturalSpeed } from "./animation.js";
import { searchAt, seekPatch, timeline } from "./state.js";

const MAX_TOUR_PARAM = 1500; // longer tours travel as settings only (the solver is deterministic)
const MAX_EVENTS = 50_000; // search steps kept for replaying plain backtracking

/** Check a decoded tour against the settings; returns a reason, or "" when it fits. */
export function tourProblem(tour, settings) {
  const { rows, cols, holes, closed } = settings;
  const blocked = new Uint8Array(rows * cols);
  for (const [r, c] of holes) blocked[r * cols + c] = 1;
  const wanted = rows * cols - holes.length;
  if (tour.length !== wanted) return `it visits ${tour.length} squares, not the ${wanted} of this board`;
  for (let i = 0; i < tour.length; i += 1) {
    if (blocked[tour[i]] === 1) return `move ${i + 1} lands on a hole or repeats a square`;
    blocked[tour[i]] = 1;
  }
  if (closed) {
    const a = tour[tour.length - 1];
    const dr = Math.floor(tour[0] / cols) - Math.floor(a / cols);
    const dc = (tour[0] % cols) - (a % cols);
    if (!KNIGHT_STEPS.some(([r, c]) => r === dr && c === dc)) return "its last square is not a knight move from its start";
  }
  return "";
}

export function createActions({ store, solver, controls, history = window.history, location = window.location }) {
  let generation = 0;
  let waitingForPython = false;
  let speedChosen = false;
  let loadingSince = performance.now();

  const get = () => store.get();

  function pushUrl(settings, mode) {
    const query = toQuery(settings);
    if (mode === "none" || location.search === query) return;
    if (mode === "replace") history.replaceState(null, "", query);
    else history.pushState(null, "", query);
  }

  function idleStatus() {
    return get().python.ready ? "ready" : "loading";
  }

  /** Replace the settings: drop any tour, stop any search, record the URL, maybe solve. */
  function apply(settings, { url = "push", solve = true, tour = null, paramErrors } = {}) {
    generation += 1;
    waitingForPython = false;
    if (get().status === "solving") solver.stop();
    const patch = {
      settings, tour: null, tourFrom: "", shown: 0, playing: false, result: null, progress: null,
      status: idleStatus(), message: "", events: null, search: null,
    };
    if (paramErrors) patch.paramErrors = paramErrors;
    const old = get().settings;
    if (old.rows !== settings.rows || old.cols !== settings.cols) speedChosen = false;
    store.update(patch);
    pushUrl(settings, url);
    if (tour) showTour(tour, "link", null);
    else if (solve && settings.start && !get().editHoles) findTour();
  }

  function showTour(tour, from, result) {
    const state = get();
    const speed = speedChosen ? state.speed : naturalSpeed(tour.length);
    store.update({ status: "found", tour, tourFrom: from, result, progress: null, shown: 1, playing: tour.length > 1, speed, message: "" });
    if (from === "link" && state.python.ready) checkLinkTour();
  }

  async function checkLinkTour() {
    const { settings, tour } = get();
    const gen = generation;
    try {
      await solver.validate({ ...solveArgs(settings), indices: tour });
    } catch (err) {
      if (gen !== generation || err.message === "cancelled") return;
      const message = `tour: this tour does not fit the settings: ${err.message}. Searching for one instead.`;
      store.update({ paramErrors: [...get().paramErrors, { param: "tour", message }] });
      apply(settings, { url: "none" });
    }
  }

  function solveArgs(settings) {
    const name = (sq) => squareName(sq, settings.rows);
    return {
      rows: settings.rows, cols: settings.cols, start: settings.start ? name(settings.start) : null,
      closed: settings.closed, holes: settings.holes.map(name), method: settings.method, rule: settings.rule,
    };
  }

  async function findTour() {
    const state = get();
    if (!state.settings.start) return;
    if (state.python.failed) {
      store.update({ status: "error", message: `The solver could not start: ${state.python.failed}` });
      return;
    }
    if (!state.python.ready) {
      waitingForPython = true;
      store.update({ status: "loading" });
      return;
    }
    waitingForPython = false;
    const gen = ++generation;
    store.update({
      status: "solving", tour: null, shown: 0, playing: false, result: null, progress: null, message: "",
      events: null, search: null,
    });
    let result;
    try {
      const args = solveArgs(state.settings);
      if (state.settings.method === "backtrack") args.recordEvents = MAX_EVENTS;
      result = await solver.solve(args, (progress) => {
        if (gen === generation) store.update({ progress });
      });
    } catch (err) {
      if (gen === generation) store.update({ status: "error", message: err.message });
      return;
    }
    if (gen !== generation) return;
    const events = result.events && result.events.length ? result.events : null;
    if (result.status === "found") showTour(result.indices, "solver", result);
    else store.update({ status: result.status, result, progress: null });
    store.update({ events });
  }

  return {
    /** Read the page's URL (on load and on Back/Forward). */
    loadFromUrl() {
      const { settings, errors, tour: linked } = parseQuery(location.search);
      let tour = linked;
      const problem = tour && tourProblem(tour, settings);
      if (problem) {
        errors.push({ param: "tour", message: `tour: the tour in the link does not fit the board: ${problem}. Searching for one instead.` });
        tour = null;
      }
      apply(settings, { url: "none", tour, paramErrors: errors });
    },

    pythonLoading({ stage, ms }) {
      loadingSince = performance.now() - ms;
      store.update({ python: { ...get().python, ready: false, stage, ms } });
    },

    /** Keep the loading indicator's seconds counting while Python starts. */
    tickLoading() {
      const { python } = get();
      if (!python.ready && !python.failed) store.update({ python: { ...python, ms: performance.now() - loadingSince } });
    },

    pythonReady({ ms, pyodideMs, methods }) {
      performance.mark("python-ready");
      controls.setMethods(methods || []);
      const state = get();
      store.update({
        python: { ...state.python, ready: true, stage: "ready", ms, pyodideMs, failed: "" },
        status: state.status === "loading" ? "ready" : state.status,
      });
      if (waitingForPython) findTour();
      else if (state.tourFrom === "link") checkLinkTour();
    },

    pythonFailed({ message }) {
      store.update({ python: { ...get().python, ready: false, failed: message }, status: "error", message: `The solver could not start: ${message}` });
    },

    setSize(rows, cols) {
      const old = get().settings;
      if (old.rows === rows && old.cols === cols) return;
      // Keep squares by their algebraic names, so a1 stays the bottom-left corner.
      const move = (sq) => parseSquare(squareName(sq, old.rows), rows, cols);
      const holes = old.holes.map(move).filter(Boolean);
      const start = old.start ? move(old.start) : null;
      const clash = start && holes.some((h) => sameSquare(h, start));
      store.update({ cursor: null });
      apply({ ...old, rows, cols, holes, start: clash ? null : start });
    },

    changeSettings(patch) {
      apply({ ...get().settings, ...patch });
    },

    squareChosen(sq) {
      const state = get();
      const { settings } = state;
      const isHole = settings.holes.some((h) => sameSquare(h, sq));
      if (state.editHoles) {
        const holes = isHole ? settings.holes.filter((h) => !sameSquare(h, sq)) : [...settings.holes, sq];
        const start = sameSquare(settings.start, sq) ? null : settings.start;
        apply({ ...settings, holes, start }, { url: "replace", solve: false });
        return;
      }
      if (isHole) {
        store.update({ status: "error", message: `${squareName(sq, settings.rows)} is a hole; choose another square, or remove the hole with “Edit holes”.` });
        return;
      }
      apply({ ...settings, start: sq });
    },

    toggleEditHoles() {
      const editing = !get().editHoles;
      store.update({ editHoles: editing });
      if (editing) {
        // One history entry for the whole editing session.
        history.pushState(null, "", toQuery(get().settings));
        apply(get().settings, { url: "none", solve: false });
      } else if (get().settings.start) findTour();
    },

    stop() {
      generation += 1;
      waitingForPython = false;
      const gen = generation;
      store.update({ status: "cancelled", playing: false });
      solver.stop().then(({ restarted }) => {
        if (restarted && gen === generation) store.update({ python: { ...get().python, ready: false, stage: "restarting Python", ms: 0 } });
      });
    },

    findTour,

    hover(sq) {
      if (!sameSquare(sq, get().hover)) store.update({ hover: sq });
    },

    focus(focused) {
      const state = get();
      const cursor = state.cursor || state.settings.start || [state.settings.rows - 1, 0];
      store.update({ focused, cursor });
      if (focused) controls.announce(`Square ${squareName(cursor, state.settings.rows)}`);
    },

    moveCursor(dr, dc) {
      const { settings, cursor } = get();
      const [r, c] = cursor || [settings.rows - 1, 0];
      const next = [Math.min(settings.rows - 1, Math.max(0, r + dr)), Math.min(settings.cols - 1, Math.max(0, c + dc))];
      store.update({ cursor: next, focused: true });
      controls.announce(`Square ${squareName(next, settings.rows)}`);
    },

    chooseCursor() {
      const { cursor } = get();
      if (cursor) this.squareChosen(cursor);
    },

    togglePlay() {
      const state = get();
      const { length, position } = timeline(state);
      if (!length) return;
      if (state.playing) store.update({ playing: false });
      else store.update({ ...(position >= length ? seekPatch(state, 0) : {}), playing: true });
    },

    step(delta) {
      const state = get();
      store.update({ ...seekPatch(state, timeline(state).position + delta), playing: false });
    },

    seek(position, keepPlaying) {
      const state = get();
      store.update({ ...seekPatch(state, position), playing: keepPlaying && state.playing });
    },

    showAll() {
      const state = get();
      store.update({ ...seekPatch(state, timeline(state).length), playing: false });
    },

    /** Replay the recorded plain-backtracking search, or go back to the tour. */
    toggleSearch() {
      const state = get();
      if (state.search) {
        store.update({ search: null, playing: false, shown: state.tour ? state.tour.length : 0 });
      } else if (state.events) {
        const speed = speedChosen ? state.speed : Math.max(8, Math.round(state.events.length / 20));
        store.update({ search: searchAt(state.events, 0), playing: true, speed });
      }
    },

    setSpeed(speed) {
      speedChosen = true;
      store.update({ speed });
    },

    currentSettings: () => get().settings,

    /** A form value that cannot be used: say so in the status line; settings stay. */
    inputError(message) {
      store.update({ status: "error", message, playing: false });
    },

    /** Put a link to the current board (and a compact tour) on the clipboard. */
    async copyLink() {
      const { settings, tour } = get();
      let tourParam = null;
      if (tour && tour.length > 1) {
        const encoded = encodeTour(tour, settings.cols);
        if (encoded.length <= MAX_TOUR_PARAM) tourParam = encoded;
      }
      const url = `${location.origin}${location.pathname}${toQuery(settings, tourParam)}`;
      try {
        await navigator.clipboard.writeText(url);
        return { url, copied: true };
      } catch {
        return { url, copied: false };
      }
    },
  };
}
