// Play mode's part of the page state (plain data, merged into state.js's defaultState),
// and the pure questions asked of it: which squares are legal now, what is known about
// the position, which position the solver should check next.
//
// A play remembers the board it was made for; a play for another board is stale and
// reads as no play at all. Its `line` holds the squares played and, after undo, the
// squares that redo brings back: the first `length` of them are played.

import { knightTargets } from "../core/squares.js";
import { isLeaper, ruleSteps } from "../core/leapers.js";
import { pieceName } from "../core/piece-name.js";
import { blockedSet, boardOf, isMove, moveRefusal, sameBoard } from "../core/board-rules.js";
import { inEnglish, msg } from "../i18n/said.js";

/** Node budgets of the "still possible?" check: a quick one, then, if it did not decide, a harder one. */
export const CHECK_BUDGETS = [20_000, 50_000];

/** Fresh play state (a factory, so two pages never share objects). */
export function defaultPlayState() {
  return {
    // {board, line, length, verdicts, completion, hintFor, finished}; null before a start is chosen
    play: null,
    // another view's tour, put aside while a finished game is the page's tour
    // ({tour, tourFrom, tourCheck, result, events, search, shown, status, start}; transitions.js)
    keptTour: null,
  };
}

/** The board a play is made for: what changes its legal moves and its goal. */
/** The play for the state's board, or null (none, or made for another board). */
export function currentPlay(state) {
  const { play } = state;
  return play && sameBoard(play.board, state.settings) ? play : null;
}

/** A fresh play that starts on flat index `start`. */
export function newPlay(settings, start) {
  return { board: boardOf(settings), line: [start], length: 1, verdicts: [], completion: null, hintFor: 0, finished: null };
}

/** The squares played, start first. */
export function playedPath(play) {
  return play ? play.line.slice(0, play.length) : [];
}

export function freeCount(board) {
  return board.rows * board.cols - board.holes.length;
}

/**
 * Why the knight of `play` may not go to flat index `to` now, or null when it may:
 * {code: "hole" | "visited" | "notKnight" | "leg", leg?}. Before a start: null.
 */
export function refusalOf(play, to) {
  if (!play || !play.length) return null;
  const blocked = blockedSet(play.board);
  if (blocked[to]) return { code: "hole" };
  if (play.line.slice(0, play.length).includes(to)) return { code: "visited" };
  return moveRefusal(play.board, play.line[play.length - 1], to, blocked);
}

/** The flat indices the knight may move to now: unvisited free squares one move away. Before a start: none. */
export function legalMoves(play) {
  if (!play || !play.length) return [];
  const { board } = play;
  const { rows, cols } = board;
  const holes = blockedSet(board);
  const visited = new Uint8Array(rows * cols);
  for (let i = 0; i < play.length; i += 1) visited[play.line[i]] = 1;
  const from = play.line[play.length - 1];
  const out = [];
  for (const to of knightTargets(from, rows, cols, ruleSteps(board.rule))) {
    if (!holes[to] && !visited[to] && isMove(board, from, to, holes)) out.push(to);
  }
  return out.sort((a, b) => a - b);
}

/** Whether the first `length` squares of `line` equal `path`. */
export function startsWith(line, length, path) {
  if (path.length !== length || line.length < length) return false;
  for (let i = 0; i < length; i += 1) if (line[i] !== path[i]) return false;
  return true;
}

/**
 * What is known about the position played: {verdict, reason, reasonMsg, hint, checking, closed}.
 * verdict: "complete" (every square visited), "possible" (a tour finishes from here;
 * hint is its next square), "lost" (reason says why none can), "unknown" (not decided:
 * still being checked, or the budget ran out). reason is in English (the solver's words, or
 * play's own); reasonMsg, when play made the reason, is its catalog message (i18n/said.js).
 */
export function verdictOf(play) {
  if (!play || !play.length) return { verdict: "unknown", reason: "", hint: null, checking: false, closed: false };
  const { board, line, length } = play;
  if (length === freeCount(board)) {
    const closed = length >= 3 && isMove(board, line[length - 1], line[0]);
    if (board.closed && !closed) {
      const reasonMsg = isLeaper(board.rule) ? msg("play.leaper.notClosed", { piece: pieceName(board.rule) }) : msg("play.reason.notClosed");
      return { verdict: "lost", reason: inEnglish(reasonMsg), reasonMsg, hint: null, checking: false, closed };
    }
    return { verdict: "complete", reason: "", hint: null, checking: false, closed };
  }
  const known = play.verdicts[length];
  if (known && known.verdict !== "unknown") return { ...known, checking: false, closed: false };
  const { completion } = play;
  if (completion && completion.length > length && startsWith(completion, length, line.slice(0, length))) {
    return { verdict: "possible", reason: "", hint: completion[length], checking: false, closed: false };
  }
  if (!legalMoves(play).length) {
    const reasonMsg = isLeaper(board.rule) ? msg("play.leaper.stuckReason", { piece: pieceName(board.rule) }) : msg("play.reason.stuck");
    return { verdict: "lost", reason: inEnglish(reasonMsg), reasonMsg, hint: null, checking: false, closed: false };
  }
  const exhausted = known && known.budget >= CHECK_BUDGETS[CHECK_BUDGETS.length - 1];
  return { verdict: "unknown", reason: known ? known.reason : "", reasons: known?.reasons ?? null, reasonMsg: known ? known.reasonMsg : null, hint: null, checking: !exhausted, closed: false };
}

/** Whether two checks ({length, path}) are about the same position. */
export const samePosition = (a, b) => a.length === b.length && a.path.every((sq, i) => sq === b.path[i]);

/** The check the solver should run now: {length, path, budget}, or null when nothing is due. */
export function checkDue(play) {
  if (!play || !play.length) return null;
  const { verdict, checking } = verdictOf(play);
  if (verdict !== "unknown" || !checking) return null;
  const known = play.verdicts[play.length];
  // On big boards the first check gets enough nodes for a Warnsdorff run over the squares left.
  const budget = known ? CHECK_BUDGETS.find((b) => b > known.budget) : Math.max(CHECK_BUDGETS[0], 2 * freeCount(play.board));
  return budget ? { length: play.length, path: playedPath(play), budget } : null;
}

/** The last position of the line played so far that is known to be possible (its length), or 0. */
export function lastPossible(play) {
  if (!play) return 0;
  for (let k = play.length - 1; k >= 1; k -= 1) {
    const known = play.verdicts[k];
    if (known && known.verdict === "possible") return k;
    const { completion } = play;
    if (completion && startsWith(completion, k, play.line.slice(0, k))) return k;
  }
  return 0;
}
