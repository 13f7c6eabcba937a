// One word per quantity, in both languages: nodes (节点), program steps (执行步骤), knight
// moves (步, 马步) and search events (搜索事件) each have one name everywhere in the
// catalogs, and the glossary lists them (web/i18n/GLOSSARY.md).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CATALOGS } from "../chinese.mjs"; // every catalog, loaded

/** Every sentence of a catalog as [key, text] (plural forms each on their own). */
function sentences(catalog) {
  return Object.entries(catalog).flatMap(([key, value]) => (typeof value === "string" ? [[key, value]]
    : Object.entries(value).map(([form, text]) => [`${key}.${form}`, text])));
}

// The words an earlier page mixed for one quantity, each with the quantity it named.
const MIXED = {
  zh: [
    [/执行了?\s*\{\w+\}\s*行/, "program steps are 执行步骤, not lines executed"],
    [/搜索第/, "a search event is 搜索事件, not 第 n 步 (步 counts knight moves)"],
    [/\{steps\}\s*步）/, "search events, not 步"],
    [/\}\s*步搜索/, "search events per second, not 步"],
    [/搜索深度随步数/, "the depth chart runs over search events"],
  ],
  en: [
    [/executed \{\w+\} lines/, "program steps, not lines executed"],
    [/[Ss]earch step/, "a search event, not a step"],
    [/\{\w+\} steps\/s/, "search events (or program steps) per second"],
    [/\(\{steps\} steps\)/, "search events, not steps"],
    [/over steps/, "the depth chart runs over search events"],
  ],
};

for (const lang of ["zh", "en"]) {
  test(`the ${lang} catalog names each quantity with one word`, () => {
    const found = [];
    for (const [key, text] of sentences(CATALOGS[lang])) {
      for (const [pattern, why] of MIXED[lang]) if (pattern.test(text)) found.push(`${key}: ${why}: ${text}`);
    }
    assert.deepEqual(found, []);
  });
}

test("a sentence about search events says so in both languages", () => {
  const en = new Map(sentences(CATALOGS.en));
  const mismatched = sentences(CATALOGS.zh)
    .filter(([key, text]) => text.includes("搜索事件") !== /search events?\b/i.test(en.get(key) ?? ""))
    .map(([key]) => key);
  assert.deepEqual(mismatched, []);
  // The replay's own words: its button, its position and its explanation in nodes.
  for (const key of ["tour.playback.watch-search", "tour.playback.search-step", "tour.search-note.first"]) {
    assert.match(CATALOGS.zh[key], /搜索事件/, key);
  }
  assert.match(CATALOGS.zh["tour.search-note.first"], /节点/);
});

test("Chinese counts program steps as 执行步骤 wherever Learn counts them", () => {
  for (const key of ["learn.cost.backtrack", "learn.cost.backtrackNone", "learn.cost.cut", "learn.cost.greedy", "learn.cost.same.backtrack", "learn.status.done.other"]) {
    const text = new Map(sentences(CATALOGS.zh)).get(key);
    assert.match(text, /执行步骤/, key);
  }
});

test("the glossary lists the four words", () => {
  const glossary = readFileSync(fileURLToPath(new URL("../../../web/i18n/GLOSSARY.md", import.meta.url)), "utf8");
  for (const word of ["节点", "执行步骤", "马步", "搜索事件", "search event", "program step"]) {
    assert.ok(glossary.includes(word), word);
  }
});
