// The small chart of search depth over steps shown while a recorded search is replayed:
// the saw-tooth of backtracking (climb, fall back, climb again), the board's size as the
// goal line, and where the replay stands now. Every view that replays a search declares
// it (the Tour view's "Watch the search", a Compare row that found no tour, a heatmap
// square's search); index.html's data-views names the same views.

import { TEXT_FONT } from "../core/fonts.js";
import { depthProfile, stepCounts } from "./depth-profile.js";
import { t } from "../i18n/messages.js";
import { byId, setAttr, setText, setProp } from "../core/panel.js";

const IDS = { box: "depth-chart", canvas: "depth-canvas", caption: "depth-caption" };
const HEIGHT = 90;
// The methods whose search cuts nothing early (knight_py's plain backtracking, prune 0): a
// back-off at once is a dead end, never a pruned square.
const UNPRUNED = new Set(["backtrack"]);

/** The caption's key for a search by `method` (the one that ran: the result's). */
export const captionKey = (method) => (UNPRUNED.has(method) ? "replay.depth.caption.unpruned" : "replay.depth.caption");

/** The depth at the bottom of the chart: most columns' lows sit above it, so the teeth show. */
export function chartFloor(low) {
  if (low.length < 10) return 0;
  const sorted = Array.from(low).sort((a, b) => a - b);
  return Math.max(0, sorted[Math.floor(sorted.length * 0.05)] - 2);
}

function paintChart(ctx, width, profile, free, pos) {
  const { low, high, steps } = profile;
  const top = Math.max(free, profile.maxDepth, 1);
  const floor = Math.min(chartFloor(low), top - 1);
  const y = (depth) => HEIGHT - 4 - (Math.max(0, depth - floor) / (top - floor)) * (HEIGHT - 16);
  ctx.clearRect(0, 0, width, HEIGHT);
  ctx.fillStyle = "#f8f9fa";
  ctx.fillRect(0, 0, width, HEIGHT);
  ctx.strokeStyle = "#1e8e3e";
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.moveTo(0, y(free));
  ctx.lineTo(width, y(free));
  ctx.stroke();
  ctx.setLineDash([]);
  const columns = low.length;
  const step = width / columns;
  ctx.fillStyle = "#5b6bbf";
  for (let c = 0; c < columns; c += 1) {
    const y0 = y(high[c]);
    const y1 = y(low[c]);
    ctx.fillRect(c * step, y0, Math.max(1, step), Math.max(1.5, y1 - y0 + 1.5));
  }
  const x = steps ? (pos / steps) * width : 0;
  ctx.strokeStyle = "#c5221f";
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x, 0);
  ctx.lineTo(x, HEIGHT);
  ctx.stroke();
  ctx.lineWidth = 1;
  ctx.fillStyle = "#5f6368";
  ctx.font = `11px ${TEXT_FONT}`;
  ctx.textBaseline = "top";
  ctx.fillText(t("replay.depth.top", { depth: top }), 4, 1);
  ctx.textBaseline = "bottom";
  ctx.fillText(t("replay.depth.floor", { depth: floor }), 4, HEIGHT - 1);
}

export function mountDepthChartPanel(doc, { store }) {
  const el = byId(doc, IDS);
  const ctx = el.canvas.getContext("2d");
  let drawnFor = null;
  let drawnPos = -1;
  let drawnWidth = 0;
  let drawnLang = null;
  let profile = null;

  function sync(state) {
    const visible = Boolean(state.search && state.events);
    setProp(el.box, "hidden", !visible);
    if (!visible) {
      // Hidden: the short label; the caption's sentence comes back with the next drawing.
      setAttr(el.canvas, "aria-label", t("page.depth-canvas.label"));
      drawnFor = null;
      return;
    }
    const width = Math.max(120, Math.round(el.box.clientWidth || 400));
    const { events, search, settings } = state;
    if (drawnFor === events && drawnPos === search.pos && drawnWidth === width && drawnLang === state.lang) return;
    const dpr = window.devicePixelRatio || 1;
    if (drawnFor !== events || drawnWidth !== width) profile = depthProfile(events, width);
    if (drawnWidth !== width) {
      el.canvas.width = Math.round(width * dpr);
      el.canvas.height = Math.round(HEIGHT * dpr);
      el.canvas.style.width = `${width}px`;
      el.canvas.style.height = `${HEIGHT}px`;
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawnFor = events;
    drawnPos = search.pos;
    drawnWidth = width;
    drawnLang = state.lang;
    const free = settings.rows * settings.cols - settings.holes.length;
    paintChart(ctx, width, profile, free, search.pos);
    const counts = stepCounts(events, search.pos);
    const text = t(captionKey(state.result?.method), {
      step: search.pos, steps: events.length, depth: search.stack.length, free,
      advances: counts.advances, backoffs: counts.backoffs, atOnce: counts.atOnce,
    });
    setText(el.caption, text);
    el.canvas.setAttribute("aria-label", text);
  }

  return { sync, unbind: () => {} };
}
