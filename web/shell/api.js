// What the shell offers the modules outside it (the views, the board, the page's entry):
// the registry's maker and the page's state, and the pure changes to what the shell owns
// (the board's settings, the pointer, the form's size, the offline copy). No module
// outside web/shell/ imports another of its modules (tests/web/architecture.test.mjs);
// what a view does at run time it asks of the sessions handed to it.

export { createViews } from "./views.js";
export { defaultState } from "./state.js";
export {
  focusChanged, hovered, idleStatus, offlineCacheChanged, sizeAccepted, sizeRejected,
} from "./transitions.js";
