// The composition root: creates the store, the sessions, the board's layers and the
// panels (the shell's own and those of every view in the registry it is handed,
// web/views.js), wires them together and publishes window.knightTour. Nothing else
// happens here; a view plugs in through its declaration (shell/views.js), and
// web/README.md, "Adding a view", says how.

import { SLICE_MS, createStore, defaultState } from "./state.js";
import { orderedLayers, viewLayers } from "./views.js";
import { createSession } from "./session.js";
import { publishSnapshot } from "./snapshot.js";
import { viewportChanged } from "./transitions.js";
import { mountViewTabs } from "./tabs.js";
import { mountPromptPanel } from "./prompt-panel.js";
import { mountSharePanel } from "./share-panel.js";
import { mountRevealPanel } from "./reveal-panel.js";
import { createRenderer, observeViewport, boardLayer, marksLayer, overlayLayer } from "../board/render.js";
import { pathLayer } from "../board/path-layer.js";
import { bindBoardEvents } from "../board/events.js";
import { bindZoomEvents } from "../board/zoom-events.js";
import { mountZoomPanel } from "../board/zoom-panel.js";
import { createPlayback } from "../board/animation.js";
import { drawFirstDrawings } from "../board/first-drawings.js";
import { boardGeometry } from "../board/geometry.js";
import { createSolverClient, startEarlyWorker, takeEarlyWorker } from "../solver/solver-client.js";
import { loadLanguage, setLanguage } from "../i18n/messages.js";
import { pageLanguage } from "../i18n/language.js";
import { mountLanguagePanel } from "../i18n/language-panel.js";
import { mountSquaresPanel } from "../a11y/squares-panel.js";
import { mountMovesPanel } from "../a11y/moves-panel.js";
import { mountAnnouncePanel } from "../a11y/announce-panel.js";
import { mountExportPanel } from "../export/panel.js";
import { storageOrNull } from "../core/storage.js";
import { laterTask } from "../core/later-task.js";
import { afterFrame } from "../core/after-frame.js";

// How long the page's start waits for the words of its language (a file of 20 KB,
// gzipped: a tenth of a second on slow 4G) before it starts in English meanwhile.
const FIRST_WORDS_MS = 3000;

// Whatever view is open: the language, the tabs, the prompt, the link, the zoom, the
// board as a table and a move list, saving the board, what the screen reader hears.
const SHELL_PANELS = [
  mountLanguagePanel, mountViewTabs, mountPromptPanel, mountSharePanel,
  mountZoomPanel, mountSquaresPanel, mountMovesPanel, mountExportPanel, mountAnnouncePanel, mountRevealPanel,
];

/** The steps that make the shell's session (with Python's worker) and each view's, from
 * its declaration, into `sessions`: each view's a step of its own. */
function sessionSteps(store, views, sessions) {
  let io = null;
  const shell = () => {
    // The worker index.html started, or on a slow link (where it did not) one started now,
    // before the page's own work: its downloads begin as the board is being drawn.
    const solver = createSolverClient(takeEarlyWorker() ?? startEarlyWorker());
    const session = createSession({
      store,
      solver,
      views,
      history: window.history,
      location: window.location,
      clipboard: navigator.clipboard,
      serviceWorker: navigator.serviceWorker, // undefined where the page is not a secure context
      storage: storageOrNull(window),
      languages: navigator.languages,
    });
    io = {
      store, solver, session, views, makeSolver: createSolverClient, queryOf: session.queryOf,
      history: window.history, location: window.location, navigator, doc: document,
    };
    sessions.session = session;
  };
  // Each in the registry's order; one may use those made before it (io.sessions).
  const viewSteps = Object.entries(views.sessions).map(([name, create]) => () => {
    sessions[name] = create({ ...io, sessions });
  });
  return [shell, ...viewSteps];
}

/** The steps that make the board's layers, the page's words and the board's input into
 * `mounted`, not yet drawn (`mounted.paint()` adds their painters): what a square chosen
 * on the board does (`boardSession`: the open view's own, else a search from there), the
 * renderer (`board`), and `panels`: the other panels' mounts, for startApp. */
function boardSteps(store, sessions, views, mounted) {
  const layersStep = () => {
    const { session } = sessions;
    const tourDrawn = (state) => Boolean(state.tour) && views.layersOf(state).has("path");
    const shellLayers = { board: boardLayer(), path: pathLayer(), marks: marksLayer(), overlay: overlayLayer({ tourDrawn }) };
    const layers = orderedLayers(shellLayers, views.layers, sessions);
    const squareChosen = (sq) => {
      // While holes are being edited a square chosen is a hole in every view, never a move.
      const own = store.get().editHoles ? null : views.squareChosen(store.get());
      return own ? own(sessions, sq) : session.squareChosen(sq);
    };
    mounted.boardSession = { ...session, squareChosen };
    mounted.container = document.getElementById("board");
    // Each layer draws only while the open view lists its name (views.js).
    mounted.board = createRenderer(mounted.container, viewLayers(layers, views.layersOf));
  };
  const inputStep = () => {
    const { board, container, boardSession } = mounted;
    const [mountWords, ...panels] = [...SHELL_PANELS, ...views.panels];
    const context = { store, views, ...sessions };
    const words = mountWords(document, context);
    observeViewport(container, (viewport) => store.update((state) => viewportChanged(state, viewport)));
    bindBoardEvents(board.canvas, { store, session: boardSession });
    bindZoomEvents(board.canvas, { store });
    createPlayback(store);
    publishSnapshot(store, window, views, sessions);
    // In this order, a frame cut into tasks (shell/state.js SLICE_MS) shows the page's
    // words and its board first: the language before anything is drawn in it, the fixed
    // words (the language panel, first of SHELL_PANELS), the board, then the other panels.
    mounted.paint = () => {
      store.onFrame((state) => setLanguage(state.lang));
      store.onFrame(words.sync);
      store.onFrame(board.draw);
    };
    mounted.panels = panels.map((mount) => () => store.onFrame(mount(document, context).sync));
  };
  return [layersStep, inputStep];
}

/** Run `steps` (functions; one that returns true has more to do and is run again) in tasks
 * of about SLICE_MS each, the first now or, with `later`, in a task of its own; then
 * `done`. No task of the page's start holds the main thread long on a slow phone. */
function inSlices(steps, done, { later = false } = {}) {
  const left = [...steps];
  const slice = () => {
    const began = performance.now();
    while (left.length) {
      if (left[0]() !== true) left.shift();
      if (left.length && performance.now() - began > SLICE_MS) {
        laterTask(slice);
        return;
      }
    }
    done();
  };
  if (later) laterTask(slice);
  else slice();
}

/** Show, a frame apart each, what index.html holds out of the page's first layout (its
 * `data-later`: the controls under the board, then the panel; style.css), then `done` a
 * frame later. Laid out at once, the whole page was one task of 73-110 ms on this machine
 * (docs/engines.md); the parts take 3-27 ms each once the fonts are loaded. */
function showHeld(root, done) {
  const held = (root.dataset.later ?? "").split(" ").filter(Boolean);
  const next = () => {
    afterFrame(() => {
      if (!held.length) {
        done();
        return;
      }
      held.shift();
      if (held.length) root.dataset.later = held.join(" ");
      else delete root.dataset.later;
      next();
    });
  };
  next();
}

/**
 * Start the page, in tasks of about SLICE_MS (a phone's main thread stays free), once
 * the words of its language are loaded (or FIRST_WORDS_MS have passed): the store and the sessions, the board's layers, the state the link asks for, the board's
 * canvases sized one at a time, then, in one task, the words and the board drawn in place
 * of `firstBoard` (the board main.js drew, or null) and a square clicked on that board
 * chosen; then the panels, each in its turn, shown a frame apart, then Python.
 */
export function startApp(firstBoard, views) {
  const store = createStore(defaultState(views));
  const sessions = {};
  const mounted = {};
  const steps = [
    ...sessionSteps(store, views, sessions),
    ...boardSteps(store, sessions, views, mounted),
    () => {
      sessions.session.loadFromUrl();
      window.addEventListener("popstate", () => sessions.session.loadFromUrl());
    },
    // Sizing a canvas of a phone's pixels is the costly part of a first drawing: done one
    // canvas a task, out of sight, before the board is drawn.
    () => mounted.board.sizeNext(store.get()),
  ];
  // The page's language first: a language other than English is a file of its own
  // (i18n/catalogs.js; main.js has begun to fetch it). Not longer than FIRST_WORDS_MS: past
  // that the page starts in English, and the switch says the words are still coming.
  const { lang } = pageLanguage({ search: window.location.search, storage: storageOrNull(window), languages: navigator.languages });
  const words = loadLanguage(lang, { timeoutMs: FIRST_WORDS_MS }).catch(() => {});
  words.then(() => inSlices(steps, () => laterTask(() => {
    // In one task of its own, the words and the board (the first painters): no frame
    // shows the page with neither board, or words hidden; the panels follow.
    mounted.paint();
    firstBoard?.remove();
    store.flushNow(3); // the language, the words, the board
    delete document.documentElement.dataset.words;
    if (!firstBoard) performance.mark("board-drawn"); // main.js drew none (a fast link)
    const clicked = firstBoard?.chosen();
    if (clicked) mounted.boardSession.squareChosen(clicked);
    // Each in tasks of its own after this one (a slow phone's tasks stay short).
    inSlices(mounted.panels, () => laterTask(() => {
      store.flushNow(); // each panel's first drawing, in slices too
      showHeld(document.documentElement, () => {
        performance.mark("app-ready");
        // Python's worker was started as the page began to load (index.html); from here on
        // its messages reach the store.
        sessions.session.startPython();
        // Each kind of drawing a first tour needs, drawn once out of sight while the
        // reader reads: a first click then costs what the next ones do (board/first-drawings.js).
        const g = boardGeometry(store.get());
        drawFirstDrawings(g, {
          makeCanvas: (width, height) => Object.assign(document.createElement("canvas"), { width, height }),
          later: laterTask,
          done: () => performance.mark("first-drawings", { detail: g.cell }),
        });
      });
    }), { later: true });
  }), { later: true }));
}
