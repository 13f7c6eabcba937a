// What a screen reader hears when something changes, as a pure function of the state
// before and after: playback steps, play and pause, the end of the tour, and every
// setting (size, open/closed, method, rule, holes, start, hole editing, zoom).
// The status line (role=status) already speaks about searches; this says the rest.

import { squareName } from "../core/squares.js";

// Faster than this, each step of playback is not spoken (a screen reader cannot keep
// up); play, pause and the end are.
export const SPOKEN_STEPS_PER_SECOND = 2;

const METHOD_NAMES = {
  auto: "automatic", warnsdorff: "Warnsdorff's rule", backtrack: "plain backtracking",
  exhaustive: "exhaustive search", construct: "construction",
};

// Thousands separators without Intl (its first call costs Chromium ~50 ms).
const number = (n) => String(n).replace(/\B(?=(\d{3})+$)/g, ",");
const plural = (n, one, many = `${one}s`) => `${number(n)} ${n === 1 ? one : many}`;
const nameOf = (index, settings) => squareName([Math.floor(index / settings.cols), index % settings.cols], settings.rows);

/** "Move 12 of 64: c3." (or the search replay's step) for the state's playback position. */
export function positionText(state) {
  if (state.search) {
    const { pos, stack, backtracks } = state.search;
    const top = stack.length ? `, on ${nameOf(stack[stack.length - 1], state.settings)}` : "";
    return `Search step ${number(pos)} of ${number(state.events.length)}: depth ${stack.length}${top}, ${plural(backtracks, "backtrack")}.`;
  }
  if (!state.tour || !state.shown) return "";
  const n = state.tour.length;
  const end = state.shown === n ? (state.settings.closed ? ", the last square; the tour closes back to the start" : ", the last square") : "";
  return `Move ${number(state.shown)} of ${number(n)}: ${nameOf(state.tour[state.shown - 1], state.settings)}${end}.`;
}

function holesText(before, after) {
  const a = before.holes;
  const b = after.holes;
  if (b.length === 0) return a.length ? "Holes cleared; no holes." : "";
  const count = plural(b.length, "hole");
  if (b.length === a.length + 1) return `Hole added at ${squareName(b[b.length - 1], after.rows)}; ${count}.`;
  if (b.length === a.length - 1) {
    const kept = new Set(b.map(([r, c]) => r * after.cols + c));
    const gone = a.find(([r, c]) => !kept.has(r * after.cols + c));
    return `Hole removed at ${gone ? squareName(gone, after.rows) : "a square"}; ${count}.`;
  }
  return `${count}.`;
}

function settingsText(before, after) {
  const said = [];
  if (before.rows !== after.rows || before.cols !== after.cols) said.push(`Board ${after.rows} by ${after.cols}.`);
  if (before.closed !== after.closed) said.push(after.closed ? "Closed tour: it must end one move from the start." : "Open tour: it may end anywhere.");
  if (before.method !== after.method) said.push(`Method: ${METHOD_NAMES[after.method] || after.method}.`);
  if (before.rule !== after.rule) said.push(after.rule === "xiangqi" ? "Xiangqi horse: its leg can be blocked." : "Chess knight.");
  if (before.holes !== after.holes && (before.rows === after.rows && before.cols === after.cols)) {
    const text = holesText(before, after);
    if (text) said.push(text);
  }
  const start = (s) => (s.start ? squareName(s.start, s.rows) : "");
  if (start(before) !== start(after) && before.rows === after.rows) said.push(after.start ? `Start ${start(after)}.` : "No start square.");
  return said;
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
    said.push(after.editHoles
      ? "Editing holes: choose squares to add or remove holes, then press Done."
      : "Done editing holes.");
  }
  const moved = before.shown !== after.shown || before.search !== after.search;
  const sameTour = before.tour === after.tour && Boolean(before.search) === Boolean(after.search);
  if (before.playing !== after.playing && sameTour) {
    if (after.playing) said.push("Playing.");
    else said.push(`Paused. ${positionText(after)}`);
  } else if (moved && sameTour && (after.tour || after.search)) {
    const { length, at } = after.search
      ? { length: after.events.length, at: after.search.pos }
      : { length: after.tour.length, at: after.shown };
    const slow = after.speed <= SPOKEN_STEPS_PER_SECOND;
    if (!after.playing || slow) said.push(positionText(after));
    else if (at === length) said.push(`End of the ${after.search ? "search" : "tour"}. ${positionText(after)}`);
  } else if (before.search !== after.search && Boolean(before.search) !== Boolean(after.search)) {
    said.push(after.search ? "Replaying the search." : "Back to the tour.");
  }
  const zoom = (s) => (s.zoom ? s.zoom.zoom : 1);
  if (zoom(before) !== zoom(after) && before.settings === after.settings) {
    said.push(zoom(after) <= 1 ? "Whole board shown." : `Zoom ${Math.round(zoom(after) * 10) / 10} times.`);
  }
  return said.join(" ");
}
