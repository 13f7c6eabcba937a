// The path as one pixel per square: the picture of a big tour when squares are smaller
// than a few device pixels, where lines of a million moves would be a blur that takes
// a quarter second to stroke. Kept up to date incrementally as playback moves (forward
// paints squares, backward clears them), so dragging the slider costs O(squares moved)
// and zooming or panning costs one scaled drawImage. Pure data: render.js puts the
// pixels on a canvas.

import { HUES } from "./palette.js";

// hsl(h 85% 36%) as in palette.hueColor, packed as RGBA bytes in a little-endian Uint32.
function hueRgba(step) {
  const h = (220 - (step * 215) / (HUES - 1)) / 360;
  const s = 0.85;
  const l = 0.36;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  const [r, g, b] = [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)].map((v) => Math.round(v * 255));
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

const PALETTE = Uint32Array.from({ length: HUES }, (_, step) => hueRgba(step));

/** A raster for a rows x cols board: {rows, cols, pixels, path, drawn, dirty}. */
export function createPathRaster(rows, cols) {
  return { rows, cols, pixels: new Uint32Array(rows * cols), path: null, drawn: 0, dirty: null };
}

function markDirty(raster, index) {
  const r = (index / raster.cols) | 0;
  const c = index % raster.cols;
  const d = raster.dirty;
  if (!d) raster.dirty = { r0: r, r1: r + 1, c0: c, c1: c + 1 };
  else {
    if (r < d.r0) d.r0 = r;
    if (r >= d.r1) d.r1 = r + 1;
    if (c < d.c0) d.c0 = c;
    if (c >= d.c1) d.c1 = c + 1;
  }
}

/**
 * Bring the raster to the first `shown` squares of `path` (flat indices). Returns the
 * number of squares written. `raster.dirty` grows to cover them (the caller resets it
 * to null once it has copied the pixels).
 */
export function updateRaster(raster, path, shown) {
  const { pixels } = raster;
  let written = 0;
  if (path !== raster.path) {
    pixels.fill(0);
    raster.path = path;
    raster.drawn = 0;
    raster.dirty = { r0: 0, r1: raster.rows, c0: 0, c1: raster.cols };
  }
  if (!path) return 0;
  const n = path.length;
  const target = Math.max(0, Math.min(n, shown));
  for (let k = target; k < raster.drawn; k += 1) {
    pixels[path[k]] = 0;
    markDirty(raster, path[k]);
    written += 1;
  }
  for (let k = raster.drawn; k < target; k += 1) {
    pixels[path[k]] = PALETTE[Math.floor((k * HUES) / n)];
    markDirty(raster, path[k]);
    written += 1;
  }
  raster.drawn = target;
  return written;
}

export const rasterColor = (step) => PALETTE[step];
