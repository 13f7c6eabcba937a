// Square names. A square is [row, col], zero-based, row 0 the top row as drawn.
// Algebraic names put a1 at the bottom-left: files a..z, aa, ab, ... (like spreadsheet
// columns) from the column, the rank number from the bottom (rank = rows - row).

export const MAX_SIDE = 1000;

export function fileName(col) {
  let name = "";
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(97 + ((n - 1) % 26)) + name;
  }
  return name;
}

export function squareName([row, col], rows) {
  return `${fileName(col)}${rows - row}`;
}

/** Parse "c3" into [row, col] on a rows x cols board; null when it is not a square there. */
export function parseSquare(text, rows, cols) {
  const match = /^([a-z]{1,3})([1-9][0-9]{0,3})$/.exec(String(text).trim().toLowerCase());
  if (!match) return null;
  let col = 0;
  for (const ch of match[1]) col = col * 26 + (ch.charCodeAt(0) - 96);
  col -= 1;
  const row = rows - Number(match[2]);
  if (row < 0 || row >= rows || col < 0 || col >= cols) return null;
  return [row, col];
}

export function sameSquare(a, b) {
  return a === b || (a != null && b != null && a[0] === b[0] && a[1] === b[1]);
}

/** Whether the list of squares holds `sq`. */
export function hasSquare(squares, sq) {
  return squares.some((other) => sameSquare(other, sq));
}

/** The knight's eight steps [row step, col step], clockwise from two up and one right. A
 * step's index is its code in a tour link (tour-codec.js, tools/presets.py); the Learn
 * programs' order is learn/wire.js's MOVE_ORDER of these indexes. */
export const KNIGHT_STEPS = [
  [-2, 1], [-1, 2], [1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1],
];

/** The squares (flat indices) a knight on square `from` of a rows x cols board reaches,
 * in the order of `steps`. */
export function knightTargets(from, rows, cols, steps = KNIGHT_STEPS) {
  const r = Math.floor(from / cols);
  const c = from % cols;
  const out = [];
  for (const [dr, dc] of steps) {
    const rr = r + dr;
    const cc = c + dc;
    if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) out.push(rr * cols + cc);
  }
  return out;
}
