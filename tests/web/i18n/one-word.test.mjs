// One word per quantity, in both languages: a table of each quantity, the one word the
// catalogs name it with, and the synonyms a page once mixed for it beside that word
// ("已尝试 15,360 个局面" while searching, "搜索了 437,475 个节点" when done). Each rule
// says where it applies (every key, or Learn's) and is checked against every sentence.

import { test } from "node:test";
import assert from "node:assert/strict";
import { CATALOGS } from "../chinese.mjs"; // every catalog, loaded

/** Every sentence of a catalog as [key, text] (plural forms each on their own). */
function sentences(catalog) {
  return Object.entries(catalog).flatMap(([key, value]) => (typeof value === "string" ? [[key, value]]
    : Object.entries(value).map(([form, text]) => [`${key}.${form}`, text])));
}

const everywhere = () => true;
// Learn's own sentences; its menu and program names (and a link's program ids) name the method.
const learnTalk = (key) => key.startsWith("learn.") && !/^learn\.(menu|program|link)\./.test(key);

/** A sentence's words: its placeholders ({backtracks}) and the method's name are not words for a quantity. */
const words = (text) => text.replace(/\{\w+\}/g, "{}").replace(/普通回溯|[Pp]lain backtracking/g, "");

// [quantity, the one word, where, forbidden: the synonyms it was mixed with]
const QUANTITIES = {
  zh: [
    ["search effort (nodes)", "节点", everywhere, [/\{nodes\}\s*个(局面|位置|状态)/, /已尝试\s*\{nodes\}/]],
    ["a move taken back in Learn (a square cleared)", "撤销", learnTalk, [/回溯/, /撤回/]],
    ["a move taken back in the search's explanation", "撤销", (key) => key.startsWith("tour.search-note"), [/撤回/]],
    ["a fraction (n of m)", "/", everywhere, [/／/]],
    ["a size (rows by columns, pixels)", "×", everywhere, [/[0-9}]\s*[xX]\s*[0-9{]/, /[0-9}]\s+×|×\s+[0-9{]/]],
    ["a size in bytes", "B, KB, MB", everywhere, [/[0-9}]\s*(字节|千字节|兆字节)/]],
  ],
  en: [
    ["search effort (nodes)", "nodes", everywhere, [/\{nodes\} (positions|states)/, /positions tried/]],
    ["a move taken back in Learn", "take back", learnTalk, [/\bund(o|oes|id|one|oing)\b/i, /\bbacktrack(s|ed)?\b/i]],
    ["a size (rows by columns, pixels)", "x", everywhere, [/[0-9}]\s*×\s*[0-9{]/, /[0-9}]x[0-9{]/]],
    ["a size in bytes", "B, KB, MB", everywhere, [/[0-9}]\s*(kilo|mega)?bytes?\b/i]],
  ],
};

for (const lang of ["zh", "en"]) {
  test(`${lang}: each quantity has one word in every catalog`, () => {
    const found = [];
    for (const [key, text] of sentences(CATALOGS[lang])) {
      for (const [quantity, word, where, forbidden] of QUANTITIES[lang]) {
        if (!where(key)) continue;
        for (const pattern of forbidden) if (pattern.test(where === everywhere ? text : words(text))) found.push(`${key}: ${quantity} is "${word}": ${text}`);
      }
    }
    assert.deepEqual(found, []);
  });
}

test("Learn's button to the next move taken back says the word its counts say", () => {
  const zh = new Map(sentences(CATALOGS.zh));
  const en = new Map(sentences(CATALOGS.en));
  assert.match(zh.get("learn.nextBacktrack"), /撤销/);
  assert.match(zh.get("learn.counts"), /撤销/);
  assert.match(en.get("learn.nextBacktrack"), /takeback/i);
  assert.match(en.get("learn.counts"), /taken back/);
  // The same sentence with both words is the one place they meet: a move taken back is a backtrack.
  assert.match(zh.get("tour.search-note.plain"), /撤销一个马步（一次回溯）/);
});

test("the scan finds what it forbids", () => {
  const hits = (lang, key, text) => QUANTITIES[lang]
    .filter(([, , where, forbidden]) => where(key) && forbidden.some((p) => p.test(where === everywhere ? text : words(text)))).map(([q]) => q);
  assert.deepEqual(hits("zh", "tour.x", "已尝试 {nodes} 个局面，深度 {depth}／{squares}"), ["search effort (nodes)", "a fraction (n of m)"]);
  assert.deepEqual(hits("zh", "export.x", "421 x 421 像素，192 字节"), ["a size (rows by columns, pixels)", "a size in bytes"]);
  assert.deepEqual(hits("zh", "learn.step", "下一次回溯"), ["a move taken back in Learn (a square cleared)"]);
  assert.deepEqual(hits("zh", "learn.menu.backtrack", "1. 普通回溯（递归）"), []);
  assert.deepEqual(hits("zh", "learn.cost.both", "普通回溯用了 {backtrack} 个执行步骤，撤销 {backtracks} 步"), []);
  assert.deepEqual(hits("zh", "a.b", "{rows}×{cols} 的棋盘，5×5"), []);
  assert.deepEqual(hits("en", "learn.step", "undo move {move}"), ["a move taken back in Learn"]);
  assert.deepEqual(hits("en", "export.x", "{rows} × {cols}, 812 bytes"), ["a size (rows by columns, pixels)", "a size in bytes"]);
  assert.deepEqual(hits("en", "export.x", "{rows} x {cols}, 812 B"), []);
});
