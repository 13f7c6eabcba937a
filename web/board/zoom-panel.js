// The zoom buttons (out, in, whole board), the zoom level, and the overview: a small
// picture of the whole board and path with the visible window outlined, shown while
// zoomed in; a click on it centres the view there.

import { boardGeometry } from "./geometry.js";
import { drawnPath } from "../core/timeline.js";
import { createPathRaster, updateRaster } from "./path-raster.js";
import { visibleFraction } from "./viewport.js";
import { centredOn, zoomedStep, zoomFitted } from "./zoom.js";
import { FLAT, CURSOR } from "./palette.js";
import { byId, listen, setText } from "../core/panel.js";

const OVERVIEW_PX = 132; // the overview's longer side, CSS px

export function mountZoomPanel(doc, { store }) {
  const el = byId(doc, { out: "zoom-out", in: "zoom-in", fit: "zoom-fit", level: "zoom-level", overview: "overview" });
  const { on, unbind } = listen();
  const ctx = el.overview.getContext("2d");
  let raster = null;
  let pixels = null;
  let last = "";

  on(el.in, "click", () => store.update((s) => zoomedStep(s, 1)));
  on(el.out, "click", () => store.update((s) => zoomedStep(s, -1)));
  on(el.fit, "click", () => store.update(zoomFitted));
  on(el.overview, "click", (event) => {
    const rect = el.overview.getBoundingClientRect();
    const { rows, cols } = store.get().settings;
    store.update((s) => centredOn(s, ((event.clientY - rect.top) / rect.height) * rows, ((event.clientX - rect.left) / rect.width) * cols));
  });

  // The board and path, scaled down once per change of the path (a 1000 x 1000 raster
  // shrinks in ~10 ms); each frame while panning only copies it and outlines the window.
  let thumb = null;

  function drawOverview(state, g) {
    const { rows, cols } = state.settings;
    const scale = OVERVIEW_PX / Math.max(rows, cols);
    const w = Math.max(8, Math.round(cols * scale));
    const h = Math.max(8, Math.round(rows * scale));
    if (el.overview.width !== w || el.overview.height !== h) {
      el.overview.width = w;
      el.overview.height = h;
    }
    const fresh = !raster || raster.rows !== rows || raster.cols !== cols;
    if (fresh) {
      raster = createPathRaster(rows, cols);
      const make = (width, height) => (typeof OffscreenCanvas === "function" ? new OffscreenCanvas(width, height) : Object.assign(doc.createElement("canvas"), { width, height }));
      const canvas = make(cols, rows);
      pixels = { canvas, ctx: canvas.getContext("2d"), image: new ImageData(new Uint8ClampedArray(raster.pixels.buffer), cols, rows) };
      thumb = make(w, h);
    }
    const { path, shown } = drawnPath(state);
    updateRaster(raster, path, shown);
    if (raster.dirty || fresh) {
      const d = raster.dirty || { r0: 0, r1: rows, c0: 0, c1: cols };
      pixels.ctx.putImageData(pixels.image, 0, 0, d.c0, d.r0, d.c1 - d.c0, d.r1 - d.r0);
      raster.dirty = null;
      const t = thumb.getContext("2d");
      t.fillStyle = FLAT;
      t.fillRect(0, 0, w, h);
      t.imageSmoothingEnabled = cols > w;
      t.drawImage(pixels.canvas, 0, 0, w, h);
    }
    ctx.drawImage(thumb, 0, 0);
    const f = visibleFraction(g);
    ctx.lineWidth = 2;
    ctx.strokeStyle = CURSOR;
    ctx.strokeRect(f.x0 * w + 1, f.y0 * h + 1, Math.max(3, (f.x1 - f.x0) * w - 2), Math.max(3, (f.y1 - f.y0) * h - 2));
  }

  function sync(state) {
    const g = boardGeometry(state);
    const zoomed = g.zoom > 1;
    el.out.disabled = !zoomed;
    el.fit.disabled = !zoomed;
    el.in.disabled = g.cell >= 95.5;
    setText(el.level, zoomed ? `Zoom ${Math.round(g.zoom * 10) / 10}×, squares ${Math.round(g.cell)} px` : "Whole board");
    el.overview.hidden = !zoomed;
    if (!zoomed) return;
    const { path, shown } = drawnPath(state);
    const key = [g.ox, g.oy, g.cell, g.width, g.height, shown, state.settings.rows, state.settings.cols].join("|");
    if (key === last && path === raster?.path) return;
    last = key;
    drawOverview(state, g);
  }

  return { sync, unbind };
}
