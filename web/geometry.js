// Where the board's squares are on the canvas: a pure function of the board's box (the
// viewport in the state) and its size, and the inverse, the square under a point.

const MIN_SIDE = 40; // CSS px: a board box smaller than this is drawn as if it were this
const LABEL_SPACE = 18; // CSS px for the file letters and rank numbers, when squares are big enough

/**
 * The board's geometry: {width, height, dpr, cell, ox, oy, rows, cols, labels}, all in
 * CSS pixels; (ox, oy) is the top-left corner of the squares, cell one square's side.
 */
export function measure({ width, height, dpr }, rows, cols) {
  const w = Math.max(MIN_SIDE, width);
  const h = Math.max(MIN_SIDE, height);
  const rough = Math.min(w / cols, h / rows);
  const labels = rough >= 16 ? LABEL_SPACE : 0;
  let cell = Math.min((w - labels) / cols, (h - labels) / rows);
  if (cell >= 6) cell = Math.floor(cell);
  const ox = Math.round(labels + (w - labels - cell * cols) / 2);
  const oy = Math.round((h - labels - cell * rows) / 2);
  return { width: w, height: h, dpr: dpr || 1, cell, ox, oy, rows, cols, labels };
}

/** The geometry of the state's board. */
export function boardGeometry(state) {
  return measure(state.viewport, state.settings.rows, state.settings.cols);
}

/** The square [row, col] at (x, y) in CSS pixels from the canvas's top-left, or null. */
export function squareAt(g, x, y) {
  const col = Math.floor((x - g.ox) / g.cell);
  const row = Math.floor((y - g.oy) / g.cell);
  if (row < 0 || row >= g.rows || col < 0 || col >= g.cols) return null;
  return [row, col];
}

/** The centre of column `col` / row `row`, in CSS pixels. */
export const centerX = (g, col) => g.ox + (col + 0.5) * g.cell;
export const centerY = (g, row) => g.oy + (row + 0.5) * g.cell;

/** The centre of a flat square index (row * cols + col): [x, y]. */
export function centerOf(g, index) {
  return [centerX(g, index % g.cols), centerY(g, (index / g.cols) | 0)];
}
