// The heatmap's panel: what the colours mean (a legend on the log scale, and the marks
// for gave-up and impossible squares), progress with Stop, the workers used and why that
// many, a summary naming the hardest squares, the numbers of the square under the
// pointer or keyboard cursor, and the CSV download.

import { GAVE_UP_FILL, IMPOSSIBLE_FILL, legendTicks } from "./heat-scale.js";
import { COMPARE_METHODS } from "./compare-data.js";
import { planNote, summaryText } from "./heatmap-data.js";
import { heatmapScale, heatmapVisible } from "./heatmap-layer.js";
import { heatmapBoardProblem } from "./params.js";
import { poolText } from "./worker-pool.js";
import { TELLING_MAP, heatmapCellAt, heatmapPickOf } from "./transitions.js";
import { heatmapStateText } from "./heatmap-text.js";
import { milliseconds } from "../core/format.js";
import { compactNumber, t } from "../i18n/messages.js";
import { boardGeometry } from "../board/geometry.js";
import { squareName } from "../core/squares.js";
import { byId, listen, setText, setProp } from "../core/panel.js";

const IDS = {
  box: "heatmap-view", title: "heatmap-title", progress: "heatmap-progress", state: "heatmap-state", stop: "heatmap-stop",
  rerun: "heatmap-rerun", csv: "heatmap-csv", workers: "heatmap-workers", note: "heatmap-note", error: "heatmap-error",
  legend: "heatmap-legend", summary: "heatmap-summary", square: "heatmap-square", tip: "heatmap-tip",
  why: "heatmap-why", suggest: "heatmap-suggest",
};

/** Why the map looks as it does, for its method: "" for a method without a reason. */
export function whyText(method) {
  const kind = method === "backtrack" ? "backtrack" : method === "exhaustive" ? "exhaustive" : "greedy";
  return t(`explore.heatmap.why.${kind}`, { method: methodInline(method) });
}

/** Whether the map offers the telling map: a finished map that is flat, or one made by
 * a method that makes flat maps (the greedy rule almost never backs up). */
export function suggestsTellingMap(h, settings) {
  if (!h || h.status === "running" || settings.method === "backtrack") return false;
  const found = h.cells.filter((c) => c[2] === "found");
  const flat = found.length > 1 && found.every((c) => c[3] === found[0][3]);
  return flat || ["auto", "warnsdorff", "construct"].includes(settings.method);
}

const STATUSES = ["found", "gave_up", "impossible"];

/** The words for one square's cell, for the hover tip and screen readers. */
export function cellText(cell, rows) {
  const params = {
    square: squareName([cell[0], cell[1]], rows),
    status: STATUSES.includes(cell[2]) ? t(`explore.heatmap.status.${cell[2]}`) : cell[2],
    nodes: cell[3],
    backtracks: cell[4],
  };
  if (!Number.isFinite(cell[5])) return t("explore.heatmap.cell", params);
  return t("explore.heatmap.cell-timed", { ...params, time: milliseconds(cell[5]) });
}

/** A method's name inside a sentence ("plain backtracking"). */
function methodInline(method) {
  return COMPARE_METHODS.includes(method) ? t(`explore.method-inline.${method}`) : method;
}

/** The legend's sentence: what the colours count, and where the scale starts (at the
 * data's minimum, when the scale is the data's own). */
export function legendCaption(scale) {
  if (!scale.fromData) return t("explore.heatmap.legend.caption");
  const key = scale.linear ? "explore.heatmap.legend.caption-data" : "explore.heatmap.legend.caption-data-log";
  return t(key, { lo: scale.lo, hi: scale.hi });
}

function legendItems(doc, scale) {
  const ticks = legendTicks(scale);
  const bar = doc.createElement("div");
  bar.className = "legend-bar";
  bar.style.background = `linear-gradient(to right, ${ticks.map((tick) => `${tick.colour} ${(tick.t * 100).toFixed(1)}%`).join(", ")})`;
  bar.setAttribute("role", "img");
  bar.setAttribute("aria-label", t(scale.fromData ? "explore.heatmap.legend.scale-data" : "explore.heatmap.legend.scale", { lo: scale.lo, hi: scale.hi }));
  const labels = doc.createElement("div");
  labels.className = "legend-ticks";
  labels.setAttribute("aria-hidden", "true");
  for (const tick of ticks) {
    const span = doc.createElement("span");
    span.style.left = `${(tick.t * 100).toFixed(1)}%`;
    span.textContent = tick.label;
    labels.append(span);
  }
  const caption = doc.createElement("p");
  caption.className = "legend-caption";
  caption.textContent = legendCaption(scale);
  const marks = doc.createElement("ul");
  marks.className = "legend-marks";
  for (const [fill, glyph, words] of [[GAVE_UP_FILL, "?", t("explore.heatmap.legend.gave-up")], [IMPOSSIBLE_FILL, "⊘", t("explore.heatmap.legend.impossible")]]) {
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

/** How the pool is doing: workers still starting, helping, or not needed. */
export function workersNow(h) {
  // Each part brings its own separator ("; " or "；"): they follow the pool's sentence.
  let text = "";
  if (h.ready < h.pool.size) text += t("explore.heatmap.workers.starting", { count: h.pool.size - h.ready });
  if (h.joined) text += t("explore.heatmap.workers.joined", { count: h.joined });
  else if (h.pool.size > 1 && h.status === "done") text += t("explore.heatmap.workers.alone");
  return text;
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

export function mountHeatmapPanel(doc, { store, explore, session }) {
  const el = byId(doc, IDS);
  const { on, unbind } = listen();
  on(el.suggest, "click", () => session.changeSettings({ ...TELLING_MAP, start: null, holes: [] }));
  on(el.stop, "click", () => explore.stopHeatmap());
  on(el.rerun, "click", () => explore.rerunHeatmap());
  on(el.csv, "click", () => explore.downloadHeatmap());
  let legendFor = "";
  let summaryFor = null;
  let summaryLang = null;

  function sync(state) {
    const visible = state.view === "heatmap";
    setProp(el.box, "hidden", !visible);
    const h = state.heatmap;
    const onBoard = visible && heatmapVisible(state);
    // The tip follows the pointer over a finished square.
    const hoverCell = onBoard && state.hover ? heatmapCellAt(h, state.hover) : null;
    setProp(el.tip, "hidden", !hoverCell);
    if (hoverCell) placeTip(el, state, hoverCell);
    if (!visible) return;
    setProp(el.error, "hidden", !(h && h.status === "refused"));
    setText(el.error, h && h.status === "refused" ? heatmapBoardProblem(h.rows, h.cols) || h.error : "");
    const usable = h && h.status !== "refused";
    for (const part of [el.legend, el.progress, el.state, el.workers, el.summary]) setProp(part, "hidden", !usable);
    setProp(el.stop, "hidden", !(usable && h.status === "running"));
    setProp(el.rerun, "hidden", !usable || h.status === "running");
    setProp(el.csv, "hidden", !usable);
    setProp(el.csv, "disabled", !usable || !h.cells.length);
    setText(el.why, usable ? whyText(h.method) : "");
    setProp(el.suggest, "hidden", !(usable && suggestsTellingMap(h, state.settings)));
    setText(el.suggest, t("explore.heatmap.suggest", { method: methodInline(TELLING_MAP.method) }));
    if (!usable) {
      setText(el.title, h ? t("explore.heatmap.title") : t("explore.heatmap.title-waiting"));
      setText(el.note, "");
      return;
    }
    setText(el.title, t("explore.heatmap.title-run", { method: methodInline(h.method), budget: compactNumber(h.maxNodes) }));
    const scale = heatmapScale(h, state.settings);
    const key = `${scale.lo}|${scale.hi}|${scale.linear}|${state.lang}`;
    if (key !== legendFor) {
      legendFor = key;
      el.legend.replaceChildren(...legendItems(doc, scale));
    }
    setProp(el.progress, "max", Math.max(1, h.plan.starts.length));
    setProp(el.progress, "value", h.cells.length);
    setText(el.state, heatmapStateText(h));
    setText(el.workers, t("explore.heatmap.workers", { pool: poolText(h.pool), now: workersNow(h) }));
    setText(el.note, planNote(h.plan));
    // The summary is read out when the run ends, not at every square.
    if (h.status !== "running" && (summaryFor !== h || summaryLang !== state.lang)) {
      summaryFor = h;
      summaryLang = state.lang;
      setText(el.summary, summaryText(h.cells, h.plan.starts.length, state.settings.rows));
    } else if (h.status === "running") {
      summaryFor = null;
      setText(el.summary, "");
    }
    // The selected square's figures stay beside the board; the pointer or cursor shows another's.
    const pick = heatmapPickOf(state);
    const selected = pick ? heatmapCellAt(h, pick) : null;
    const focusCell = (state.focused && state.cursor ? heatmapCellAt(h, state.cursor) : hoverCell) ?? selected;
    setText(el.square, focusCell ? cellText(focusCell, state.settings.rows) : t("explore.heatmap.point"));
  }

  return { sync, unbind };
}
