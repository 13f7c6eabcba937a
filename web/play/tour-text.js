// Reading a tour that a person pasted or dropped: the numbered board as the posts print
// it (rows of move numbers; 0, ".", "-" for a square not visited, "#" for a hole), moves
// in algebraic names ("a1 c2 e1 ..."), or the JSON the command line writes. Pure: text in,
// plain data out. Whether the path is a tour is not decided here (Python's validator
// decides); this only turns text into squares, or says why it cannot, naming the place.
// Text over MAX_TEXT_CHARS is refused before it is read, so no paste can hang the page.

import { parseSquare, squareName } from "../core/squares.js";
import { MAX_SIDE } from "../core/squares.js";

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

/** "12,345" without Intl. */
function grouped(n) {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ",");
}

const fail = (message, extra = {}) => ({ ok: false, message, ...extra });

function names(indices, rows, cols, most = 8) {
  const shown = indices.slice(0, most).map((i) => squareName([Math.floor(i / cols), i % cols], rows));
  return shown.join(", ") + (indices.length > most ? ", …" : "");
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
  if (rows > MAX_SIDE || cols > MAX_SIDE) return fail(`The board is ${rows} x ${cols}; sides up to ${MAX_SIDE} are allowed.`);
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
      return fail(`The board reads as ${rows} x ${cols} with ${grouped(free)} squares to visit, but ${name(index)} holds ${grouped(n)}; the numbers must run from 1 to ${grouped(free)}.`, { ...base, highlight: [index], step: null });
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
    const dup = twice.length ? ` ${grouped(twice[0])} is written on ${names(at.get(twice[0]), rows, cols)}.` : "";
    if (!squares) {
      return fail(`Move ${grouped(n)} is missing: no square holds ${grouped(n)}${n > 1 ? `, so the path breaks after ${name(before[0])} (${grouped(n - 1)})` : ""}.${dup}`, {
        ...base, step: n, highlight: [...(before && before.length === 1 ? before : []), ...(twice.length ? at.get(twice[0]) : [])],
      });
    }
    return fail(`Move ${grouped(n)} is written twice: on ${names(squares, rows, cols)}; each number must appear once.`, { ...base, step: n, highlight: squares });
  }
  const path = [];
  for (let n = 1; n <= count; n += 1) path.push(at.get(n)[0]);
  if (!path.length) return fail(`The board (${rows} x ${cols}) holds no move numbers.`, base);
  const note = unvisited.length
    ? `The numbers stop at ${grouped(count)} on a board with ${grouped(free)} squares to visit: ${count + 1 === free ? grouped(free) : `${grouped(count + 1)} to ${grouped(free)}`} ${count + 1 === free ? "is" : "are"} missing, and ${names(unvisited, rows, cols)} ${unvisited.length > 1 ? "hold" : "holds"} no number.`
    : "";
  return { ok: true, ...base, path, note, unvisited };
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
      return fail(`“${quoteToken(token)}” (word ${grouped(i + 1)}) is not a square name; write moves like a1 c2 e1, or paste a numbered board.`);
    }
    const letters = token.match(/^[a-zA-Z]+/)[0].toLowerCase();
    let col = 0;
    for (const ch of letters) col = col * 26 + (ch.charCodeAt(0) - 96);
    const rank = Number(token.slice(letters.length));
    if (col > MAX_SIDE || rank > MAX_SIDE) return fail(`${quoteToken(token)} is off every board this page draws (sides up to ${MAX_SIDE}).`);
    maxCol = Math.max(maxCol, col);
    maxRank = Math.max(maxRank, rank);
    squares.push(token.toLowerCase());
  }
  if (!squares.length) return fail("No moves found; write moves like a1 c2 e1, or paste a numbered board.");
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
  return { ok: true, format: "moves", rows, cols, holes: [], path, note: "" };
}

// --- the command line's JSON -----------------------------------------------------------

function readJson(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return fail(`The text starts like JSON but is not valid JSON (${quoteToken(err.message)}).`);
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return fail("The JSON must be an object like the command line writes ({\"rows\": 8, \"cols\": 8, \"path\": …}).");
  const side = (v) => Number.isInteger(v) && v >= 1 && v <= MAX_SIDE;
  if (!side(data.rows) || !side(data.cols)) return fail(`The JSON's rows and cols must be whole numbers from 1 to ${MAX_SIDE}.`);
  const { rows, cols } = data;
  const squareOf = (item, what) => {
    if (typeof item === "string") {
      const sq = parseSquare(item, rows, cols);
      if (!sq) throw new Error(`${what}: “${quoteToken(item)}” is not a square of the ${rows} x ${cols} board`);
      return sq[0] * cols + sq[1];
    }
    if (Array.isArray(item) && item.length === 2 && item.every((v) => Number.isInteger(v))) {
      const [r, c] = item;
      if (r < 0 || r >= rows || c < 0 || c >= cols) throw new Error(`${what}: [${r}, ${c}] is off the ${rows} x ${cols} board`);
      return r * cols + c;
    }
    throw new Error(`${what} must be a square name or a [row, col] pair`);
  };
  const list = Array.isArray(data.path) && data.path.length ? data.path : data.moves;
  if (!Array.isArray(list) || !list.length) {
    const why = typeof data.status === "string" && data.status !== "found" ? ` (its status is “${quoteToken(data.status)}”${typeof data.reason === "string" && data.reason ? `: ${quoteToken(data.reason)}` : ""})` : "";
    return fail(`The JSON holds no tour${why}; it needs a "path" of [row, col] pairs or "moves" of square names.`);
  }
  try {
    const path = list.map((item, i) => squareOf(item, `step ${i}`));
    const blocked = Array.isArray(data.blocked) ? data.blocked.map((item, i) => squareOf(item, `blocked square ${i + 1}`)) : [];
    const rule = data.rule === "xiangqi" ? "xiangqi" : "knight";
    return { ok: true, format: "json", rows, cols, holes: blocked, path, closed: data.closed === true, rule, note: "" };
  } catch (err) {
    return fail(`The JSON's ${err.message}.`);
  }
}

// --- the entry point -------------------------------------------------------------------

/**
 * Read a pasted tour. `current` is the page's board {rows, cols}, used for moves that fit it.
 * Returns {ok: true, format, rows, cols, holes, path, note, closed?, rule?} with squares as
 * flat indices (row * cols + col), or {ok: false, message, step?, highlight?, rows?, cols?}.
 */
export function parseTourText(text, current = { rows: 8, cols: 8 }) {
  if (typeof text !== "string") return fail("Nothing to check: paste a tour or drop a file.");
  if (text.length > MAX_TEXT_CHARS) {
    return fail(`The text is ${grouped(text.length)} characters long; at most ${grouped(MAX_TEXT_CHARS)} are read (a numbered board up to about 300 x 300). Nothing was read.`);
  }
  const trimmed = text.trim();
  if (!trimmed) return fail("Nothing to check: paste a tour or drop a file.");
  if (trimmed[0] === "{") return readJson(trimmed);
  const lines = trimmed.split(/\r\n|\r|\n/);
  const grid = boardRows(lines);
  if (grid.length && grid.length * grid[0].length >= 2) return readBoard(grid);
  const tokens = trimmed.split(/[\s,;]+|->|→|–|—|-(?=[a-zA-Z])/).filter(Boolean);
  return readMoves(tokens, current);
}
