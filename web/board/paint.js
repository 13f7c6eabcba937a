// Painters: each draws one thing of the board on a 2D context from the geometry and the
// state, `(ctx, g, state)`; the path's painters take the range of moves to add. They
// clear nothing and keep nothing: render.js decides which layer to clear and when.

import { TEXT_FONT } from "../core/fonts.js";
import { fileName } from "../core/squares.js";
import { centerOf, centerX, centerY } from "./geometry.js";
import { drawnPath } from "../core/timeline.js";
import { CURSOR, DARK, END, FLAT, HOLE, HOLE_MARK, LIGHT, NUMBER_HALO, NUMBER_INK, START, hueColor, hueRunEnd, hueStep, isDark } from "./palette.js";
import { visibleRange } from "./viewport.js";

const KNIGHT = END;
const SYMBOL_FONT = '"DejaVu Sans", "Segoe UI Symbol", "Noto Sans Symbols 2", "Apple Symbols", sans-serif';

// --- the board layer ------------------------------------------------------------------

const PATTERN_SQUARES = 4000; // visible squares above which the checkering is one pattern fill
const tiles = new Map(); // rows parity -> 2 x 2 canvas of the checkering

function checkerTile(rows) {
  const key = rows % 2;
  if (!tiles.has(key)) {
    const tile = typeof OffscreenCanvas === "function" ? new OffscreenCanvas(2, 2) : Object.assign(document.createElement("canvas"), { width: 2, height: 2 });
    const t = tile.getContext("2d");
    for (let r = 0; r < 2; r += 1) {
      for (let c = 0; c < 2; c += 1) {
        t.fillStyle = isDark(r, c, rows) ? DARK : LIGHT;
        t.fillRect(c, r, 1, 1);
      }
    }
    tiles.set(key, tile);
  }
  return tiles.get(key);
}

/** The squares, checkered when each is at least 3 device pixels; only those on the canvas. */
export function paintSquares(ctx, g) {
  const { cell, ox, oy, rows } = g;
  const { r0, r1, c0, c1 } = visibleRange(g);
  const checkered = cell * g.dpr >= 3;
  ctx.fillStyle = checkered ? LIGHT : FLAT;
  ctx.fillRect(ox + c0 * cell, oy + r0 * cell, cell * (c1 - c0), cell * (r1 - r0));
  if (!checkered) return;
  ctx.fillStyle = DARK;
  if ((r1 - r0) * (c1 - c0) > PATTERN_SQUARES) {
    // Many small squares: one fill with a 2 x 2 pattern instead of a rectangle each.
    const pattern = ctx.createPattern(checkerTile(rows), "repeat");
    pattern.setTransform(new DOMMatrix().translate(ox, oy).scale(cell));
    ctx.fillStyle = pattern;
    ctx.fillRect(ox + c0 * cell, oy + r0 * cell, cell * (c1 - c0), cell * (r1 - r0));
    return;
  }
  for (let r = r0; r < r1; r += 1) {
    for (let c = isDark(r, c0, rows) ? c0 : c0 + 1; c < c1; c += 2) ctx.fillRect(ox + c * cell, oy + r * cell, cell, cell);
  }
}

/** The holes on the canvas: dark squares, crossed when big enough. */
export function paintHoles(ctx, g, state) {
  const { cell, ox, oy, dpr } = g;
  const { r0, r1, c0, c1 } = visibleRange(g);
  for (const [r, c] of state.settings.holes) {
    if (r < r0 || r >= r1 || c < c0 || c >= c1) continue;
    const x = ox + c * cell;
    const y = oy + r * cell;
    ctx.fillStyle = HOLE;
    ctx.fillRect(x, y, Math.max(cell, 1 / dpr), Math.max(cell, 1 / dpr));
    if (cell < 10) continue;
    ctx.strokeStyle = HOLE_MARK;
    ctx.lineWidth = Math.max(1, cell * 0.06);
    const m = cell * 0.28;
    ctx.beginPath();
    ctx.moveTo(x + m, y + m);
    ctx.lineTo(x + cell - m, y + cell - m);
    ctx.moveTo(x + cell - m, y + m);
    ctx.lineTo(x + m, y + cell - m);
    ctx.stroke();
  }
}

export function paintFrame(ctx, g) {
  const { cell, ox, oy, rows, cols } = g;
  ctx.strokeStyle = "#6b4f36";
  ctx.lineWidth = 1;
  ctx.strokeRect(ox - 0.5, oy - 0.5, cell * cols + 1, cell * rows + 1);
}

/**
 * File letters below the board and rank numbers left of it (in the label strip), for
 * the squares on the canvas, skipping those that would collide. Zoomed into a board
 * too big for a strip, they are drawn on a band along the canvas's bottom and left edges.
 */
export function paintLabels(ctx, g) {
  const { cell, ox, oy, rows, labels, width, height } = g;
  const inside = !labels && g.zoom > 1 && cell >= 16;
  if (!labels && !inside) return;
  const { r0, r1, c0, c1 } = visibleRange(g);
  ctx.font = `${Math.min(12, cell * 0.4)}px ${TEXT_FONT}`;
  const band = labels || 16; // the file band's height
  const side = labels || Math.ceil(ctx.measureText(String(rows)).width) + 8; // the rank band's width
  const fileY = inside ? height - band / 2 : oy + rows * cell + labels / 2 + 1;
  const rankX = inside ? side / 2 : ox - labels / 2 - 1;
  if (inside) {
    ctx.fillStyle = "rgba(255,255,255,0.85)";
    ctx.fillRect(0, height - band, width, band);
    ctx.fillRect(0, 0, side, height);
  }
  ctx.fillStyle = "#5f6368";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  // Wide file names ("ab", "all") need more room than one digit.
  const every = Math.max(1, Math.ceil((inside ? 30 : 22) / cell));
  for (let c = c0 - (c0 % every); c < c1; c += every) {
    if (c >= 0 && (!inside || centerX(g, c) > side)) ctx.fillText(fileName(c), centerX(g, c), fileY);
  }
  for (let r = r0; r < r1; r += 1) {
    if ((rows - 1 - r) % every === 0 && (!inside || centerY(g, r) < height - band)) ctx.fillText(String(rows - r), rankX, centerY(g, r));
  }
}

export function paintBoard(ctx, g, state) {
  paintSquares(ctx, g);
  paintHoles(ctx, g, state);
  paintFrame(ctx, g);
  paintLabels(ctx, g);
}

// --- the path layers (drawn incrementally) --------------------------------------------

const ROUND_MOVES = 1500; // moves in one draw up to which lines get round ends and joins
const THICK_CELL = 16; // px per square from which lines are wider than a device pixel (at most ~2,000 on screen)

/**
 * The path's line style for drawing `count` moves. Small squares get lines of at most one
 * device pixel, which Skia strokes on a fast path (40,000 moves: 11 ms, against 380 ms
 * for 1.8 px round-joined lines); big ones get wider lines, round only for few moves.
 */
function lineStyle(ctx, g, count) {
  const { cell, dpr } = g;
  const round = count <= ROUND_MOVES;
  ctx.lineWidth = cell >= THICK_CELL ? Math.max(1.5, cell * 0.07) : Math.min(Math.max(0.5, cell * 0.45), 1 / dpr);
  ctx.lineCap = round ? "round" : "butt";
  ctx.lineJoin = round ? "round" : "bevel";
}

/** The lines into squares [from, to) of the drawn path, coloured by their place in it. */
export function paintLines(ctx, g, state, from, to) {
  const { path } = drawnPath(state);
  const n = path.length;
  lineStyle(ctx, g, to - from);
  let i = Math.max(from, 1);
  while (i < to) {
    const step = hueStep(i, n);
    const end = Math.min(to, hueRunEnd(step, n));
    ctx.strokeStyle = hueColor(step);
    ctx.beginPath();
    ctx.moveTo(...centerOf(g, path[i - 1]));
    for (const stop = Math.max(end, i + 1); i < stop; i += 1) ctx.lineTo(...centerOf(g, path[i]));
    ctx.stroke();
  }
}

/**
 * The moves `moves` (ascending move numbers k: path[k-1] -> path[k]) of the drawn path,
 * each in its colour: what a zoomed view draws, found from the visible squares.
 */
export function paintMoves(ctx, g, path, moves) {
  const n = path.length;
  lineStyle(ctx, g, moves.length);
  let i = 0;
  while (i < moves.length) {
    const step = hueStep(moves[i], n);
    ctx.strokeStyle = hueColor(step);
    ctx.beginPath();
    for (; i < moves.length && hueStep(moves[i], n) === step; i += 1) {
      // Consecutive moves continue one polyline: far cheaper to stroke than separate capped segments.
      if (i === 0 || moves[i - 1] !== moves[i] - 1) ctx.moveTo(...centerOf(g, path[moves[i] - 1]));
      ctx.lineTo(...centerOf(g, path[moves[i]]));
    }
    ctx.stroke();
  }
}

/** The font size of move numbers up to `largest` in squares of `cell` (px, or 1 for the
 * SVG's units): the widest number fits its square. The board, the PNG and the SVG share it. */
export function numberFontSize(cell, largest) {
  const digits = String(largest).length;
  return Math.min(cell * 0.34, (cell * 0.8) / (digits * 0.62));
}

/** The font size for move numbers up to `length` in a square, or 0 when they would not be legible. */
export function numberSize(g, length) {
  const size = numberFontSize(g.cell, length);
  return size >= 8 ? size : 0;
}

/** Move numbers of `size` px, haloed so they read over any line: the one drawing of them,
 * the board's and the PNG export's (export/raster.js). `forEach(each)` calls
 * `each(text, x, y)` once per number, (x, y) its square's centre. */
export function paintNumberLabels(ctx, size, forEach) {
  ctx.font = `600 ${size}px ${TEXT_FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.lineWidth = Math.max(2, size * 0.22);
  ctx.strokeStyle = NUMBER_HALO;
  ctx.fillStyle = NUMBER_INK;
  const lift = size * 0.05; // digits sit a little high on the middle baseline
  forEach((text, x, y) => {
    ctx.strokeText(text, x, y + lift);
    ctx.fillText(text, x, y + lift);
  });
}

/** The move numbers of squares [from, to) of the drawn path. */
export function paintNumbers(ctx, g, state, from, to) {
  const { path } = drawnPath(state);
  paintNumbersOf(ctx, g, path, (each) => {
    for (let k = from; k < to; k += 1) each(k);
  });
}

/** The move numbers of the squares `ks` (places in the path) of the drawn path. */
export function paintNumbersAt(ctx, g, path, ks) {
  paintNumbersOf(ctx, g, path, (each) => ks.forEach(each));
}

/** Numbers of one's own on squares: `items` is [[flat index, number]], `largest` the widest. */
export function paintNumbersOn(ctx, g, items, largest) {
  const squares = items.map(([sq]) => sq);
  paintNumbersOf(ctx, g, squares, (each) => items.forEach((_, k) => each(k)), (k) => items[k][1], largest);
}

function paintNumbersOf(ctx, g, path, forEach, label = (k) => k + 1, largest = path.length) {
  const size = numberSize(g, largest);
  if (!size) return;
  paintNumberLabels(ctx, size, (each) => forEach((k) => each(String(label(k)), ...centerOf(g, path[k]))));
}

// --- the overlay layer (redrawn when what it shows changes) ----------------------------

/** One marker on a square: a knight glyph in a ring when big enough, else a dot. */
export function paintMarker(ctx, g, [row, col], color, glyph) {
  const cell = g.cell;
  const x = centerX(g, col);
  const y = centerY(g, row);
  ctx.beginPath();
  if (cell >= 14 && glyph) {
    ctx.arc(x, y, cell * 0.42, 0, Math.PI * 2);
    ctx.fillStyle = "rgba(255,255,255,0.92)";
    ctx.fill();
    ctx.lineWidth = Math.max(1.5, cell * 0.05);
    ctx.strokeStyle = color;
    ctx.stroke();
    ctx.fillStyle = "#111";
    ctx.font = `${cell * 0.62}px ${SYMBOL_FONT}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(glyph, x, y + cell * 0.03);
  } else {
    ctx.arc(x, y, Math.max(3, cell * 0.45), 0, Math.PI * 2);
    ctx.fillStyle = color;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = "#fff";
    ctx.stroke();
  }
}

/** The square under the pointer while no tour is drawn over it: where a click would start,
 * move (a game in Play) or put a hole. `tourDrawn`: the open view draws the page's tour. */
export function paintHover(ctx, g, state, tourDrawn = Boolean(state.tour)) {
  if (!state.hover || tourDrawn || state.search || state.status === "solving" || g.cell < 4) return;
  const [r, c] = state.hover;
  ctx.fillStyle = state.editHoles ? "rgba(59,63,70,0.35)" : "rgba(30,142,62,0.28)";
  ctx.fillRect(g.ox + c * g.cell, g.oy + r * g.cell, g.cell, g.cell);
}

/** A closed tour's last move back to the start, dashed, once the whole tour is shown. */
export function paintClosingMove(ctx, g, state) {
  const { tour } = state;
  if (!tour || state.search || !state.settings.closed || state.shown !== tour.length || tour.length <= 2) return;
  const cell = g.cell;
  ctx.save();
  ctx.setLineDash([Math.max(3, cell * 0.15), Math.max(3, cell * 0.12)]);
  ctx.lineWidth = cell >= 10 ? Math.max(2, cell * 0.08) : Math.max(1, cell * 0.5);
  ctx.strokeStyle = START;
  ctx.beginPath();
  ctx.moveTo(...centerOf(g, tour[tour.length - 1]));
  ctx.lineTo(...centerOf(g, tour[0]));
  ctx.stroke();
  ctx.restore();
}

/** The start square's frame, and the knight on it while no path is drawn. */
export function paintStart(ctx, g, state) {
  const { start } = state.settings;
  if (!start) return;
  const { cell } = g;
  if (cell >= 8) {
    ctx.lineWidth = Math.max(2, cell * 0.08);
    ctx.strokeStyle = START;
    const inset = ctx.lineWidth / 2;
    ctx.strokeRect(g.ox + start[1] * cell + inset, g.oy + start[0] * cell + inset, cell - 2 * inset, cell - 2 * inset);
  }
  const { path } = drawnPath(state);
  if (!path || !path.length) paintMarker(ctx, g, start, START, "♞");
}

/** The knight on the last square drawn. */
export function paintKnight(ctx, g, state) {
  const { path, shown } = drawnPath(state);
  if (!path || !path.length || shown <= 0) return;
  const sq = path[shown - 1];
  paintMarker(ctx, g, [(sq / g.cols) | 0, sq % g.cols], KNIGHT, "♞");
}

/** The keyboard cursor, while the board has keyboard focus. */
export function paintCursor(ctx, g, state) {
  if (!state.cursor || !state.focused) return;
  const [r, c] = state.cursor;
  const { cell } = g;
  ctx.lineWidth = 2;
  ctx.setLineDash([4, 3]);
  ctx.strokeStyle = CURSOR;
  ctx.strokeRect(g.ox + c * cell + 1, g.oy + r * cell + 1, Math.max(cell - 2, 2), Math.max(cell - 2, 2));
  ctx.setLineDash([]);
}

/** The page's tour's marks: its closing move, start square and knight. */
export function paintTourMarks(ctx, g, state) {
  paintClosingMove(ctx, g, state);
  paintStart(ctx, g, state);
  paintKnight(ctx, g, state);
}

/** What the pointer and the keyboard point at: the hovered square, the cursor. */
export function paintPointer(ctx, g, state, tourDrawn = Boolean(state.tour)) {
  paintHover(ctx, g, state, tourDrawn);
  paintCursor(ctx, g, state);
}

const MESSAGE_RED = "#d93025";

/** Squares a message points at (flat indices), framed in red: a pasted tour's bad step, a program's repeated square. */
export function paintHighlights(ctx, g, squares) {
  const { cell, ox, oy, cols } = g;
  ctx.lineWidth = Math.max(2.5, cell * 0.1);
  ctx.strokeStyle = MESSAGE_RED;
  const inset = ctx.lineWidth / 2;
  for (const index of squares) {
    ctx.strokeRect(ox + (index % cols) * cell + inset, oy + Math.floor(index / cols) * cell + inset, cell - 2 * inset, cell - 2 * inset);
  }
}
