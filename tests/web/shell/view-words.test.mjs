// Every view the registry lists has its words in both languages: its tab and the line
// under the tabs (unless its declaration gives them, title() and about()), and its share
// button's label and "copied" sentence for what its link holds (its id, unless its
// declaration says otherwise with shareKind). A view added without them would show a key.

import { test } from "node:test";
import assert from "node:assert/strict";
import { CATALOGS } from "../chinese.mjs";
import { registry, VIEWS } from "../../../web/views.js";

/** The catalog keys a view's declaration needs from the shell's panels. */
export function viewKeys(view) {
  const keys = [];
  if (!view.title) keys.push(`shell.tab.${view.id}`);
  if (!view.about) keys.push(`shell.about.${view.id}`);
  if (!view.shareKind) keys.push(`tour.share.label.${view.id}`, `tour.share.copied.${view.id}`);
  return keys;
}

test("every view has its tab, its line, and its share button's words in English and Chinese", () => {
  assert.deepEqual(VIEWS.map((view) => view.id), registry.ids);
  const missing = [];
  for (const view of VIEWS) {
    for (const key of viewKeys(view)) for (const lang of ["en", "zh"]) if (!(key in CATALOGS[lang])) missing.push(`${lang}: ${key}`);
  }
  assert.deepEqual(missing, []);
});

test("a view that names its own title, line and share kind needs none of those keys", () => {
  assert.deepEqual(viewKeys({ id: "x" }), ["shell.tab.x", "shell.about.x", "tour.share.label.x", "tour.share.copied.x"]);
  assert.deepEqual(viewKeys({ id: "x", title: () => "X", about: () => "", shareKind: () => "board" }), []);
});
