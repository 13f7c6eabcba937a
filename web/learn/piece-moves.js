// The move list a Learn program tries, for the piece chosen: the menu's programs write the
// knight's eight moves as one line, `MOVES = [(1, 2), (2, 1), ...]` (knight_py.learn.programs),
// and for a leaper (a, b) the page writes that line with the leaper's own jumps, in the
// same order (knight_py/leaper.py Leaper.steps: (a, b), (b, a), (b, -a), (a, -b), then
// the same negated, repeats left out: four jumps for (0, b) and (a, a), eight otherwise),
// with its comments naming the piece. Nothing else of the program changes, so its line
// numbers stay those of the program as written. Pure module: no DOM.

import { isLeaper, leaperOf } from "../core/leapers.js";
import { pieceName } from "../core/piece-name.js";
import { msg, said } from "../i18n/said.js";

/** The line the menu's programs write their moves on (the knight's, as written). */
const MOVES_LINE = /^MOVES = \[\((-?\d+), (-?\d+)\)(, \((-?\d+), (-?\d+)\))*\]$/;

/**
 * The rule's jumps [row step, col step] in the order the programs try them; the knight's
 * (and the xiangqi horse's) eight for "knight" and "xiangqi".
 *
 *   programSteps("leaper:0,1") -> [[0, 1], [1, 0], [0, -1], [-1, 0]]
 */
export function programSteps(rule) {
  const [a, b] = leaperOf(rule);
  const out = [];
  for (const [r, c] of [[a, b], [b, a], [b, -a], [a, -b], [-a, -b], [-b, -a], [-b, a], [-a, b]]) {
    // `+ 0`: a zero step is 0, never -0, so that steps compare and print plainly.
    const step = [r + 0, c + 0];
    if (!out.some(([x, y]) => x === step[0] && y === step[1])) out.push(step);
  }
  return out;
}

/** The moves line for the rule: "MOVES = [(1, 3), (3, 1), ...]". */
export function movesLine(rule) {
  return `MOVES = [${programSteps(rule).map(([r, c]) => `(${r}, ${c})`).join(", ")}]`;
}

// The comment the programs write over the knight's moves (knight_py.learn.programs, in
// English and as COMMENTS_ZH has it): where a program has it, it names the leaper instead.
const KNIGHT_COMMENTS = [
  "# The eight knight moves, always tried in this order: (row step, column step).",
  "# 马的 8 种走法，每次都按这个顺序尝试：(行的增量, 列的增量)",
];

// The programs' other comments that name the knight or its eight moves (in English and as
// COMMENTS_ZH has them), and the catalog entry that says each for a leaper.
const KNIGHT_WORDS = new Map([
  ["the knight starts here: move 1", "learn.moves.starts"],
  ["马从这里出发，这是第 1 步", "learn.moves.starts"],
  ["The knight stands on (r, c); find a square for move number `step`.", "learn.moves.stands"],
  ["马现在在 (r, c)，给第 `step` 步找一个格子", "learn.moves.stands"],
  ["how many unvisited squares a knight on (r, c) can jump to", "learn.moves.onward"],
  ["站在 (r, c) 的马下一步能跳到几个没走过的格子", "learn.moves.onward"],
  ["all eight moves tried: go back one step", "learn.moves.allTried"],
  ["8 种走法都试过了：退回上一步", "learn.moves.allTried"],
]);

/** `line` with its comment, where it names the knight, naming the leaper instead. */
function leaperComment(line, rule, lang) {
  const at = line.indexOf("# ");
  const key = at >= 0 ? KNIGHT_WORDS.get(line.slice(at + 2)) : undefined;
  return key ? `${line.slice(0, at)}# ${pieceWords(key, rule, lang)}` : line;
}

/** The leaper's words in `lang` (catalog entry `key`): its jumps' count and its name, and
 * the programs' own names the comments quote (Python, the same in every language). */
function pieceWords(key, rule, lang) {
  const names = { where: "(r, c)", step: "step" };
  return said(msg(key, { count: String(programSteps(rule).length), piece: pieceName(rule), ...names }), lang);
}

/**
 * The menu program `source` (its text in `lang`, "en" | "zh") for the piece of `rule`:
 * unchanged for the knight and the xiangqi horse (whose jumps are the knight's); for a
 * leaper, its one moves line written with the leaper's jumps, the piece named in the
 * comment over it where the program has the knight's (else at the line's end), and in the
 * other comments that name the knight. A text without the moves line is unchanged.
 */
export function withMoves(source, rule, lang = "en") {
  if (!isLeaper(rule) || typeof source !== "string") return source;
  const lines = source.split("\n").map((line) => leaperComment(line, rule, lang));
  const at = lines.findIndex((line) => MOVES_LINE.test(line));
  if (at < 0) return source;
  if (at > 0 && KNIGHT_COMMENTS.includes(lines[at - 1])) {
    lines[at - 1] = `# ${pieceWords("learn.moves.comment", rule, lang)}`;
    lines[at] = movesLine(rule);
  } else {
    lines[at] = `${movesLine(rule)}  # ${pieceWords("learn.moves.piece", rule, lang)}`;
  }
  return lines.join("\n");
}
