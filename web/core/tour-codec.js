// The compact `tour` URL parameter: a whole path in a few characters per ten moves.
// Bytes: varint(start index), varint(number of moves), then one 3-bit code per move
// (an index into the rule's steps, KNIGHT_STEPS for the knight: core/leapers.js
// ruleSteps), packed least-significant bit first; base64url, unpadded.

import { KNIGHT_STEPS } from "./squares.js";
import { msg, said } from "../i18n/said.js";

/** An Error saying what is wrong with a tour value: its message in the page's language, its msg() as `text`. */
function problem(text) {
  return Object.assign(new Error(said(text)), { text });
}

function pushVarint(bytes, n) {
  while (n >= 0x80) {
    bytes.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  bytes.push(n);
}

function readVarint(bytes, at) {
  let n = 0;
  let scale = 1;
  for (let i = at.pos; i < bytes.length && i < at.pos + 5; i += 1) {
    n += (bytes[i] & 0x7f) * scale;
    scale *= 128;
    if (!(bytes[i] & 0x80)) {
      at.pos = i + 1;
      return n;
    }
  }
  throw problem(msg("link.codec.cut"));
}

function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw problem(msg("link.codec.characters"));
  // Base64 never leaves a single character over (atob would only say "Invalid character").
  if (text.length % 4 === 1) throw problem(msg("link.codec.base64"));
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Encode flat square indices (row * cols + col) whose steps are all among `steps`. */
export function encodeTour(indices, cols, steps = KNIGHT_STEPS) {
  const head = [];
  pushVarint(head, indices[0]);
  pushVarint(head, indices.length - 1);
  const bytes = new Uint8Array(head.length + Math.ceil(((indices.length - 1) * 3) / 8));
  bytes.set(head);
  let bit = head.length * 8;
  for (let i = 1; i < indices.length; i += 1) {
    const dr = Math.floor(indices[i] / cols) - Math.floor(indices[i - 1] / cols);
    const dc = (indices[i] % cols) - (indices[i - 1] % cols);
    const code = steps.findIndex(([r, c]) => r === dr && c === dc);
    if (code < 0) throw new Error(`step ${i} is not one of the rule's jumps`);
    for (let b = 0; b < 3; b += 1, bit += 1) {
      if (code & (1 << b)) bytes[bit >> 3] |= 1 << (bit & 7);
    }
  }
  return toBase64Url(bytes);
}

/**
 * Decode a `tour` value for a rows x cols board into an Int32Array of flat indices, each
 * move's code an index into `steps` (the rule's jumps).
 * Throws an Error whose message says what is wrong (for "tour: ... " messages) and whose
 * `text` is that message as msg() (said again in another language).
 */
export function decodeTour(text, rows, cols, steps = KNIGHT_STEPS) {
  if (!text) throw problem(msg("link.codec.empty"));
  const bytes = fromBase64Url(text);
  const at = { pos: 0 };
  const start = readVarint(bytes, at);
  const moves = readVarint(bytes, at);
  if (start >= rows * cols) throw problem(msg("link.codec.start-off", { rows: String(rows), cols: String(cols) }));
  if (moves >= rows * cols) throw problem(msg("link.codec.too-long"));
  if (bytes.length !== at.pos + Math.ceil((moves * 3) / 8)) {
    throw problem(msg("link.codec.length", { moves: String(moves) }));
  }
  const out = new Int32Array(moves + 1);
  out[0] = start;
  let row = Math.floor(start / cols);
  let col = start % cols;
  let bit = at.pos * 8;
  for (let i = 1; i <= moves; i += 1) {
    let code = 0;
    for (let b = 0; b < 3; b += 1, bit += 1) code |= ((bytes[bit >> 3] >> (bit & 7)) & 1) << b;
    if (code >= steps.length) throw problem(msg("link.codec.code", { move: String(i) }));
    row += steps[code][0];
    col += steps[code][1];
    if (row < 0 || row >= rows || col < 0 || col >= cols) {
      throw problem(msg("link.codec.leaves", { move: String(i), rows: String(rows), cols: String(cols) }));
    }
    out[i] = row * cols + col;
  }
  return out;
}

/** Longest `tour` or `game` value a link carries; a longer tour travels as its settings
 * only (the solver is deterministic). */
export const MAX_TOUR_PARAM = 1500;

/** A path in this format for a link, or null when it is empty or too long for one. */
export function linkedPath(path, cols, steps = KNIGHT_STEPS) {
  if (!path || path.length < 1) return null;
  const encoded = encodeTour(path, cols, steps);
  return encoded.length <= MAX_TOUR_PARAM ? encoded : null;
}
