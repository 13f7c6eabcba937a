// The Tour view's declaration (shell/views.js says what each field is): the board with
// the page's tour (its path, start and knight), the tour's own status line, and the
// page's search for it (search.js). It shows a pasted tour's check (pasted-tour/: its
// state, session, panel and "pasted" layer) and counting tours (count/: its state,
// session, panel and snapshot), both composed here, and the depth chart of a replayed
// search (replay/, which Compare shows too).

import { describeStatus, hintFor } from "./status-text.js";
import { defaultTourState } from "./state.js";
import { replayArgs } from "../core/timeline.js";
import { mountStatusPanel } from "./status-panel.js";
import { mountSettingsPanel } from "./settings-panel.js";
import { mountPlaybackPanel } from "./playback-panel.js";
import { mountPlaybackKeys } from "./playback-keys.js";
import { mountRulePanel } from "./rule-panel.js";
import { mountDepthChartPanel } from "../replay/depth-chart-panel.js";
import { countFeature } from "../count/feature.js";
import { pastedTourFeature } from "../pasted-tour/feature.js";
import { createSearchSession } from "./search.js";
import { tourDropped } from "./search-transitions.js";

export const tourView = {
  id: "tour",
  state: () => ({ ...defaultTourState(), ...countFeature.state(), ...pastedTourFeature.state() }),
  settingsDropped: tourDropped,
  // The page's search first: it hears of new settings before the others are made.
  sessions: { search: createSearchSession, ...countFeature.sessions, ...pastedTourFeature.sessions },
  panels: [
    mountStatusPanel, mountSettingsPanel, mountPlaybackPanel, mountPlaybackKeys, mountRulePanel,
    mountDepthChartPanel, ...countFeature.panels, ...pastedTourFeature.panels,
  ],
  layers: pastedTourFeature.layers,
  draws: () => ["board", "pasted", "path", "marks", "overlay"],
  status: describeStatus,
  prompt: hintFor,
  ownsTour: (state) => Boolean(state.tour),
  findsTour: true,
  // Without a tour (none exists, none found yet) the link holds the board and its start only.
  shareKind: (state) => (state.tour ? "tour" : "board"),
  searchArgs: (state) => replayArgs(state.settings.method),
  snapshot: {
    ...countFeature.snapshot,
    shown: (state) => state.shown,
    tourLength: (state) => (state.tour && state.status === "found" ? state.tour.length : 0),
    path: (state) => {
      const { tour, settings } = state;
      if (!tour || state.status !== "found") return [];
      return Array.from(tour, (sq) => [Math.floor(sq / settings.cols), sq % settings.cols]);
    },
  },
};
