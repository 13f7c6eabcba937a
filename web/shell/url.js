// The page's settings <-> the URL query. Each bad parameter yields one message naming
// it and what is allowed; only that parameter falls back to its default. Every check is
// linear in the query's length, and every echoed value is a short isolated excerpt.

import { KNIGHT_STEPS, MAX_SIDE, hasSquare, parseSquare, squareName } from "../core/squares.js";
import { decodeTour } from "../core/tour-codec.js";
import { exploreQueryParts, parseExploreParams } from "../explore/params.js";
import { excerpt, quoted } from "../core/excerpt.js";
import { readLanguageTag } from "../i18n/language.js";
import { learnQueryParts, parseLearnParams } from "../learn/params.js";
import { msg, paramError, said } from "../tour/said.js";
import { defaultSettings, parseHoles, parseSide } from "../core/linked-board.js";

export const METHODS = ["auto", "warnsdorff", "backtrack", "exhaustive", "construct"];
export const RULES = ["knight", "xiangqi"];
const KNOWN = ["rows", "cols", "start", "closed", "method", "holes", "rule", "tour", "game", "view", "budget", "lang", "program", "code"];
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
  const { rows, cols, holes, closed } = settings;
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
    if (!KNIGHT_STEPS.some(([r, c]) => r === dr && c === dc)) return msg("link.misfit.open-end");
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
  if (RULES.includes(rule)) settings.rule = rule;
  else errors.push(paramError("rule", msg("link.rule", { value: quoted(rule) })));
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
    const tour = decodeTour(text, rows, cols);
    const startIndex = settings.start ? settings.start[0] * cols + settings.start[1] : tour[0];
    if (tour[0] !== startIndex) throw Object.assign(new Error(said(msg("link.tour.not-start"))), { text: msg("link.tour.not-start") });
    if (!settings.start) settings.start = [Math.floor(tour[0] / cols), tour[0] % cols];
    return tour;
  } catch (err) {
    errors.push(paramError("tour", msg("link.tour.bad", { value: quoted(text, 24), reason: err.text || err.message })));
    return null;
  }
}

/** A game in play from a link (`game`, the tour codec's format): the squares played, or
 * null and one message. Play's own rules (holes, the xiangqi leg) are checked when the
 * game is replayed (play/transitions.js gameLoaded). */
function readGame(text, settings, view, errors) {
  if (view !== "play") {
    errors.push(paramError("game", msg("link.game.view")));
    return null;
  }
  try {
    return decodeTour(text, settings.rows, settings.cols);
  } catch (err) {
    errors.push(paramError("game", msg("link.game.bad", { value: quoted(text, 24), reason: err.text || err.message })));
    return null;
  }
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
function readRepeats(params, counts, errors) {
  for (const name of KNOWN) {
    const n = counts.get(name) || 0;
    if (n > 1) errors.push(paramError(name, msg("link.repeated", { name, times: String(n), value: quoted(params.get(name)) })));
  }
}

function readUnknown(counts, errors) {
  const unknown = [...counts.keys()].filter((k) => !KNOWN.includes(k));
  if (unknown.length) {
    const shown = unknown.slice(0, MAX_NAMED).map((k) => excerpt(k, 20)).join(", ");
    const names = unknown.length > MAX_NAMED ? msg("link.more", { names: shown, more: String(unknown.length - MAX_NAMED) }) : shown;
    errors.push(paramError(unknown[0].slice(0, 40), msg("link.unknown", { count: unknown.length, names, known: KNOWN.join(", ") })));
  }
}

/** The linked tour when it fits the settings; else null and one message. */
function checkTour(tour, settings, errors) {
  const problem = tour && tourMisfit(tour, settings);
  if (!problem) return tour;
  errors.push(paramError("tour", msg("link.tour.misfit", { problem })));
  return null;
}

/**
 * Read settings from a query string ("?rows=8&start=a1").
 * Returns {settings, tour, game, errors, explore}: tour is an Int32Array (one that fits
 * the settings) or null; game the squares played in a linked game (view=play), or null;
 * errors is a list of {param, message}. Parameters are read in order, each after those
 * it depends on (holes and start need the size; start needs the holes).
 */
export function parseQuery(search) {
  const params = new URLSearchParams(search);
  const settings = defaultSettings();
  const errors = [];
  const counts = countNames(params);
  readRepeats(params, counts, errors);
  settings.rows = readSide("rows", params.get("rows"), errors, settings.rows);
  settings.cols = readSide("cols", params.get("cols"), errors, settings.cols);
  const readers = [["closed", readClosed], ["method", readMethod], ["rule", readRule], ["holes", readHoles], ["start", readStart]];
  for (const [name, read] of readers) {
    const value = params.get(name);
    if (value !== null) read(value, settings, errors);
  }
  const tourText = params.get("tour");
  const tour = tourText === null ? null : readTour(tourText, settings, errors);
  const explore = parseExploreParams(params);
  errors.push(...explore.errors);
  const lang = readLang(params.get("lang"), errors);
  const gameText = params.get("game");
  const game = gameText === null ? null : readGame(gameText, settings, explore.view, errors);
  const learn = parseLearnParams(params, explore.view);
  errors.push(...learn.errors);
  readUnknown(counts, errors);
  return { settings, tour: checkTour(tour, settings, errors), game, lang, learn: { program: learn.program, code: learn.code }, errors, explore: { view: explore.view, budget: explore.budget } };
}

/** The query string for settings (and optionally a compact tour and the {view, budget}), "?rows=8&cols=8...". */
export function toQuery(settings, tourParam = null, explore = null) {
  const { rows, cols } = settings;
  const parts = [`rows=${rows}`, `cols=${cols}`];
  if (settings.start) parts.push(`start=${squareName(settings.start, rows)}`);
  if (settings.closed) parts.push("closed=1");
  if (settings.method !== "auto") parts.push(`method=${encodeURIComponent(settings.method)}`);
  if (settings.holes.length) parts.push(`holes=${settings.holes.map((sq) => squareName(sq, rows)).join(",")}`);
  if (settings.rule !== "knight") parts.push(`rule=${encodeURIComponent(settings.rule)}`);
  if (tourParam) parts.push(`tour=${tourParam}`);
  if (explore) parts.push(...exploreQueryParts(explore));
  if (explore?.view === "learn" && explore.learn) parts.push(...learnQueryParts(explore.learn));
  if (explore?.langChosen) parts.push(`lang=${explore.lang}`);
  return `?${parts.join("&")}`;
}
