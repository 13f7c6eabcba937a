// A tour drawn on a 2D context at a fixed square size: the PNG export (an OffscreenCanvas
// in the export worker). Whole board, no viewport; same colours and marks as the SVG.

import { fileName } from "../core/squares.js";
import { DARK, END, HOLE, HOLE_MARK, LIGHT, START, hueColor, hueRunEnd, hueStep, isDark } from "../board/palette.js";
import { numberFontSize, paintNumberLabels } from "../board/paint.js";

export const PNG_MAX_SIDE = 4096; // px: Chromium's canvases and image viewers stay happy
export const PNG_NUMBERS_MIN_CELL = 20; // px per square needed for readable numbers

/** The PNG's geometry for a board: {cell, labels, width, height, numbers}. */
export function pngPlan(rows, cols, { numbers = true } = {}) {
  const side = Math.max(rows, cols);
  let cell = Math.max(1, Math.min(48, Math.floor((PNG_MAX_SIDE - 40) / side)));
  const labels = cell >= 16 ? Math.round(cell * 0.6) : 0;
  const pad = 4;
  return {
    cell,
    labels,
    pad,
    width: cols * cell + labels + 2 * pad,
    height: rows * cell + labels + 2 * pad,
    numbers: numbers && cell >= PNG_NUMBERS_MIN_CELL,
  };
}

/** The squares' frame on the image: origin, square size, and a square's centre. */
function imageFrame(record, plan) {
  const { rows, cols } = record;
  const { cell, labels, pad } = plan;
  const ox = pad + labels;
  const oy = pad;
  return {
    rows, cols, cell, ox, oy,
    cx: (sq) => ox + ((sq % cols) + 0.5) * cell,
    cy: (sq) => oy + (Math.floor(sq / cols) + 0.5) * cell,
  };
}

/** White margin, light squares, and the dark ones row by row. */
function paintSquares(ctx, { rows, cols, cell, ox, oy }, plan) {
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, plan.width, plan.height);
  ctx.fillStyle = LIGHT;
  ctx.fillRect(ox, oy, cols * cell, rows * cell);
  ctx.fillStyle = DARK;
  for (let r = 0; r < rows; r += 1) {
    for (let c = isDark(r, 0, rows) ? 0 : 1; c < cols; c += 2) ctx.fillRect(ox + c * cell, oy + r * cell, cell, cell);
  }
}

/** Each hole filled, and crossed where squares are big enough to show it. */
function paintHoles(ctx, holes, { cell, ox, oy }) {
  for (const [r, c] of holes) {
    ctx.fillStyle = HOLE;
    ctx.fillRect(ox + c * cell, oy + r * cell, cell, cell);
    if (cell >= 10) {
      const m = cell * 0.28;
      ctx.strokeStyle = HOLE_MARK;
      ctx.lineWidth = Math.max(1, cell * 0.06);
      ctx.beginPath();
      ctx.moveTo(ox + c * cell + m, oy + r * cell + m);
      ctx.lineTo(ox + (c + 1) * cell - m, oy + (r + 1) * cell - m);
      ctx.moveTo(ox + (c + 1) * cell - m, oy + r * cell + m);
      ctx.lineTo(ox + c * cell + m, oy + (r + 1) * cell - m);
      ctx.stroke();
    }
  }
}

/** File letters under the board, rank numbers left of it. */
function paintLabels(ctx, { rows, cols, cell, ox, oy }, { labels, pad }) {
  ctx.fillStyle = "#5f6368";
  ctx.font = `${Math.round(labels * 0.6)}px sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let c = 0; c < cols; c += 1) ctx.fillText(fileName(c), ox + (c + 0.5) * cell, oy + rows * cell + labels / 2);
  for (let r = 0; r < rows; r += 1) ctx.fillText(String(rows - r), pad + labels / 2, oy + (r + 0.5) * cell);
}

/** The moves, one stroke per colour run. */
function paintMoves(ctx, indices, { cell, cx, cy }, numbers) {
  const n = indices.length;
  // Round, wide lines only where there are few; a million moves at 4 px squares are
  // stroked one device pixel wide (Skia's fast path: seconds become a fraction of one).
  const few = n <= 5000;
  ctx.lineCap = few ? "round" : "butt";
  ctx.lineJoin = few ? "round" : "bevel";
  ctx.lineWidth = numbers ? Math.max(1.5, cell * 0.07) : cell >= 10 ? Math.max(1.5, cell * 0.12) : 1;
  let i = 1;
  while (i < n) {
    const step = hueStep(i, n);
    const end = Math.max(i + 1, Math.min(n, hueRunEnd(step, n)));
    ctx.strokeStyle = hueColor(step);
    ctx.beginPath();
    ctx.moveTo(cx(indices[i - 1]), cy(indices[i - 1]));
    for (; i < end; i += 1) ctx.lineTo(cx(indices[i]), cy(indices[i]));
    ctx.stroke();
  }
}

/** A closed tour's last move, back to the start, dashed. */
function paintClosingMove(ctx, indices, { cell, cx, cy }) {
  const n = indices.length;
  ctx.save();
  ctx.setLineDash([Math.max(3, cell * 0.15), Math.max(3, cell * 0.12)]);
  ctx.strokeStyle = START;
  ctx.beginPath();
  ctx.moveTo(cx(indices[n - 1]), cy(indices[n - 1]));
  ctx.lineTo(cx(indices[0]), cy(indices[0]));
  ctx.stroke();
  ctx.restore();
}

/** Move numbers, drawn as the board draws them (the plan decides whether they fit). */
function paintNumbers(ctx, indices, { cell, cx, cy }) {
  const n = indices.length;
  paintNumberLabels(ctx, numberFontSize(cell, n), (each) => {
    for (let k = 0; k < n; k += 1) each(String(k + 1), cx(indices[k]), cy(indices[k]));
  });
}

/** Start: a ring; end: a square (shape, not just colour). */
function paintEnds(ctx, indices, { cell, cx, cy }) {
  ctx.lineWidth = Math.max(1, cell * 0.1);
  ctx.strokeStyle = START;
  ctx.beginPath();
  ctx.arc(cx(indices[0]), cy(indices[0]), cell * 0.4, 0, Math.PI * 2);
  ctx.stroke();
  ctx.strokeStyle = END;
  const e = indices[indices.length - 1];
  ctx.strokeRect(cx(e) - cell * 0.3, cy(e) - cell * 0.3, cell * 0.6, cell * 0.6);
}

/** Draw the record on `ctx` (already sized to plan.width x plan.height). */
export function drawTourImage(ctx, record, plan) {
  const { holes, indices, closed } = record;
  const frame = imageFrame(record, plan);
  const n = indices.length;
  paintSquares(ctx, frame, plan);
  paintHoles(ctx, holes, frame);
  if (plan.labels) paintLabels(ctx, frame, plan);
  paintMoves(ctx, indices, frame, plan.numbers);
  if (closed && n > 2) paintClosingMove(ctx, indices, frame);
  if (plan.numbers) paintNumbers(ctx, indices, frame);
  if (n && frame.cell >= 4) paintEnds(ctx, indices, frame);
}
