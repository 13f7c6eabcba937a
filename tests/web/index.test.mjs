import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { posix } from "node:path";

const WEB = new URL("../../web/", import.meta.url);
const read = (name) => readFileSync(new URL(name, WEB), "utf8");

/** Every file under web/, as a path relative to it ("main.js", "a11y/keys.js"). */
function files(dir = "") {
  return readdirSync(new URL(dir || ".", WEB), { withFileTypes: true }).flatMap((entry) => {
    const path = dir + entry.name;
    return entry.isDirectory() ? files(`${path}/`) : [path];
  });
}

test("index.html starts the solver worker first, then loads the page as one module", () => {
  // The built site bundles main.js and its imports into one file (tools/bundle.py), so the
  // page names no other module; solver-early.js is a classic script that runs on arrival.
  const html = read("index.html");
  const scripts = [...html.matchAll(/<script([^>]*)><\/script>/g)].map((m) => m[1].trim());
  assert.deepEqual(scripts, ['src="solver-early.js"', 'type="module" src="main.js"']);
  assert.doesNotMatch(html, /modulepreload/);
  assert.doesNotMatch(read("solver-early.js"), /^\s*(import|export)\b/m, "a classic script has no import or export");
});

test("every relative import of a page module names a module that exists", () => {
  for (const name of files().filter((n) => n.endsWith(".js") || n.endsWith(".mjs"))) {
    for (const [, target] of read(name).matchAll(/from "(\.\.?\/[^"]+)"/g)) {
      const resolved = posix.normalize(posix.join(posix.dirname(name), target));
      assert.ok(!resolved.startsWith("..") && existsSync(new URL(resolved, WEB)), `${name} imports ${target}`);
    }
  }
});
