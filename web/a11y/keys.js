// Keys that move things by more than one: the board's cursor (arrows one square,
// PageUp/PageDown ten ranks, Home/End to the first/last file, Ctrl+Home/End to the
// corners) and playback (PageUp/PageDown ten moves, Home/End to the ends).

export const JUMP = 10;

/** The cursor after `key` (null when the key is not a cursor key). */
export function cursorAfterKey(cursor, key, ctrl, rows, cols) {
  const [r, c] = cursor || [rows - 1, 0];
  const clamp = (v, n) => Math.min(n - 1, Math.max(0, v));
  switch (key) {
    case "ArrowUp": return [clamp(r - 1, rows), c];
    case "ArrowDown": return [clamp(r + 1, rows), c];
    case "ArrowLeft": return [r, clamp(c - 1, cols)];
    case "ArrowRight": return [r, clamp(c + 1, cols)];
    case "PageUp": return [clamp(r - JUMP, rows), c];
    case "PageDown": return [clamp(r + JUMP, rows), c];
    case "Home": return ctrl ? [0, 0] : [r, 0];
    case "End": return ctrl ? [rows - 1, cols - 1] : [r, cols - 1];
    default: return null;
  }
}

/** The playback position after `key` on a timeline first..length (null: not a playback key). */
export function positionAfterKey(position, key, first, length) {
  const clamp = (v) => Math.min(length, Math.max(first, v));
  switch (key) {
    case "PageUp": return clamp(position + JUMP);
    case "PageDown": return clamp(position - JUMP);
    case "Home": return first;
    case "End": return length;
    case "ArrowRight": case "ArrowUp": return clamp(position + 1);
    case "ArrowLeft": case "ArrowDown": return clamp(position - 1);
    default: return null;
  }
}
