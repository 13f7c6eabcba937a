// Where the board's squares are on the canvas: a pure function of the board's box (the
// viewport in the state), its size and the zoom, and the inverse, the square under a point.

import { fitView, geometry as viewGeometry } from "./viewport.js";

const MIN_SIDE = 40; // CSS px: a board box smaller than this is drawn as if it were this
const LABEL_SPACE = 18; // CSS px for the file letters and rank numbers, when squares are big enough

/** The board box as the zoom math needs it: {width, height, labels} in CSS px, and dpr. */
export function boardBox({ width, height, dpr }, rows, cols) {
  const w = Math.max(MIN_SIDE, width);
  const h = Math.max(MIN_SIDE, height);
  const rough = Math.min(w / cols, h / rows);
  return { width: w, height: h, dpr: dpr || 1, labels: rough >= 16 ? LABEL_SPACE : 0 };
}

/**
 * The board's geometry: {width, height, dpr, cell, ox, oy, rows, cols, labels, zoom}, all
 * in CSS pixels; (ox, oy) is the top-left corner of the squares, cell one square's side.
 * `zoom` is the state's view ({zoom, row, col, rows, cols}); a view made for another
 * board size, or none, is the whole board fitted to the box.
 */
export function measure(viewport, rows, cols, zoom = null) {
  const box = boardBox(viewport, rows, cols);
  const view = zoom && zoom.rows === rows && zoom.cols === cols ? zoom : fitView();
  return { ...viewGeometry(box, rows, cols, view), dpr: box.dpr };
}

/** The geometry of the state's board (zoomed and panned as the state says). */
export function boardGeometry(state) {
  return measure(state.viewport, state.settings.rows, state.settings.cols, state.zoom);
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
