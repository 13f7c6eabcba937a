// The page's link <-> the URL query: the board's settings, the page's tour, the view and
// the language are the shell's; each view reads and writes its own parameters through
// its declaration (shell/views.js, params), handed in as `views`. Each bad parameter
// yields one message naming it and what is allowed; only that parameter falls back to
// its default. Every check is linear in the query's length, and every echoed value is a
// short isolated excerpt.

import { MAX_SIDE, hasSquare, parseSquare, squareName } from "../core/squares.js";
import { NAMED_LEAPERS, isJump, isLeaper, parseRule, ruleParam, ruleSteps } from "../core/leapers.js";
import { decodeTour } from "../core/tour-codec.js";
import { excerpt, quoted } from "../core/excerpt.js";
import { readLanguageTag } from "../i18n/language.js";
import { msg, paramError, said } from "../i18n/said.js";
import { defaultSettings, parseHoles, parseSide } from "../core/linked-board.js";

export const METHODS = ["auto", "warnsdorff", "backtrack", "exhaustive", "construct"];
/** The rules a link names: the knight, the xiangqi horse and the named leapers (any other leaper is "leaper:a,b"). */
export const RULES = ["knight", "xiangqi", ...Object.keys(NAMED_LEAPERS).filter((name) => name !== "knight")];
const SHELL_PARAMS = ["rows", "cols", "start", "closed", "method", "holes", "rule", "tour", "view", "lang"];
/** No view's parameters, and no view: the board's link alone (the page hands in its registry). */
export const NO_VIEWS = { ids: [], fallback: "", params: [] };
const MAX_NAMED = 5; // unknown names quoted in one message; the rest are counted

/** A board's size for messages, as typed (no digit grouping: "1000 x 1000"). */
const board = (rows, cols) => ({ rows: String(rows), cols: String(cols) });

function readSide(name, raw, errors, fallback) {
  if (raw === null) return fallback;
  const n = parseSide(raw);
  if (n !== null) return n;
  errors.push(paramError(name, msg("link.side", { name, value: quoted(raw), max: String(MAX_SIDE), fallback: String(fallback) })));
  return fallback;
}

/** Check a decoded tour against the settings; returns a reason, or "" when it fits. */
export function tourProblem(tour, settings) {
  return said(tourMisfit(tour, settings));
}

/** tourProblem's reason as msg(), or null when the tour fits. */
function tourMisfit(tour, settings) {
  const { rows, cols, holes, closed, rule } = settings;
  const blocked = new Uint8Array(rows * cols);
  for (const [r, c] of holes) blocked[r * cols + c] = 1;
  const wanted = rows * cols - holes.length;
  if (tour.length !== wanted) return msg("link.misfit.count", { visited: String(tour.length), wanted: String(wanted) });
  for (let i = 0; i < tour.length; i += 1) {
    if (blocked[tour[i]] === 1) return msg("link.misfit.repeat", { move: String(i + 1) });
    blocked[tour[i]] = 1;
  }
  if (closed) {
    const a = tour[tour.length - 1];
    const dr = Math.floor(tour[0] / cols) - Math.floor(a / cols);
    const dc = (tour[0] % cols) - (a % cols);
    if (!isJump(rule, dr, dc)) return msg("link.misfit.open-end");
  }
  return null;
}

function readClosed(closed, settings, errors) {
  if (closed === "1" || closed === "0") settings.closed = closed === "1";
  else errors.push(paramError("closed", msg("link.closed", { value: quoted(closed) })));
}

function readMethod(method, settings, errors) {
  if (METHODS.includes(method)) settings.method = method;
  else errors.push(paramError("method", msg("link.method", { value: quoted(method), methods: METHODS.join(", ") })));
}

function readRule(rule, settings, errors) {
  const read = parseRule(rule);
  if (read) settings.rule = read;
  else errors.push(paramError("rule", msg("link.rule", { value: quoted(rule), names: RULES.join(", ") })));
}

/** The constructions build knight's tours only: a leaper's link asking for one gets auto. */
function leaperMethod(settings, errors) {
  if (settings.method !== "construct" || !isLeaper(settings.rule)) return;
  errors.push(paramError("method", msg("link.method.leaper", { methods: METHODS.filter((m) => m !== "construct").join(", ") })));
  settings.method = "auto";
}

function readHoles(holes, settings, errors) {
  if (holes.trim() === "") return;
  const { rows, cols } = settings;
  const { parsed, bad, badCount } = parseHoles(holes, rows, cols);
  if (badCount) {
    const named = bad.map((b) => quoted(b, 12)).join(", ");
    const names = badCount > bad.length ? msg("link.more", { names: named, more: String(badCount - bad.length) }) : named;
    errors.push(paramError("holes", msg("link.holes.bad", { count: badCount, names, ...board(rows, cols), last: squareName([0, cols - 1], rows) })));
  } else if (parsed.length >= rows * cols) {
    // Kept (it is the person's board), but said at once: nothing can be searched.
    errors.push(paramError("holes", msg("link.holes.all", board(rows, cols))));
    settings.holes = parsed;
  } else settings.holes = parsed;
}

function readStart(start, settings, errors) {
  const { rows, cols } = settings;
  const sq = parseSquare(start, rows, cols);
  if (!sq) {
    errors.push(paramError("start", msg("link.start.bad", { value: quoted(start), ...board(rows, cols), last: squareName([0, cols - 1], rows) })));
  } else if (hasSquare(settings.holes, sq)) {
    errors.push(paramError("start", msg("link.start.hole", { square: excerpt(squareName(sq, rows)) })));
  } else settings.start = sq;
}

/** The decoded `tour` (it also gives the start when the link has none), or null. */
function readTour(text, settings, errors) {
  const { rows, cols } = settings;
  try {
    const tour = decodeTour(text, rows, cols, ruleSteps(settings.rule));
    const startIndex = settings.start ? settings.start[0] * cols + settings.start[1] : tour[0];
    if (tour[0] !== startIndex) throw Object.assign(new Error(said(msg("link.tour.not-start"))), { text: msg("link.tour.not-start") });
    if (!settings.start) settings.start = [Math.floor(tour[0] / cols), tour[0] % cols];
    return tour;
  } catch (err) {
    errors.push(paramError("tour", msg("link.tour.bad", { value: quoted(text, 24), reason: err.text || err.message })));
    return null;
  }
}

/** The `view` parameter: one of the registry's ids, else its fallback and one message. */
function readView(params, views, errors) {
  const raw = params.get("view");
  if (raw === null || views.ids.includes(raw)) return raw ?? views.fallback;
  errors.push(paramError("view", msg("explore.link.view", { value: excerpt(raw, 24), views: views.ids.join(", ") })));
  return views.fallback;
}

/** The `lang` parameter: "en", "zh" (zh-CN, zh-Hans, zh-SG read as zh), or null and one message. */
function readLang(text, errors) {
  if (text === null) return null;
  const lang = readLanguageTag(text);
  if (!lang) errors.push(paramError("lang", msg("link.lang", { value: quoted(text, 24) })));
  return lang;
}

/** How often each parameter name appears, in one pass over the query. */
function countNames(params) {
  const counts = new Map();
  for (const name of params.keys()) counts.set(name, (counts.get(name) || 0) + 1);
  return counts;
}

/** A parameter given more than once: one message naming it (the first value is used). */
function readRepeats(params, counts, known, errors) {
  for (const name of known) {
    const n = counts.get(name) || 0;
    if (n > 1) errors.push(paramError(name, msg("link.repeated", { name, times: String(n), value: quoted(params.get(name)) })));
  }
}

function readUnknown(counts, known, errors) {
  const unknown = [...counts.keys()].filter((k) => !known.includes(k));
  if (unknown.length) {
    const shown = unknown.slice(0, MAX_NAMED).map((k) => excerpt(k, 20)).join(", ");
    const names = unknown.length > MAX_NAMED ? msg("link.more", { names: shown, more: String(unknown.length - MAX_NAMED) }) : shown;
    errors.push(paramError(unknown[0].slice(0, 40), msg("link.unknown", { count: unknown.length, names, known: known.join(", ") })));
  }
}

/** The linked tour when it fits the settings; else null and one message. */
function fittingTour(tour, settings, errors) {
  const problem = tour && tourMisfit(tour, settings);
  if (!problem) return tour;
  errors.push(paramError("tour", msg("link.tour.misfit", { problem })));
  return null;
}

/**
 * Read a query string ("?rows=8&start=a1") with the views' parameters.
 * Returns {settings, tour, view, lang, linked, errors}: tour is an Int32Array (one that
 * fits the settings) or null; linked the [param, value] pairs the views' parameters read
 * (their `loaded` takes the value); errors a list of {param, message}. Parameters are
 * read in order, each after those it depends on (holes and start need the size; start
 * needs the holes; a view's need the view and the settings).
 */
export function parseQuery(search, views = NO_VIEWS) {
  const params = new URLSearchParams(search);
  const settings = defaultSettings();
  const errors = [];
  const known = [...SHELL_PARAMS, ...views.params.flatMap((param) => param.names)];
  const counts = countNames(params);
  readRepeats(params, counts, known, errors);
  settings.rows = readSide("rows", params.get("rows"), errors, settings.rows);
  settings.cols = readSide("cols", params.get("cols"), errors, settings.cols);
  const readers = [["closed", readClosed], ["method", readMethod], ["rule", readRule], ["holes", readHoles], ["start", readStart]];
  for (const [name, read] of readers) {
    const value = params.get(name);
    if (value !== null) read(value, settings, errors);
  }
  leaperMethod(settings, errors);
  const tourText = params.get("tour");
  const tour = tourText === null ? null : readTour(tourText, settings, errors);
  const view = readView(params, views, errors);
  const linked = views.params.map((param) => {
    const { value, errors: problems } = param.read(params, { view, settings });
    errors.push(...problems);
    return [param, value];
  });
  const lang = readLang(params.get("lang"), errors);
  readUnknown(counts, known, errors);
  return { settings, tour: fittingTour(tour, settings, errors), view, lang, linked, errors };
}

/** The query string for settings, and optionally a compact tour and what the page's
 * `state` shows (its view, the views' parameters, a chosen language): "?rows=8&cols=8...". */
export function toQuery(settings, tourParam = null, state = null, views = NO_VIEWS) {
  const { rows, cols } = settings;
  const parts = [`rows=${rows}`, `cols=${cols}`];
  if (settings.start) parts.push(`start=${squareName(settings.start, rows)}`);
  if (settings.closed) parts.push("closed=1");
  if (settings.method !== "auto") parts.push(`method=${encodeURIComponent(settings.method)}`);
  if (settings.holes.length) parts.push(`holes=${settings.holes.map((sq) => squareName(sq, rows)).join(",")}`);
  if (settings.rule !== "knight") parts.push(`rule=${ruleParam(settings.rule)}`); // letters, digits, ":" and ",": nothing to escape
  if (tourParam) parts.push(`tour=${tourParam}`);
  if (state?.view && state.view !== views.fallback) parts.push(`view=${state.view}`);
  if (state) for (const param of views.params) parts.push(...param.write(state));
  if (state?.langChosen) parts.push(`lang=${state.lang}`);
  return `?${parts.join("&")}`;
}
