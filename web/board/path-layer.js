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

export function pathLayer() {
  let path = null;
  let drawn = 0;
  let mode = "none";
  let pixels = null;
  let order = null;
  let orderFor = null;

  function orderOf(p, size) {
    if (orderFor !== p || !order || order.length !== size) {
      order = pathOrder(p, size);
      orderFor = p;
    }
    return order;
  }

  function marks(state, before, now, length) {
    if (state.search) return;
    if (before === 0 && now > 0) performance.mark("tour-drawn");
    if (before < length && now === length) performance.mark("tour-complete");
  }

  return {
    canvases: ["lines", "numbers"],
    draw([lines, numbers], g, state, fresh) {
      const now = drawnPath(state);
      const nextMode = modeFor(g, state, now.path);
      const restart = fresh || now.path !== path || now.shown < drawn || nextMode !== mode;
      const before = now.path === path ? drawn : 0;

      if (nextMode === "raster") {
        if (!pixels || pixels.raster.rows !== g.rows || pixels.raster.cols !== g.cols) pixels = rasterCanvas(g.rows, g.cols);
        const changed = pixels.update(now.path, now.shown);
        if (changed || restart) {
          clear(lines, g);
          if (restart) clear(numbers, g);
          lines.imageSmoothingEnabled = g.cell * g.dpr < 1; // average when shrinking, crisp squares when growing
          lines.drawImage(pixels.canvas, g.ox, g.oy, g.cols * g.cell, g.rows * g.cell);
        }
      } else {
        pixels = null; // 4 MB on a 1000 x 1000 board: not kept while unused
        if (restart) {
          clear(lines, g);
          clear(numbers, g);
        }
        if (nextMode === "whole") {
          const from = restart ? 0 : drawn;
          if (now.shown > from) {
            paintLines(lines, g, state, from, now.shown);
            paintNumbers(numbers, g, state, from, now.shown);
          }
        } else if (nextMode === "view") {
          const range = visibleRange(g);
          const ord = orderOf(now.path, g.rows * g.cols);
          if (restart || now.shown - drawn > rangeArea(range)) {
            if (!restart) {
              clear(lines, g);
              clear(numbers, g);
            }
            paintMoves(lines, g, now.path, movesInView(ord, range, now.shown, g.rows, g.cols));
            paintNumbersAt(numbers, g, now.path, squaresInView(ord, range, now.shown, g.cols));
          } else if (now.shown > drawn) {
            paintMoves(lines, g, now.path, movesAdded(now.path, drawn, now.shown, range, g.rows, g.cols));
            const ks = [];
            for (let k = drawn; k < now.shown; k += 1) {
              const r = (now.path[k] / g.cols) | 0;
              const c = now.path[k] % g.cols;
              if (r >= range.r0 && r < range.r1 && c >= range.c0 && c < range.c1) ks.push(k);
            }
            paintNumbersAt(numbers, g, now.path, ks);
          }
        }
      }
      path = now.path;
      mode = nextMode;
      drawn = now.path ? now.shown : 0;
      if (now.path) marks(state, before, drawn, now.path.length);
    },
  };
}
