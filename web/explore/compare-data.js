// The comparison table's data, without DOM: every method's outcome under one node
// budget, with the ratio of the slowest method's time to each one's ("41× faster"), so
// a reader sees at once which method wins on this board and by how much.

import { grouped, milliseconds, ratioValue } from "../core/format.js";
import { t } from "../i18n/messages.js";
import { reasonText, said } from "../i18n/said.js";
import { pieceName } from "../core/piece-name.js";
import { isLeaper } from "../core/leapers.js";

export const COMPARE_METHODS = ["auto", "warnsdorff", "backtrack", "exhaustive", "construct"];

/** The constructions' answer for a piece they do not build tours of (`rule`, a leaper's):
 * not applicable, said in the page's words (compareRows), the piece kept to name it. */
export function notForPiece(rule) {
  return { status: "not_applicable", nodes: null, backtracks: null, reason: "", reasons: null, piece: rule };
}

/** The constructions' answer for a board with holes: they build tours of whole boards. */
export function notForHoles() {
  return { status: "not_applicable", nodes: null, backtracks: null, reason: "", reasons: null, holes: true };
}

/** The constructions' answer, when the page knows it without asking the solver (whose
 * refusal is Python's English): for a leaper, or a board with holes; else null. */
export function constructionRefusal(settings) {
  if (isLeaper(settings.rule)) return notForPiece(settings.rule);
  return settings.holes.length ? notForHoles() : null;
}

/** The row's verdict and reason: the page's words for a piece or a board the method is
 * not for, else the status's verdict and the solver's reason. */
function verdictOf(r, status) {
  if (r?.piece) {
    const reason = t("explore.compare.construct-knight-only", { piece: said(pieceName(r.piece)) });
    return { verdict: t("explore.compare.not-for-piece"), reason, reasons: null };
  }
  if (r?.holes) return { verdict: t("explore.verdict.not_applicable"), reason: t("explore.compare.construct-no-holes"), reasons: null };
  const verdict = VERDICTS.includes(status) ? t(`explore.verdict.${status}`) : status;
  return { verdict, reason: r?.reason ?? "", reasons: r?.reasons ?? null };
}

/** A method's name as the table shows it ("Warnsdorff's rule"). */
export function methodLabel(method) {
  return COMPARE_METHODS.includes(method) ? t(`explore.method.${method}`) : method;
}

const VERDICTS = ["found", "impossible", "gave_up", "cancelled", "not_applicable", "error", "pending", "running"];
const TIMED = ["found", "impossible", "gave_up"];

/** Fastest times count as this at least, so "0 ms" never divides. */
const FLOOR_MS = 0.01;

/**
 * Rows for the table, one per method in COMPARE_METHODS order. `results` maps a method
 * to {status, nodes, backtracks, ms, reason, usedMethod}; missing ones are pending.
 * Adds verdict, ratio (slowest ms / this ms, among finished rows), fastest, slowest, and
 * display strings.
 */
export function compareRows(results, running = null) {
  // A proof settles the start for every method: times then rank nothing, so none is shown.
  const finished = provedImpossible(results) ? [] : COMPARE_METHODS.filter((m) => results[m] && timed(results[m]));
  const slowestMs = Math.max(FLOOR_MS, ...finished.map((m) => results[m].ms));
  const fastestMs = Math.min(...finished.map((m) => Math.max(FLOOR_MS, results[m].ms)));
  return COMPARE_METHODS.map((method) => {
    const r = results[method];
    const status = r ? r.status : method === running ? "running" : "pending";
    const row = {
      method,
      label: methodLabel(method),
      status,
      ...verdictOf(r, status),
      usedMethod: r?.usedMethod ?? "",
      nodes: r?.nodes ?? null,
      backtracks: r?.backtracks ?? null,
      ms: r?.ms ?? null,
      ratio: null,
      fastest: false,
      slowest: false,
    };
    if (r && finished.includes(method)) {
      const ms = Math.max(FLOOR_MS, r.ms);
      row.ratio = slowestMs / ms;
      row.fastest = finished.length > 1 && ms === fastestMs;
      row.slowest = finished.length > 1 && ms === slowestMs && fastestMs < slowestMs;
    }
    row.text = {
      nodes: row.nodes === null ? "–" : grouped(row.nodes),
      backtracks: row.backtracks === null ? "–" : grouped(row.backtracks),
      ms: row.ms === null ? "–" : milliseconds(row.ms),
      ratio: row.ratio === null ? "–" : row.slowest ? t("explore.compare.slowest") : t("explore.compare.faster", { ratio: ratioValue(row.ratio) }),
    };
    return row;
  });
}

function timed(result) {
  return TIMED.includes(result.status) && Number.isFinite(result.ms);
}

/** The first result that proved no tour exists (its reason is the proof), or null. */
export function provedImpossible(results) {
  const method = COMPARE_METHODS.find((m) => results[m]?.status === "impossible");
  return method ? results[method] : null;
}

/** One line for people and screen readers: the proof, said once, when a method proved
 * that no tour exists; else who was fastest, and by how much. */
export function compareSummary(rows) {
  const proved = rows.find((r) => r.status === "impossible");
  if (proved) {
    const ran = rows.filter((r) => TIMED.includes(r.status));
    // Every method stopped on the same proof only when it is a theorem checked before any search.
    if (ran.every((r) => r.status === "impossible")) return t("explore.compare.summary.proved", { proof: reasonText(proved) });
    return t("explore.compare.summary.provedBy", { method: proved.label, proof: reasonText(proved) });
  }
  const done = rows.filter((r) => r.ratio !== null);
  if (done.length < 2) return "";
  const fastest = done.find((r) => r.fastest);
  const slowest = done.find((r) => r.slowest);
  if (!fastest || !slowest) return t("explore.compare.summary.same");
  // Inside the sentence the slowest method and its verdict take their in-text forms.
  return t("explore.compare.summary", {
    fastest: fastest.label, fastestTime: fastest.text.ms, ratio: ratioValue(fastest.ratio),
    slowest: t(`explore.method-inline.${slowest.method}`), slowestTime: slowest.text.ms,
    verdict: t(`explore.verdict-inline.${slowest.status}`),
  });
}

/** The window.knightTour.comparison list: [{method, status, nodes, backtracks, ms}]. */
export function comparisonSnapshot(results) {
  return COMPARE_METHODS.filter((m) => results[m]).map((method) => {
    const r = results[method];
    return { method, status: r.status, nodes: r.nodes, backtracks: r.backtracks, ms: r.ms };
  });
}
