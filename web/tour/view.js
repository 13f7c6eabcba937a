// The Tour view's declaration (shell/views.js says what each field is): the board with
// the page's tour (its path, start and knight), a pasted tour's check (play/pasted-tour-layer.js,
// named "check": Play's rules read the pasted tour), and the tour's own status line. It
// shows counting tours (count/, composed here: its state, session, panel and snapshot)
// and the depth chart of a replayed search (replay/, which Compare shows too).

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

export const tourView = {
  id: "tour",
  state: () => ({ ...defaultTourState(), ...countFeature.state() }),
  sessions: countFeature.sessions,
  panels: [
    mountStatusPanel, mountSettingsPanel, mountPlaybackPanel, mountPlaybackKeys, mountRulePanel,
    mountDepthChartPanel, ...countFeature.panels,
  ],
  draws: () => ["board", "check", "path", "marks", "overlay"],
  status: describeStatus,
  prompt: hintFor,
  ownsTour: (state) => Boolean(state.tour),
  findsTour: true,
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
