// A tour as an SVG image: the checkered board (one <pattern>, so its size does not grow
// with the board), holes, the path in 48 colour runs of relative moves (a few bytes per
// move), start ring, end marker, closing move dashed, and optionally move numbers and
// coordinates. One user unit is one square.

import { fileName, squareName } from "../core/squares.js";
import { DARK, END, HOLE, HOLE_MARK, LIGHT, NUMBER_INK, START, hueColor, hueRunEnd, hueStep, isDark } from "../board/palette.js";
import { numberFontSize } from "../board/paint.js";
import { t } from "../i18n/messages.js";
import { leaperWords } from "../core/piece-name.js";

export const SVG_NUMBERS_MAX = 10_000; // squares; above this, numbers would be unreadable bulk
export const SVG_LABELS_MAX = 100; // board side up to which coordinates are drawn

const escapeXml = (text) => String(text).replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
// Element text needs only <, > and & escaped (the title keeps its apostrophe as it is).
const escapeText = (text) => String(text).replace(/[<>&]/g, (ch) => `&#${ch.charCodeAt(0)};`);
const fmt = (v) => String(Math.round(v * 1000) / 1000);

/** What an SVG of this board holds: {numbers, labels} after the size limits. */
export function svgOptions(rows, cols, { numbers = true } = {}) {
  return {
    numbers: numbers && rows * cols <= SVG_NUMBERS_MAX,
    labels: Math.max(rows, cols) <= SVG_LABELS_MAX,
  };
}

/** A one-sentence description of the tour for <title>/<desc> and alt text. */
export function describeTour(record) {
  const { rows, cols, indices, closed, holes } = record;
  const name = (sq) => squareName([Math.floor(sq / cols), sq % cols], rows);
  // Sizes as plain digits, as the title writes them ("1000 x 1000").
  const params = {
    rows: String(rows), cols: String(cols), squares: String(indices.length), count: holes.length,
    from: name(indices[0]), to: name(indices[indices.length - 1]), piece: leaperWords(record.rule),
  };
  const keys = params.piece ? LEAPER_DESCRIBE : KNIGHT_DESCRIBE;
  return t(keys[`${closed ? "closed" : "open"}${holes.length ? "-holes" : ""}`], params);
}

const KNIGHT_DESCRIBE = {
  open: "export.describe.open", closed: "export.describe.closed",
  "open-holes": "export.describe.open-holes", "closed-holes": "export.describe.closed-holes",
};
const LEAPER_DESCRIBE = {
  open: "export.leaper.describe.open", closed: "export.leaper.describe.closed",
  "open-holes": "export.leaper.describe.open-holes", "closed-holes": "export.leaper.describe.closed-holes",
};


/** The image's title: the knight's tour, or a leaper's named. */
function svgTitle(record, rows, cols) {
  const piece = leaperWords(record.rule);
  return piece ? t("export.leaper.svg.title", { rows: String(rows), cols: String(cols), piece }) : t("export.svg.title", { rows: String(rows), cols: String(cols) });
}

/** The image's frame in squares: size w x h, the squares' corner (x0, y0), the scale to px, a square's centre. */
function svgFrame(rows, cols, labels, pixels) {
  const margin = labels ? 0.6 : 0.1;
  const w = cols + margin + 0.1;
  const h = rows + margin + 0.1;
  const scale = Math.min(40, 4096 / Math.max(w, h), pixels ? pixels / w : Infinity);
  const x0 = labels ? margin : 0.1;
  const y0 = 0.1;
  return {
    rows, cols, margin, w, h, scale, x0, y0,
    cx: (sq) => x0 + (sq % cols) + 0.5,
    cy: (sq) => y0 + Math.floor(sq / cols) + 0.5,
  };
}

function openingParts(record, { rows, cols, w, h, scale }) {
  const description = escapeXml(describeTour(record));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${fmt(w)} ${fmt(h)}" width="${Math.round(w * scale)}" height="${Math.round(h * scale)}" role="img" aria-labelledby="title desc">\n`,
    `<title id="title">${escapeText(svgTitle(record, rows, cols))}</title>\n<desc id="desc">${description}</desc>\n`,
  ];
}

/** The board: light background, dark squares by a 2 x 2 pattern aligned so a1 is dark. */
function squaresParts({ rows, cols, x0, y0 }) {
  const darkAt = [];
  for (let r = 0; r < 2; r += 1) for (let c = 0; c < 2; c += 1) if (isDark(r, c, rows)) darkAt.push([r, c]);
  return [
    `<defs><pattern id="squares" x="${fmt(x0)}" y="${fmt(y0)}" width="2" height="2" patternUnits="userSpaceOnUse">`,
    darkAt.map(([r, c]) => `<rect x="${c}" y="${r}" width="1" height="1" fill="${DARK}"/>`).join(""),
    `</pattern></defs>\n`,
    `<rect x="${fmt(x0)}" y="${fmt(y0)}" width="${cols}" height="${rows}" fill="${LIGHT}"/>`,
    `<rect x="${fmt(x0)}" y="${fmt(y0)}" width="${cols}" height="${rows}" fill="url(#squares)"/>\n`,
  ];
}

/** All holes as one filled path and one path of crosses. */
function holesPart(holes, { x0, y0 }) {
  let d = "";
  let crosses = "";
  for (const [r, c] of holes) {
    d += `M${fmt(x0 + c)} ${fmt(y0 + r)}h1v1h-1z`;
    crosses += `M${fmt(x0 + c + 0.28)} ${fmt(y0 + r + 0.28)}l.44 .44m0 -.44l-.44 .44`;
  }
  return `<g class="holes"><path d="${d}" fill="${HOLE}"/><path d="${crosses}" stroke="${HOLE_MARK}" stroke-width=".06" fill="none"/></g>\n`;
}

/** File letters under the board, rank numbers left of it. */
function labelsPart({ rows, cols, margin, x0, y0 }) {
  const size = 0.34;
  let text = `<g font-family="sans-serif" font-size="${size}" fill="#5f6368" text-anchor="middle">`;
  for (let c = 0; c < cols; c += 1) text += `<text x="${fmt(x0 + c + 0.5)}" y="${fmt(y0 + rows + 0.42)}">${fileName(c)}</text>`;
  for (let r = 0; r < rows; r += 1) text += `<text x="${fmt(margin / 2)}" y="${fmt(y0 + r + 0.62)}">${rows - r}</text>`;
  return `${text}</g>\n`;
}

/** One colour run, moves i..end-1, as a <path> of relative moves ("l2 1 -1 2 ..."), in pieces of 4096 moves. */
function hueRunParts(indices, i, end, step, { cols, cx, cy }) {
  const prev = indices[i - 1];
  const moves = [`M${fmt(cx(prev))} ${fmt(cy(prev))}l`];
  let run = [];
  for (; i < end; i += 1) {
    const a = indices[i - 1];
    const b = indices[i];
    run.push(`${(b % cols) - (a % cols)} ${Math.floor(b / cols) - Math.floor(a / cols)}`);
    if (run.length === 4096) {
      moves.push(run.join(" "));
      run = [];
    }
  }
  if (run.length) moves.push(run.join(" "));
  return [`<path stroke="${hueColor(step)}" d="`, ...moves.map((m, k) => (k > 1 ? ` ${m}` : m)), `"/>`];
}

/** The path: HUES runs, each one <path>. */
function pathParts(indices, frame, width) {
  const n = indices.length;
  const parts = [`<g fill="none" stroke-width="${fmt(width)}" stroke-linecap="round" stroke-linejoin="round">`];
  let i = 1;
  while (i < n) {
    const step = hueStep(i, n);
    const end = Math.max(i + 1, Math.min(n, hueRunEnd(step, n)));
    parts.push(...hueRunParts(indices, i, end, step, frame));
    i = end;
  }
  parts.push("</g>\n");
  return parts;
}

/** A closed tour's last move, back to the start, dashed. */
function closingMovePart(indices, { cx, cy }, width) {
  const a = indices[indices.length - 1];
  const b = indices[0];
  return `<line x1="${fmt(cx(a))}" y1="${fmt(cy(a))}" x2="${fmt(cx(b))}" y2="${fmt(cy(b))}" stroke="${START}" stroke-width="${fmt(width)}" stroke-dasharray="${fmt(width * 2)} ${fmt(width * 1.6)}"/>\n`;
}

/** Move numbers, haloed, in parts of 4096 <text>s. */
function numberParts(indices, { cx, cy }) {
  const n = indices.length;
  const size = numberFontSize(1, n);
  const parts = [];
  let text = `<g font-family="sans-serif" font-weight="600" font-size="${fmt(size)}" text-anchor="middle" fill="${NUMBER_INK}" stroke="#fff" stroke-width="${fmt(size * 0.22)}" paint-order="stroke">`;
  for (let k = 0; k < n; k += 1) {
    text += `<text x="${fmt(cx(indices[k]))}" y="${fmt(cy(indices[k]) + size * 0.36)}">${k + 1}</text>`;
    if (k % 4096 === 4095) {
      parts.push(text);
      text = "";
    }
  }
  parts.push(`${text}</g>\n`);
  return parts;
}

/** Start: a green ring; end: a red square with a white border (shape, not just colour). */
function endsParts(indices, { rows, cols, cx, cy }) {
  const s = indices[0];
  const e = indices[indices.length - 1];
  return [
    `<circle cx="${fmt(cx(s))}" cy="${fmt(cy(s))}" r=".4" fill="none" stroke="${START}" stroke-width=".1"><title>${escapeXml(t("export.svg.start", { square: squareName([Math.floor(s / cols), s % cols], rows) }))}</title></circle>`,
    `<rect x="${fmt(cx(e) - 0.3)}" y="${fmt(cy(e) - 0.3)}" width=".6" height=".6" fill="none" stroke="${END}" stroke-width=".1"><title>${escapeXml(t("export.svg.end", { square: squareName([Math.floor(e / cols), e % cols], rows) }))}</title></rect>\n`,
  ];
}

/**
 * The SVG text as an array of parts (for a Blob).
 * options: {numbers: bool, pixels: the image's width in CSS px (default 40 per square, at most 4096)}.
 */
export function tourSvg(record, options = {}) {
  const { rows, cols, holes, indices, closed } = record;
  const { numbers, labels } = svgOptions(rows, cols, options);
  const frame = svgFrame(rows, cols, labels, options.pixels);
  const n = indices.length;
  // Thin lines under numbers; thick ones on big boards, where the colour run is the picture.
  const width = numbers ? 0.07 : n <= 2500 ? 0.12 : 0.45;
  const parts = [...openingParts(record, frame), ...squaresParts(frame)];
  if (holes.length) parts.push(holesPart(holes, frame));
  if (labels) parts.push(labelsPart(frame));
  parts.push(...pathParts(indices, frame, width));
  if (closed && n > 2) parts.push(closingMovePart(indices, frame, width));
  if (numbers) parts.push(...numberParts(indices, frame));
  if (n) parts.push(...endsParts(indices, frame));
  parts.push("</svg>\n");
  return parts;
}
