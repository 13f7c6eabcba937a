// The canvas's font stack is the page's: the same families in the same order as the page's
// (style.css, :root), so a canvas's text looks like the page's and costs the same font lookups
// (a family missing on the machine before the one found is a lookup of its own, for each
// new size and weight: docs/engines.md).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { TEXT_FONT } from "../../../web/core/fonts.js";

const families = (list) => list.split(",").map((name) => name.trim().replace(/^"|"$/g, ""));

test("the canvas text's families are the page's, in the same order", () => {
  const css = readFileSync(new URL("../../../web/style.css", import.meta.url), "utf8");
  const root = css.match(/:root\s*\{[^}]*?font-family:\s*([^;]+);/);
  assert.ok(root, "style.css gives the page a font-family");
  assert.deepEqual(families(TEXT_FONT), families(root[1]));
});

test("the Chinese family the page's readers have on Linux and Android comes before the ones they lack", () => {
  const list = families(TEXT_FONT);
  assert.ok(list.indexOf("Noto Sans CJK SC") < list.indexOf("-apple-system"));
});
