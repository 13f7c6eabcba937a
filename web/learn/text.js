// The Learn view's sentences: where a run stands, what the step shown does, what the
// program's answer is. Every one a catalog entry (i18n/en|zh/learn.js).

import { t } from "../i18n/messages.js";
import { squareName } from "../core/squares.js";
import { LEARN_MAX_SIDE, learnBoard } from "./params.js";
import { errorParts } from "./verdict.js";
import { narrate } from "./narration.js";
import { boardKey, keyBoard, runRule, runStale } from "./transitions.js";
import { pieceName } from "../core/piece-name.js";
import { said } from "../i18n/said.js";
import { leaperWords } from "../core/piece-name.js";

/** The status line of the Learn view. */
export function statusText(state) {
  const { learn, settings } = state;
  const { why, start } = learnBoard(settings, learn.readsHoles);
  if (why) return t(why === "size" ? "learn.status.tooLarge" : "learn.status.holes", { max: LEARN_MAX_SIDE });
  if (!learn.ready) return t("learn.status.starting");
  const steps = learn.steps;
  switch (learn.status) {
    case "running":
      return t("learn.status.running", { count: steps });
    case "done":
      return t(learn.budgetRan ? "learn.status.budget" : "learn.status.done", { count: steps });
    case "stopped":
      return t("learn.status.stopped", { count: steps });
    case "limit":
      return t("learn.status.limit", { count: steps, depth: learn.limit?.depth ?? 0 });
    case "error":
      return errorParts(learn.error)[0].text; // Python's own words follow in the verdict, as code
    default:
      if (learn.fromLink) return t("learn.status.fromLink");
      return t("learn.status.idle", { square: squareName(start, settings.rows), rows: settings.rows, cols: settings.cols });
  }
}

/** What the menu's program is, under the menu: its own description, or, once the reader
 * has edited it (or a link brought an edited one), that it is an edited copy, which the
 * page describes only by what it sees it do when it runs. */
export function programDescription(learn) {
  return t(learn.source !== null ? "learn.program.edited" : `learn.program.${learn.program}`);
}

/** The step's sentence (narration.js), in the page's language. */
export function stepSentence(trace, step, source = "") {
  const said = narrate(trace, Math.min(step, trace.steps - 1), source);
  if (!said) return "";
  const { valueKey, ...params } = said.params;
  const piece = leaperWords(trace.rule);
  if (piece && said.key === "learn.step.advance") return t("learn.leaper.advance", { ...params, piece });
  return t(said.key, valueKey ? { ...params, value: t(valueKey) } : params);
}

/** "5 x 5 from b1" for a board key (transitions.js boardKey; its holes are not said). */
function boardWords(key) {
  const { rows, cols, start, rule } = keyBoard(key);
  const board = t("learn.stale.board", { rows, cols, square: squareName(start, rows) });
  return rule === "knight" ? board : t("learn.stale.piece", { board, piece: said(pieceName(rule)) });
}

/** The notice for a run made for another board, or "". */
export function staleText(state) {
  if (!runStale(state)) return "";
  return t("learn.stale", { made: boardWords(state.learn.madeFor), now: boardWords(boardKey(state.settings, runRule(state))) });
}

/** Why the greedy walk (the menu's program that never goes back, as written) ended short:
 * the square it stands on has no free move of its piece left. */
export function deadEndText(trace, learn) {
  if (learn.program !== "warnsdorff" || (learn.source !== null && learn.source !== undefined)) return "";
  if (!trace || !learn.answer || learn.answer.valid || learn.status !== "done" || learn.budgetRan || !trace.steps) return "";
  const last = trace.steps - 1;
  const candidates = trace.candidatesAt(last);
  if (!candidates.length || candidates.some((c) => c.free)) return "";
  const path = trace.pathAt(last);
  const [row, col] = path[path.length - 1];
  const piece = leaperWords(trace.rule);
  return t(piece ? "learn.leaper.deadEnd" : "learn.deadEnd", { square: squareName([row, col], trace.rows), move: path.length, piece });
}
