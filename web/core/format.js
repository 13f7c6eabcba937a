// Numbers, durations and ratios as the page prints them ("12,345", "0.40 ms", "3.2 s",
// "41×"): the bottom layer every view and the link code can import. Units are the
// reader's words: "ms" and "s" in English, 毫秒 and 秒 in Chinese.

import { t } from "../i18n/messages.js";

const MS = (text) => t("page.unit.ms", { n: text });
const S = (text) => t("page.unit.s", { n: text });

/**
 * Thousands separators as en-US writes them ("1,234,567"), without toLocaleString: the
 * first Intl call costs Chromium ~50 ms, and the first status line is on the path to the
 * board's first draw. Integers past 2^53 are not exact anyway; those are left to Intl.
 */
export function number(n) {
  const r = Math.round(n);
  return Number.isSafeInteger(r) ? String(r).replace(/\B(?=(\d{3})+$)/g, ",") : r.toLocaleString("en-US");
}

/** `number` under the name the explore views use. */
export const grouped = number;

/** "850 ms" below a second (at least 1 ms), else "2.35 s" / "12.3 s". */
export function duration(seconds) {
  if (seconds < 1) return MS(String(Math.max(1, Math.round(seconds * 1000))));
  return S(seconds.toFixed(seconds < 10 ? 2 : 1));
}


/** Milliseconds, short: "0.04 ms", "12.5 ms", "340 ms", "3.20 s". */
export function milliseconds(ms) {
  if (!Number.isFinite(ms) || ms < 0) return "–";
  if (ms < 1) return MS(ms.toFixed(2));
  if (ms < 100) return MS(ms.toFixed(1));
  if (ms < 1000) return MS(String(Math.round(ms)));
  return S((ms / 1000).toFixed(ms < 10_000 ? 2 : 1));
}

/** A ratio as people say it: "1×", "3.4×", "41×", "1,200×". */
export function times(ratio) {
  if (!Number.isFinite(ratio) || ratio <= 0) return "–";
  if (ratio < 10) return `${ratio.toFixed(ratio < 1.05 ? 0 : 1)}×`;
  return `${grouped(ratio)}×`;
}

/** A ratio as a plain number for a sentence that says "×" or "倍" itself: 3.4, 41, 5069. */
export function ratioValue(ratio) {
  if (!Number.isFinite(ratio) || ratio <= 0) return "–";
  return ratio < 10 ? Number(ratio.toFixed(ratio < 1.05 ? 0 : 1)) : Math.round(ratio);
}
