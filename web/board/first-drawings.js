// The first time a browser draws a kind of thing on a canvas, it pays for it once: it looks
// for a font that has a glyph none of the page's fonts has (the knight, ♞), lays glyphs of a
// new size into its atlas, and compiles the GPU program for each new kind of drawing (a
// ring, numbers with a halo, lines with round ends). In WebKitGTK on this project's
// machine (Mesa's software GL) that was 60-80 ms of the main thread at the first click on
// the board: fontconfig, then LLVM compiling shaders (perf; docs/engines.md). When it fell
// before the solver's answer had come, the answer waited for it, and a first click took
// 130-180 ms to its tour against 40-50 ms for the next ones.
//
// So the page draws each kind once while it is idle, on a canvas of its own that is never
// shown, with the board layers' own painters at the board's own sizes, one kind per task,
// and reads a pixel back after each (a GPU canvas draws only when something needs its
// pixels). A click then costs what every later click does.

import { paintMarker, paintMoves, paintNumbersAt } from "./paint.js";
import { START } from "./palette.js";

/** A few squares of the board (flat indices, any board of at least one square) for the
 * path's kinds of drawing: where, does not matter; nothing of it is shown. */
export function samplePath(rows, cols) {
  const size = rows * cols;
  return Int32Array.from([0, cols + 2, 2 * cols + 1, 3], (sq) => Math.min(size - 1, sq));
}

/** The kinds of drawing a first tour needs, each `(ctx, g, path)`: a marker (the start's
 * and the knight's differ only in colour), the path's lines, its move numbers. */
export const FIRST_DRAWINGS = [
  (ctx, g) => paintMarker(ctx, g, [0, 0], START, "♞"),
  (ctx, g, path) => paintMoves(ctx, g, path, Array.from({ length: path.length - 1 }, (_, k) => k + 1)),
  (ctx, g, path) => paintNumbersAt(ctx, g, path, Array.from(path, (_, k) => k)),
];

/**
 * Draw each of `drawings` once on a throwaway canvas made by `makeCanvas(width, height)`
 * (device pixels of the geometry `g`), one per task of `later`, each read back by one
 * pixel; then `done()`. Returns a function that stops what is left.
 */
export function drawFirstDrawings(g, { makeCanvas, later, drawings = FIRST_DRAWINGS, done = () => {} }) {
  let stopped = false;
  const canvas = makeCanvas(Math.max(1, Math.round(g.width * g.dpr)), Math.max(1, Math.round(g.height * g.dpr)));
  const ctx = canvas.getContext("2d", { alpha: true });
  const path = samplePath(g.rows, g.cols);
  const left = [...drawings];
  const next = () => {
    if (stopped) return;
    const draw = left.shift();
    if (!draw) {
      canvas.width = 0; // its pixels freed now, not at the next collection
      done();
      return;
    }
    ctx.setTransform(g.dpr, 0, 0, g.dpr, 0, 0);
    draw(ctx, g, path);
    ctx.getImageData(0, 0, 1, 1);
    ctx.clearRect(0, 0, g.width, g.height);
    later(next);
  };
  later(next);
  return () => {
    stopped = true;
  };
}
