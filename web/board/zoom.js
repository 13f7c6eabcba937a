// Pure state changes of zooming and panning the board. The view lives in state.zoom as
// {zoom, row, col, rows, cols} (viewport.js); a view for another board size counts as
// fit, so a new board always starts whole.

import { boardBox, boardGeometry } from "./geometry.js";
import { CLICK_CELL, ZOOM_STEP, clampView, fitView, panBy, reveal, zoomAt, zoomTo } from "./viewport.js";

const CHOOSE_CELL = 16; // px per square after a click on squares too small to choose

function currentView(state) {
  const { rows, cols } = state.settings;
  const z = state.zoom;
  return z && z.rows === rows && z.cols === cols ? z : fitView();
}

function withBoard(state, view) {
  const { rows, cols } = state.settings;
  const next = { ...view, rows, cols };
  const old = currentView(state);
  // No change (fit counts as fit whether or not a view is stored): no update, no redraw.
  if (old.zoom === next.zoom && (next.zoom <= 1 || (old.row === next.row && old.col === next.col))) return null;
  return { zoom: next };
}

const box = (state) => boardBox(state.viewport, state.settings.rows, state.settings.cols);

/** Zoom by `factor` about canvas point (x, y) (wheel, pinch). */
export function zoomedAt(state, factor, x, y) {
  const { rows, cols } = state.settings;
  return withBoard(state, zoomAt(currentView(state), factor, x, y, box(state), rows, cols));
}

/** One step in (+1) or out (-1) about the keyboard cursor when it is on screen, else the centre (+ and - keys, buttons). */
export function zoomedStep(state, direction) {
  const g = boardGeometry(state);
  let x = g.width / 2 + g.labels / 2;
  let y = (g.height - g.labels) / 2;
  if (state.cursor && state.focused) {
    const cx = g.ox + (state.cursor[1] + 0.5) * g.cell;
    const cy = g.oy + (state.cursor[0] + 0.5) * g.cell;
    if (cx >= 0 && cx <= g.width && cy >= 0 && cy <= g.height) [x, y] = [cx, cy];
  }
  return zoomedAt(state, direction > 0 ? ZOOM_STEP : 1 / ZOOM_STEP, x, y);
}

/** The whole board (0 key, Fit button). */
export function zoomFitted(state) {
  return withBoard(state, fitView());
}

/** Drag the board by (dx, dy) CSS px. */
export function panned(state, dx, dy) {
  const { rows, cols } = state.settings;
  return withBoard(state, panBy(currentView(state), dx, dy, box(state), rows, cols));
}

/** Centre the view on board point (row, col) (a click on the overview). */
export function centredOn(state, row, col) {
  const { rows, cols } = state.settings;
  const view = currentView(state);
  if (view.zoom <= 1) return null;
  return withBoard(state, clampView({ zoom: view.zoom, row, col }, box(state), rows, cols));
}

/** A click on squares too small to choose: zoom in there so squares can be clicked. */
export function zoomedToChoose(state, sq) {
  const { rows, cols } = state.settings;
  return withBoard(state, zoomTo(sq, CHOOSE_CELL, box(state), rows, cols));
}

/** Keep the keyboard cursor on screen while zoomed. */
export function cursorRevealed(state) {
  if (!state.cursor) return null;
  const { rows, cols } = state.settings;
  return withBoard(state, reveal(currentView(state), state.cursor, box(state), rows, cols));
}

/** Whether a click at this zoom chooses a square (else it zooms in first). */
export function squaresClickable(state) {
  return boardGeometry(state).cell >= CLICK_CELL;
}

/** The zoom factor shown to people: 1 = whole board. */
export function zoomFactor(state) {
  return boardGeometry(state).zoom;
}
