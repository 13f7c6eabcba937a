// Counting tours as a part of a view's declaration (shell/views.js says what each field
// is): its state slice, its session on the page's solver, its panel and its snapshot. The
// registry knows views only, so the view that shows the count (tour/view.js) composes it.

import { defaultCountState } from "./state.js";
import { createCountSession } from "./session.js";
import { mountCountPanel } from "./panel.js";

export const countFeature = {
  state: defaultCountState,
  sessions: { counting: (io) => createCountSession(io) },
  panels: [mountCountPanel],
  snapshot: {
    count: ({ count }) => (count ? { status: count.status, value: count.value, nodes: count.nodes, found: count.found } : null),
  },
};
