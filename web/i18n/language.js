// Which language the page speaks, as pure functions: the `lang` link parameter, else the
// reader's saved choice, else the browser's languages, else English.

export const LANGUAGE_NAMES = { en: "English", zh: "中文" };

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

/** The value of <html lang> for a language. */
export function htmlLang(lang) {
  return lang === "zh" ? "zh-CN" : "en";
}
