// The heatmap run's sentence (how many squares are done, in what time): the heatmap's
// panel and the status line the Heatmap view leads with (explore/views.js).

import { milliseconds } from "../core/format.js";
import { t } from "../i18n/messages.js";

/** "12 of 25 squares… 1.2 s" and the like, for a heatmap run {status, cells, plan, ms, error}. */
export function heatmapStateText(h) {
  const params = { done: h.cells.length, total: h.plan.starts.length, time: milliseconds(h.ms) };
  if (h.status === "running") return t("explore.heatmap.state.running", params);
  if (h.status === "done") return t("explore.heatmap.state.done", params);
  if (h.status === "stopped") return t("explore.heatmap.state.stopped", params);
  return t("explore.heatmap.state.error", { ...params, error: h.error });
}
