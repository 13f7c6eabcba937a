// The Tour view as the shell sees it (shell/views.js): the board with the page's tour
// (its path, start and knight), a pasted tour's check, and the tour's own status line.

import { describeStatus, hintFor } from "./status-text.js";

export const tourView = {
  id: "tour",
  layers: () => ["board", "check", "path", "marks", "overlay"],
  status: describeStatus,
  prompt: hintFor,
  ownsTour: (state) => Boolean(state.tour),
};
