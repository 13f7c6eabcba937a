// The heatmap's panel: what the colours mean (a legend on the log scale, and the marks
// for gave-up and impossible squares), progress with Stop, the workers used and why that
// many, a summary naming the hardest squares, the numbers of the square under the
// pointer or keyboard cursor, and the CSV download.

import { GAVE_UP_FILL, IMPOSSIBLE_FILL, legendTicks } from "./heat-scale.js";
import { summaryText } from "./heatmap-data.js";
import { heatmapScale, heatmapVisible } from "./heatmap-layer.js";
import { heatmapCellAt } from "./transitions.js";
import { grouped, milliseconds } from "../core/format.js";
import { METHOD_NAMES } from "../tour/status-text.js";
import { boardGeometry } from "../board/geometry.js";
import { squareName } from "../core/squares.js";
import { byId, listen, setText } from "../core/panel.js";

const IDS = {
  box: "heatmap-view", title: "heatmap-title", progress: "heatmap-progress", state: "heatmap-state", stop: "heatmap-stop",
  rerun: "heatmap-rerun", csv: "heatmap-csv", workers: "heatmap-workers", note: "heatmap-note", error: "heatmap-error",
  legend: "heatmap-legend", summary: "heatmap-summary", square: "heatmap-square", tip: "heatmap-tip",
};

const STATUS_WORDS = { found: "tour found", gave_up: "gave up (budget spent)", impossible: "no tour from here (proved)" };

/** The words for one square's cell, for the hover tip and screen readers. */
export function cellText(cell, rows) {
  const name = squareName([cell[0], cell[1]], rows);
  const ms = Number.isFinite(cell[5]) ? `, ${milliseconds(cell[5])}` : "";
  return `${name}: ${STATUS_WORDS[cell[2]] || cell[2]}, ${grouped(cell[3])} nodes, ${grouped(cell[4])} backtracks${ms}`;
}

function legendItems(doc, heatmap, settings) {
  const scale = heatmapScale(heatmap, settings);
  const ticks = legendTicks(scale);
  const bar = doc.createElement("div");
  bar.className = "legend-bar";
  bar.style.background = `linear-gradient(to right, ${ticks.map((t) => `${t.colour} ${(t.t * 100).toFixed(1)}%`).join(", ")})`;
  bar.setAttribute("role", "img");
  bar.setAttribute("aria-label", `Colour scale: pale for ${grouped(scale.lo)} nodes (no backtracking) to dark for ${grouped(scale.hi)} nodes (the budget), on a log scale.`);
  const labels = doc.createElement("div");
  labels.className = "legend-ticks";
  labels.setAttribute("aria-hidden", "true");
  for (const t of ticks) {
    const span = doc.createElement("span");
    span.style.left = `${(t.t * 100).toFixed(1)}%`;
    span.textContent = t.label;
    labels.append(span);
  }
  const caption = doc.createElement("p");
  caption.className = "legend-caption";
  caption.textContent = "Nodes searched from each start square (log scale): pale = easy, dark = hard.";
  const marks = doc.createElement("ul");
  marks.className = "legend-marks";
  for (const [fill, glyph, words] of [[GAVE_UP_FILL, "?", "gave up: over the budget"], [IMPOSSIBLE_FILL, "⊘", "no tour from here (proved)"]]) {
    const li = doc.createElement("li");
    const swatch = doc.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = fill;
    swatch.style.color = fill === GAVE_UP_FILL ? "#fff" : "#111";
    swatch.textContent = glyph;
    swatch.setAttribute("aria-hidden", "true");
    li.append(swatch, ` ${words}`);
    marks.append(li);
  }
  return [caption, bar, labels, marks];
}

function stateText(h) {
  const done = h.cells.length;
  const total = h.plan.starts.length;
  const time = milliseconds(h.ms);
  if (h.status === "running") return `${grouped(done)} of ${grouped(total)} squares… ${time}`;
  if (h.status === "done") return `All ${grouped(total)} squares in ${time}.`;
  if (h.status === "stopped") return `Stopped: ${grouped(done)} of ${grouped(total)} squares kept (${time}).`;
  return `Stopped by a problem after ${grouped(done)} of ${grouped(total)} squares: ${h.error}`;
}

/** How the pool is doing: workers still starting, helping, or not needed. */
export function workersNow(h) {
  const parts = [];
  if (h.ready < h.pool.size) parts.push(`${h.pool.size - h.ready} still starting Python`);
  if (h.joined) parts.push(`${h.joined} more ${h.joined === 1 ? "worker" : "workers"} helped`);
  else if (h.pool.size > 1 && h.status === "done") parts.push("one worker did it alone: the map was too quick to be worth sharing");
  return parts.map((p) => `; ${p}`).join("");
}

function placeTip(el, state, cell) {
  const g = boardGeometry(state);
  const [row, col] = state.hover;
  const x = g.ox + (col + 1) * g.cell + 6;
  const y = g.oy + row * g.cell;
  el.tip.style.left = `${Math.min(x, g.width - 220)}px`;
  el.tip.style.top = `${Math.max(0, y)}px`;
  setText(el.tip, cellText(cell, state.settings.rows));
}

export function mountHeatmapPanel(doc, { store, explore }) {
  const el = byId(doc, IDS);
  const { on, unbind } = listen();
  on(el.stop, "click", () => explore.stopHeatmap());
  on(el.rerun, "click", () => explore.rerunHeatmap());
  on(el.csv, "click", () => explore.downloadHeatmap());
  let legendFor = "";
  let summaryFor = null;

  function sync(state) {
    const visible = state.view === "heatmap";
    el.box.hidden = !visible;
    const h = state.heatmap;
    const onBoard = visible && heatmapVisible(state);
    // The tip follows the pointer over a finished square.
    const hoverCell = onBoard && state.hover ? heatmapCellAt(h, state.hover) : null;
    el.tip.hidden = !hoverCell;
    if (hoverCell) placeTip(el, state, hoverCell);
    if (!visible) return;
    el.error.hidden = !(h && h.status === "refused");
    setText(el.error, h && h.status === "refused" ? h.error : "");
    const usable = h && h.status !== "refused";
    for (const part of [el.legend, el.progress, el.state, el.workers, el.summary]) part.hidden = !usable;
    el.stop.hidden = !(usable && h.status === "running");
    el.rerun.hidden = !usable || h.status === "running";
    el.csv.hidden = !usable;
    el.csv.disabled = !usable || !h.cells.length;
    if (!usable) {
      setText(el.title, h ? "Heatmap of start squares" : "Heatmap of start squares: waiting for the solver…");
      setText(el.note, "");
      return;
    }
    setText(el.title, `Heatmap of start squares: ${METHOD_NAMES[h.method] || h.method}, at most ${grouped(h.maxNodes)} nodes per square`);
    const key = `${h.maxNodes}|${state.settings.rows}x${state.settings.cols}|${state.settings.holes.length}`;
    if (key !== legendFor) {
      legendFor = key;
      el.legend.replaceChildren(...legendItems(doc, h, state.settings));
    }
    el.progress.max = Math.max(1, h.plan.starts.length);
    el.progress.value = h.cells.length;
    setText(el.state, stateText(h));
    setText(el.workers, `Workers: ${h.pool.text}${workersNow(h)}. Each worker is a whole Python.`);
    setText(el.note, h.plan.note);
    // The summary is read out when the run ends, not at every square.
    if (h.status !== "running" && summaryFor !== h) {
      summaryFor = h;
      setText(el.summary, summaryText(h.cells, h.plan.starts.length, state.settings.rows));
    } else if (h.status === "running") {
      summaryFor = null;
      setText(el.summary, "");
    }
    const focusCell = state.focused && state.cursor ? heatmapCellAt(h, state.cursor) : hoverCell;
    setText(el.square, focusCell ? cellText(focusCell, state.settings.rows) : "Point at a square (or move the keyboard cursor onto it) to see its numbers; click it to see its tour.");
  }

  return { sync, unbind };
}
