// The piece of a board's rule in words, as a kept message (i18n/said.js): the knight, the
// xiangqi horse, a named leaper with its numbers, or "the piece that jumps (a, b)"
// (每步跳（a, b）的棋子), the package's names (knight_py/leaper.py, its catalogs).

import { leaperName, leaperOf } from "./leapers.js";
import { msg } from "../i18n/said.js";

/** The piece's name for a sentence, as msg(): pieceName("leaper:1,3") says "the camel (1, 3)". */
export function pieceName(rule) {
  if (rule === "xiangqi") return msg("page.piece-name.xiangqi");
  const name = leaperName(rule);
  if (name) return msg(`page.piece-name.${name}`);
  const [a, b] = leaperOf(rule);
  return msg("page.piece-name.other", { a: String(a), b: String(b) });
}
