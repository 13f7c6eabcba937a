// The Tour view's sentences: the status line that leads the page while it is open (also
// a finished game's, in Play) and the prompt above the board. Pure functions of plain
// data; the words come from the catalogs (tour.*) in the page's language.

import { reasonText, said } from "../i18n/said.js";
import { number, duration } from "../core/format.js";
import { squareName } from "../core/squares.js";
import { t } from "../i18n/messages.js";
import { downloadsText, megabytes } from "../solver/start-text.js";
import { zoomFirst } from "../board/zoom-hint.js";
import { isLeaper } from "../core/leapers.js";
import { pieceName } from "../core/piece-name.js";

// The methods the catalogs name (tour.method.*); another (a solver's own) is shown as it is.
const NAMED_METHODS = ["auto", "warnsdorff", "backtrack", "exhaustive", "construct", "cycles", "sweep"];

/** A catalog key kept in a table (named so the catalog test finds it). */
const key = (name) => name;

const kindKey = (settings) => (settings.closed ? "closed" : "open");

/** A method's name in the page's language (the solver's own names stay as they are). */
export function methodName(method) {
  return NAMED_METHODS.includes(method) ? t(`tour.method.${method}`) : method;
}

function waitingText(settings, where, python) {
  if (!where) return t("tour.status.waiting");
  const { received, total } = downloadsText(python?.files || []);
  if (total && received < total) {
    return t(`tour.status.waiting.${kindKey(settings)}.progress`, { square: where, received: megabytes(received), total: megabytes(total) });
  }
  return t(`tour.status.waiting.${kindKey(settings)}`, { square: where });
}

// The sentences of a tour shown before Python's answer, by where it came from.
const SHOWN = {
  link: {
    open: key("tour.status.link.open"), closed: key("tour.status.link.closed"),
    checking: { open: key("tour.status.link.checking.open"), closed: key("tour.status.link.checking.closed") },
    checkingDetail: key("tour.status.link.checking.detail"),
  },
  preset: {
    open: key("tour.status.preset.open"), closed: key("tour.status.preset.closed"),
    checking: { open: key("tour.status.preset.checking.open"), closed: key("tour.status.preset.checking.closed") },
    checkingDetail: key("tour.status.preset.checking.detail"),
  },
};

/** A tour shown before Python's answer: from the link, or a preset board's that came with
 * the page (web/presets/); `from` is "link" or "preset". */
function shownTourStatus(state, where, from) {
  const keys = SHOWN[from];
  const k = kindKey(state.settings);
  const squares = number(state.tour.length);
  if (state.tourCheck === "checking") {
    return { text: t(keys.checking[k], { square: where }), detail: t(keys.checkingDetail, { squares }) };
  }
  const detail = state.tourCheck === "valid" ? t("tour.status.link.valid", { squares }) : t("tour.status.link.squares", { squares });
  return { text: t(keys[k], { square: where }), detail };
}


function foundStatus(state, where) {
  const { settings, result } = state;
  if (state.tourFrom === "link" || state.tourFrom === "preset") return shownTourStatus(state, where, state.tourFrom);
  if (state.tourFrom === "play" || state.tourFrom === "paste") {
    return { text: t(`tour.status.own.${state.tourFrom}`, { square: where, squares: number(state.tour.length) }), detail: "" };
  }
  return {
    text: t(`tour.status.found.${kindKey(settings)}`, { square: where, time: duration(result.seconds) }),
    detail: t("tour.status.found.detail", { method: methodName(result.method), nodes: number(result.nodes), backtracks: number(result.backtracks) }),
  };
}

function solvingDetail(state) {
  const { settings, progress } = state;
  if (!progress) return "";
  const squares = settings.rows * settings.cols - settings.holes.length;
  return t("tour.status.solving.detail", { nodes: number(progress.nodes), backtracks: number(progress.backtracks), depth: number(progress.depth), squares: number(squares) });
}

function readyText(state, where) {
  if (where) return t("tour.status.ready.square", { square: where });
  return t("tour.status.ready");
}

function impossibleStatus(state, where) {
  const { settings, result } = state;
  const numbers = { time: duration(result.seconds), nodes: number(result.nodes), backtracks: number(result.backtracks) };
  return {
    // The solver's reason is its own sentence (Python writes it in the page's language).
    text: /^no /i.test(result.reason) ? reasonText(result) : t(`tour.status.impossible.${kindKey(settings)}`, { square: where, reason: reasonText(result) }),
    detail: t("tour.status.impossible.detail", numbers),
  };
}

/** The status line and its detail for a state: {text, detail}. */
export function describeStatus(state) {
  const { settings, result } = state;
  const where = settings.start ? squareName(settings.start, settings.rows) : "";
  switch (state.status) {
    case "loading":
      return { text: waitingText(settings, where, state.python), detail: "" };
    case "ready":
      return { text: readyText(state, where), detail: "" };
    case "solving":
      return { text: t(`tour.status.solving.${kindKey(settings)}`, { square: where }), detail: solvingDetail(state) };
    case "found":
      return foundStatus(state, where);
    case "impossible":
      return impossibleStatus(state, where);
    case "gave_up":
      return { text: t("tour.status.gave-up", { reason: reasonText(result) }), detail: t("tour.status.gave-up.detail") };
    case "cancelled":
      return {
        text: t("tour.status.cancelled"),
        detail: result && result.nodes ? t("tour.status.cancelled.detail", { nodes: number(result.nodes) }) : "",
      };
    case "error":
      return { text: said(state.message) || t("tour.status.error"), detail: "" };
    default:
      return { text: "", detail: "" };
  }
}

/** How to begin: the knight's words, or a leaper's with its name. */
function startHint(settings) {
  return isLeaper(settings.rule) ? t("tour.leaper.start", { piece: said(pieceName(settings.rule)) }) : t("tour.hint.start");
}

function tourHint(state) {
  const { settings } = state;
  if (state.editHoles) return ["editing", t("tour.hint.holes")];
  if (!settings.start) return [state.python.ready ? "ready" : "", startHint(settings)];
  return null;
}

// After a verdict the hint says what it was and what to do next, not how to begin.
const VERDICT_HINTS = { impossible: key("tour.hint.impossible"), gave_up: key("tour.hint.gave-up") };

/** The Tour view's hint above the board: [css class, text]. */
export function hintFor(state) {
  const asked = tourHint(state);
  if (asked) return [asked[0], zoomFirst(state, asked[1])];
  if (state.status === "solving") return ["quiet", t("tour.hint.solving")];
  if (state.tour) return ["quiet", t("tour.hint.found")];
  if (VERDICT_HINTS[state.status]) return ["quiet", t(VERDICT_HINTS[state.status])];
  return ["", startHint(state.settings)];
}
