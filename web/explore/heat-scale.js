// The heatmap's colour scale: effort (nodes) on a log scale from the fewest nodes a
// tour can take (one per free square: no backtracking at all) to the node budget, so
// the legend is fixed before the first square is done and two methods run under one
// budget share it. Data in a narrow part of that range (8 x 8 closed greedy: 64 to 73
// nodes) would all look one pale colour: it gets a scale from its own minimum to its
// maximum (dataScale), and the legend says so. Gave-up and impossible squares are not on
// the scale: they get their own fill and a mark, so they differ by more than colour.

import { language } from "../i18n/messages.js";

// Pale (easy) to deep (hard); chosen to stay ordered in lightness for colour-blind eyes
// and in greyscale print.
const STOPS = [
  [0.0, [255, 244, 201]],
  [0.25, [253, 196, 110]],
  [0.5, [238, 121, 77]],
  [0.75, [186, 58, 104]],
  [1.0, [84, 26, 108]],
];

export const GAVE_UP_FILL = "#24062f";
export const IMPOSSIBLE_FILL = "#d4d6dc";
export const PENDING_FILL = "#f4f5f7";

/** The scale for a board with `free` squares searched under `maxNodes` per square. */
export function effortScale(free, maxNodes) {
  const lo = Math.max(1, free);
  const hi = Math.max(lo * 10, maxNodes);
  return { lo, hi, span: Math.log(hi / lo) };
}

// Data spanning less than this share of the fixed scale's (log) span is narrow.
const NARROW = 0.5;

/**
 * The scale for the data shown: `nodes` are the node counts of the squares found so far.
 * effortScale's, unless they span a narrow part of it; then from their minimum to their
 * maximum (fromData: true), linear when the maximum is under ten times the minimum, else
 * logarithmic. Equal counts (a flat map) keep the fixed scale: there is no difference to show.
 */
export function dataScale(free, maxNodes, nodes) {
  const fixed = effortScale(free, maxNodes);
  let lo = Infinity;
  let hi = 0;
  for (const n of nodes) {
    if (n < lo) lo = n;
    if (n > hi) hi = n;
  }
  if (!(hi > lo) || lo < 1 || Math.log(hi / lo) >= NARROW * fixed.span) return fixed;
  if (hi < lo * 10) return { lo, hi, span: hi - lo, linear: true, fromData: true };
  return { lo, hi, span: Math.log(hi / lo), linear: false, fromData: true };
}

/** Position 0..1 of a node count on the scale (clamped). */
export function scalePosition(nodes, scale) {
  if (!(nodes > scale.lo)) return 0;
  if (scale.linear) return Math.min(1, (nodes - scale.lo) / scale.span);
  return Math.min(1, Math.log(nodes / scale.lo) / scale.span);
}

/** "rgb(r, g, b)" at position t in 0..1. */
export function rampColour(t) {
  const x = Math.min(1, Math.max(0, t));
  let i = 1;
  while (i < STOPS.length - 1 && STOPS[i][0] < x) i += 1;
  const [t0, c0] = STOPS[i - 1];
  const [t1, c1] = STOPS[i];
  const f = t1 === t0 ? 0 : (x - t0) / (t1 - t0);
  const rgb = c0.map((v, k) => Math.round(v + (c1[k] - v) * f));
  return `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;
}

/** Black or white, whichever reads better on the fill. */
export function inkFor(fill) {
  let rgb;
  const hex = /^#([0-9a-f]{6})$/i.exec(fill);
  if (hex) rgb = [0, 2, 4].map((k) => parseInt(hex[1].slice(k, k + 2), 16));
  else rgb = (fill.match(/[0-9]+/g) || [0, 0, 0]).slice(0, 3).map(Number);
  const [r, g, b] = rgb.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.3 ? "#111111" : "#ffffff";
}

/**
 * How to draw one square: {fill, mark, label}. `cell` is null (not done yet) or
 * {status, nodes}; mark is "" (on the scale), "gave_up", "impossible" or "pending".
 */
export function cellLook(cell, scale) {
  if (!cell) return { fill: PENDING_FILL, mark: "pending", label: "" };
  if (cell.status === "found") {
    return { fill: rampColour(scalePosition(cell.nodes, scale)), mark: "", label: shortCount(cell.nodes) };
  }
  if (cell.status === "gave_up") return { fill: GAVE_UP_FILL, mark: "gave_up", label: "" };
  return { fill: IMPOSSIBLE_FILL, mark: "impossible", label: "" };
}

const shortFormats = new Map();

/** A node count in at most 4 characters, as the language writes it short: 64, 950,
 * 5.4K, 14K, 1.2M in English; 64, 950, 5400, 1.4万, 120万 in Chinese (Intl's compact
 * notation, two significant digits). */
export function shortCount(n, lang = language()) {
  if (!shortFormats.has(lang)) {
    shortFormats.set(lang, new Intl.NumberFormat(lang === "zh" ? "zh-CN" : "en-US", { notation: "compact", maximumSignificantDigits: 2, useGrouping: false }));
  }
  return n < 1000 ? String(Math.round(n)) : shortFormats.get(lang).format(n);
}

/** The counts between a linear scale's ends worth a tick: multiples of 1, 2 or 5 x 10^k,
 * about four of them. */
function linearInner(scale) {
  const rough = (scale.hi - scale.lo) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough);
  const inner = [];
  for (let n = Math.ceil(scale.lo / step) * step; n < scale.hi; n += step) inner.push(n);
  // Not crowding the ends' labels (64 and 65 side by side).
  return inner.filter((n) => n - scale.lo >= 0.15 * scale.span && scale.hi - n >= 0.15 * scale.span);
}

/** Powers of ten between a log scale's ends. */
function logInner(scale) {
  const inner = [];
  for (let p = 10 ** Math.ceil(Math.log10(scale.lo * 1.5)); p < scale.hi / 1.5; p *= 10) inner.push(p);
  return inner;
}

/** Legend stops: the scale's ends and round counts between (powers of ten on a log
 * scale), with their colours. */
export function legendTicks(scale) {
  // One style for every label: the short count, ends included.
  const ticks = [{ nodes: scale.lo, t: 0, label: shortCount(scale.lo) }];
  for (const n of scale.linear ? linearInner(scale) : logInner(scale)) {
    ticks.push({ nodes: n, t: scalePosition(n, scale), label: shortCount(n) });
  }
  ticks.push({ nodes: scale.hi, t: 1, label: shortCount(scale.hi) });
  // Labels closer than this share of the bar would overlap: keep the ends, drop the inner one.
  const spaced = ticks.filter((tick, i) => i === 0 || i === ticks.length - 1
    || (tick.t - ticks[i - 1].t >= 0.1 && ticks[ticks.length - 1].t - tick.t >= 0.16));
  return spaced.map((tick) => ({ ...tick, colour: rampColour(tick.t) }));
}
