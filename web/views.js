// The page's views, in the tabs' order; the first opens when a link names none (or an
// unknown one). A view is its folder, one line here and its catalog entries
// (web/README.md, "Adding a view"). The list sits above the shell and the views, imported
// by the page's entry (app.js) alone: the shell knows views only as the registry it is
// handed, and a view knows the shell only through its API (shell/api.js), so neither
// imports the other.

import { createViews, defaultState as stateFor } from "./shell/api.js";
import { tourView } from "./tour/view.js";
import { compareView, heatmapView } from "./explore/views.js";
import { playView } from "./play/view.js";
import { learnView } from "./learn/view.js";

export const VIEWS = [
  tourView,
  compareView,
  heatmapView,
  playView,
  learnView,
];

export const registry = createViews(VIEWS);

/** Fresh default state of the page with these views (shell/state.js). */
export const defaultState = () => stateFor(registry);
