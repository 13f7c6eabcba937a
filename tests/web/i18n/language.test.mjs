import { test } from "node:test";
import assert from "node:assert/strict";

import { LANGUAGE_KEY, pageLanguage, savedLanguage } from "../../../web/i18n/language.js";
import { storageOrNull } from "../../../web/core/storage.js";
import "../chinese.mjs"; // the Chinese catalog, loaded

const stored = (value) => ({ getItem: (key) => (key === LANGUAGE_KEY ? value : null) });
const refusing = { getItem() { throw new Error("SecurityError"); } };

test("pageLanguage: the link's lang, else the saved choice, else the browser's, else English", () => {
  assert.deepEqual(pageLanguage({ search: "?lang=zh-CN", storage: stored("en"), languages: ["en"] }), { lang: "zh", chosen: true });
  assert.deepEqual(pageLanguage({ search: "?rows=6", storage: stored("zh"), languages: ["en"] }), { lang: "zh", chosen: true });
  assert.deepEqual(pageLanguage({ search: "", storage: null, languages: ["fr", "zh-Hans"] }), { lang: "zh", chosen: false });
  assert.deepEqual(pageLanguage({ search: "?lang=xx", storage: refusing, languages: ["zh-TW"] }), { lang: "en", chosen: false });
});

test("a storage that cannot be read is no saved choice, and no storage at all", () => {
  assert.equal(savedLanguage(refusing), null);
  assert.equal(savedLanguage(null), null);
  assert.equal(savedLanguage(stored("zh")), "zh");
  const blocked = { get localStorage() { throw new Error("SecurityError"); } };
  assert.equal(storageOrNull(blocked), null);
  assert.equal(storageOrNull({}), null);
  const storage = stored("en");
  assert.equal(storageOrNull({ localStorage: storage }), storage);
});
