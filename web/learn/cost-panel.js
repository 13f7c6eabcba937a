// Learn's note on what a run cost: the lines executed and the moves undone, from the
// run itself, for plain backtracking (exponential) and the greedy rule (one pass); once
// both ran on the same board, the two figures side by side. Only finished runs count.

import { setText } from "../core/panel.js";
import { compactNumber, t } from "../i18n/messages.js";

// The programs whose cost the note explains, and which kind of search each is.
const KINDS = { backtrack: "backtrack", stack: "backtrack", warnsdorff: "greedy" };

/** Moves the run undid: the board changes of kind "undo", one scan over the trace. */
export function undoCount(trace) {
  let count = 0;
  for (let k = trace.nextUndo(-1); k >= 0; k = trace.nextUndo(k)) count += 1;
  return count;
}

/** The note for a finished run of `kind` ("" when there is none); `other` is the other
 * kind's step count on this board, or undefined. */
export function costText(kind, { steps, undos, squares }, seen) {
  if (!kind) return "";
  const figures = { steps: compactNumber(steps), undos: compactNumber(undos), squares };
  const text = t(`learn.cost.${kind}`, figures);
  if (seen.backtrack === undefined || seen.greedy === undefined) return text;
  const both = t("learn.cost.both", { backtrack: compactNumber(seen.backtrack), greedy: compactNumber(seen.greedy) });
  return t("play.sentences", { first: text, second: both });
}

export function mountLearnCost(doc, { learn }) {
  const node = doc.getElementById("learn-cost");
  const seen = new Map(); // board key -> {backtrack, greedy}: steps of the last finished runs
  let counted = null; // the run whose figures are below
  let figures = null;

  function sync(state) {
    if (state.view !== "learn") return;
    const { learn: l } = state;
    const trace = learn.trace();
    const kind = KINDS[l.program];
    if (l.status !== "done" || !trace || !kind || l.source) {
      setText(node, "");
      return;
    }
    const board = `${trace.rows}x${trace.cols}:${trace.start}`;
    if (counted !== trace) {
      counted = trace;
      // The squares the run's board holds at its end: a greedy walk stuck after 60 moves filled 60.
      figures = { steps: trace.steps, undos: undoCount(trace), squares: trace.filledAt(trace.steps - 1) };
      seen.set(board, { ...seen.get(board), [kind]: trace.steps });
    }
    setText(node, costText(kind, figures, seen.get(board) ?? {}));
  }

  return { sync, unbind() {} };
}
