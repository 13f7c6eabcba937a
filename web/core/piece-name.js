// The piece of a board's rule in words, as a kept message (i18n/said.js): the knight, the
// xiangqi horse, a named leaper with its numbers, or "the piece that jumps (a, b)"
// (每步跳（a, b）的棋子), the package's names (knight_py/leaper.py, its catalogs).

import { isLeaper, leaperName, leaperOf } from "./leapers.js";
import { msg, said } from "../i18n/said.js";

/** The piece's name for a sentence, as msg(): pieceName("leaper:1,3") says "the camel (1, 3)". */
export function pieceName(rule) {
  if (rule === "xiangqi") return msg("page.piece-name.xiangqi");
  const name = leaperName(rule);
  if (name) return msg(`page.piece-name.${name}`);
  const [a, b] = leaperOf(rule);
  return msg("page.piece-name.other", { a: String(a), b: String(b) });
}

/** A leaper's name in the page's language, for the sentences that name the piece where the
 * knight's name the knight; null for the knight and the xiangqi horse. */
export function leaperWords(rule) {
  return isLeaper(rule) ? said(pieceName(rule)) : null;
}
