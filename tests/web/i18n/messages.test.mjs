import { test } from "node:test";
import assert from "node:assert/strict";
import { compactNumber, format, formatNumber, setLanguage, t, language } from "../../../web/i18n/messages.js";
import { random } from "../helpers.mjs";
import { chooseLanguage, htmlLang, readLanguageTag } from "../../../web/i18n/language.js";
import "../chinese.mjs"; // the Chinese catalog, loaded

test("format fills named placeholders, groups numbers, and falls back to the key", () => {
  assert.equal(format("en", "shell.budget.error", { value: "x", problem: "is not a whole number", max: 1000000 }),
    "Node budget: “x” is not a whole number; use a whole number from 1 to 1,000,000.");
  assert.match(format("zh", "shell.budget.error", { value: "x", problem: "不是整数", max: 1000000 }), /1,000,000/);
  assert.equal(format("en", "no.such.key"), "no.such.key");
  assert.equal(formatNumber(1234567.891, "en"), "1,234,567.89");
});

test("t renders in the language set last; an unknown language keeps it", () => {
  setLanguage("zh");
  assert.equal(language(), "zh");
  assert.equal(t("shell.tab.play"), "自己走");
  setLanguage("fr");
  assert.equal(language(), "zh");
  setLanguage("en");
  assert.equal(t("shell.tab.play"), "Play");
});

test("language tags: zh-CN, zh-Hans, zh-SG and zh read as zh; traditional and others do not", () => {
  for (const tag of ["zh", "zh-CN", "zh-Hans", "zh-SG", "ZH_cn", "zh-Hans-CN"]) assert.equal(readLanguageTag(tag), "zh", tag);
  for (const tag of ["en", "en-GB", "EN-us"]) assert.equal(readLanguageTag(tag), "en", tag);
  for (const tag of ["zh-TW", "zh-Hant", "fr", "", null, "<script>"]) assert.equal(readLanguageTag(tag), null, String(tag));
});

test("the language: link, else saved, else browser, else English", () => {
  assert.deepEqual(chooseLanguage({ param: "zh", saved: "en", browser: ["en-US"] }), { lang: "zh", chosen: true });
  assert.deepEqual(chooseLanguage({ param: null, saved: "en", browser: ["zh-CN"] }), { lang: "en", chosen: true });
  assert.deepEqual(chooseLanguage({ browser: ["fr-FR", "zh-CN", "en"] }), { lang: "zh", chosen: false });
  assert.deepEqual(chooseLanguage({ browser: ["fr-FR"] }), { lang: "en", chosen: false });
  assert.deepEqual(chooseLanguage(), { lang: "en", chosen: false });
  assert.equal(htmlLang("zh"), "zh-CN");
  assert.equal(htmlLang("en"), "en");
});

test("reasonText picks the solver's reason in the page's language, else its English", async () => {
  const { reasonText } = await import("../../../web/i18n/said.js");
  const result = { reason: "No tour starts on b1: …", reasons: { en: "No tour starts on b1: …", zh: "没有从 b1 出发的周游：…" } };
  setLanguage("zh");
  assert.equal(reasonText(result), "没有从 b1 出发的周游：…");
  assert.equal(reasonText({ message: "bad step" }), "bad step");
  setLanguage("en");
  assert.equal(reasonText(result), "No tour starts on b1: …");
  assert.equal(reasonText(null), "");
});

test("small whole numbers are written as Intl writes them, in both languages, without asking Intl", () => {
  for (const [lang, locale] of [["en", "en-US"], ["zh", "zh-CN"]]) {
    const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    for (let n = -999; n <= 999; n++) assert.equal(formatNumber(n, lang), intl.format(n), `${lang} ${n}`);
    for (const n of [1000, -1000, 12345, 0.5, 999.5]) assert.equal(formatNumber(n, lang), intl.format(n), `${lang} ${n}`);
  }
});

test("a whole number beyond 2 ** 53, sent as digits, is said exactly, grouped, in both languages", async () => {
  const { groupDigits } = await import("../../../web/i18n/messages.js");
  const { random } = await import("../helpers.mjs");
  const rand = random(49);
  for (let i = 0; i < 300; i++) {
    const length = 1 + Math.floor(rand() * 40);
    let digits = String(1 + Math.floor(rand() * 9));
    while (digits.length < length) digits += String(Math.floor(rand() * 10));
    const signed = rand() < 0.2 ? `-${digits}` : digits;
    const grouped = groupDigits(signed);
    assert.equal(grouped.replaceAll(",", ""), signed); // no digit lost or rounded
    assert.ok(grouped.replace(/^-/, "").split(",").every((g, k) => (k === 0 ? g.length >= 1 && g.length <= 3 : g.length === 3)));
    const intl = new Intl.NumberFormat("en-US").format(BigInt(signed));
    assert.equal(grouped, intl);
  }
  for (const lang of ["en", "zh"]) {
    const said = format(lang, "exercise.hint.unread.empty", { rows: "9007199254740993", cols: 5, start: "a1" });
    assert.ok(said.includes("9,007,199,254,740,993"), said);
    assert.ok(!said.includes("9,007,199,254,740,992"));
  }
});

test("compact numbers: 万 in Chinese, K and M in English, whole below 10,000 (seeded)", () => {
  const rand = random(7);
  for (let i = 0; i < 200; i += 1) {
    const n = Math.floor(10 ** (1 + rand() * 8));
    const zh = compactNumber(n, "zh");
    if (n >= 10_000 && n < 1e8) assert.match(zh, /^\d+(\.\d)?万$/, `${n} -> ${zh}`);
    if (n < 10_000) assert.equal(zh, n.toLocaleString("en-US"));
    const value = Number(zh.replace("万", "")) * (zh.endsWith("万") ? 1e4 : 1);
    if (n < 1e8 && n >= 10_000) assert.ok(Math.abs(value - n) / n < 0.06, `${n} -> ${zh}`);
  }
  assert.equal(compactNumber(14_020, "en"), "14K");
  setLanguage("en");
});
