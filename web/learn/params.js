// The Learn view's link parameters: `program` (which of the posts' programs) and `code`
// (an edited program, deflate-compressed, base64url). Reading is synchronous and only
// checks the text's form; the code is unpacked later (learn/code-link.js), and never run
// until the reader presses Run.

import { quoted } from "../core/excerpt.js";
import { msg, paramError } from "../i18n/said.js";
import { PROGRAM_IDS } from "./wire.js";

const problem = (param, key, values) => paramError(param, msg(key, values));

/** The programs of knight_py.learn.programs, in the menu's order (learn/wire.js). */
export const LEARN_PROGRAMS = PROGRAM_IDS;
export const DEFAULT_PROGRAM = "backtrack";
// Boards the traced programs run on: the posts' programs recurse once per move (Pyodide's
// stack holds a few hundred frames) and plain backtracking past 8 x 8 takes hours.
export const LEARN_MAX_SIDE = 8;
export const MAX_CODE_PARAM = 12_000; // characters of `code` read from a link

/** Whether the board fits the traced programs, why not ("size" | "holes", else ""), and the
 * start they run from (a1 by default). A board with holes fits only a program that reads
 * them (`readsHoles`: an exercise's); the menu's programs know nothing of holes. */
export function learnBoard(settings, readsHoles = false) {
  const small = settings.rows <= LEARN_MAX_SIDE && settings.cols <= LEARN_MAX_SIDE;
  const holed = !readsHoles && settings.holes.length > 0;
  const why = !small ? "size" : holed ? "holes" : "";
  return { fits: !why, why, start: settings.start ?? [settings.rows - 1, 0] };
}

/** {program, code, errors}: the program's id (the default when absent or unknown), the
 * packed code or null, one message per bad parameter (i18n/said.js paramError). */
export function parseLearnParams(params, view) {
  const errors = [];
  let program = DEFAULT_PROGRAM;
  const rawProgram = params.get("program");
  if (rawProgram !== null) {
    if (LEARN_PROGRAMS.includes(rawProgram)) program = rawProgram;
    else errors.push(problem("program", "learn.link.program", { value: quoted(rawProgram), allowed: LEARN_PROGRAMS.join(", ") }));
  }
  let code = params.get("code");
  if (code !== null) {
    if (view !== "learn") {
      errors.push(problem("code", "learn.link.codeView", {}));
      code = null;
    } else if (code.length > MAX_CODE_PARAM || !/^[A-Za-z0-9_-]+$/.test(code)) {
      errors.push(problem("code", "learn.link.codeForm", { max: MAX_CODE_PARAM }));
      code = null;
    }
  }
  return { program, code, errors };
}

/** The query parts for the Learn view: the program, and an edited program packed. */
export function learnQueryParts(learn) {
  const parts = [];
  if (learn.program !== DEFAULT_PROGRAM) parts.push(`program=${learn.program}`);
  if (learn.packed) parts.push(`code=${learn.packed}`);
  return parts;
}
