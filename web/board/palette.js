// The board's colours, shared by the screen and the exported images. The path's colour
// runs from blue (start) to red (end); it is never the only carrier of meaning: the
// start has a ring, the end the knight, the closing move a dashed line, holes a cross.

export const LIGHT = "#f0d9b5";
export const DARK = "#b58863";
export const FLAT = "#d8b48e"; // one colour when squares are too small to see
export const HOLE = "#3b3f46";
export const HOLE_MARK = "#8a9099";
export const START = "#1e8e3e";
export const END = "#c5221f";
export const CURSOR = "#1a73e8";
export const HUES = 48; // colour steps along the path

export const NUMBER_INK = "#1f1f1f"; // move numbers on the board and in the images
export const NUMBER_HALO = "rgba(255,255,255,0.9)"; // the outline that keeps them readable on any square

/** The colour step (0 .. HUES - 1) of move k of a path of n squares. */
export function hueStep(k, n) {
  return Math.floor((k * HUES) / n);
}

/** The first move after the run of colour step `step` (a run is stroked as one line). */
export function hueRunEnd(step, n) {
  return Math.ceil(((step + 1) * n) / HUES);
}

/** The path's colour for step `step` of HUES. */
export function hueColor(step) {
  return `hsl(${220 - (step * 215) / (HUES - 1)} 85% 36%)`;
}

/** Whether square [row, col] is dark, a1 (bottom-left) being dark as on a chessboard. */
export function isDark(row, col, rows) {
  return (row + col + rows + 1) % 2 === 0;
}
