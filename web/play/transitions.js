// Play mode's pure state changes: (state, ...) -> patch, or null for no change. Moves,
// undo and redo, restart, the hint, and the solver's answers about positions. Nothing
// here touches the DOM, the solver or the URL; session.js (in this folder) does that.

import { squareName } from "../core/squares.js";
import { currentPlay, legalMoves, newPlay, refusalOf, startsWith } from "./state.js";
import { msg, said } from "../i18n/said.js";
import { isLeaper } from "../core/leapers.js";
import { pieceName } from "../core/piece-name.js";

const toSquare = (index, cols) => [Math.floor(index / cols), index % cols];
const isHole = (settings, index) => settings.holes.some(([r, c]) => r * settings.cols + c === index);

/** A play's notice: its words now (notice) and its message (noticeMsg), which the panel
 * renders in the language of the moment. */
const noticed = (message) => ({ notice: said(message), noticeMsg: message });
const NO_NOTICE = { notice: "", noticeMsg: null };

/** The notice for a hole clicked: the knight's words, or a leaper's with its name. */
function holeMessage(settings, square) {
  return isLeaper(settings.rule) ? msg("play.leaper.hole", { square, piece: pieceName(settings.rule) }) : msg("play.notice.hole", { square });
}

/** A square was clicked or chosen with the keyboard in play mode: start there, or move there when legal. */
export function squarePlayed(state, sq) {
  const { settings } = state;
  const index = sq[0] * settings.cols + sq[1];
  const name = squareName(sq, settings.rows);
  const play = currentPlay(state);
  if (isHole(settings, index)) return { play: play && { ...play, ...noticed(holeMessage(settings, name)) } };
  if (!play || !play.length) return { ...pausedOtherTour(state), play: { ...newPlay(settings, index), ...NO_NOTICE }, cursor: sq };
  const refusal = refusalOf(play, index);
  if (refusal) return { play: { ...play, ...noticed(refusalMessage(refusal, play, name, settings)) } };
  if (play.line[play.length] === index) return redoPatch(play, sq); // the move undone last: keep what is known
  const line = [...play.line.slice(0, play.length), index];
  return {
    play: { ...play, line, length: line.length, verdicts: play.verdicts.slice(0, line.length), ...NO_NOTICE, finished: null },
    cursor: sq,
  };
}

const nameOf = (index, settings) => squareName(toSquare(index, settings.cols), settings.rows);

/** The notice for a refused move, in the words of the rule that refused it. */
function refusalMessage(refusal, play, square, settings) {
  const from = nameOf(play.line[play.length - 1], settings);
  if (refusal.code === "visited") return msg("play.notice.visited", { square });
  if (refusal.code === "leg") return msg("play.notice.leg", { square, from, leg: nameOf(refusal.leg, settings) });
  if (isLeaper(settings.rule)) return msg("play.leaper.notJump", { square, from, piece: pieceName(settings.rule) });
  return msg("play.notice.notMove", { square, from });
}

/** A game from a link, replayed move by move with play's own rules (holes, the xiangqi
 * leg); it stops before the first move that is not legal, and says so. null for no game. */
export function gameLoaded(state, indices) {
  const { settings } = state;
  if (!indices || !indices.length || isHole(settings, indices[0])) return null;
  const play = { ...newPlay(settings, indices[0]), ...NO_NOTICE };
  for (let i = 1; i < indices.length; i += 1) {
    if (!legalMoves(play).includes(indices[i])) {
      const name = squareName(toSquare(indices[i], settings.cols), settings.rows);
      Object.assign(play, noticed(msg("play.notice.gameStops", { move: i + 1, square: name })));
      break;
    }
    play.line.push(indices[i]);
    play.length += 1;
  }
  return { ...pausedOtherTour(state), play, cursor: toSquare(play.line[play.length - 1], settings.cols) };
}

function redoPatch(play, sq) {
  return { play: { ...play, length: play.length + 1, ...NO_NOTICE, finished: null }, cursor: sq };
}

/** Take back the last move (the start stays); null when there is none. */
export function undone(state) {
  const play = currentPlay(state);
  if (!play || play.length <= 1) return null;
  const cols = state.settings.cols;
  return {
    ...droppedFinishedTour(state),
    play: { ...play, length: play.length - 1, ...NO_NOTICE, finished: null },
    cursor: toSquare(play.line[play.length - 2], cols),
  };
}

/** Another view's tour stays that view's while a game is played: its playback only pauses. */
function pausedOtherTour(state) {
  return state.tour && state.tourFrom !== "play" ? { playing: false } : {};
}

// What makes up the page's tour: a finished game puts another view's aside (keptTour) and
// gives it back when it is taken back or Play is left.
const TOUR_FIELDS = ["tour", "tourFrom", "tourCheck", "result", "events", "search", "shown", "status"];

/** The tour to keep aside when a finished game becomes the page's tour: another view's
 * tour with its start square, or the one already kept (null for none). */
export function tourKept(state) {
  if (!state.tour || state.tourFrom === "play") return state.keptTour ?? null;
  const kept = Object.fromEntries(TOUR_FIELDS.map((key) => [key, state[key]]));
  return { ...kept, start: state.settings.start };
}

/** The finished game leaves the page's tour: the tour kept aside comes back (paused), or none. */
export function tourGivenBack(state) {
  const kept = state.keptTour;
  if (!kept) return { tour: null, shown: 0, playing: false, tourFrom: "", result: null, status: state.python.ready ? "ready" : "loading" };
  const { start, ...fields } = kept;
  return { ...fields, playing: false, keptTour: null, settings: { ...state.settings, start } };
}

/** Play left while its finished game is the page's tour: the other view's tour comes back. */
export function playLeft(state) {
  return state.tourFrom === "play" && state.keptTour ? tourGivenBack(state) : null;
}

/** In play view, a link's start square (and no tour shown) starts the play there. */
export function playFromStart(state) {
  const { settings } = state;
  if (state.view !== "play" || currentPlay(state) || !settings.start || state.tour) return null;
  return { play: { ...newPlay(settings, settings.start[0] * settings.cols + settings.start[1]), ...NO_NOTICE }, cursor: settings.start };
}

/** A finished play is shown as the page's tour; taking a move back takes that tour away. */
function droppedFinishedTour(state) {
  return state.tourFrom === "play" ? tourGivenBack(state) : {};
}

/** Play again the move undone last; null when there is none. */
export function redone(state) {
  const play = currentPlay(state);
  if (!play || play.length >= play.line.length) return null;
  return redoPatch(play, toSquare(play.line[play.length], state.settings.cols));
}

/** Clear the board: the next square chosen is a new start. Another view's tour stays its own. */
export function restarted(state) {
  if (state.tour && state.tourFrom !== "play") return { play: null };
  const back = tourGivenBack(state);
  if (back.tour) return { ...back, play: null };
  return { ...back, play: null, settings: { ...state.settings, start: null } }; // the same board; no start, so none is played from
}

/** Show the next move of a completing tour for this position (now, or as soon as it is known). */
export function hintAsked(state) {
  const play = currentPlay(state);
  return play ? { play: { ...play, hintFor: play.length } } : null;
}

/**
 * The solver's answer about a position: request {path, length, budget}, result
 * {status, reason, indices}. Dropped when the position is no longer on the line played.
 */
export function checkAnswered(state, request, result) {
  const play = currentPlay(state);
  if (!play || !startsWith(play.line, request.length, request.path)) return null;
  const verdicts = play.verdicts.slice();
  let { completion } = play;
  if (result.status === "found") {
    completion = Array.from(result.indices);
    verdicts[request.length] = { verdict: "possible", reason: "", hint: completion[request.length] };
  } else if (result.status === "impossible") {
    verdicts[request.length] = { verdict: "lost", reason: result.reason, reasons: result.reasons ?? null, reasonMsg: result.reasonMsg || null, hint: null };
  } else {
    verdicts[request.length] = { verdict: "unknown", reason: result.reason || "", reasons: result.reasons ?? null, reasonMsg: result.reasonMsg || null, hint: null, budget: request.budget };
  }
  return { play: { ...play, verdicts, completion } };
}

/** Python's validator judged the finished path: {ok, message}. */
export function finishChecked(state, path, verdict) {
  const play = currentPlay(state);
  if (!play || !startsWith(play.line, path.length, path) || play.length !== path.length) return null;
  return { play: { ...play, finished: verdict } };
}
