// The shell knows views only through the registry, and a view knows only its own id:
// outside web/shell/ and the folder that declares a view, no module compares anything
// with that view's id (`state.view === "play"`, `view !== "learn"`, `case "heatmap"`,
// `VIEWS.includes(view)` over a list of ids). A view that must behave differently says
// so in its declaration (shell/views.js) instead.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { modulesUnder, staticImports } from "../source-scan.mjs";
import { registry } from "../../../web/views.js";

const WEB = join(import.meta.dirname, "../../../web");

/** {id: folder} of every view the registry lists, read from the declarations' sources. */
function declaredViews() {
  const registry = readFileSync(join(WEB, "views.js"), "utf8");
  const folders = {};
  for (const spec of staticImports(registry)) {
    const path = join(WEB, spec);
    const folder = dirname(path).slice(WEB.length + 1);
    for (const m of readFileSync(path, "utf8").matchAll(/^\s*id: "([\w-]+)",/gm)) folders[m[1]] = folder;
  }
  return folders;
}

/** Comments blanked (a comment may name a view: "the Play view's ..."). */
const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

/** The view ids a module compares a view with: [{id, line}]. */
export function viewComparisons(text, ids) {
  const found = [];
  const alt = ids.join("|");
  const patterns = [
    // something with "view" in it, compared with an id, either way round
    new RegExp(`view[\\w.()?]*\\s*[!=]==?\\s*"(${alt})"`, "gi"),
    new RegExp(`"(${alt})"\\s*[!=]==?\\s*[\\w.()?]*view`, "gi"),
    new RegExp(`case\\s+"(${alt})"\\s*:`, "g"),
    // a list of ids searched for a view
    new RegExp(`\\[\\s*"(${alt})"(?:\\s*,\\s*"(?:${alt})")+\\s*\\]\\s*\\.includes\\(`, "g"),
  ];
  code(text).split("\n").forEach((line, at) => {
    for (const pattern of patterns) for (const m of line.matchAll(pattern)) found.push({ id: m[1], line: at + 1 });
  });
  return found;
}

test("no module outside web/shell/ and a view's own folder compares with that view's id", () => {
  const folders = declaredViews();
  assert.deepEqual(Object.keys(folders).sort(), [...registry.ids].sort());
  const ids = Object.keys(folders);
  const misplaced = [];
  for (const file of modulesUnder(WEB)) {
    if (file.startsWith("shell/")) continue;
    for (const { id, line } of viewComparisons(readFileSync(join(WEB, file), "utf8"), ids)) {
      if (!file.startsWith(`${folders[id]}/`)) misplaced.push(`${file}:${line} compares with "${id}"`);
    }
  }
  assert.deepEqual(misplaced, []);
});

test("the scan finds the comparisons it forbids, and not other uses of the same words", () => {
  const ids = ["tour", "play"];
  const found = (text) => viewComparisons(text, ids).map((c) => c.id);
  assert.deepEqual(found('if (state.view === "play") return;'), ["play"]);
  assert.deepEqual(found('const off = store.get().view !== "tour";'), ["tour"]);
  assert.deepEqual(found('if ("play" === view) x();'), ["play"]);
  assert.deepEqual(found('switch (v) { case "tour": break; }'), ["tour"]);
  assert.deepEqual(found('["tour", "play"].includes(view)'), ["tour"]);
  assert.deepEqual(found('state.tourFrom === "play"'), []); // where a tour came from, not a view
  assert.deepEqual(found('// in the "play" view, state.view === "play" is not code'), []);
  assert.deepEqual(found('t("tour.share.label.play")'), []);
});
