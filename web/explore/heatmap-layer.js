// The heatmap on the board: every start square filled by the effort its search took
// (heat-scale.js), gave-up squares dark with a "?", squares with no tour pale with a
// "⊘", the node count written in squares big enough to hold it. A layer for board/render.js,
// between the board and the path; it repaints only when the map changes.

import { cellLook, dataScale, inkFor } from "./heat-scale.js";
import { heatmapPickOf } from "./transitions.js";

const MARKS = { gave_up: "?", impossible: "⊘" };
const FONT = '"DejaVu Sans", system-ui, sans-serif';

const scales = new WeakMap(); // heatmap -> {free, scale}: a map is immutable, its cells read once

/** The scale of a heatmap: one node per free square up to its budget, or the found
 * squares' own range when that is narrow (heat-scale.js's dataScale). */
export function heatmapScale(heatmap, settings) {
  const free = settings.rows * settings.cols - settings.holes.length;
  const known = scales.get(heatmap);
  if (known && known.free === free) return known.scale;
  const found = heatmap.cells.filter((c) => c[2] === "found").map((c) => c[3]);
  const scale = dataScale(free, heatmap.maxNodes, found);
  scales.set(heatmap, { free, scale });
  return scale;
}

/** Whether the board shows the heatmap now. */
export function heatmapVisible(state) {
  return state.view === "heatmap" && Boolean(state.heatmap) && state.heatmap.status !== "refused"
    && state.heatmap.rows === state.settings.rows && state.heatmap.cols === state.settings.cols;
}

/** Whether the selected square's tour is drawn over the heat. */
const tourOnTop = (state) => Boolean(heatmapPickOf(state)) && (Boolean(state.tour) || Boolean(state.search));

export function paintHeatmap(ctx, g, state) {
  const { heatmap, settings } = state;
  const scale = heatmapScale(heatmap, settings);
  const { cell, ox, oy, rows, cols } = g;
  const holes = new Set(settings.holes.map(([r, c]) => r * cols + c));
  const showText = cell >= 26;
  const faded = tourOnTop(state); // a tour on top: let its lines show
  ctx.globalAlpha = faded ? 0.75 : 1;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  // Only the squares in view (the board may be zoomed in).
  const rFrom = Math.max(0, Math.floor(-oy / cell));
  const rTo = Math.min(rows, Math.ceil((g.height - oy) / cell));
  const cFrom = Math.max(0, Math.floor(-ox / cell));
  const cTo = Math.min(cols, Math.ceil((g.width - ox) / cell));
  for (let r = rFrom; r < rTo; r += 1) {
    for (let c = cFrom; c < cTo; c += 1) {
      const i = r * cols + c;
      if (holes.has(i)) continue;
      const place = heatmap.at[i];
      const found = place >= 0 ? heatmap.cells[place] : null;
      const look = cellLook(found && { status: found[2], nodes: found[3] }, scale);
      if (look.mark === "pending") continue; // the plain board square shows through
      const x = ox + c * cell;
      const y = oy + r * cell;
      ctx.fillStyle = look.fill;
      ctx.fillRect(x, y, cell, cell);
      if (!showText) continue;
      ctx.globalAlpha = 1;
      ctx.fillStyle = inkFor(look.fill);
      const glyph = MARKS[look.mark];
      // Only the sampled square of a block carries the text; under a tour it moves to the
      // square's top edge, so the tour's move numbers and the heat's figures both read.
      const isStart = found && found[0] === r && found[1] === c;
      const ty = faded ? y + cell * 0.17 : y + cell / 2;
      if (glyph) {
        ctx.font = `${Math.round(cell * (faded ? 0.24 : 0.42))}px ${FONT}`;
        ctx.fillText(glyph, x + cell / 2, ty);
      } else if (isStart && look.label) {
        ctx.font = `${Math.round(Math.min(cell * (faded ? 0.22 : 0.3), 15))}px ${FONT}`;
        ctx.fillText(look.label, x + cell / 2, ty);
      }
      ctx.globalAlpha = faded ? 0.75 : 1;
    }
  }
  ctx.globalAlpha = 1;
}

/** The layer: redrawn when the map, the board or what lies on top of it changes. */
export function heatmapLayer() {
  let drawn = null;
  let wasVisible = false;
  let faded = false;
  return {
    canvases: ["heat"],
    draw([ctx], g, state, fresh) {
      const visible = heatmapVisible(state);
      const nowFaded = tourOnTop(state);
      if (!fresh && visible === wasVisible && (!visible || (drawn === state.heatmap && faded === nowFaded))) return;
      ctx.clearRect(0, 0, g.width, g.height);
      wasVisible = visible;
      drawn = state.heatmap;
      faded = nowFaded;
      if (visible) paintHeatmap(ctx, g, state);
    },
  };
}
