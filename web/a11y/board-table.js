// The accessible view of the board, as data: a table of squares with their move numbers
// (in the manner of lichess's blind mode). Small boards are one table; on bigger ones
// the table is a window of WINDOW x WINDOW squares that follows the keyboard cursor,
// since a million cells cannot be a page. Pure functions; the panel renders them.

import { fileName, squareName } from "../core/squares.js";
import { pathOrder } from "../board/visible-path.js";
import { t } from "../i18n/messages.js";
import { said } from "../i18n/said.js";
import { isLeaper } from "../core/leapers.js";
import { pieceName } from "../core/piece-name.js";

export const TABLE_ALL = 16; // boards up to 16 x 16 are shown whole
export const WINDOW = 8; // the window's side on bigger boards

/** Move number (1-based) of every square in `tour`; 0 where the tour does not go. */
export function moveNumbers(tour, rows, cols) {
  return pathOrder(tour, rows * cols);
}

/**
 * The squares the table shows: rows r0..r1-1, cols c0..c1-1. The whole board when it is
 * small; else a WINDOW-square window holding the cursor, kept where it was while the
 * cursor stays inside (so the table does not shift on every key press).
 */
export function tableWindow(rows, cols, cursor, previous = null) {
  const span = (n, at, prev0) => {
    if (n <= TABLE_ALL) return [0, n];
    const size = Math.min(WINDOW, n);
    let start = prev0 ?? at - Math.floor(size / 2);
    if (at < start) start = at;
    if (at >= start + size) start = at - size + 1;
    start = Math.max(0, Math.min(n - size, start));
    return [start, start + size];
  };
  const [r, c] = cursor || [rows - 1, 0];
  const [r0, r1] = span(rows, r, previous && previous.rows === rows ? previous.r0 : null);
  const [c0, c1] = span(cols, c, previous && previous.cols === cols ? previous.c0 : null);
  return { rows, cols, r0, r1, c0, c1 };
}

/** Where the piece is: the knight's words, or a leaper's with its name. */
function pieceMark(rule, ends) {
  if (!isLeaper(rule)) return ends ? t("a11y.mark.knight-ends") : t("a11y.mark.knight");
  const piece = said(pieceName(rule));
  return ends ? t("a11y.mark.piece-ends", { piece }) : t("a11y.mark.piece", { piece });
}

/**
 * One cell: {name, text (what the cell shows), label (what a screen reader says)}.
 * `numbers` from moveNumbers; `shown` how many moves playback has reached; `holes` a
 * Set of flat indices; `knight` the flat index the piece is on (or -1); `rule` the board's
 * rule (a leaper is named on its square).
 */
export function cellInfo({ rows, cols, start, numbers, shown, holes, knight, total, rule }, row, col) {
  const index = row * cols + col;
  const name = squareName([row, col], rows);
  if (holes.has(index)) return { name, text: "✕", label: t("a11y.cell.hole", { name }), kind: "hole" };
  const n = numbers[index];
  const isStart = start && start[0] === row && start[1] === col;
  if (n && n <= shown) {
    const marks = [];
    if (n === 1) marks.push(t("a11y.mark.start"));
    if (index === knight) marks.push(pieceMark(rule, n === total));
    const move = { name, n: String(n) };
    const label = marks.length ? t("a11y.cell.move.marked", { ...move, marks: marks.join(t("a11y.list.comma")) }) : t("a11y.cell.move", move);
    return { name, text: String(n), label, kind: index === knight ? "knight" : "visited" };
  }
  if (isStart) return { name, text: t("a11y.cell.start.mark"), label: t("a11y.cell.start", { name }), kind: "start" };
  if (n) return { name, text: "·", label: t("a11y.cell.later", { name }), kind: "later" };
  return { name, text: "", label: t("a11y.cell.empty", { name }), kind: "empty" };
}

/** The table's headers for a window: file letters across, rank numbers down. */
export function tableHeaders({ rows, r0, r1, c0, c1 }) {
  const files = [];
  for (let c = c0; c < c1; c += 1) files.push(fileName(c));
  const ranks = [];
  for (let r = r0; r < r1; r += 1) ranks.push(String(rows - r));
  return { files, ranks };
}

/** The table's caption: which squares it shows, and how to move. */
export function tableCaption(win) {
  const { rows, cols, r0, r1, c0, c1 } = win;
  const whole = r0 === 0 && c0 === 0 && r1 === rows && c1 === cols;
  const size = { rows: String(rows), cols: String(cols) };
  return whole
    ? t("a11y.caption.whole", size)
    : t("a11y.caption.window", { ...size, from: squareName([r1 - 1, c0], rows), to: squareName([r0, c1 - 1], rows) });
}
