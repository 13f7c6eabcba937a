// Zoom and pan as plain numbers: a view {zoom, row, col} says how much larger than
// "fit" the squares are (zoom 1 = the whole board fits) and which board point (in
// squares, fractional) sits at the centre of the canvas. Everything else (where the
// squares are, which are visible, what a pointer hits) is computed from it and the
// canvas size, so the view survives resizes and holds no DOM.

export const MAX_CELL = 96; // px per square at the deepest zoom
export const CLICK_CELL = 3; // px per square from which every square has pixels of its own to click
export const ZOOM_STEP = 1.5; // one press of + or -

/** The fit view of any board (a factory: views are values, never shared). */
export function fitView() {
  return { zoom: 1, row: null, col: null };
}

/** The largest zoom for a board in a canvas: squares of MAX_CELL px (at least 1). */
export function maxZoom(size, rows, cols) {
  return Math.max(1, MAX_CELL / fitCell(size, rows, cols));
}

/** Squares' size (px) when the whole board fits the canvas, leaving room for labels. */
export function fitCell({ width, height, labels = 0 }, rows, cols) {
  return Math.max(1e-6, Math.min((width - labels) / cols, (height - labels) / rows));
}

/**
 * Where the squares are: {cell, ox, oy} (CSS px of the board's top-left corner), plus
 * the inputs. `size` is {width, height, labels}; labels are the margin for coordinates.
 */
export function geometry(size, rows, cols, view) {
  const base = fitCell(size, rows, cols);
  const zoom = clampZoom(view.zoom, size, rows, cols);
  let cell = base * zoom;
  if (zoom === 1 && cell >= 6) cell = Math.floor(cell); // crisp squares at fit
  const labels = size.labels || 0;
  const midX = labels + (size.width - labels) / 2;
  const midY = (size.height - labels) / 2;
  const row = view.row == null || zoom === 1 ? rows / 2 : view.row;
  const col = view.col == null || zoom === 1 ? cols / 2 : view.col;
  return {
    width: size.width, height: size.height, labels, rows, cols, zoom, cell,
    ox: Math.round(midX - col * cell), oy: Math.round(midY - row * cell),
  };
}

function clampZoom(zoom, size, rows, cols) {
  return Math.min(maxZoom(size, rows, cols), Math.max(1, Number.isFinite(zoom) ? zoom : 1));
}

// Keep the centre on the board, and keep the board filling the canvas once it is larger.
function clampCentre(geom, row, col) {
  const { cell, rows, cols, width, height, labels } = geom;
  const halfW = (width - labels) / 2 / cell;
  const halfH = (height - labels) / 2 / cell;
  const clampAxis = (v, n, half) => (half * 2 >= n ? n / 2 : Math.min(n - half, Math.max(half, v)));
  return { row: clampAxis(row, rows, halfH), col: clampAxis(col, cols, halfW) };
}

/** The view with its zoom and centre put back in range (after a resize, say). */
export function clampView(view, size, rows, cols) {
  const zoom = clampZoom(view.zoom, size, rows, cols);
  if (zoom === 1) return fitView();
  const geom = geometry(size, rows, cols, { ...view, zoom });
  return { zoom, ...clampCentre(geom, view.row ?? rows / 2, view.col ?? cols / 2) };
}

/** The board point (fractional row, col) under canvas point (x, y). */
export function boardPoint(geom, x, y) {
  return { row: (y - geom.oy) / geom.cell, col: (x - geom.ox) / geom.cell };
}

/**
 * Zoom by `factor` keeping the board point under (x, y) where it is: wheel, pinch and
 * the +/- keys (about the centre). Returns a new view.
 */
export function zoomAt(view, factor, x, y, size, rows, cols) {
  const geom = geometry(size, rows, cols, view);
  const zoom = clampZoom(geom.zoom * factor, size, rows, cols);
  if (zoom === 1) return fitView();
  const p = boardPoint(geom, x, y);
  const cell = geom.cell * (zoom / geom.zoom);
  const labels = size.labels || 0;
  const midX = labels + (size.width - labels) / 2;
  const midY = (size.height - labels) / 2;
  // After zooming, p must still be at (x, y): centre = p - (x - mid) / cell.
  return clampView({ zoom, row: p.row - (y - midY) / cell, col: p.col - (x - midX) / cell }, size, rows, cols);
}

/** Move the board by (dx, dy) CSS px, as a drag does. */
export function panBy(view, dx, dy, size, rows, cols) {
  const geom = geometry(size, rows, cols, view);
  if (geom.zoom === 1) return view;
  const row = (view.row ?? rows / 2) - dy / geom.cell;
  const col = (view.col ?? cols / 2) - dx / geom.cell;
  return clampView({ zoom: geom.zoom, row, col }, size, rows, cols);
}

/** Zoomed in so squares are at least `cell` px, centred on square [row, col]. */
export function zoomTo(square, cell, size, rows, cols) {
  const zoom = Math.max(1, cell / fitCell(size, rows, cols));
  return clampView({ zoom, row: square[0] + 0.5, col: square[1] + 0.5 }, size, rows, cols);
}

/** The view moved (not zoomed) just enough that square [row, col] is fully visible. */
export function reveal(view, square, size, rows, cols) {
  const geom = geometry(size, rows, cols, view);
  if (geom.zoom === 1) return view;
  const { cell, ox, oy, width, height, labels } = geom;
  const x0 = ox + square[1] * cell;
  const y0 = oy + square[0] * cell;
  let dx = 0;
  let dy = 0;
  if (x0 < labels) dx = labels - x0;
  else if (x0 + cell > width) dx = width - x0 - cell;
  if (y0 < 0) dy = -y0;
  else if (y0 + cell > height - labels) dy = height - labels - y0 - cell;
  return dx || dy ? panBy(view, dx, dy, size, rows, cols) : view;
}

/** Squares that touch the canvas: rows r0..r1-1 and cols c0..c1-1 (clipped to the board). */
export function visibleRange(geom) {
  const { cell, ox, oy, width, height, rows, cols } = geom;
  return {
    r0: Math.max(0, Math.floor(-oy / cell)),
    r1: Math.min(rows, Math.ceil((height - oy) / cell)),
    c0: Math.max(0, Math.floor(-ox / cell)),
    c1: Math.min(cols, Math.ceil((width - ox) / cell)),
  };
}

/** The square [row, col] under canvas point (x, y), or null (off the board). */
export function squareAt(geom, x, y) {
  const col = Math.floor((x - geom.ox) / geom.cell);
  const row = Math.floor((y - geom.oy) / geom.cell);
  if (row < 0 || row >= geom.rows || col < 0 || col >= geom.cols) return null;
  return [row, col];
}

/** Whether squares are big enough to click one reliably (else the page asks to zoom). */
export function clickable(geom) {
  return geom.cell >= CLICK_CELL;
}

/** The visible part of the board as fractions of it (for the overview's window). */
export function visibleFraction(geom) {
  const { cell, ox, oy, width, height, rows, cols } = geom;
  const clamp = (v) => Math.min(1, Math.max(0, v));
  return {
    x0: clamp(-ox / cell / cols), x1: clamp((width - ox) / cell / cols),
    y0: clamp(-oy / cell / rows), y1: clamp((height - oy) / cell / rows),
  };
}
