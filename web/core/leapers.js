// The move rule as a value: the knight, the xiangqi horse (the knight's jumps, its leg can
// be blocked) or any leaper, a piece jumping (±a, ±b) or (±b, ±a) squares. A board keeps
// its rule as the package does (knight_py/leaper.py rule_key): "knight", "xiangqi" or
// "leaper:a,b" with a <= b, and (1, 2) is always "knight". A link carries a named
// leaper by its name ("rule=camel") and any other as "rule=leaper:a,b".

import { KNIGHT_STEPS } from "./squares.js";

/** The named leapers, by name, as the package names them (knight_py/leaper.py NAMED). */
export const NAMED_LEAPERS = { knight: [1, 2], camel: [1, 3], zebra: [2, 3], giraffe: [1, 4], antelope: [3, 4] };

/** Largest jump accepted (the package's LEAPER_LIMIT: a longer jump has nowhere to land). */
export const LEAPER_LIMIT = 1000;

const PREFIX = "leaper:";
const NUMBER = /^[0-9]{1,4}$/;

/** The rule a board keeps for the leaper (a, b): "knight" for (1, 2), else "leaper:a,b"
 * with a <= b; null unless both are whole numbers from 0 to LEAPER_LIMIT, not both 0.
 *
 *   leaperRule(3, 1) -> "leaper:1,3";  leaperRule(2, 1) -> "knight";  leaperRule(0, 0) -> null
 */
export function leaperRule(a, b) {
  const ok = (n) => Number.isInteger(n) && n >= 0 && n <= LEAPER_LIMIT;
  if (!ok(a) || !ok(b) || (a === 0 && b === 0)) return null;
  const [lo, hi] = a <= b ? [a, b] : [b, a];
  return lo === 1 && hi === 2 ? "knight" : `${PREFIX}${lo},${hi}`;
}

/**
 * The rule a board keeps for `text` as a link or a pasted tour writes it: "knight",
 * "xiangqi", a leaper's name, or "leaper:a,b" (also "a,b" and "(a, b)"); null for anything else.
 * Names are lower case, as in the package.
 *
 *   parseRule("camel") -> "leaper:1,3";  parseRule("leaper:4,1") -> "leaper:1,4";  parseRule("bishop") -> null
 */
export function parseRule(text) {
  if (typeof text !== "string" || text.length > 40) return null;
  const plain = text.replace(/ /g, "");
  if (plain === "xiangqi") return "xiangqi";
  if (Object.hasOwn(NAMED_LEAPERS, plain)) return leaperRule(...NAMED_LEAPERS[plain]);
  const pair = (plain.startsWith(PREFIX) ? plain.slice(PREFIX.length) : plain).replace(/^[()]+|[()]+$/g, "");
  const parts = pair.split(",");
  if (parts.length !== 2 || !parts.every((p) => NUMBER.test(p))) return null;
  return leaperRule(Number(parts[0]), Number(parts[1]));
}

/** Whether the rule is a leaper's other than the knight's ("leaper:a,b"). */
export function isLeaper(rule) {
  return typeof rule === "string" && rule.startsWith(PREFIX);
}

/** The leaper [a, b] (a <= b) of a board's rule; the knight's [1, 2] for "knight" and "xiangqi". */
export function leaperOf(rule) {
  if (isLeaper(rule)) return rule.slice(PREFIX.length).split(",").map(Number);
  return [1, 2];
}

/** The leaper's name in NAMED_LEAPERS ("knight" for the knight and the xiangqi horse), or "". */
export function leaperName(rule) {
  const [a, b] = leaperOf(rule);
  return Object.keys(NAMED_LEAPERS).find((name) => NAMED_LEAPERS[name][0] === a && NAMED_LEAPERS[name][1] === b) ?? "";
}

/** How a link writes the rule: "knight", "xiangqi", the leaper's name, or "leaper:a,b". */
export function ruleParam(rule) {
  return rule === "xiangqi" ? rule : leaperName(rule) || rule;
}

const steps = new Map();

/**
 * The rule's jumps [row step, col step], without repeats, in KNIGHT_STEPS' order (clockwise
 * from the long step up): a step's index is its code in a tour link (tour-codec.js), so
 * the knight's codes are unchanged. Four jumps for (0, b) and (a, a), eight otherwise.
 *
 *   ruleSteps("leaper:0,1") -> [[-1, 0], [0, 1], [1, 0], [0, -1]]
 */
export function ruleSteps(rule) {
  if (rule === "knight" || rule === "xiangqi" || !rule) return KNIGHT_STEPS;
  let out = steps.get(rule);
  if (!out) {
    const [a, b] = leaperOf(rule);
    out = [];
    for (const [dr, dc] of KNIGHT_STEPS) {
      // `|| 0`: a zero step is 0, never -0, so that steps compare and print plainly.
      const step = [Math.sign(dr) * (Math.abs(dr) === 2 ? b : a) || 0, Math.sign(dc) * (Math.abs(dc) === 2 ? b : a) || 0];
      if (!out.some(([r, c]) => r === step[0] && c === step[1])) out.push(step);
    }
    steps.set(rule, out);
  }
  return out;
}

/** Whether (dr, dc) is one of the rule's jumps (the xiangqi horse's leg aside). */
export function isJump(rule, dr, dc) {
  const [a, b] = leaperOf(rule);
  const x = Math.abs(dr);
  const y = Math.abs(dc);
  return (x === a && y === b) || (x === b && y === a);
}
