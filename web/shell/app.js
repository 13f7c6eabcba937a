// The composition root: creates the store, the board's layers, the panels, the session
// and the solver client, wires them together and publishes window.knightTour. Nothing
// else happens here; the README's layout section says what each module does. The page's
// first script (main.js) has drawn the board already; this one runs after it (index.html).
//
// A new view plugs in without touching the others (web/README.md, "Views"):
//   view        its declaration in VIEWS (shell/views.js): the layers it draws, the
//               sentence that leads the page, the prompt; a tab in index.html;
//   state       its plain-data key in defaultState() (state.js), so the store and
//               window.knightTour.state hold it;
//   changes     pure (state, args) -> patch functions in a module of its own;
//   drawing     a layer factory {canvases, draw(ctxs, g, state, fresh)} (see render.js)
//               with painters (ctx, g, state), named in boardLayers below;
//   controls    a panel module mount(doc, {store, session}) -> {sync, unbind} (see
//               panel.js), listed in PANELS, its markup in index.html (the build
//               bundles the modules main.js imports: tools/bundle.py);
//   effects     functions taking the session's io (see session.js), exposed by createSession.

import { createStore, defaultState } from "./state.js";
import { createRenderer, observeViewport, boardLayer, marksLayer, overlayLayer } from "../board/render.js";
import { createViews, viewLayers } from "./views.js";
import { tourView } from "../tour/view.js";
import { compareView, heatmapView } from "../explore/views.js";
import { playView } from "../play/view.js";
import { learnView } from "../learn/view.js";
import { pathLayer } from "../board/path-layer.js";
import { bindBoardEvents } from "../board/events.js";
import { createSession } from "./session.js";
import { createSolverClient, startEarlyWorker, takeEarlyWorker } from "../solver/solver-client.js";
import { createPlayback } from "../board/animation.js";
import { publishSnapshot } from "./snapshot.js";
import { viewportChanged } from "./transitions.js";
import { mountSettingsPanel } from "../tour/settings-panel.js";
import { mountStatusPanel } from "../tour/status-panel.js";
import { mountHintPanel } from "../tour/hint-panel.js";
import { mountPlaybackPanel } from "../tour/playback-panel.js";
import { mountSharePanel } from "../tour/share-panel.js";
import { createExploreSession } from "../explore/session.js";
import { heatmapLayer } from "../explore/heatmap-layer.js";
import { mountViewTabs } from "./tabs.js";
import { setLanguage } from "../i18n/messages.js";
import { mountLanguagePanel } from "../i18n/language-panel.js";
import { mountComparePanel } from "../explore/compare-panel.js";
import { mountHeatmapPanel } from "../explore/heatmap-panel.js";
import { mountCountPanel } from "../explore/count-panel.js";
import { mountDepthChartPanel } from "../explore/depth-chart-panel.js";
import { mountZoomPanel } from "../board/zoom-panel.js";
import { mountSquaresPanel } from "../a11y/squares-panel.js";
import { mountMovesPanel } from "../a11y/moves-panel.js";
import { mountExportPanel } from "../export/panel.js";
import { saveBlob } from "../export/files.js";
import { mountAnnouncePanel } from "../a11y/announce-panel.js";
import { mountPlaybackKeys } from "../tour/playback-keys.js";
import { mountRulePanel } from "../tour/rule-panel.js";
import { mountLearnFollow } from "../learn/follow-panel.js";
import { mountLearnCost } from "../learn/cost-panel.js";
import { bindZoomEvents } from "../board/zoom-events.js";

import { createPlaySession } from "../play/session.js";
import { playLayer } from "../play/layer.js";
import { mountPlayPanel } from "../play/panel.js";
import { createCheckSession } from "../play/check-session.js";
import { checkLayer } from "../play/check-layer.js";
import { mountCheckPanel } from "../play/check-panel.js";

import { storageOrNull } from "../core/storage.js";

import { createLearnSession } from "../learn/session.js";
import { learnSandboxes } from "../learn/python-box.js";
import { fetchPrograms } from "../learn/programs.js";
import { isCached } from "../solver/start-choice.mjs";
import { learnLayer } from "../learn/layer.js";
import { mountLearnPanel } from "../learn/panel.js";
import { watchLibraryVerdict } from "../learn/library-verdict.js";


// The views, in the tabs' order; the first is the fallback for an unknown one.
const VIEWS = createViews([tourView, compareView, heatmapView, playView, learnView]);

const PANELS = [
  mountLanguagePanel, mountStatusPanel, mountSettingsPanel, mountHintPanel, mountPlaybackPanel, mountSharePanel,
  mountViewTabs, mountComparePanel, mountHeatmapPanel, mountCountPanel, mountDepthChartPanel,
  mountZoomPanel, mountSquaresPanel, mountMovesPanel, mountExportPanel, mountAnnouncePanel, mountPlaybackKeys,
  mountPlayPanel, mountCheckPanel, mountLearnPanel,
  mountRulePanel, mountLearnFollow, mountLearnCost, // issue 29: help lines, Learn on a phone, Learn's cost note
];

/** The sessions: the tour's (with Python's worker), the views' and the Learn view's. */
function createSessions(store) {
  // The worker index.html started, or on a slow link (where it did not) one started now,
  // before the page's own work: its downloads begin as the board is being drawn.
  const solver = createSolverClient(takeEarlyWorker() ?? startEarlyWorker());
  const session = createSession({
    store,
    solver,
    history: window.history,
    location: window.location,
    clipboard: navigator.clipboard,
    serviceWorker: navigator.serviceWorker, // undefined where the page is not a secure context
    storage: storageOrNull(window),
    languages: navigator.languages,
  });
  const explore = createExploreSession({
    store,
    solver,
    makeSolver: createSolverClient,
    history: window.history,
    location: window.location,
    hardware: { cores: navigator.hardwareConcurrency, memoryGB: navigator.deviceMemory },
    download: (blob, filename) => saveBlob(document, blob, filename),
  });
  const play = createPlaySession({ store, solver });
  // The Learn view's programs run in Pythons of their own, in sandboxes of an opaque
  // origin (learn/sandbox-frame.js), one per run; their files come from this page.
  const fetchFile = (name) => fetch(new URL(name, document.baseURI));
  const learn = createLearnSession({
    store,
    openBox: learnSandboxes({ doc: document, base: new URL("./", document.baseURI).href, fetchFile, isKept: (name) => isCached(name, document.baseURI) }),
    loadPrograms: () => fetchPrograms(fetchFile),
    readAnswer: (args) => solver.readAnswer(args),
    onUrlChange: () => session.followUrl?.(),
  });
  const checker = createCheckSession({ store, solver, session });
  watchLibraryVerdict({ store, solver }); // a Learn run out of budget: knight_py's own verdict beside it
  return { session, explore, play, learn, checker };
}

/** The board's layers and the panels, drawn from the store at each frame. Returns what
 * a square chosen on the board does (a move in play view, else a search from there). */
function mountPage(store, sessions) {
  const { session, play, learn } = sessions;
  // Bottom to top; each draws only while the open view lists its name (shell/views.js).
  const boardLayers = [
    { name: "board", layer: boardLayer() }, { name: "heat", layer: heatmapLayer() }, { name: "check", layer: checkLayer() },
    { name: "path", layer: pathLayer() }, { name: "play", layer: playLayer() }, { name: "learn", layer: learnLayer(learn.trace) },
    { name: "marks", layer: marksLayer() }, { name: "overlay", layer: overlayLayer() },
  ];
  // In play view a square chosen on the board is a move; elsewhere it is the start of a search.
  const boardSession = { ...session, squareChosen: (sq) => (store.get().view === "play" ? play.squareChosen(sq) : session.squareChosen(sq)) };
  const container = document.getElementById("board");
  const board = createRenderer(container, viewLayers(boardLayers, VIEWS.layersOf));
  const panels = PANELS.map((mount) => mount(document, { store, views: VIEWS, ...sessions }));

  store.onFrame((state) => setLanguage(state.lang)); // before anything is drawn in it
  store.onFrame(board.draw);
  for (const panel of panels) store.onFrame(panel.sync);
  observeViewport(container, (viewport) => store.update((state) => viewportChanged(state, viewport)));
  bindBoardEvents(board.canvas, { store, session: boardSession });
  bindZoomEvents(board.canvas, { store });
  createPlayback(store);
  publishSnapshot(store, window, learn.trace);
  return boardSession;
}

/**
 * Start the page: the store, the sessions and the panels, the state the link asks for,
 * drawn at once in place of `firstBoard` (the board main.js drew, or null), a square
 * clicked on that board chosen now, then Python.
 */
export function startApp(firstBoard = null) {
  const store = createStore(defaultState());
  const sessions = createSessions(store);
  const boardSession = mountPage(store, sessions);
  const { session } = sessions;
  session.loadFromUrl();
  window.addEventListener("popstate", () => session.loadFromUrl());
  // All in one task: no frame shows the page with neither board, or words hidden.
  firstBoard?.remove();
  store.flushNow(); // the fixed words too, in the page's language (i18n/language-panel.js)
  delete document.documentElement.dataset.words;
  if (!firstBoard) performance.mark("board-drawn"); // main.js drew none (a fast link)
  performance.mark("app-ready");
  const clicked = firstBoard?.chosen();
  if (clicked) boardSession.squareChosen(clicked);
  // Python's worker was started as the page began to load (index.html); from here on
  // its messages reach the store.
  session.startPython();
}

