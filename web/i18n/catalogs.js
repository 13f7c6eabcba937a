// The message catalogs, one file per part of the page and language (en/, zh/), merged
// here: a key belongs to exactly one part, and both languages have the same keys with
// the same placeholders (tests/web/i18n/catalogs.test.mjs checks it).

import enShell from "./en/shell.js";
import zhShell from "./zh/shell.js";
import enPage from "./en/page.js";
import zhPage from "./zh/page.js";

export const LANGUAGES = ["en", "zh"];

export const CATALOGS = {
  en: { ...enShell, ...enPage },
  zh: { ...zhShell, ...zhPage },
};
