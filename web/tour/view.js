// The Tour view's declaration (shell/views.js says what each field is): the board with
// the page's tour (its path, start and knight), a pasted tour's check (play/pasted-tour-layer.js,
// named "check": Play's rules read the pasted tour), and the tour's own status line.

import { describeStatus, hintFor } from "./status-text.js";
import { defaultTourState } from "./state.js";
import { replayArgs } from "../core/timeline.js";
import { mountStatusPanel } from "./status-panel.js";
import { mountSettingsPanel } from "./settings-panel.js";
import { mountPlaybackPanel } from "./playback-panel.js";
import { mountPlaybackKeys } from "./playback-keys.js";
import { mountRulePanel } from "./rule-panel.js";

export const tourView = {
  id: "tour",
  state: defaultTourState,
  panels: [mountStatusPanel, mountSettingsPanel, mountPlaybackPanel, mountPlaybackKeys, mountRulePanel],
  draws: () => ["board", "check", "path", "marks", "overlay"],
  status: describeStatus,
  prompt: hintFor,
  ownsTour: (state) => Boolean(state.tour),
  findsTour: true,
  searchArgs: (state) => replayArgs(state.settings.method),
  snapshot: {
    shown: (state) => state.shown,
    tourLength: (state) => (state.tour && state.status === "found" ? state.tour.length : 0),
    path: (state) => {
      const { tour, settings } = state;
      if (!tour || state.status !== "found") return [];
      return Array.from(tour, (sq) => [Math.floor(sq / settings.cols), sq % settings.cols]);
    },
  },
};
