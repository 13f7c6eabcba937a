// The sentences play mode shows: the verdict on the position, where the knight is and
// where it may go, the hint, and the finished tour. Pure functions of plain data.

import { squareName } from "../core/squares.js";
import { currentPlay, freeCount, lastPossible, legalMoves, verdictOf } from "./state.js";

const nameOf = (index, board) => squareName([Math.floor(index / board.cols), index % board.cols], board.rows);

/** "h1 can ..." stays; "No open tour ..." becomes "no open tour ..." to follow a colon. */
function afterColon(reason) {
  const text = reason.replace(/\.$/, "");
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

/** The verdict line: {kind, text}; kind is the verdict ("possible", "lost", ...) or "checking" / "idle". */
export function verdictText(play) {
  if (!play || !play.length) return { kind: "idle", text: "Click any square to place the knight there." };
  const v = verdictOf(play);
  const total = freeCount(play.board);
  switch (v.verdict) {
    case "complete":
      return {
        kind: "complete",
        text: `Tour complete: you visited all ${total} squares!${v.closed ? " It is a closed tour: the last square is a knight move from the first." : ""}`,
      };
    case "possible":
      return { kind: "possible", text: "Still possible: a tour can finish from here." };
    case "lost":
      return { kind: "lost", text: `No tour can finish from here: ${afterColon(v.reason)}.` };
    default:
      if (v.checking) return { kind: "checking", text: "Checking whether a tour can still finish from here…" };
      return { kind: "unknown", text: `Unknown: the check could not decide within its budget${v.reason ? ` (${afterColon(v.reason)})` : ""}.` };
  }
}

/** Where the knight stands and where it may go. */
export function movesText(play) {
  if (!play || !play.length) return "";
  const { board, line, length } = play;
  const here = nameOf(line[length - 1], board);
  const legal = legalMoves(play);
  const total = freeCount(board);
  const where = `Square ${length} of ${total}: the knight is on ${here}.`;
  if (length === total) return where;
  if (!legal.length) return `${where} It has no legal move left.`;
  return `${where} ${legal.length} legal move${legal.length > 1 ? "s" : ""}: ${legal.map((i) => nameOf(i, board)).join(", ")}.`;
}

/** The hint's line, once asked for this position; "" otherwise. */
export function hintText(play) {
  if (!play || !play.length || play.hintFor !== play.length) return "";
  const v = verdictOf(play);
  if (v.verdict === "possible") return `Hint: move to ${nameOf(v.hint, play.board)}.`;
  if (v.verdict === "complete") return "";
  if (v.verdict === "lost") {
    const back = lastPossible(play);
    return back
      ? `No hint: no tour can finish from here. Undo ${play.length - back} move${play.length - back > 1 ? "s" : ""} to get back to a position that can still finish.`
      : "No hint: no tour can finish from here.";
  }
  return v.checking ? "Looking for a hint…" : "No hint: the check could not decide within its budget.";
}

/** The hint above the board in play view: [css class, text]. */
export function playHint(state) {
  const play = currentPlay(state);
  if (!play || !play.length) return [state.python.ready ? "pulse" : "", "Click any square to place the knight there."];
  if (state.tour && state.tourFrom === "play") return ["", "Tour complete! Replay it with the buttons below, or share it with “Copy link”."];
  return ["quiet", "Click a highlighted square to move the knight (or arrow keys and Enter). Ctrl+Z undoes a move."];
}

/** The finished tour's check by Python's validator, or "" while there is none. */
export function finishedText(play) {
  if (!play || !play.finished) return "";
  return play.finished.ok ? "Checked by the validator: a valid tour. Replay it with the buttons below the board, or share it with “Copy link”." : `The validator rejected this path: ${play.finished.message}`;
}
