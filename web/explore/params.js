// The `view` and `budget` URL parameters: which view the page shows (the tour, the
// comparison of methods, the heatmap of start squares, or play) and the node budget the
// comparison and the heatmap use. Each bad value yields one message naming the parameter
// and what is allowed; only that parameter falls back to its default.

import { msg, paramError } from "../tour/said.js";
import { t } from "../i18n/messages.js";
import { DEFAULT_VIEW, VIEWS } from "../core/linked-board.js";


/** Node budget per view: one for the whole comparison run of each method, one per square. */
export const BUDGETS = {
  compare: { fallback: 1_000_000, max: 50_000_000 },
  heatmap: { fallback: 100_000, max: 10_000_000 },
};

/** Counting tours is offered on boards up to this many free squares. */
export const COUNT_MAX_SQUARES = 64;

/** Largest side the heatmap accepts; bigger boards would need millions of solves. */
export const HEATMAP_MAX_SIDE = 100;

const SHOWN = 24; // characters of a bad value quoted back

/** A bad value as it is quoted in a message: cut short, control characters dropped. */
export function quoted(raw) {
  const clean = String(raw).replace(/[\u0000-\u001f\u007f-\u009f]/g, "");
  return clean.length > SHOWN ? `${clean.slice(0, SHOWN)}…` : clean;
}

/** The default budget of a view (the comparison's for views that use none). */
export function defaultBudget(view) {
  return (BUDGETS[view] ?? BUDGETS.compare).fallback;
}

/**
 * Read `view` and `budget` from URLSearchParams.
 * Returns {view, budget, errors}; budget is null when the link gives none (the view's
 * default then applies), errors a list of {param, message}.
 */
export function parseExploreParams(params) {
  const errors = [];
  let view = DEFAULT_VIEW;
  const rawView = params.get("view");
  if (rawView !== null) {
    if (VIEWS.includes(rawView)) view = rawView;
    else {
      errors.push(paramError("view", msg("explore.link.view", { value: quoted(rawView), views: VIEWS.join(", ") })));
    }
  }
  let budget = null;
  const rawBudget = params.get("budget");
  if (rawBudget !== null) {
    const limits = BUDGETS[view] ?? BUDGETS.compare;
    const checked = checkBudget(rawBudget, limits.max);
    if (checked.error) {
      const problem = msg(checked.key);
      errors.push(paramError("budget", msg("explore.link.budget", { value: quoted(rawBudget), problem, max: limits.max, fallback: limits.fallback })));
    } else budget = checked.value;
  }
  return { view, budget, errors };
}

/** {value} for a whole number 1..max written with digits (and optional , or _), else {error, key}. */
export function checkBudget(raw, max) {
  const text = String(raw).trim().replace(/[,_]/g, "");
  const refused = (key) => ({ error: t(key), key }); // the key: said again in another language
  if (!/^[0-9]{1,12}$/.test(text)) return refused("explore.budget.not-whole");
  const value = Number(text);
  if (value < 1) return refused("explore.budget.not-positive");
  if (value > max) return refused("explore.budget.over-limit");
  return { value };
}

/** Why a heatmap cannot be made of this board, or "" when it can. */
export function heatmapBoardProblem(rows, cols) {
  if (rows <= HEATMAP_MAX_SIDE && cols <= HEATMAP_MAX_SIDE) return "";
  return t("explore.link.heatmap-too-large", { rows: String(rows), cols: String(cols), max: String(HEATMAP_MAX_SIDE), solves: rows * cols });
}

/** Query parts for the view and budget, to append to the settings' query. */
export function exploreQueryParts({ view, budget }) {
  const parts = [];
  if (view && view !== DEFAULT_VIEW) parts.push(`view=${view}`);
  if (budget && BUDGETS[view] && budget !== BUDGETS[view].fallback) parts.push(`budget=${budget}`);
  return parts;
}

