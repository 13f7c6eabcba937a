// The message catalogs, one file per part of the page and language (en/, zh/): a key
// belongs to exactly one part, and both languages have the same keys with the same
// placeholders (tests/web/i18n/catalogs.test.mjs checks it).
//
// English is in the page's script (catalog-en.js): every key's fallback, and the language
// of most first visits. Chinese is a file of its own in the built page (catalog-zh.js,
// 20 KB gzipped, a sixth of the script's bytes), fetched only when the page is read in
// Chinese, so that a first visit in English does not download it beside Python's files.
// Its shell part (the page's heading, tabs and the words about loading the rest) is
// here, so that a failure to fetch the rest can still be said in Chinese.

import en from "./catalog-en.js";
import zhShell from "./zh/shell.js";

export const LANGUAGES = ["en", "zh"];

/** How long a language's file may take before the page says so and stays in the
 * language it has: slow 4G fetches the Chinese in about half a second. */
export const CATALOG_TIMEOUT_MS = 15_000;

// A language's file, at its own address the first time and at a new one each time after
// (`attempt`): a module that failed to load stays failed under its address for the page's
// life in Firefox, whatever the network would give now. Beside this module in web/ as in
// the built page, where it sits beside app.js.
const IMPORTS = {
  zh: (attempt) => (attempt === 0 ? import("./catalog-zh.js") : import(new URL(`catalog-zh.js?try=${attempt}`, import.meta.url).href)),
};
const loaded = new Map([["en", en]]);
const early = new Map([["zh", zhShell]]);
const loading = new Map();
const attempts = new Map();

/** The whole catalog of `lang` once it is loaded, else null. */
export function catalogOf(lang) {
  return loaded.get(lang) ?? null;
}

/** What the page can say in `lang` before its catalog has loaded: the shell's words. */
export function earlyCatalogOf(lang) {
  return loaded.get(lang) ?? early.get(lang) ?? null;
}

function withTimeLimit(promise, ms, lang) {
  let timer = 0;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the ${lang} words took over ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * A promise of the whole catalog of `lang`, fetched once. It rejects when `lang` is not
 * one of LANGUAGES, when its file cannot be fetched, or after `timeoutMs`; a later call
 * tries again.
 *
 *   await loadCatalog("en") // the English catalog, already in the page's script
 */
export function loadCatalog(lang, { timeoutMs = CATALOG_TIMEOUT_MS } = {}) {
  if (loaded.has(lang)) return Promise.resolve(loaded.get(lang));
  if (!Object.hasOwn(IMPORTS, lang)) return Promise.reject(new Error(`no catalog for "${String(lang).slice(0, 20)}"`));
  if (!loading.has(lang)) {
    const attempt = attempts.get(lang) ?? 0;
    attempts.set(lang, attempt + 1);
    const fetched = IMPORTS[lang](attempt).then((module) => {
      const catalog = { ...early.get(lang), ...module.default };
      loaded.set(lang, catalog);
      return catalog;
    });
    loading.set(lang, withTimeLimit(fetched, timeoutMs, lang).finally(() => loading.delete(lang)));
  }
  return loading.get(lang);
}
