// The Learn view's sentences: where a run stands, what the step shown does, what the
// program's answer is. Every one a catalog entry (i18n/en|zh/learn.js).

import { t } from "../i18n/messages.js";
import { squareName } from "../core/squares.js";
import { LEARN_MAX_SIDE, learnBoard } from "./params.js";

/** The status line of the Learn view. */
export function statusText(state) {
  const { learn, settings } = state;
  const { fits, start } = learnBoard(settings);
  if (!fits) return t("learn.status.tooLarge", { max: LEARN_MAX_SIDE });
  if (!learn.ready) return t("learn.status.starting");
  const steps = learn.steps;
  switch (learn.status) {
    case "running":
      return t("learn.status.running", { count: steps });
    case "done":
      return t(learn.answer?.budget ? "learn.status.budget" : "learn.status.done", { count: steps });
    case "stopped":
      return t("learn.status.stopped", { count: steps });
    case "error":
      return learn.error?.line ? t("learn.status.errorLine", { line: learn.error.line, message: learn.error.message }) : t("learn.status.error", { message: learn.error?.message ?? "" });
    default:
      if (learn.fromLink) return t("learn.status.fromLink");
      return t("learn.status.idle", { square: squareName(start, settings.rows), rows: settings.rows, cols: settings.cols });
  }
}

/** The step's sentence, from the trace's description of it ({key, params}). */
export function stepSentence(trace, step) {
  const said = trace.describe(Math.min(step, trace.steps - 1));
  if (!said) return "";
  if (said.key === "learn.step.undo" && !said.params.back) return t("learn.step.undoFirst", said.params);
  const { vars, ...params } = said.params; // a call's variables show in the stack, not the sentence
  return t(said.key, params);
}

/** The program's answer as the page's validator reads it. */
export function answerText(learn) {
  const answer = learn.answer;
  if (!answer || learn.status === "running") return "";
  const params = { ...answer.params };
  if (Array.isArray(params.squares)) params.squares = params.squares.join(t("learn.list.separator"));
  return t(answer.key, params);
}

/** Why a greedy walk ended short: the square it stands on has no free knight move left. */
export function deadEndText(trace, learn) {
  if (!trace || !learn.answer || learn.answer.valid || learn.status !== "done" || !trace.steps) return "";
  const last = trace.steps - 1;
  const candidates = trace.candidatesAt(last);
  if (!candidates.length || candidates.some((c) => c.free)) return "";
  const path = trace.pathAt(last);
  const [row, col] = path[path.length - 1];
  return t("learn.deadEnd", { square: trace.squareName(row * trace.cols + col), move: path.length });
}
