// The Compare and Heatmap views as the shell sees them (shell/views.js). Compare shows
// the row opened (its tour, or its recorded search) as the page's tour; the heatmap draws
// the heat alone, no path, and leads with its own run's sentence.

import { t } from "../i18n/messages.js";
import { heatmapVisible } from "./heatmap-layer.js";
import { heatmapStateText } from "./heatmap-text.js";
import { comparePrompt, compareStatus } from "./compare-view.js";
import { heatmapPickOf } from "./transitions.js";

export const compareView = {
  id: "compare",
  layers: () => ["board", "path", "marks", "overlay"],
  status: compareStatus,
  prompt: comparePrompt,
  ownsTour: (state) => Boolean(state.tour),
};

/** The heatmap's sentence: its run's state, or why there is none for this board yet. */
export function heatmapStatus(state) {
  if (heatmapVisible(state) && state.heatmap.plan) return { text: heatmapStateText(state.heatmap), detail: "" };
  if (state.editHoles) return { text: t("tour.hint.holes"), detail: "" };
  return { text: t(state.python.ready ? "explore.heatmap.status.starting" : "explore.heatmap.status.waiting"), detail: "" };
}

export const heatmapView = {
  id: "heatmap",
  // A selected square's tour is drawn over the colours, its numbers kept beneath.
  layers: (state) => (heatmapPickOf(state) ? ["board", "heat", "path", "marks", "overlay"] : ["board", "heat", "overlay"]),
  status: heatmapStatus,
  prompt: (state) => [state.editHoles ? "editing" : "quiet", t(state.editHoles ? "tour.hint.holes" : "explore.heatmap.hint")],
  ownsTour: () => false,
};
