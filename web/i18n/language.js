// Which language the page speaks, as pure functions: the `lang` link parameter, else the
// reader's saved choice, else the browser's languages, else English.

/** Where the reader's choice is kept between visits (localStorage). */
export const LANGUAGE_KEY = "knight-tour-lang";

/** A language tag as the page reads it: "en", "zh", or null. zh-CN, zh-Hans, zh-SG read
 * as zh; zh-TW and zh-Hant (traditional script) do not, since the catalog is simplified. */
export function readLanguageTag(tag) {
  const lower = String(tag ?? "").trim().toLowerCase().replace(/_/g, "-");
  if (lower === "en" || lower.startsWith("en-")) return "en";
  if (lower === "zh" || /^zh-(cn|sg|hans)(-|$)/.test(lower)) return "zh";
  return null;
}

/** The language to use: {lang, chosen}. `chosen` is true when the reader picked it (the
 * link's parameter or a saved choice), so a copied link carries it. */
export function chooseLanguage({ param = null, saved = null, browser = [] } = {}) {
  const fromParam = param && readLanguageTag(param);
  if (fromParam) return { lang: fromParam, chosen: true };
  const fromSaved = saved && readLanguageTag(saved);
  if (fromSaved) return { lang: fromSaved, chosen: true };
  for (const tag of browser ?? []) {
    const lang = readLanguageTag(tag);
    if (lang) return { lang, chosen: false };
  }
  return { lang: "en", chosen: false };
}

/** The reader's saved language, or null (none, or storage refused as in some private modes). */
export function savedLanguage(storage) {
  try {
    return storage?.getItem(LANGUAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * The language of a page at the query string `search`, as chooseLanguage picks it from
 * the link's `lang`, the choice saved in `storage`, and the browser's `languages`.
 *
 *   pageLanguage({ search: "?lang=zh-CN", storage: null, languages: ["en-GB"] })
 *   // {lang: "zh", chosen: true}
 */
export function pageLanguage({ search, storage, languages }) {
  const param = readLanguageTag(new URLSearchParams(search).get("lang"));
  return chooseLanguage({ param, saved: savedLanguage(storage), browser: languages });
}

/** The value of <html lang> for a language. */
export function htmlLang(lang) {
  return lang === "zh" ? "zh-CN" : "en";
}
