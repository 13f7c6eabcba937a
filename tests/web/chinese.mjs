// Imported first by every test that reads the page in Chinese: the Chinese catalog is a
// file the page fetches when it is needed (web/i18n/catalogs.js), loaded here once, before
// the test's own code runs. CATALOGS: every language's whole catalog, for the tests that
// read the catalogs themselves.

import { LANGUAGES, loadCatalog } from "../../web/i18n/catalogs.js";

export const CATALOGS = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (lang) => [lang, await loadCatalog(lang)])),
);
