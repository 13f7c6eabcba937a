// The path's layer (lines and move numbers), drawn in one of three ways so that a frame
// stays cheap at any zoom on any board:
//   raster  squares under RASTER_CELL device px, or a zoomed view of more than
//           VIEW_MAX_SQUARES squares: one pixel per square (path-raster.js), scaled onto
//           the canvas; playback and the slider cost O(squares moved).
//   whole   the whole board on screen: the moves in order, only the new ones each frame.
//   view    zoomed in: only the moves that touch the visible squares (visible-path.js).

import { drawnPath } from "../core/timeline.js";
import { paintLines, paintMoves, paintNumbers, paintNumbersAt } from "./paint.js";
import { createPathRaster, updateRaster } from "./path-raster.js";
import { movesAdded, movesInView, pathOrder, rangeArea, squaresInView } from "./visible-path.js";
import { visibleRange } from "./viewport.js";

export const VIEW_MAX_SQUARES = 12_000; // a zoomed view with more squares than this is drawn as the raster
export const RASTER_CELL = 4; // device px per square below which the path is a pixel per square (a line per move costs more than it shows)

function clear(ctx, g) {
  ctx.clearRect(0, 0, g.width, g.height);
}

function modeFor(g, state, path) {
  if (!path) return "none";
  if (state.search) return "whole"; // a search stack changes every step and is short
  if (g.cell * g.dpr < RASTER_CELL) return "raster";
  const visible = rangeArea(visibleRange(g));
  if (visible >= g.rows * g.cols) return "whole";
  // Zoomed, but still with more squares on screen than a frame can stroke lines for.
  return visible > VIEW_MAX_SQUARES ? "raster" : "view";
}

function makeCanvas(width, height) {
  if (typeof OffscreenCanvas === "function") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** One pixel per square, kept on a canvas of rows x cols pixels. */
function rasterCanvas(rows, cols) {
  const raster = createPathRaster(rows, cols);
  const canvas = makeCanvas(cols, rows);
  const ctx = canvas.getContext("2d");
  const image = new ImageData(new Uint8ClampedArray(raster.pixels.buffer), cols, rows);
  return {
    raster,
    canvas,
    /** Bring the pixels to `shown` squares of `path`; true when any changed. */
    update(path, shown) {
      updateRaster(raster, path, shown);
      const d = raster.dirty;
      if (!d) return false;
      ctx.putImageData(image, 0, 0, d.c0, d.r0, d.c1 - d.c0, d.r1 - d.r0);
      raster.dirty = null;
      return true;
    },
  };
}

/** The squares' indices among path[from..to) that lie in `range`: the numbers to add for new moves. */
export function movesInRange(path, from, to, range, cols) {
  const ks = [];
  for (let k = from; k < to; k += 1) {
    const r = (path[k] / cols) | 0;
    const c = path[k] % cols;
    if (r >= range.r0 && r < range.r1 && c >= range.c0 && c < range.c1) ks.push(k);
  }
  return ks;
}

/** The path's squares in board order, cached on the layer while the path stays the same. */
function orderOf(layer, path, size) {
  if (layer.orderFor !== path || !layer.order || layer.order.length !== size) {
    layer.order = pathOrder(path, size);
    layer.orderFor = path;
  }
  return layer.order;
}

/** Performance marks for the benchmark: the first move drawn and the whole tour drawn. */
function markProgress(state, before, now, length) {
  if (state.search) return;
  if (before === 0 && now > 0) performance.mark("tour-drawn");
  if (before < length && now === length) performance.mark("tour-complete");
}

function clearBoth(lines, numbers, g) {
  clear(lines, g);
  clear(numbers, g);
}

/** Raster mode: the pixel per square canvas, scaled onto the lines canvas when it changed. */
function drawRaster(layer, [lines, numbers], g, now, restart) {
  if (!layer.pixels || layer.pixels.raster.rows !== g.rows || layer.pixels.raster.cols !== g.cols) layer.pixels = rasterCanvas(g.rows, g.cols);
  const changed = layer.pixels.update(now.path, now.shown);
  if (changed || restart) {
    clear(lines, g);
    if (restart) clear(numbers, g);
    lines.imageSmoothingEnabled = g.cell * g.dpr < 1; // average when shrinking, crisp squares when growing
    lines.drawImage(layer.pixels.canvas, g.ox, g.oy, g.cols * g.cell, g.rows * g.cell);
  }
}

/** Whole mode: the moves from `from` on, in order. */
function drawWhole([lines, numbers], g, state, from, shown) {
  if (shown > from) {
    paintLines(lines, g, state, from, shown);
    paintNumbers(numbers, g, state, from, shown);
  }
}

/** View mode: every move touching the view after a restart or a long jump; else only the new ones. */
function drawView(layer, [lines, numbers], g, now, restart) {
  const range = visibleRange(g);
  const order = orderOf(layer, now.path, g.rows * g.cols);
  if (restart || now.shown - layer.drawn > rangeArea(range)) {
    if (!restart) clearBoth(lines, numbers, g);
    paintMoves(lines, g, now.path, movesInView(order, range, now.shown, g.rows, g.cols));
    paintNumbersAt(numbers, g, now.path, squaresInView(order, range, now.shown, g.cols));
  } else if (now.shown > layer.drawn) {
    paintMoves(lines, g, now.path, movesAdded(now.path, layer.drawn, now.shown, range, g.rows, g.cols));
    paintNumbersAt(numbers, g, now.path, movesInRange(now.path, layer.drawn, now.shown, range, g.cols));
  }
}

/** One frame of the layer: pick the mode, draw in it, remember what is on the canvases. */
function drawPathLayer(layer, canvases, g, state, fresh) {
  const now = drawnPath(state);
  const mode = modeFor(g, state, now.path);
  const restart = fresh || now.path !== layer.path || now.shown < layer.drawn || mode !== layer.mode;
  const before = now.path === layer.path ? layer.drawn : 0;
  if (mode === "raster") {
    drawRaster(layer, canvases, g, now, restart);
  } else {
    layer.pixels = null; // 4 MB on a 1000 x 1000 board: not kept while unused
    if (restart) clearBoth(canvases[0], canvases[1], g);
    if (mode === "whole") drawWhole(canvases, g, state, restart ? 0 : layer.drawn, now.shown);
    else if (mode === "view") drawView(layer, canvases, g, now, restart);
  }
  layer.path = now.path;
  layer.mode = mode;
  layer.drawn = now.path ? now.shown : 0;
  if (now.path) markProgress(state, before, layer.drawn, now.path.length);
}

export function pathLayer() {
  // What the canvases hold: the path and how much of it, in which mode, and the caches.
  const layer = { path: null, drawn: 0, mode: "none", pixels: null, order: null, orderFor: null };
  return {
    canvases: ["lines", "numbers"],
    /** Whether there is a path to draw (else the canvases are out of the page). */
    holds: (state) => Boolean(drawnPath(state).path),
    draw(canvases, g, state, fresh) {
      drawPathLayer(layer, canvases, g, state, fresh);
    },
  };
}
