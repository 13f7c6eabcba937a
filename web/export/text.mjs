// A tour as text, in the command line's formats (python -m knight_py --format
// board|moves|json), so the page and the command line print the same thing.
// Each function returns an array of string parts (for a Blob): a 1000 x 1000 board
// is megabytes of text, and one giant concatenation would need twice the memory.
//
// A tour record: {rows, cols, holes: [[row, col]...], closed, rule, indices (flat,
// start first), result: {status, method, reason, nodes, backtracks, seconds} | null}.

import { fileName, squareName } from "../core/squares.js";

const ROWS_PER_PART = 64;

/**
 * The numbered board, as the posts and `--format board` print it: move numbers from 1,
 * right-aligned to the width of the board's square count, holes as "#", unvisited ".".
 *
 *   boardText({rows: 3, cols: 4, holes: [], indices: [0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4]})
 *   -> [" 1  4  7 10\n12  9  2  5\n 3  6 11  8\n"]   (one part per 64 rows)
 */
export function boardText(record) {
  const { rows, cols, holes, indices } = record;
  const numbers = new Int32Array(rows * cols);
  for (const [r, c] of holes) numbers[r * cols + c] = -1;
  for (let k = 0; k < indices.length; k += 1) numbers[indices[k]] = k + 1;
  const width = String(rows * cols).length;
  const pad = " ".repeat(width);
  const parts = [];
  let lines = [];
  for (let r = 0; r < rows; r += 1) {
    const cells = new Array(cols);
    for (let c = 0; c < cols; c += 1) {
      const n = numbers[r * cols + c];
      const text = n > 0 ? String(n) : n < 0 ? "#" : ".";
      cells[c] = text.length < width ? pad.slice(text.length) + text : text;
    }
    lines.push(cells.join(" "));
    if (lines.length === ROWS_PER_PART || r === rows - 1) {
      parts.push(`${lines.join("\n")}\n`);
      lines = [];
    }
  }
  return parts;
}

/** Algebraic squares in visiting order, 16 to a line (`--format moves`). */
export function movesText(record, perLine = 16) {
  const { rows, cols, indices } = record;
  const parts = [];
  let line = [];
  let lines = [];
  for (let k = 0; k < indices.length; k += 1) {
    const sq = indices[k];
    line.push(fileName(sq % cols) + String(rows - Math.floor(sq / cols)));
    if (line.length === perLine || k === indices.length - 1) {
      lines.push(line.join(" "));
      line = [];
      if (lines.length === ROWS_PER_PART * 4 || k === indices.length - 1) {
        parts.push(lines.join("\n") + "\n");
        lines = [];
      }
    }
  }
  return parts;
}

/** Python's round(x, 6) as json.dumps writes a float: always with a decimal point. */
function pythonFloat(x) {
  const r = Math.round(x * 1e6) / 1e6;
  return Number.isInteger(r) ? `${r}.0` : String(r);
}

/**
 * `--format json`: the command line's schema, key for key and in its order:
 * rows, cols, closed, rule, blocked, status, method, reason, why, nodes, backtracks, seconds,
 * path ([row, col] pairs), moves (algebraic names).
 */
export function tourJson(record) {
  const { rows, cols, holes, indices, closed, rule } = record;
  const result = record.result || {};
  const blocked = holes.map((sq) => squareName(sq, rows)).sort();
  const head = [
    `{"rows":${rows},"cols":${cols},"closed":${closed ? "true" : "false"},"rule":${JSON.stringify(rule || "knight")}`,
    `"blocked":${JSON.stringify(blocked)}`,
    `"status":${JSON.stringify(result.status || "found")},"method":${JSON.stringify(result.method || "")}`,
    // why: the reason as data (knight_py's Reason.to_dict()); an exported tour has none.
    `"reason":${JSON.stringify(result.reason || "")},"why":null,"nodes":${Math.round(result.nodes || 0)}`,
    `"backtracks":${Math.round(result.backtracks || 0)},"seconds":${pythonFloat(result.seconds || 0)}`,
  ].join(",");
  const parts = [`${head},"path":[`];
  const chunk = 4096;
  for (let k = 0; k < indices.length; k += chunk) {
    const pairs = [];
    for (let i = k; i < Math.min(indices.length, k + chunk); i += 1) {
      pairs.push(`[${Math.floor(indices[i] / cols)},${indices[i] % cols}]`);
    }
    parts.push((k ? "," : "") + pairs.join(","));
  }
  parts.push(`],"moves":[`);
  for (let k = 0; k < indices.length; k += chunk) {
    const names = [];
    for (let i = k; i < Math.min(indices.length, k + chunk); i += 1) {
      names.push(`"${fileName(indices[i] % cols)}${rows - Math.floor(indices[i] / cols)}"`);
    }
    parts.push((k ? "," : "") + names.join(","));
  }
  parts.push("]}\n");
  return parts;
}
