// The zoom buttons (out, in, whole board), the zoom level, and the overview: a small
// picture of the whole board and path with the visible window outlined, shown while
// zoomed in; a click on it centres the view there.

import { boardGeometry } from "./geometry.js";
import { drawnPath } from "../core/timeline.js";
import { createPathRaster, updateRaster } from "./path-raster.js";
import { visibleFraction } from "./viewport.js";
import { centredOn, zoomedStep, zoomFitted } from "./zoom.js";
import { FLAT, CURSOR } from "./palette.js";
import { byId, listen, setText, setProp } from "../core/panel.js";
import { t } from "../i18n/messages.js";

const OVERVIEW_PX = 132; // the overview's longer side, CSS px

function makeCanvas(doc, width, height) {
  return typeof OffscreenCanvas === "function" ? new OffscreenCanvas(width, height) : Object.assign(doc.createElement("canvas"), { width, height });
}

/** The overview's size in px for a rows x cols board: OVERVIEW_PX on the longer side. */
function overviewSize(rows, cols) {
  const scale = OVERVIEW_PX / Math.max(rows, cols);
  return { w: Math.max(8, Math.round(cols * scale)), h: Math.max(8, Math.round(rows * scale)) };
}

function bindZoomButtons(on, el, store) {
  on(el.in, "click", () => store.update((s) => zoomedStep(s, 1)));
  on(el.out, "click", () => store.update((s) => zoomedStep(s, -1)));
  on(el.fit, "click", () => store.update(zoomFitted));
  on(el.overview, "click", (event) => {
    const rect = el.overview.getBoundingClientRect();
    const { rows, cols } = store.get().settings;
    store.update((s) => centredOn(s, ((event.clientY - rect.top) / rect.height) * rows, ((event.clientX - rect.left) / rect.width) * cols));
  });
}

/** A new raster, its canvas and the thumbnail when the board's size changed; true when new. */
function ensureRaster(overview, doc, rows, cols, { w, h }) {
  const { raster } = overview;
  if (raster && raster.rows === rows && raster.cols === cols) return false;
  overview.raster = createPathRaster(rows, cols);
  const canvas = makeCanvas(doc, cols, rows);
  const image = new ImageData(new Uint8ClampedArray(overview.raster.pixels.buffer), cols, rows);
  overview.pixels = { canvas, ctx: canvas.getContext("2d"), image };
  overview.thumb = makeCanvas(doc, w, h);
  return true;
}

/** Copy the changed pixels and shrink the board onto the thumbnail. */
function refreshThumb({ raster, pixels, thumb }, rows, cols, { w, h }) {
  const d = raster.dirty || { r0: 0, r1: rows, c0: 0, c1: cols };
  pixels.ctx.putImageData(pixels.image, 0, 0, d.c0, d.r0, d.c1 - d.c0, d.r1 - d.r0);
  raster.dirty = null;
  const t = thumb.getContext("2d");
  t.fillStyle = FLAT;
  t.fillRect(0, 0, w, h);
  t.imageSmoothingEnabled = cols > w;
  t.drawImage(pixels.canvas, 0, 0, w, h);
}

/** The thumbnail with the visible window outlined. */
function drawOverview(overview, doc, state, g) {
  const { canvas, ctx } = overview;
  const { rows, cols } = state.settings;
  const size = overviewSize(rows, cols);
  if (canvas.width !== size.w || canvas.height !== size.h) {
    canvas.width = size.w;
    canvas.height = size.h;
  }
  const fresh = ensureRaster(overview, doc, rows, cols, size);
  const { path, shown } = drawnPath(state);
  updateRaster(overview.raster, path, shown);
  if (overview.raster.dirty || fresh) refreshThumb(overview, rows, cols, size);
  ctx.drawImage(overview.thumb, 0, 0);
  const f = visibleFraction(g);
  ctx.lineWidth = 2;
  ctx.strokeStyle = CURSOR;
  ctx.strokeRect(f.x0 * size.w + 1, f.y0 * size.h + 1, Math.max(3, (f.x1 - f.x0) * size.w - 2), Math.max(3, (f.y1 - f.y0) * size.h - 2));
}

function syncZoomPanel(el, overview, doc, state) {
  const g = boardGeometry(state);
  const zoomed = g.zoom > 1;
  setProp(el.out, "disabled", !zoomed);
  setProp(el.fit, "disabled", !zoomed);
  setProp(el.in, "disabled", g.cell >= 95.5);
  setText(el.level, zoomed ? t("board.zoom.level", { zoom: String(Math.round(g.zoom * 10) / 10), cell: String(Math.round(g.cell)) }) : t("board.zoom.whole"));
  setProp(el.overview, "hidden", !zoomed);
  if (!zoomed) return;
  const { path, shown } = drawnPath(state);
  const key = [g.ox, g.oy, g.cell, g.width, g.height, shown, state.settings.rows, state.settings.cols].join("|");
  if (key === overview.last && path === overview.raster?.path) return;
  overview.last = key;
  drawOverview(overview, doc, state, g);
}

export function mountZoomPanel(doc, { store }) {
  const el = byId(doc, { out: "zoom-out", in: "zoom-in", fit: "zoom-fit", level: "zoom-level", overview: "overview" });
  const { on, unbind } = listen();
  // The board and path, scaled down once per change of the path (a 1000 x 1000 raster
  // shrinks in ~10 ms) onto `thumb`; each frame while panning only copies it and
  // outlines the window. `last` keys the frame last drawn.
  const overview = { canvas: el.overview, ctx: el.overview.getContext("2d"), raster: null, pixels: null, thumb: null, last: "" };
  bindZoomButtons(on, el, store);
  return { sync: (state) => syncZoomPanel(el, overview, doc, state), unbind };
}
