// Pure state changes of the accessible board view: placing the keyboard cursor (from
// the table or the board's jump keys) and moving playback by keys.

import { cursorText } from "./cursor-text.js";
import { firstPosition, seekPatch, timeline } from "../core/timeline.js";
import { cursorAfterKey, positionAfterKey } from "./keys.js";

/** The cursor on square `sq` (the table's focus, or a jump key on the board). */
export function cursorPlaced(state, sq, { focused = true } = {}) {
  const same = state.cursor && state.cursor[0] === sq[0] && state.cursor[1] === sq[1];
  if (same && state.focused === focused) return null;
  return { cursor: sq, focused, announcement: cursorText(sq, state.settings.rows) };
}

/** A cursor key (arrows, PageUp/PageDown, Home/End, with Ctrl): the patch, or null. */
export function cursorKeyed(state, key, ctrl) {
  const { rows, cols } = state.settings;
  const next = cursorAfterKey(state.cursor, key, ctrl, rows, cols);
  return next ? cursorPlaced(state, next) : null;
}

/** A playback key (PageUp/PageDown ten moves, Home/End the ends, arrows one): the patch, or null. */
export function playbackKeyed(state, key) {
  const { length, position } = timeline(state);
  if (!length) return null;
  const next = positionAfterKey(position, key, firstPosition(state), length);
  return next === null ? null : { ...seekPatch(state, next), playing: false };
}
