// The heatmap's data, without DOM: which start squares to solve (every free square, or
// one per block on large boards, said so), the cells as CSV, and a summary in words.
// A cell is [row, col, status, nodes, backtracks, ms], as window.knightTour.heatmap
// lists them (ms is extra there).

import { t } from "../i18n/messages.js";
import { squareName } from "../core/squares.js";

/** Boards with more free squares than this are sampled, one start square per block. */
export const FULL_HEATMAP_SQUARES = 400;

/**
 * The start squares of a heatmap of a rows x cols board with `holes` ([[r, c]]).
 * Returns {starts: [[r, c]], blocks: [[r0, c0, r1, c1]] (the squares each start
 * colours, inclusive), block: side of a block (1 = every square), free, note}.
 */
export function heatmapPlan(rows, cols, holes = [], limit = FULL_HEATMAP_SQUARES) {
  const hole = new Set(holes.map(([r, c]) => r * cols + c));
  const free = rows * cols - hole.size;
  let block = 1;
  while (free / (block * block) > limit) block += 1;
  const starts = [];
  const blocks = [];
  for (let r0 = 0; r0 < rows; r0 += block) {
    for (let c0 = 0; c0 < cols; c0 += block) {
      const r1 = Math.min(rows, r0 + block) - 1;
      const c1 = Math.min(cols, c0 + block) - 1;
      const pick = firstFree(r0, c0, r1, c1, cols, hole);
      if (pick) {
        starts.push(pick);
        blocks.push([r0, c0, r1, c1]);
      }
    }
  }
  const plan = { starts, blocks, block, free };
  return { ...plan, note: planNote(plan) };
}

/** What a plan leaves out, in the page's language: "" for every square, else how it samples. */
export function planNote({ block, starts, free }) {
  if (!block || block === 1) return "";
  return t("explore.heatmap.sampled", { block, sampled: starts.length, free });
}

function firstFree(r0, c0, r1, c1, cols, hole) {
  for (let r = r0; r <= r1; r += 1) {
    for (let c = c0; c <= c1; c += 1) if (!hole.has(r * cols + c)) return [r, c];
  }
  return null;
}

export const CSV_FIELDS = ["square", "row", "col", "status", "nodes", "backtracks", "seconds", "method"];

/** The cells as CSV, the columns `python -m knight_py --survey --format csv` prints. */
export function cellsCsv(cells, rows, method) {
  const lines = [CSV_FIELDS.join(",")];
  for (const [row, col, status, nodes, backtracks, ms] of cells) {
    const seconds = Number.isFinite(ms) ? (ms / 1000).toFixed(6) : "";
    lines.push([squareName([row, col], rows), row, col, status, nodes, backtracks, seconds, method].join(","));
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Counts and extremes of the cells: {found, gaveUp, impossible, easiest, hardest}, where
 * easiest/hardest are up to `n` found cells with the fewest/most nodes.
 */
export function summarise(cells, n = 3) {
  const found = cells.filter((c) => c[2] === "found");
  const byNodes = [...found].sort((a, b) => a[3] - b[3] || a[0] - b[0] || a[1] - b[1]);
  return {
    found: found.length,
    gaveUp: cells.filter((c) => c[2] === "gave_up").length,
    impossible: cells.filter((c) => c[2] === "impossible").length,
    hardest: byNodes.slice(-n).reverse(),
    // The easiest are named apart from the hardest: with few found, each is named once.
    easiest: byNodes.slice(0, Math.max(0, Math.min(n, byNodes.length - n))),
  };
}

function countsText(cells, total, s) {
  const params = { done: cells.length, total, found: s.found, gaveUp: s.gaveUp, impossible: s.impossible };
  if (s.gaveUp && s.impossible) return t("explore.heatmap.summary.counts-both", params);
  if (s.gaveUp) return t("explore.heatmap.summary.counts-gave-up", params);
  if (s.impossible) return t("explore.heatmap.summary.counts-impossible", params);
  return t("explore.heatmap.summary.counts", params);
}

/** One sentence for people and screen readers: what the map shows so far. */
export function summaryText(cells, total, rows) {
  const s = summarise(cells);
  const list = (some) => some.map((c) => t("explore.heatmap.summary.square", { square: squareName([c[0], c[1]], rows), nodes: c[3] })).join(t("explore.list-separator"));
  let text = countsText(cells, total, s);
  const found = cells.filter((c) => c[2] === "found");
  const same = found.length > 1 && found.every((c) => c[3] === found[0][3]);
  // The follow-on sentences carry their own space before them where the language wants one.
  if (same) text += t("explore.heatmap.summary.same", { nodes: found[0][3] });
  else if (found.length > 1 && s.easiest.length) {
    text += t("explore.heatmap.summary.hardest-easiest", { hardest: list(s.hardest), easiest: list(s.easiest) });
  } else if (found.length > 1) text += t("explore.heatmap.summary.hardest", { hardest: list(s.hardest) });
  return text;
}
