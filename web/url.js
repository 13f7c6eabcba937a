// The page's settings <-> the URL query. Each bad parameter yields one message naming
// it and what is allowed; only that parameter falls back to its default.

import { MAX_SIDE, parseSquare, squareName, squareRange } from "./squares.js";
import { decodeTour } from "./tour-codec.js";

export const METHODS = ["auto", "warnsdorff", "backtrack", "exhaustive", "construct"];
export const RULES = ["knight", "xiangqi"];
const KNOWN = ["rows", "cols", "start", "closed", "method", "holes", "rule", "tour"];

/** Fresh default settings (a factory, so callers never share arrays). */
export function defaultSettings() {
  return { rows: 8, cols: 8, start: null, closed: false, method: "auto", holes: [], rule: "knight" };
}

function parseSide(name, raw, errors, fallback) {
  if (raw === null) return fallback;
  if (/^\s*[0-9]{1,4}\s*$/.test(raw)) {
    const n = Number(raw);
    if (n >= 1 && n <= MAX_SIDE) return n;
  }
  errors.push({ param: name, message: `${name}: "${raw}" is not allowed; use a whole number from 1 to ${MAX_SIDE}. Using ${fallback}.` });
  return fallback;
}

/**
 * Read settings from a query string ("?rows=8&start=a1").
 * Returns {settings, tour, errors}: tour is an Int32Array or null; errors is a list of
 * {param, message}.
 */
export function parseQuery(search) {
  const params = new URLSearchParams(search);
  const settings = defaultSettings();
  const errors = [];
  const get = (name) => params.get(name);

  settings.rows = parseSide("rows", get("rows"), errors, settings.rows);
  settings.cols = parseSide("cols", get("cols"), errors, settings.cols);
  const { rows, cols } = settings;

  const closed = get("closed");
  if (closed !== null) {
    if (closed === "1" || closed === "0") settings.closed = closed === "1";
    else errors.push({ param: "closed", message: `closed: "${closed}" is not allowed; use closed=1 for a closed tour or closed=0 for an open one. Using open.` });
  }

  const method = get("method");
  if (method !== null) {
    if (METHODS.includes(method)) settings.method = method;
    else errors.push({ param: "method", message: `method: "${method}" is not allowed; use one of ${METHODS.join(", ")}. Using auto.` });
  }

  const rule = get("rule");
  if (rule !== null) {
    if (RULES.includes(rule)) settings.rule = rule;
    else errors.push({ param: "rule", message: `rule: "${rule}" is not allowed; use rule=xiangqi for the xiangqi horse (leave it out for the knight). Using the knight.` });
  }

  const holes = get("holes");
  if (holes !== null && holes.trim() !== "") {
    const parsed = [];
    const bad = [];
    for (const name of holes.split(",")) {
      const sq = parseSquare(name, rows, cols);
      if (sq) {
        if (!parsed.some(([r, c]) => r === sq[0] && c === sq[1])) parsed.push(sq);
      } else bad.push(name);
    }
    if (bad.length) {
      errors.push({ param: "holes", message: `holes: "${bad.join(",")}" ${bad.length > 1 ? "are not squares" : "is not a square"} of the ${rows} x ${cols} board; use comma-separated squares from ${squareRange(rows, cols)}, e.g. holes=d4,e5. Using no holes.` });
    } else settings.holes = parsed;
  }

  const start = get("start");
  if (start !== null) {
    const sq = parseSquare(start, rows, cols);
    if (!sq) {
      errors.push({ param: "start", message: `start: "${start}" is not a square of the ${rows} x ${cols} board; use a square from ${squareRange(rows, cols)}, e.g. start=a1. Click a square to choose one.` });
    } else if (settings.holes.some(([r, c]) => r === sq[0] && c === sq[1])) {
      errors.push({ param: "start", message: `start: ${start} is one of the holes; use a square that is not in holes. Click a square to choose one.` });
    } else settings.start = sq;
  }

  let tour = null;
  const tourText = get("tour");
  if (tourText !== null) {
    try {
      tour = decodeTour(tourText, rows, cols);
      const startIndex = settings.start ? settings.start[0] * cols + settings.start[1] : tour[0];
      if (tour[0] !== startIndex) throw new Error("it does not begin at the start square");
      if (!settings.start) settings.start = [Math.floor(tour[0] / cols), tour[0] % cols];
    } catch (err) {
      tour = null;
      const shown = tourText.length > 24 ? `${tourText.slice(0, 24)}…` : tourText;
      errors.push({ param: "tour", message: `tour: "${shown}" cannot be used: ${err.message}. Use a link made with "Copy link". Ignored.` });
    }
  }

  const unknown = [...new Set(params.keys())].filter((k) => !KNOWN.includes(k));
  if (unknown.length) {
    errors.push({ param: unknown[0], message: `${unknown.join(", ")}: unknown parameter${unknown.length > 1 ? "s" : ""}, ignored; the page reads ${KNOWN.join(", ")}.` });
  }
  return { settings, tour, errors };
}

/** The query string for settings (and optionally a compact tour), "?rows=8&cols=8...". */
export function toQuery(settings, tourParam = null) {
  const { rows, cols } = settings;
  const parts = [`rows=${rows}`, `cols=${cols}`];
  if (settings.start) parts.push(`start=${squareName(settings.start, rows)}`);
  if (settings.closed) parts.push("closed=1");
  if (settings.method !== "auto") parts.push(`method=${encodeURIComponent(settings.method)}`);
  if (settings.holes.length) parts.push(`holes=${settings.holes.map((sq) => squareName(sq, rows)).join(",")}`);
  if (settings.rule !== "knight") parts.push(`rule=${encodeURIComponent(settings.rule)}`);
  if (tourParam) parts.push(`tour=${tourParam}`);
  return `?${parts.join("&")}`;
}
