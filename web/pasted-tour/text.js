// Reading a tour that a person pasted or dropped: the numbered board as the posts print
// it (rows of move numbers; 0, ".", "-" for a square not visited, "#" for a hole), moves
// in algebraic names ("a1 c2 e1 ..."), or the JSON the command line writes. Pure: text in,
// plain data out. Whether the path is a tour is not decided here (Python's validator
// decides); this only turns text into squares, or says why it cannot, naming the place.
// Text over MAX_TEXT_CHARS is refused before it is read, so no paste can hang the page.

import { parseSquare, squareName } from "../core/squares.js";
import { MAX_SIDE } from "../core/squares.js";
import { parseRule } from "../core/leapers.js";
import { msg, said } from "../i18n/said.js";
import { listed } from "../i18n/listed.js";

/** The most characters read: a numbered 300 x 300 board fits; larger pastes are refused unread. */
export const MAX_TEXT_CHARS = 1_000_000;

const SHOWN = 24; // characters of a bad token quoted back
const EMPTY_CELLS = new Set(["0", ".", "-", "_", "*"]);
const HOLE_CELLS = new Set(["#", "x", "X"]);
const SQUARE_TOKEN = /^[a-zA-Z]{1,3}[1-9][0-9]{0,3}$/;
const MOVE_NUMBER = /^[0-9]{1,7}[.):]$/; // "1." or "12)" before a move

/** A token as it is quoted in a message: cut short, control characters dropped. */
export function quoteToken(raw) {
  const clean = String(raw).replace(/[\u0000-\u001f\u007f-\u009f]/g, "");
  return clean.length > SHOWN ? `${clean.slice(0, SHOWN)}…` : clean;
}

/** A reading that failed: why (a message, i18n/said.js) and its words now (message). */
const fail = (why, extra = {}) => ({ ok: false, message: said(why), why, ...extra });

function names(indices, rows, cols, most = 8) {
  return listed(indices.map((i) => squareName([Math.floor(i / cols), i % cols], rows)), most);
}

// --- the numbered board ----------------------------------------------------------------

/** The cells of a line when it is a row of a numbered board, else null. */
function boardCells(line) {
  const cells = line.replace(/[[\](){}|,;]/g, " ").trim().split(/\s+/).filter(Boolean);
  if (!cells.length) return null;
  for (const cell of cells) {
    if (!/^[0-9]{1,7}$/.test(cell) && !EMPTY_CELLS.has(cell) && !HOLE_CELLS.has(cell)) return null;
  }
  return cells;
}

/** The longest run of consecutive board rows of equal width (blank lines skipped). */
function boardRows(lines) {
  let best = [];
  let run = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    const cells = boardCells(line);
    if (cells && run.length && cells.length === run[0].length) run.push(cells);
    else {
      run = cells ? [cells] : [];
    }
    if (run.length * (run[0]?.length ?? 0) > best.length * (best[0]?.length ?? 0)) best = run.slice();
  }
  // One long line of n * n numbers: a square board written row after row.
  if (best.length === 1) {
    const n = Math.round(Math.sqrt(best[0].length));
    if (n >= 3 && n * n === best[0].length) {
      const cells = best[0];
      best = Array.from({ length: n }, (_, r) => cells.slice(r * n, (r + 1) * n));
    }
  }
  return best;
}

function readBoard(grid) {
  const rows = grid.length;
  const cols = grid[0].length;
  if (rows > MAX_SIDE || cols > MAX_SIDE) return fail(msg("play.read.tooBig", { rows, cols, max: MAX_SIDE }));
  const holes = [];
  const unvisited = [];
  const numbered = []; // [number, index]
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const cell = grid[r][c];
      const index = r * cols + c;
      if (HOLE_CELLS.has(cell)) holes.push(index);
      else if (EMPTY_CELLS.has(cell) || Number(cell) === 0) unvisited.push(index);
      else numbered.push([Number(cell), index]);
    }
  }
  const free = rows * cols - holes.length;
  const base = { format: "board", rows, cols, holes };
  const name = (i) => squareName([Math.floor(i / cols), i % cols], rows);
  const at = new Map(); // number -> [indices]
  for (const [n, index] of numbered) {
    if (n > free) {
      return fail(msg("play.read.over", { rows, cols, free, square: name(index), n }), { ...base, highlight: [index], step: null });
    }
    if (!at.has(n)) at.set(n, []);
    at.get(n).push(index);
  }
  const count = numbered.length;
  // The first number that is missing or written twice is where the path breaks.
  for (let n = 1; n <= count; n += 1) {
    const squares = at.get(n);
    if (squares && squares.length === 1) continue;
    const before = at.get(n - 1);
    const twice = [...at].filter(([, s]) => s.length > 1).map(([k]) => k).sort((a, b) => a - b);
    const dup = twice.length ? msg("play.read.writtenOn", { n: twice[0], squares: names(at.get(twice[0]), rows, cols) }) : null;
    if (!squares) {
      const missing = n > 1 ? msg("play.read.missingAfter", { n, square: name(before[0]), previous: n - 1 }) : msg("play.read.missing", { n });
      return fail(dup ? msg("play.sentences", { first: missing, second: dup }) : missing, {
        ...base, step: n, highlight: [...(before && before.length === 1 ? before : []), ...(twice.length ? at.get(twice[0]) : [])],
      });
    }
    return fail(msg("play.read.twice", { n, squares: names(squares, rows, cols) }), { ...base, step: n, highlight: squares });
  }
  const path = [];
  for (let n = 1; n <= count; n += 1) path.push(at.get(n)[0]);
  if (!path.length) return fail(msg("play.read.noNumbers", { rows, cols }), base);
  // Every number up to count is written once and none is over free: the squares without a
  // number are as many as the numbers missing (one, or several).
  const squares = names(unvisited, rows, cols);
  let noteMsg = null;
  if (unvisited.length === 1) noteMsg = msg("play.read.stopsOne", { last: count, free, squares });
  else if (unvisited.length) noteMsg = msg("play.read.stopsMany", { last: count, free, next: count + 1, squares });
  return { ok: true, ...base, path, note: said(noteMsg), noteMsg, unvisited };
}

// --- algebraic moves -------------------------------------------------------------------

function readMoves(tokens, current) {
  const squares = [];
  let maxCol = 0;
  let maxRank = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (MOVE_NUMBER.test(token)) continue;
    if (!SQUARE_TOKEN.test(token)) {
      return fail(msg("play.read.notSquare", { token: quoteToken(token), n: i + 1 }));
    }
    const letters = token.match(/^[a-zA-Z]+/)[0].toLowerCase();
    let col = 0;
    for (const ch of letters) col = col * 26 + (ch.charCodeAt(0) - 96);
    const rank = Number(token.slice(letters.length));
    if (col > MAX_SIDE || rank > MAX_SIDE) return fail(msg("play.read.offBoards", { token: quoteToken(token), max: MAX_SIDE }));
    maxCol = Math.max(maxCol, col);
    maxRank = Math.max(maxRank, rank);
    squares.push(token.toLowerCase());
  }
  if (!squares.length) return fail(msg("play.read.noMoves"));
  // The board: the page's when the moves fit on it and cover it (or cannot cover the smallest
  // board around them); else the smallest board that holds every square named.
  const fitsCurrent = maxCol <= current.cols && maxRank <= current.rows;
  const fills = (rows, cols) => squares.length === rows * cols;
  let rows = maxRank;
  let cols = maxCol;
  if (fitsCurrent && (fills(current.rows, current.cols) || !fills(rows, cols))) ({ rows, cols } = current);
  const path = squares.map((name) => {
    const [r, c] = parseSquare(name, rows, cols);
    return r * cols + c;
  });
  return { ok: true, format: "moves", rows, cols, holes: [], path, note: "", noteMsg: null };
}

// --- the command line's JSON -----------------------------------------------------------

/** A JSON item that is not a square: thrown with its message, caught by readJson. */
class BadItem extends Error {
  constructor(why) {
    super(why.key);
    this.why = why;
  }
}

/** A square of the JSON (a name or a [row, col] pair) as a flat index; `what` names the item (a message). */
function jsonSquare(item, what, rows, cols) {
  if (typeof item === "string") {
    const sq = parseSquare(item, rows, cols);
    if (!sq) throw new BadItem(msg("play.json.notSquare", { what, item: quoteToken(item), rows, cols }));
    return sq[0] * cols + sq[1];
  }
  if (Array.isArray(item) && item.length === 2 && item.every((v) => Number.isInteger(v))) {
    const [r, c] = item;
    if (r < 0 || r >= rows || c < 0 || c >= cols) throw new BadItem(msg("play.json.offBoard", { what, pair: `[${r}, ${c}]`, rows, cols }));
    return r * cols + c;
  }
  throw new BadItem(msg("play.json.notItem", { what }));
}

/** Why the JSON holds no tour, with its status and reason when it has them (the command line's "impossible"). */
function noTour(data) {
  const fields = { path: "path", moves: "moves" };
  if (typeof data.status !== "string" || data.status === "found") return msg("play.json.noTour", fields);
  const status = quoteToken(data.status);
  if (typeof data.reason === "string" && data.reason) return msg("play.json.noTourReason", { ...fields, status, reason: quoteToken(data.reason) });
  return msg("play.json.noTourStatus", { ...fields, status });
}

function readJson(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return fail(msg("play.json.invalid", { error: quoteToken(err.message) }));
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return fail(msg("play.json.notObject", { example: '{"rows": 8, "cols": 8, "path": …}' }));
  const side = (v) => Number.isInteger(v) && v >= 1 && v <= MAX_SIDE;
  if (!side(data.rows) || !side(data.cols)) return fail(msg("play.json.sides", { max: MAX_SIDE }));
  const { rows, cols } = data;
  const squareOf = (item, what) => jsonSquare(item, what, rows, cols);
  const list = Array.isArray(data.path) && data.path.length ? data.path : data.moves;
  if (!Array.isArray(list) || !list.length) return fail(noTour(data));
  try {
    const path = list.map((item, i) => squareOf(item, msg("play.json.step", { i })));
    const blocked = Array.isArray(data.blocked) ? data.blocked.map((item, i) => squareOf(item, msg("play.json.blocked", { n: i + 1 }))) : [];
    const rule = parseRule(data.rule) ?? "knight";
    return { ok: true, format: "json", rows, cols, holes: blocked, path, closed: data.closed === true, rule, note: "", noteMsg: null };
  } catch (err) {
    return fail(err instanceof BadItem ? err.why : msg("play.json.error", { error: quoteToken(err.message) }));
  }
}

// --- the entry point -------------------------------------------------------------------

/**
 * Read a pasted tour. `current` is the page's board {rows, cols}, used for moves that fit it.
 * Returns {ok: true, format, rows, cols, holes, path, note, noteMsg, closed?, rule?} with
 * squares as flat indices (row * cols + col), or {ok: false, message, why, step?,
 * highlight?, rows?, cols?}. why and noteMsg are messages (i18n/said.js) for the panel to show
 * in the language of the moment; message and note are their words when read.
 */
export function parseTourText(text, current = { rows: 8, cols: 8 }) {
  if (typeof text !== "string") return fail(msg("play.read.nothing"));
  if (text.length > MAX_TEXT_CHARS) return fail(msg("play.read.tooLong", { length: text.length, max: MAX_TEXT_CHARS }));
  const trimmed = text.trim();
  if (!trimmed) return fail(msg("play.read.nothing"));
  if (trimmed[0] === "{") return readJson(trimmed);
  const lines = trimmed.split(/\r\n|\r|\n/);
  const grid = boardRows(lines);
  if (grid.length && grid.length * grid[0].length >= 2) return readBoard(grid);
  const tokens = trimmed.split(/[\s,;]+|->|→|–|—|-(?=[a-zA-Z])/).filter(Boolean);
  return readMoves(tokens, current);
}
