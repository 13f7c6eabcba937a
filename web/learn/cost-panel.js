// Learn's note on what a run cost: the lines executed and the moves undone, from the
// run itself, for plain backtracking (exponential), its stack version and the greedy rule
// (one pass). Runs on the same board that ended by themselves are compared, each figure
// its own program's; a run cut by its budget says so and is compared with nothing.

import { setText } from "../core/panel.js";
import { compactNumber, t } from "../i18n/messages.js";

// The programs whose cost the note explains, and which kind of search each is.
const KINDS = { backtrack: "backtrack", stack: "backtrack", warnsdorff: "greedy" };
// The programs compared on one board, in this order.
const COMPARED = ["backtrack", "stack", "warnsdorff"];

/** Moves the run undid: the board changes of kind "undo", one scan over the trace. */
export function undoCount(trace) {
  let count = 0;
  for (let k = trace.nextUndo(-1); k >= 0; k = trace.nextUndo(k)) count += 1;
  return count;
}

/** "Same board: ..." from `seen` ({program id: steps of its last run on this board that
 * ended by itself}), or "" with fewer than two programs measured. */
export function sameBoardText(seen) {
  const measured = COMPARED.filter((id) => seen[id] !== undefined);
  if (measured.length < 2) return "";
  const list = measured.map((id) => t(`learn.cost.same.${id}`, { steps: compactNumber(seen[id]) })).join(t("play.list.separator"));
  return t("learn.cost.same", { list });
}

/** The note for a run of menu program `program` ("" for a program without one):
 * `figures` {steps, undos, squares (numbered at the end), size (squares a tour fills), cut
 * (the budget ended it)}; `seen` as sameBoardText's. */
export function costText(program, { steps, undos, squares, size, cut }, seen) {
  const kind = KINDS[program];
  if (!kind) return "";
  const figures = { steps: compactNumber(steps), undos: compactNumber(undos), squares };
  if (cut) return t("learn.cost.cut", figures);
  const own = kind === "backtrack" && squares < size ? "learn.cost.backtrackNone" : `learn.cost.${kind}`;
  const text = t(own, figures);
  const same = sameBoardText(seen);
  return same ? t("play.sentences", { first: text, second: same }) : text;
}

export function mountLearnCost(doc, { learn }) {
  const node = doc.getElementById("learn-cost");
  const seen = new Map(); // board key -> {program id: steps of its last run there that ended by itself}
  let counted = null; // the run whose figures are below
  let figures = null;

  function sync(state) {
    if (state.view !== "learn") return;
    const { learn: l } = state;
    const trace = learn.trace();
    // The menu's program as written, run from the menu (an exercise's starter is another program).
    if (l.status !== "done" || !trace || !KINDS[l.program] || l.source || l.starter || l.forExercise) {
      setText(node, "");
      return;
    }
    const board = `${trace.rows}x${trace.cols}:${trace.start}:${trace.rule}`; // runs of another piece are not compared
    if (counted !== trace) {
      counted = trace;
      // The squares the run's board holds at its end: a greedy walk stuck after 60 moves filled 60.
      figures = { steps: trace.steps, undos: undoCount(trace), squares: trace.filledAt(trace.steps - 1), size: trace.rows * trace.cols, cut: l.budgetRan };
      if (!l.budgetRan) seen.set(board, { ...seen.get(board), [l.program]: trace.steps });
    }
    setText(node, costText(l.program, figures, seen.get(board) ?? {}));
  }

  return { sync, unbind() {} };
}
