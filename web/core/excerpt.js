// Echoing what a person typed or linked, safely: a short excerpt with every control and
// direction-changing character shown as a visible code, wrapped in a Unicode isolate
// (FSI ... PDI, the plain-text twin of <bdi>) so nothing in it can reorder the page's
// own sentence around it (printable ASCII is left bare: it cannot reorder anything). Linear in the excerpt's length, whatever the input's length.

import { t } from "../i18n/messages.js";

export const EXCERPT_MAX = 40; // code points shown before "…"

const FSI = "\u2068";
const PLAIN = /^[\x20-\x7e…]*$/u;
const PDI = "\u2069";

// C0/C1 controls, bidi marks, embeddings, overrides and isolates, zero-width and line
// separators: characters that are invisible or change how the text around them is laid out.
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/u;

function visible(ch) {
  return HIDDEN.test(ch) ? `[U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}]` : ch;
}

/**
 * A short, inert rendering of `value` for messages: at most `max` code points (then "…"
 * and the full length), hidden characters as [U+XXXX], isolated from the text around it.
 *
 *   excerpt("a1")                    -> "a1"   (printable ASCII needs no isolation)
 *   excerpt("x".repeat(100), 5)      -> "xxxxx… (100 characters)"
 *   excerpt("عربي")                  -> "\u2068عربي\u2069"
 *   excerpt("\u202Eevil")            -> "\u2068[U+202E]evil\u2069"
 */
export function excerpt(value, max = EXCERPT_MAX) {
  const text = String(value);
  let out = "";
  let count = 0;
  let i = 0;
  // Walk code points by hand: [...text] would copy a 60,000-character value whole.
  while (i < text.length && count < max) {
    const code = text.codePointAt(i);
    const ch = String.fromCodePoint(code);
    out += visible(ch);
    i += ch.length;
    count += 1;
  }
  // No toLocaleString: the first Intl call costs Chromium ~50 ms on the way to the first draw.
  if (i < text.length) out += t("link.excerpt.more", { length: String(text.length).replace(/\B(?=(\d{3})+$)/g, ",") });
  // Printable ASCII cannot reorder anything around it: it is left as typed.
  return PLAIN.test(out) ? out : `${FSI}${out}${PDI}`;
}

/** `excerpt` in quotation marks, the form messages use: “…”. */
export function quoted(value, max = EXCERPT_MAX) {
  return `“${excerpt(value, max)}”`;
}
