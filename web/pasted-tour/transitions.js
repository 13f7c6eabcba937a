// Checking a pasted tour, the pure part: what the page holds after the text was read,
// while Python's validator judges it, and after. state.check is
// {board, status: "checking" | "valid" | "invalid", format, path, message, why, note,
// noteMsg, highlight, badStep}; like a play, it belongs to the board it was made for. why
// and noteMsg are the messages (i18n/said.js) the panel shows in the language of the moment;
// message and note are their words when they were made.

import { boardOf, isMove, sameBoard } from "../core/board-rules.js";
import { msg, said } from "../i18n/said.js";

/** The check for the state's board, or null. */
export function currentCheck(state) {
  const { check } = state;
  return check && sameBoard(check.board, state.settings) ? check : null;
}

/** The settings for the board a pasted tour was read on (holes as [row, col]; no start yet, so nothing is searched). */
export function settingsForRead(settings, read) {
  const square = (i) => [Math.floor(i / read.cols), i % read.cols];
  return {
    ...settings,
    rows: read.rows,
    cols: read.cols,
    holes: read.holes.map(square),
    start: null,
    closed: read.format === "json" ? Boolean(read.closed) : settings.closed && read.rows === settings.rows && read.cols === settings.cols,
    rule: read.rule || settings.rule,
  };
}

/** The text could not be read as squares: say why, highlight what the reader pointed at. */
export function checkUnreadable(state, read) {
  return {
    check: {
      board: boardOf(state.settings), status: "invalid", format: read.format || "", path: [],
      message: read.message, why: read.why || null, note: "", noteMsg: null, highlight: read.highlight || [], badStep: read.step ?? null,
    },
  };
}

/** The squares were read: the validator's turn. */
export function checkStarted(state, read) {
  return {
    check: {
      board: boardOf(state.settings), status: "checking", format: read.format, path: read.path,
      message: "", why: null, note: read.note || "", noteMsg: read.noteMsg || null, highlight: read.unvisited || [], badStep: null,
    },
  };
}

/** The validator accepted the path: a tour (closed when its last square is a move from its first). */
export function checkPassed(state) {
  const { check, settings } = state;
  if (!check || check.status !== "checking") return null;
  const { path } = check;
  const board = boardOf(settings);
  const closed = path.length >= 3 && isMove(board, path[path.length - 1], path[0]);
  const size = { rows: settings.rows, cols: settings.cols, count: path.length };
  const why = closed ? msg("play.check.validClosed", size) : msg("play.check.valid", size);
  return { check: { ...check, status: "valid", highlight: [], message: said(why), why } };
}

/** The step a validator message names ("step 17: ..."), or null. */
export function stepNamed(message) {
  const match = /\bstep (\d+)\b/.exec(message);
  return match ? Number(match[1]) : null;
}

/** The validator rejected the path: its message, the first bad step highlighted (and its numbers on a numbered board). */
export function checkFailed(state, message) {
  const { check } = state;
  if (!check || check.status !== "checking") return null;
  const step = stepNamed(message);
  const { path } = check;
  let why = msg("play.check.notTour", { message });
  let highlight = check.highlight;
  if (step !== null && step < path.length) {
    highlight = step > 0 ? [path[step - 1], path[step]] : [path[step]];
    if (check.format === "board") {
      const where = step > 0 ? msg("play.check.numbers", { first: step, second: step + 1 }) : msg("play.check.numberOne");
      why = msg("play.sentences", { first: why, second: where });
    }
  }
  return { check: { ...check, status: "invalid", message: said(why), why, highlight, badStep: step } };
}
