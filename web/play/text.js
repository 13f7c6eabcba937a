// The sentences play mode shows: the verdict on the position, where the knight is and
// where it may go, the hint, and the finished tour. Pure functions of plain data.

import { reasonText } from "../i18n/said.js";
import { language } from "../i18n/messages.js";
import { squareName } from "../core/squares.js";
import { currentPlay, freeCount, lastPossible, legalMoves, verdictOf } from "./state.js";
import { t } from "../i18n/messages.js";
import { said } from "../i18n/said.js";
import { listed } from "../i18n/listed.js";
import { playLegs } from "../core/legs.js";
import { isLeaper } from "../core/leapers.js";
import { leaperWords } from "../core/piece-name.js";

/** A leaper's name for Play's sentences, or null under the knight's and the xiangqi rules
 * (their sentences name the knight). */

const nameOf = (index, board) => squareName([Math.floor(index / board.cols), index % board.cols], board.rows);

/** "h1 can ..." stays; "No open tour ..." becomes "no open tour ..." to follow a colon. */
function afterColon(reason) {
  const text = reason.replace(/\.$/, "");
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

/** A verdict's reason as it follows a colon: play's own reasons from the catalog, the
 * solver's (Python's words) as they came. */
function reasonOf(v) {
  if (v.reasonMsg) return said(v.reasonMsg);
  // The solver's reason in the page's language; the English one made to follow a colon.
  return v.reasons && language() !== "en" ? reasonText(v).replace(/。$/, "") : afterColon(v.reason);
}

function completeText(v, total, piece) {
  if (!v.closed) return t("play.verdict.complete", { count: total });
  return piece ? t("play.leaper.completeClosed", { count: total, piece }) : t("play.verdict.completeClosed", { count: total });
}

/** The line under the tabs while Play is open: the piece chosen named (null: the
 * catalog's shell.about.play, the knight's). */
export const playAbout = (state) => (isLeaper(state.settings.rule) ? t("play.leaper.about", { piece: leaperWords(state.settings.rule) }) : null);

const placeText = (rule) => (isLeaper(rule) ? t("play.leaper.place", { piece: leaperWords(rule) }) : t("play.placeKnight"));

/** The verdict line: {kind, text}; kind is the verdict ("possible", "lost", ...) or "checking" / "idle".
 * `rule` is the board's (before a play is made for it, the piece to place is the board's). */
export function verdictText(play, rule = play?.board.rule) {
  if (!play || !play.length) return { kind: "idle", text: placeText(rule) };
  const v = verdictOf(play);
  switch (v.verdict) {
    case "complete":
      return { kind: "complete", text: completeText(v, freeCount(play.board), leaperWords(play.board.rule)) };
    case "possible":
      return { kind: "possible", text: t("play.verdict.possible") };
    case "lost":
      return { kind: "lost", text: t("play.verdict.lost", { reason: reasonOf(v) }) };
    default:
      if (v.checking) return { kind: "checking", text: t("play.verdict.checking") };
      if (!v.reason && !v.reasonMsg) return { kind: "unknown", text: t("play.verdict.unknown") };
      return { kind: "unknown", text: t("play.verdict.unknownWhy", { reason: reasonOf(v) }) };
  }
}

const KNIGHT_MOVES = { where: "play.moves.where", stuck: "play.moves.stuck", legal: "play.moves.legal" };
const LEAPER_MOVES = { where: "play.leaper.where", stuck: "play.leaper.stuck", legal: "play.leaper.legal" };

/** Where the piece stands and where it may go. */
export function movesText(play) {
  if (!play || !play.length) return "";
  const { board, line, length } = play;
  const square = nameOf(line[length - 1], board);
  const legal = legalMoves(play);
  const total = freeCount(board);
  const piece = leaperWords(board.rule);
  const keys = piece ? LEAPER_MOVES : KNIGHT_MOVES;
  if (length === total) return t(keys.where, { n: length, total, square, piece });
  if (!legal.length) return t(keys.stuck, { n: length, total, square, piece });
  const list = listed(legal.map((i) => nameOf(i, board)));
  return t(keys.legal, { n: length, total, square, count: legal.length, list, piece });
}

/** The moves a blocked leg forbids from where the knight stands (xiangqi rule), or "". */
export function legsText(play) {
  const legs = playLegs(play);
  if (!legs.length) return "";
  const items = legs.map(({ target, leg }) => t("play.leg", { target: nameOf(target, play.board), leg: nameOf(leg, play.board) }));
  return t("play.legs", { list: items.join(t("play.list.separator")) });
}

/** The hint's line, once asked for this position; "" otherwise. */
export function hintText(play) {
  if (!play || !play.length || play.hintFor !== play.length) return "";
  const v = verdictOf(play);
  if (v.verdict === "possible") return t("play.hint.move", { square: nameOf(v.hint, play.board) });
  if (v.verdict === "complete") return "";
  if (v.verdict === "lost") {
    const back = lastPossible(play);
    return back ? t("play.hint.lostUndo", { count: play.length - back }) : t("play.hint.lost");
  }
  return v.checking ? t("play.hint.looking") : t("play.hint.unknown");
}

/** The hint above the board in play view: [css class, text]. */
export function playHint(state) {
  const play = currentPlay(state);
  if (!play || !play.length) return [state.python.ready ? "ready" : "", placeText(state.settings.rule)];
  if (state.tour && state.tourFrom === "play") return ["", t("play.board.complete")];
  const piece = leaperWords(play.board.rule);
  return ["quiet", piece ? t("play.leaper.move", { piece }) : t("play.board.move")];
}

/**
 * The answer to a tap, said right under the board where the thumb is (the panel further
 * down says it too, for screen readers): a refused move's notice, or a position that can
 * no longer be finished. "" when there is none. Under the board, not above it: a notice
 * above would push the board down under the finger.
 */
export function boardNotice(play) {
  if (!play || !play.length) return "";
  if (play.noticeMsg) return said(play.noticeMsg);
  const verdict = verdictText(play);
  return verdict.kind === "lost" ? verdict.text : "";
}

/** The keyboard's part of play's hint ("" when there is none): shown only where a
 * keyboard is likely (index.html's .fine-only). */
export function playHintKeys(state) {
  if (state.editHoles) return "";
  const play = currentPlay(state);
  return play && play.length && !(state.tour && state.tourFrom === "play") ? t("play.board.keys") : "";
}

/** The finished tour's check by Python's validator, or "" while there is none. */
export function finishedText(play) {
  if (!play || !play.finished) return "";
  return play.finished.ok ? t("play.finished.valid") : t("play.finished.rejected", { message: play.finished.message });
}
