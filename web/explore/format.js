// Durations and ratios as the explore views print them ("0.40 ms", "3.2 s", "41×");
// thousands separators are status-text's `number`, re-exported as `grouped`.

import { number } from "../status-text.js";

export const grouped = number;

/** Milliseconds, short: "0.04 ms", "12.5 ms", "340 ms", "3.20 s". */
export function milliseconds(ms) {
  if (!Number.isFinite(ms) || ms < 0) return "–";
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** A ratio as people say it: "1×", "3.4×", "41×", "1,200×". */
export function times(ratio) {
  if (!Number.isFinite(ratio) || ratio <= 0) return "–";
  if (ratio < 10) return `${ratio.toFixed(ratio < 1.05 ? 0 : 1)}×`;
  return `${grouped(ratio)}×`;
}
