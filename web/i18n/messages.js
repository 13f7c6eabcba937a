// Every sentence the page shows comes from here: a key and its named parameters,
// rendered in the page's language from that language's catalog (catalogs.js). A message
// is a string with {name} placeholders, or, where a count changes the words, an object of
// plural forms chosen by Intl.PluralRules from the `count` parameter ({one, other}).
// Numbers given as parameters are written with the language's digit grouping.
//
// The language lives in the store (state.lang); app.js hands it to setLanguage before
// each frame is drawn, so the pure text functions can call t() without threading it
// through every call. Tests call setLanguage themselves. A language other than English
// is loaded first (loadLanguage; catalogs.js): the page changes state.lang once it has.

import { LANGUAGES, catalogOf, earlyCatalogOf, loadCatalog } from "./catalogs.js";

let current = "en";
const plurals = new Map();
const numbers = new Map();

/** The language t() renders in: "en" or "zh". */
export function language() {
  return current;
}

/** Render with `lang` from now on (an unknown language keeps the current one). Its
 * catalog's keys not loaded yet are said in English (loadLanguage). */
export function setLanguage(lang) {
  if (LANGUAGES.includes(lang)) current = lang;
}

/** Whether every message of `lang` can be said now. */
export function hasLanguage(lang) {
  return catalogOf(lang) !== null;
}

/** A promise that resolves once `lang`'s messages can be said, and rejects (with the
 * reason) when its catalog could not be fetched in time (catalogs.js). */
export function loadLanguage(lang, options) {
  return loadCatalog(lang, options).then(() => undefined);
}

function pluralRule(lang) {
  if (!plurals.has(lang)) plurals.set(lang, new Intl.PluralRules(lang === "zh" ? "zh-CN" : "en-US"));
  return plurals.get(lang);
}

/** A number as the language writes it: grouped digits ("12,345"), at most two decimals. */
export function formatNumber(n, lang = current) {
  // Written alike in both languages (no grouping, no decimals), and without Intl, whose
  // first use loads the locale's data: 35 ms of the page's start, 140 ms on a phone's CPU.
  if (Number.isInteger(n) && Math.abs(n) < 1000) return String(n);
  if (!numbers.has(lang)) numbers.set(lang, new Intl.NumberFormat(lang === "zh" ? "zh-CN" : "en-US", { maximumFractionDigits: 2 }));
  return numbers.get(lang).format(n);
}

const compacts = new Map();

/**
 * A large number short, as the language says it: "14K" / "1.4万", "2.3M" / "230万"
 * (Intl's compact notation, two significant digits); below 10,000 the whole number,
 * grouped ("5,400"), since 0.54万 is not how anyone writes it.
 *
 *   compactNumber(14_020, "zh") // "1.4万"
 *   compactNumber(14_020, "en") // "14K"
 */
export function compactNumber(n, lang = current) {
  if (!(Math.abs(n) >= 10_000)) return formatNumber(Math.round(n), lang);
  if (!compacts.has(lang)) compacts.set(lang, new Intl.NumberFormat(lang === "zh" ? "zh-CN" : "en-US", { notation: "compact", maximumSignificantDigits: 2 }));
  return compacts.get(lang).format(n);
}

function pick(message, params, lang) {
  if (typeof message === "string") return message;
  const count = Number(params?.count ?? 0);
  return message[pluralRule(lang).select(count)] ?? message.other;
}

/** A whole number beyond 2 ** 53, sent as its decimal digits (a number would round it). */
const LONG_INTEGER = /^-?[0-9]{16,}$/;

/**
 * A whole number written as digits, grouped by thousands as both languages write them,
 * exactly: "9007199254740993" -> "9,007,199,254,740,993" (no rounding through a float).
 */
export function groupDigits(digits) {
  const sign = digits.startsWith("-") ? "-" : "";
  const body = sign ? digits.slice(1) : digits;
  const groups = [];
  for (let end = body.length; end > 0; end -= 3) groups.unshift(body.slice(Math.max(0, end - 3), end));
  return sign + groups.join(",");
}

function fill(text, params, lang) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    const value = params[name];
    if (value === undefined || value === null) return whole;
    if (typeof value === "number") return formatNumber(value, lang);
    return typeof value === "string" && LONG_INTEGER.test(value) ? groupDigits(value) : String(value);
  });
}

/** The message `key` in `lang` with its parameters filled in; English when the language
 * lacks it or has not loaded it yet, and the key itself when no catalog has it (a test
 * keeps that from happening). */
export function format(lang, key, params) {
  const message = earlyCatalogOf(lang)?.[key] ?? catalogOf("en")[key];
  if (message === undefined) return key;
  return fill(pick(message, params, lang), params, lang);
}

/** The message `key` in the page's language. */
export function t(key, params) {
  return format(current, key, params);
}
