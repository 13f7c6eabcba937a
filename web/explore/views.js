// The Compare and Heatmap views' declarations (shell/views.js says what each field is).
// One folder for two views: they share the node budget (its parameter and its box), the
// session that runs them and its pool of workers; split in two, each would import the
// other's modules. Compare shows the row opened (its tour, or its recorded search with
// replay/'s depth chart) as the page's tour; the heatmap draws the heat alone, no path
// but a selected square's (whose search can be watched too), and leads with its own
// run's sentence.

import { t } from "../i18n/messages.js";
import { saveBlob } from "../export/files.js";
import { heatmapLayer, heatmapVisible } from "./heatmap-layer.js";
import { heatmapStateText } from "./heatmap-text.js";
import { comparePrompt, compareStatus } from "./compare-view.js";
import { againClears, exploreSolveArgs, heatmapOpened, heatmapPickOf, solvesOnApply } from "./transitions.js";
import { defaultExploreState } from "./state.js";
import { budgetParam } from "./params.js";
import { createExploreSession } from "./session.js";
import { mountBudgetPanel } from "./budget-panel.js";
import { mountComparePanel } from "./compare-panel.js";
import { mountHeatmapPanel } from "./heatmap-panel.js";
import { mountDepthChartPanel } from "../replay/depth-chart-panel.js";
import { compareSnapshot, heatmapSnapshot } from "./snapshot.js";

/** Both views' runs. */
function exploreSession(io) {
  return createExploreSession({
    ...io,
    hardware: { cores: io.navigator?.hardwareConcurrency, memoryGB: io.navigator?.deviceMemory },
    download: (blob, filename) => saveBlob(io.doc, blob, filename),
  });
}

const shared = {
  state: defaultExploreState,
  sessions: { explore: exploreSession },
  params: [budgetParam],
};

export const compareView = {
  ...shared,
  id: "compare",
  panels: [mountBudgetPanel, mountComparePanel, mountDepthChartPanel],
  draws: () => ["board", "path", "marks", "overlay"],
  status: compareStatus,
  prompt: comparePrompt,
  ownsTour: (state) => Boolean(state.tour),
  // A method chosen (or its search watched) is drawn on the board, above the table.
  answer: (state) => ["board", `${state.compare?.opened ?? ""}|${Boolean(state.search)}`],
  snapshot: compareSnapshot,
};

/** The heatmap's sentence: its run's state, or why there is none for this board yet. */
export function heatmapStatus(state) {
  if (heatmapVisible(state) && state.heatmap.plan) return { text: heatmapStateText(state.heatmap), detail: "" };
  if (state.editHoles) return { text: t("tour.hint.holes"), detail: "" };
  return { text: t(state.python.ready ? "explore.heatmap.status.starting" : "explore.heatmap.status.waiting"), detail: "" };
}

export const heatmapView = {
  ...shared,
  id: "heatmap",
  panels: [mountBudgetPanel, mountHeatmapPanel, mountDepthChartPanel],
  layers: [{ name: "heat", z: 1, create: () => heatmapLayer() }],
  // A selected square's tour is drawn over the colours, its numbers kept beneath.
  draws: (state) => (heatmapPickOf(state) ? ["board", "heat", "path", "marks", "overlay"] : ["board", "heat", "overlay"]),
  status: heatmapStatus,
  prompt: (state) => [state.editHoles ? "editing" : "quiet", t(state.editHoles ? "tour.hint.holes" : "explore.heatmap.hint")],
  ownsTour: () => false,
  // A square chosen there searches from it (under the heatmap's budget): its tour is
  // drawn over the colours; a second tap on it takes the selection away.
  findsTour: true,
  searchArgs: (state) => exploreSolveArgs(state),
  searchesOnApply: solvesOnApply,
  choose: (state, sq) => {
    const start = againClears(state, sq) ? null : sq;
    return { start, patch: { heatmapPick: start } };
  },
  clear: (state) => (againClears(state, state.settings.start) ? { heatmapPick: null } : null),
  opened: heatmapOpened,
  // A square chosen: its figures, under the legend and the summary.
  answer: (state) => ["heatmap-square", `${state.heatmapPick ?? ""}`],
  shareable: () => true,
  snapshot: heatmapSnapshot,
};
