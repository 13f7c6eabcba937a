// The `budget` URL parameter: the node budget the comparison and the heatmap run with.
// A bad value yields one message naming the parameter and what is allowed; only that
// parameter falls back to its default.

import { msg, paramError } from "../i18n/said.js";
import { t } from "../i18n/messages.js";


/** Node budget per view: one for the whole comparison run of each method, one per square. */
export const BUDGETS = {
  compare: { fallback: 1_000_000, max: 50_000_000 },
  heatmap: { fallback: 100_000, max: 10_000_000 },
};

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
 * Read `budget` from URLSearchParams for the open `view`: {value, errors}; value is null
 * when the link gives none or a bad one (the view's default then applies).
 */
export function parseBudgetParam(params, view) {
  const errors = [];
  let value = null;
  const rawBudget = params.get("budget");
  if (rawBudget !== null) {
    const limits = BUDGETS[view] ?? BUDGETS.compare;
    const checked = checkBudget(rawBudget, limits.max);
    if (checked.error) {
      const problem = msg(checked.key);
      errors.push(paramError("budget", msg("explore.link.budget", { value: quoted(rawBudget), problem, max: limits.max, fallback: limits.fallback })));
    } else value = checked.value;
  }
  return { value, errors };
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

/** The `budget` part of the open view's link: none when it is the view's default. */
export function budgetQueryParts({ view, budget }) {
  return budget && BUDGETS[view] && budget !== BUDGETS[view].fallback ? [`budget=${budget}`] : [];
}

/** The `budget` parameter as the shell reads and writes it (shell/views.js, params). */
export const budgetParam = {
  names: ["budget"],
  early: true, // a heatmap square's search, started by the link's settings, runs with it
  read: (params, { view }) => parseBudgetParam(params, view),
  loaded: (state, budget) => ({ budget }),
  write: budgetQueryParts,
};
