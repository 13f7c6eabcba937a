// The page's views, in the tabs' order; the first opens when a link names none (or an
// unknown one). A view is its folder and one line here (web/README.md, "Adding a view").

import { createViews } from "./views.js";
import { tourView } from "../tour/view.js";
import { compareView, heatmapView } from "../explore/views.js";
import { playView } from "../play/view.js";
import { learnView } from "../learn/view.js";

export const VIEWS = [
  tourView,
  compareView,
  heatmapView,
  playView,
  learnView,
];

export const registry = createViews(VIEWS);
