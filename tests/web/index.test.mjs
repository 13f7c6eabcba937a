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

test("index.html preloads every module of the page, and only those", () => {
  // Page modules are .js; worker-side modules are .mjs (fetched by the workers themselves).
  const preloaded = [...read("index.html").matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
  const modules = files().filter((name) => name.endsWith(".js"));
  assert.deepEqual([...preloaded].sort(), modules.sort());
  assert.equal(preloaded[0], "main.js");
});

const BUILT = new Set(["pyodide.mjs"]); // copied into dist/ by build.py

test("every relative import of a page module names a module that exists", () => {
  for (const name of files().filter((n) => n.endsWith(".js") || n.endsWith(".mjs"))) {
    for (const [, target] of read(name).matchAll(/from "(\.\.?\/[^"]+)"/g)) {
      const resolved = posix.normalize(posix.join(posix.dirname(name), target));
      if (BUILT.has(resolved)) continue;
      assert.ok(!resolved.startsWith("..") && existsSync(new URL(resolved, WEB)), `${name} imports ${target}`);
    }
  }
});
