// The board a link asks for (its size, holes and view), read with no messages: what the
// page's first script (main.js) draws before the rest of the page has come. shell/url.js reads
// the same parameters with these same functions, and adds a message for each bad one;
// a bad value falls back to its default in both, so the first board is the page's board.

import { MAX_SIDE, parseSquare } from "./squares.js";

const MAX_NAMED = 5; // bad holes kept by name (for shell/url.js's message); the rest are counted

/** Fresh default settings (a factory, so callers never share arrays). */
export function defaultSettings() {
  return { rows: 8, cols: 8, start: null, closed: false, method: "auto", holes: [], rule: "knight" };
}

/** A board side from text ("8", " 12 "): the number, or null when it is not a whole
 * number from 1 to MAX_SIDE. */
export function parseSide(raw) {
  if (!/^\s*[0-9]{1,4}\s*$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= MAX_SIDE ? n : null;
}

/**
 * The holes of a `holes` value, in one pass: duplicates dropped through a flat
 * per-square mark (linear, where comparing with every earlier hole was quadratic).
 * Returns {parsed: [[row, col]...], bad: the first few names that are not squares, badCount}.
 */
export function parseHoles(text, rows, cols) {
  const seen = new Uint8Array(rows * cols);
  const parsed = [];
  const bad = [];
  let badCount = 0;
  for (const name of text.split(",")) {
    const sq = parseSquare(name, rows, cols);
    if (!sq) {
      badCount += 1;
      if (bad.length < MAX_NAMED) bad.push(name);
      continue;
    }
    const index = sq[0] * cols + sq[1];
    if (!seen[index]) {
      seen[index] = 1;
      parsed.push(sq);
    }
  }
  return { parsed, bad, badCount };
}

/** The holes a link's `holes` value gives: all of them, or none when one is not a square. */
export function linkedHoles(text, rows, cols) {
  if (text === null || text.trim() === "") return [];
  const { parsed, badCount } = parseHoles(text, rows, cols);
  return badCount ? [] : parsed;
}

/**
 * The board of a query string ("?rows=6&holes=a1"): {rows, cols, holes, view}, each
 * parameter that is missing or bad at its default; the view one of `views` (ids, the
 * first the default).
 *
 *   linkedBoard("?rows=6&cols=x&holes=a1&view=play", ["tour", "play"])
 *   // {rows: 6, cols: 8, holes: [[5, 0]], view: "play"}
 */
export function linkedBoard(search, views) {
  const params = new URLSearchParams(search);
  const fallback = defaultSettings();
  const side = (name) => parseSide(params.get(name) ?? "") ?? fallback[name];
  const rows = side("rows");
  const cols = side("cols");
  const view = params.get("view");
  return { rows, cols, holes: linkedHoles(params.get("holes"), rows, cols), view: views.includes(view) ? view : views[0] };
}
