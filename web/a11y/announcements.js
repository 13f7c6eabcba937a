// What a screen reader hears when something changes, as a pure function of the state
// before and after: playback steps, play and pause, the end of the tour, and every
// setting (size, open/closed, method, rule, holes, start, hole editing, zoom).
// The status line (role=status) already speaks about searches; this says the rest.

import { squareName } from "../core/squares.js";
import { t } from "../i18n/messages.js";
import { said as saidNow } from "../i18n/said.js";
import { isLeaper } from "../core/leapers.js";
import { pieceName } from "../core/piece-name.js";

// Faster than this, each step of playback is not spoken (a screen reader cannot keep
// up); play, pause and the end are.
export const SPOKEN_STEPS_PER_SECOND = 2;

const METHODS = ["auto", "warnsdorff", "backtrack", "exhaustive", "construct"];

// Thousands separators without Intl (its first call costs Chromium ~50 ms).
const number = (n) => String(n).replace(/\B(?=(\d{3})+$)/g, ",");
const nameOf = (index, settings) => squareName([Math.floor(index / settings.cols), index % settings.cols], settings.rows);

function searchText(state) {
  const { pos, stack, backtracks } = state.search;
  const numbers = { pos: number(pos), length: number(state.events.length), depth: stack.length, backtracks: t("a11y.backtracks", { count: backtracks }) };
  return stack.length
    ? t("a11y.search-step.on", { ...numbers, square: nameOf(stack[stack.length - 1], state.settings) })
    : t("a11y.search-step", numbers);
}

/** "Move 12 of 64: c3." (or the search replay's step) for the state's playback position. */
export function positionText(state) {
  if (state.search) return searchText(state);
  if (!state.tour || !state.shown) return "";
  const n = state.tour.length;
  const params = { shown: number(state.shown), length: number(n), square: nameOf(state.tour[state.shown - 1], state.settings) };
  if (state.shown !== n) return t("a11y.move", params);
  return state.settings.closed ? t("a11y.move.last.closed", params) : t("a11y.move.last.open", params);
}

function holesText(before, after) {
  const a = before.holes;
  const b = after.holes;
  if (b.length === 0) return a.length ? t("a11y.holes.cleared") : "";
  const holes = t("a11y.holes", { count: b.length });
  if (b.length === a.length + 1) return t("a11y.hole.added", { square: squareName(b[b.length - 1], after.rows), holes });
  if (b.length === a.length - 1) {
    const kept = new Set(b.map(([r, c]) => r * after.cols + c));
    const gone = a.find(([r, c]) => !kept.has(r * after.cols + c));
    return gone ? t("a11y.hole.removed", { square: squareName(gone, after.rows), holes }) : t("a11y.hole.removed.somewhere", { holes });
  }
  return t("a11y.holes.total", { holes });
}

function methodText(method) {
  return METHODS.includes(method) ? t(`a11y.method.${method}`) : t("a11y.method", { method });
}

function ruleText(rule) {
  if (rule === "xiangqi") return t("a11y.rule.xiangqi");
  return isLeaper(rule) ? t("a11y.rule.leaper", { piece: saidNow(pieceName(rule)) }) : t("a11y.rule.knight");
}

function settingsText(before, after) {
  const said = [];
  if (before.rows !== after.rows || before.cols !== after.cols) said.push(t("a11y.board", { rows: String(after.rows), cols: String(after.cols) }));
  if (before.closed !== after.closed) said.push(after.closed ? t("a11y.closed") : t("a11y.open"));
  if (before.method !== after.method) said.push(methodText(after.method));
  if (before.rule !== after.rule) said.push(ruleText(after.rule));
  if (before.holes !== after.holes && (before.rows === after.rows && before.cols === after.cols)) {
    const text = holesText(before, after);
    if (text) said.push(text);
  }
  const start = (s) => (s.start ? squareName(s.start, s.rows) : "");
  if (start(before) !== start(after) && before.rows === after.rows) said.push(after.start ? t("a11y.start", { square: start(after) }) : t("a11y.start.none"));
  return said;
}

/** Sentences one after another, as the language runs them together. */
function joined(said) {
  return said.reduce((first, next) => (first ? t("a11y.then", { first, next }) : next), "");
}

function playbackText(before, after) {
  const moved = before.shown !== after.shown || before.search !== after.search;
  const sameTour = before.tour === after.tour && Boolean(before.search) === Boolean(after.search);
  if (before.playing !== after.playing && sameTour) {
    return after.playing ? t("a11y.playing") : t("a11y.paused", { position: positionText(after) });
  }
  if (moved && sameTour && (after.tour || after.search)) {
    const { length, at } = after.search
      ? { length: after.events.length, at: after.search.pos }
      : { length: after.tour.length, at: after.shown };
    const slow = after.speed <= SPOKEN_STEPS_PER_SECOND;
    if (!after.playing || slow) return positionText(after);
    if (at === length) return after.search ? t("a11y.end.search", { position: positionText(after) }) : t("a11y.end.tour", { position: positionText(after) });
    return "";
  }
  if (before.search !== after.search && Boolean(before.search) !== Boolean(after.search)) {
    return after.search ? t("a11y.search.replaying") : t("a11y.search.back");
  }
  return "";
}

/**
 * The sentence to announce for the change from `before` to `after`, or "" for nothing
 * worth saying. Pure: the live-region panel calls it once per frame.
 */
export function announcementFor(before, after) {
  if (!before || before === after) return "";
  const said = [];
  if (before.settings !== after.settings) said.push(...settingsText(before.settings, after.settings));
  if (before.editHoles !== after.editHoles) {
    said.push(after.editHoles ? t("a11y.holes.editing") : t("a11y.holes.edited"));
  }
  const playback = playbackText(before, after);
  if (playback) said.push(playback);
  const zoom = (s) => (s.zoom ? s.zoom.zoom : 1);
  if (zoom(before) !== zoom(after) && before.settings === after.settings) {
    said.push(zoom(after) <= 1 ? t("a11y.zoom.whole") : t("a11y.zoom", { zoom: String(Math.round(zoom(after) * 10) / 10) }));
  }
  return joined(said);
}
