// What the Learn view says about a run's end, built from what the program did, never
// from a guess about its shape: the program's answer as the validator reads it (its first
// problem), the known bug of a menu's bug program (from the program's own metadata: its
// catalog key and line), a budget that ran out (no answer yet) with knight_py's own verdict
// on that board and start beside it, and an error in plain words with Python's own name
// kept as code. Returns parts {text} | {code} for the panel to render as text nodes.

import { t } from "../i18n/messages.js";
import { reasonText } from "../i18n/reason.js";
import { number } from "../core/format.js";
import { squareName } from "../core/squares.js";

/** Python's error names the page explains in plain words (others get the general sentence). */
export const EXPLAINED_ERRORS = [
  "SyntaxError", "IndentationError", "NameError", "TypeError", "IndexError", "KeyError", "ValueError",
  "ZeroDivisionError", "AttributeError", "RecursionError", "UnboundLocalError", "ImportError", "ModuleNotFoundError",
];

/** The tracer's message ("SyntaxError on line 15: expected ':'") read as {name, line, detail}. */
export function readError(error) {
  const message = String(error?.message ?? "");
  const m = /^([A-Za-z_]\w*)(?: on line (\d+))?(?::\s*([\s\S]*))?$/.exec(message);
  if (!m) return { name: "", line: error?.line ?? null, detail: message };
  return { name: m[1], line: error?.line ?? (m[2] ? Number(m[2]) : null), detail: m[3] ?? "" };
}

/** An error in plain words, the line named; then Python's own words, as code. */
export function errorParts(error) {
  const { name, line, detail } = readError(error);
  const kind = EXPLAINED_ERRORS.includes(name) ? t(`learn.error.${name}`) : t("learn.error.other");
  const parts = [{ text: line ? t("learn.error.atLine", { line, kind }) : t("learn.error.noLine", { kind }) }];
  const python = [name, detail].filter(Boolean).join(": ");
  if (python) parts.push({ text: t("learn.error.python") }, { code: python });
  return parts;
}

/** The program's answer as the page's validator read it. */
export function answerSentence(learn) {
  const answer = learn.answer;
  if (!answer) return "";
  const params = { ...answer.params };
  if (Array.isArray(params.squares)) params.squares = params.squares.join(t("learn.list.separator"));
  return t(answer.key, params);
}

/** The known bug of a menu program run as written: {key, line} from its metadata. */
export function knownBug(learn) {
  if (learn.source !== null && learn.source !== undefined) return null; // an edited program: no known bug
  return learn.programs?.[learn.program]?.bug ?? null;
}

/** knight_py's own verdict for the run's board and start, for a run whose budget ran out. */
export function librarySentence(learn, rows) {
  const lib = learn.library;
  const library = "knight_py";
  if (!lib || lib.status === "asking") return t("learn.library.asking", { library });
  const square = squareName(lib.start, rows);
  if (lib.status === "found") return t("learn.library.found", { library, square, nodes: number(lib.nodes) });
  if (lib.status === "impossible") return t("learn.library.impossible", { library, square, reason: reasonText(lib) });
  return t("learn.library.unknown", { library, square });
}

/** The parts of the verdict for the state's run, or [] while it runs or before it. */
export function verdictParts(state) {
  const { learn } = state;
  if (learn.status === "running" || learn.status === "idle") return [];
  if (learn.status === "error") return errorParts(learn.error);
  const parts = [];
  if (learn.budgetRan) {
    parts.push({ text: t("learn.budgetRan") }, { text: librarySentence(learn, state.settings.rows) });
  } else if (learn.status === "done") {
    parts.push({ text: answerSentence(learn) });
  }
  const bug = knownBug(learn);
  if (bug && learn.status === "done") parts.push({ text: t(bug.key, { line: bug.line, code: "board[r][c] = 0" }) });
  return parts.filter((p) => p.code || p.text);
}
