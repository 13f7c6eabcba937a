// What each export of a board produces and how large it will be, before anything is
// made: a 1000 x 1000 tour is megabytes in every format, and the person should know
// which (and what is left out) before pressing the button. Sizes in O(rows + cols).

import { fileName } from "../core/squares.js";
import { svgOptions, SVG_NUMBERS_MAX } from "./svg.js";
import { pngPlan, PNG_NUMBERS_MIN_CELL } from "./raster.js";
import { t } from "../i18n/messages.js";

const digits = (n) => String(n).length;

/** Bytes, as people read them, one set of units in every language: "812 B", "41 KB", "7.6 MB". */
export function formatBytes(bytes) {
  if (bytes < 1000) return t("export.bytes", { count: bytes });
  if (bytes < 1e6) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
}

// Sum of name lengths over every square (file letters + rank digits), minus the holes'.
function nameLengths(rows, cols, holes) {
  let files = 0;
  for (let c = 0; c < cols; c += 1) files += fileName(c).length;
  let ranks = 0;
  for (let r = 1; r <= rows; r += 1) ranks += digits(r);
  let total = files * rows + ranks * cols;
  for (const [r, c] of holes) total -= fileName(c).length + digits(rows - r);
  return total;
}

function pairLengths(rows, cols, holes) {
  let rs = 0;
  for (let r = 0; r < rows; r += 1) rs += digits(r);
  let cs = 0;
  for (let c = 0; c < cols; c += 1) cs += digits(c);
  let total = rs * cols + cs * rows;
  for (const [r, c] of holes) total -= digits(r) + digits(c);
  return total;
}

/**
 * One entry per format: {format, label, filename, mime, bytes (null for PNG), exact
 * (bytes is exact, not an estimate), note: what is produced}. `numbers` asks for move numbers in the images.
 */
export function exportPlan({ rows, cols, holes }, { numbers = true } = {}) {
  const squares = rows * cols - holes.length;
  const base = `knights-tour-${rows}x${cols}`;
  const names = nameLengths(rows, cols, holes);
  const svg = svgOptions(rows, cols, { numbers });
  const png = pngPlan(rows, cols, { numbers });
  const svgBytes = 1200 + squares * 4.8 + (svg.numbers ? squares * (48 + digits(squares)) : 0)
    + holes.length * 80 + (svg.labels ? (rows + cols) * 40 : 0);
  const svgNote = numbers && !svg.numbers ? t("export.note.svg.too-many", { max: SVG_NUMBERS_MAX })
    : svg.numbers ? t("export.note.svg.numbers") : t("export.note.svg.path");
  // Pixel sizes as plain digits ("4096 x 4096"), as image sizes are written.
  const size = { width: String(png.width), height: String(png.height), cell: String(png.cell) };
  const pngNote = numbers && !png.numbers ? t("export.note.png.no-numbers", { ...size, min: PNG_NUMBERS_MIN_CELL })
    : png.numbers ? t("export.note.png.numbers", size) : t("export.note.png", size);
  return [
    { format: "board", label: t("export.label.board"), filename: `${base}-board.txt`, mime: "text/plain",
      bytes: rows * (cols * (digits(rows * cols) + 1)), exact: true, note: t("export.note.board") },
    { format: "moves", label: t("export.label.moves"), filename: `${base}-moves.txt`, mime: "text/plain",
      bytes: names + squares, exact: true, note: t("export.note.moves", { count: 16 }) },
    { format: "json", label: t("export.label.json"), filename: `${base}.json`, mime: "application/json",
      bytes: 200 + 4 * holes.length + pairLengths(rows, cols, holes) + 4 * squares + names + 3 * squares,
      note: t("export.note.json", { option: "--format json" }) },
    { format: "png", label: t("export.label.png"), filename: `${base}.png`, mime: "image/png", bytes: null, note: pngNote },
    { format: "svg", label: t("export.label.svg"), filename: `${base}.svg`, mime: "image/svg+xml", bytes: Math.round(svgBytes), note: svgNote },
  ];
}
