// The catalogs: both languages have the same keys with the same placeholders, every key
// the code and index.html use exists, no key is left unused, and the Chinese holds no
// English words beyond the names that stay as they are.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { staticKeys } from "../../../web/i18n/static-text.js";
import { blanked, modulesUnder } from "../source-scan.mjs";
import { CATALOGS } from "../chinese.mjs"; // every catalog, loaded
import { registry } from "../../../web/views.js"; // the views' ids: link values

const WEB = fileURLToPath(new URL("../../../web/", import.meta.url));

// Words that stay in Latin letters in Chinese text: names, formats, keys on the keyboard,
// and the link's parameter names and values.
export const ALLOWED_LATIN = new Set([
  "Python", "Pyodide", "Warnsdorff", "CSV", "PNG", "SVG", "JSON", "OEIS", "CPython", "WebAssembly", "DFS",
  "Ctrl", "Shift", "Enter", "Home", "End", "Page", "Up", "Down", "Esc", "Space", "Tab", "Z", "Y", "Alt",
  "B", "MB", "KB", "GB", "ms", "s", "x", "n", "MiB",
  "rows", "cols", "start", "closed", "method", "holes", "rule", "tour", "game", "view", "budget", "lang", "program",
  "code", "auto", "warnsdorff", "backtrack", "exhaustive", "construct", "knight", "xiangqi", ...registry.ids,
  "en", "zh", "Chrome", "Chromium", "Firefox", "Safari", "Stop", "Run", "tag", "Java", "Go", "C", "exercise",
  // Python's own words and the posts' names in code, quoted as code in a sentence.
  "None", "False", "True", "board", "backup", "self", "y",
  // A leaper's link value (rule=leaper:a,b) and its two numbers, named as the posts name them.
  "leaper", "a", "b",
]);

function placeholders(message) {
  const texts = typeof message === "string" ? [message] : Object.values(message);
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();
}

/** Latin words in a text that are neither square names (a1, h8, aa10) nor allowed names. */
export function strayLatin(text) {
  const words = text.replace(/\{\w+\}/g, "").match(/[A-Za-z][A-Za-z'’-]*\d*/g) ?? [];
  return words.filter((w) => !/^[a-z]{1,2}\d+$/.test(w) && !ALLOWED_LATIN.has(w));
}

/** Keys the code names: every string literal in web/'s modules (catalogs aside) and in
 * knight_py/learn (its verdicts name the page's keys) that looks like a key, and the fixed
 * prefixes of template keys (t(`shell.about.${view}`) -> "shell.about."). */
function keysInCode() {
  const literal = new Set();
  const prefixes = new Set();
  const sources = modulesUnder(WEB)
    .filter((file) => !file.startsWith("i18n/en/") && !file.startsWith("i18n/zh/"))
    .map((file) => readFileSync(join(WEB, file), "utf8"));
  const LEARN = fileURLToPath(new URL("../../../knight_py/learn/", import.meta.url));
  for (const name of ["answer.py", "programs.py", "tracer.py", "judge.py", "cases.py", "exercise_facts.py", "exercise_answer.py", "source_rule.py"]) {
    try {
      sources.push(readFileSync(join(LEARN, name), "utf8"));
    } catch {
      // not there: nothing of it to count
    }
  }
  for (const text of sources) {
    const code = text.replace(/\/\*[^]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    for (const m of code.matchAll(/["'`]([a-z][\w-]*(?:\.[\w-]+)+)["'`]/g)) literal.add(m[1]);
    for (const m of code.matchAll(/`([a-z][\w-]*\.[\w.-]*)\$\{/g)) prefixes.add(m[1]);
  }
  const html = readFileSync(join(WEB, "index.html"), "utf8");
  for (const key of staticKeys(html)) literal.add(key);
  return { literal, prefixes };
}

test("English and Chinese have the same keys, each with the same placeholders", () => {
  const en = Object.keys(CATALOGS.en).sort();
  const zh = Object.keys(CATALOGS.zh).sort();
  assert.deepEqual(zh.filter((k) => !CATALOGS.en[k]), [], "keys only in Chinese");
  assert.deepEqual(en.filter((k) => !CATALOGS.zh[k]), [], "keys only in English");
  for (const key of en) {
    assert.deepEqual(placeholders(CATALOGS.zh[key]), placeholders(CATALOGS.en[key]), `placeholders of ${key}`);
    if (typeof CATALOGS.en[key] !== "string") assert.ok("other" in CATALOGS.en[key] && "other" in CATALOGS.zh[key], `${key} has an "other" form`);
  }
});

test("every key the code and index.html name exists", () => {
  const { literal, prefixes } = keysInCode();
  const parts = new Set(Object.keys(CATALOGS.en).map((k) => k.split(".")[0]));
  // A literal whose first part is a catalog's part is a key (file names like "main.js" are not).
  const keys = [...literal].filter((k) => parts.has(k.split(".")[0]) && !/\.(js|mjs|json|css|html|png|svg|csv|txt|wasm|zip|gz|bin)$/.test(k));
  assert.deepEqual(keys.filter((k) => !(k in CATALOGS.en)).sort(), []);
  for (const prefix of prefixes) {
    assert.ok(Object.keys(CATALOGS.en).some((k) => k.startsWith(prefix)), `no key starts with ${prefix}`);
  }
});

test("no key is unused", () => {
  const { literal, prefixes } = keysInCode();
  const unused = Object.keys(CATALOGS.en).filter((k) => !literal.has(k) && ![...prefixes].some((p) => k.startsWith(p)));
  assert.deepEqual(unused, []);
});

test("the Chinese catalog holds no English words beyond names, formats and square names", () => {
  const stray = [];
  for (const [key, message] of Object.entries(CATALOGS.zh)) {
    const texts = typeof message === "string" ? [message] : Object.values(message);
    for (const text of texts) {
      const words = strayLatin(text);
      if (words.length) stray.push(`${key}: ${words.join(" ")}`);
    }
  }
  assert.deepEqual(stray, []);
});

test("strayLatin allows square names and names, and finds English words", () => {
  assert.deepEqual(strayLatin("从 a1 出发，用 Warnsdorff 规则，节点 {nodes}"), []);
  assert.deepEqual(strayLatin("从 b1 出发 is impossible"), ["is", "impossible"]);
});

test("blanked keeps line count (sanity of the scanner the key search shares)", () => {
  assert.equal(blanked("a\n'b'\nc").split("\n").length, 3);
});
