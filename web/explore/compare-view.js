// The Compare view's own sentences: the status line that leads the page and the hint
// above the board, from the comparison made for the board and start shown, never from
// the Tour view's search.

import { t } from "../i18n/messages.js";
import { squareName } from "../core/squares.js";
import { zoomFirst } from "../board/zoom-hint.js";
import { budgetOf, compareKey } from "./transitions.js";
import { methodLabel } from "./compare-data.js";

/** The comparison made for the state's board, start and budget, or null (none, or stale). */
export function currentCompare(state) {
  const c = state.compare;
  return c && state.settings.start && c.key === compareKey(state.settings, budgetOf(state)) ? c : null;
}

/** The status line: what the comparison is doing, or what to do to start one. */
export function compareStatus(state) {
  if (state.editHoles) return { text: t("tour.hint.holes"), detail: "" };
  const { settings } = state;
  const c = currentCompare(state);
  if (!settings.start || !c) return { text: t(state.python.ready ? "explore.compare.status.pick" : "explore.compare.status.waiting"), detail: "" };
  const square = squareName(settings.start, settings.rows);
  if (c.status === "running") return { text: t("explore.compare.status.running", { square, method: methodLabel(c.running) }), detail: "" };
  const key = c.status === "stopped" ? "explore.compare.status.stopped" : "explore.compare.status.done";
  return { text: t(key, { square }), detail: "" };
}

/** The hint above the board: [css class, text]. */
export function comparePrompt(state) {
  if (state.editHoles) return ["editing", t("tour.hint.holes")];
  const c = currentCompare(state);
  if (!c) return [state.python.ready ? "ready" : "", zoomFirst(state, t("tour.hint.compare"))];
  if (c.status === "running") return ["quiet", t("explore.compare.hint.running")];
  if (c.opened) return ["quiet", t("explore.compare.hint.opened", { method: methodLabel(c.opened) })];
  return ["quiet", t("explore.compare.hint.done")];
}
