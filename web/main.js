// Entry point: wires the store, the board view, the controls, the playback clock and
// the solver worker together, and publishes window.knightTour. Nothing else.
//
//   state.js          plain state, the one update funnel, one redraw per frame
//   actions.js        what a person can do: settings, solving, playback, history, links
//   render.js         canvas layers drawn from the state
//   controls.js       form, buttons, status line and board events
//   animation.js      the playback clock
//   url.js            settings <-> query, one message per bad parameter
//   tour-codec.js     the compact `tour` parameter
//   squares.js        square names (a1 = bottom-left)
//   snapshot.js       window.knightTour
//   solver-client.js  the worker's page side; worker.mjs runs Pyodide and knight_py

import { createStore, defaultState } from "./state.js";
import { createBoardView } from "./render.js";
import { bindControls } from "./controls.js";
import { createPlayback } from "./animation.js";
import { createSolverClient } from "./solver-client.js";
import { createActions } from "./actions.js";
import { publishSnapshot } from "./snapshot.js";

let view = null;
let controls = null;
const store = createStore(defaultState(), {
  onFrame(state) {
    view.draw(state);
    controls.sync(state);
  },
});
view = createBoardView(document.getElementById("board"), { onResize: () => store.update({}) });

// The solver's worker starts right after the board is drawn: started earlier, its
// downloads and WebAssembly compilation delay the board on a busy 2-core machine.
let solver = null;
const solverProxy = {
  solve: (...args) => solver.solve(...args),
  validate: (...args) => solver.validate(...args),
  stop: () => solver.stop(),
};
const actions = createActions({
  store,
  solver: solverProxy,
  controls: { setMethods: (m) => controls.setMethods(m), announce: (t) => controls.announce(t) },
});
controls = bindControls(document, actions, view);
createPlayback(store);
publishSnapshot(store);

actions.loadFromUrl();
window.addEventListener("popstate", () => actions.loadFromUrl());
store.flushNow(); // the board appears at once, before Python is ready
performance.mark("board-drawn");

solver = createSolverClient({
  onLoading: actions.pythonLoading,
  onReady: actions.pythonReady,
  onFailed: actions.pythonFailed,
});
setInterval(() => actions.tickLoading(), 1000);
