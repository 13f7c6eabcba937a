import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { posix } from "node:path";
import { createHash } from "node:crypto";

const WEB = new URL("../../web/", import.meta.url);
const read = (name) => readFileSync(new URL(name, WEB), "utf8");

/** Every file under web/, as a path relative to it ("main.js", "a11y/keys.js"). */
function files(dir = "") {
  return readdirSync(new URL(dir || ".", WEB), { withFileTypes: true }).flatMap((entry) => {
    const path = dir + entry.name;
    return entry.isDirectory() ? files(`${path}/`) : [path];
  });
}

test("index.html starts the solver worker first, inline, then the board's module and the rest's", () => {
  // The built site bundles main.js (the board) and app.js (the rest) with their imports
  // (tools/bundle.py): the page names no other module. app.js at low priority, so that on
  // a slow link it does not hold the stylesheet and main.js back, and the board with them.
  // The inline script runs before any request is made.
  const html = read("index.html");
  const scripts = [...html.matchAll(/<script([^>]*)>([^]*?)<\/script>/g)];
  assert.deepEqual(scripts.map((m) => m[1].trim()), ["", 'type="module" src="main.js"', 'type="module" src="app.js" fetchpriority="low"']);
  assert.match(scripts[0][2], /new Worker\(new URL\("worker.mjs", document.baseURI\), \{ type: "module", name: "solver " \+ early \}\)/);
  assert.match(scripts[0][2], /globalThis\.knightEarlyWorker = /);
  // It begins the download of the wasm's Zstandard copy (the name tools/site.py gives it)
  // for the worker, unless a service worker controls the page (its cache has the file).
  assert.match(scripts[0][2], /const early = navigator\.serviceWorker\?\.controller \|\| !streams \? "" : "pyodide\.asm\.wasm";/);
  // Only where a stream can be transferred, found by trying one on a MessageChannel
  // (WebKit cannot); a post that throws all the same sends null, so the worker fetches it.
  assert.match(scripts[0][2], /new MessageChannel\(\)\.port1\.postMessage\(probe, \[probe\]\);\s+streams = true;/);
  assert.match(scripts[0][2], /catch \{\s+body\?\.cancel\(\)\.catch\(\(\) => \{\}\);\s+post\(null\);/);
  assert.match(scripts[0][2], /fetch\(new URL\(early \+ "\.zst", document\.baseURI\)\)/);
  // Only when the page came within 180 ms of the navigation (a fast link), which it
  // tells main.js: there app.js draws the board, not main.js.
  assert.match(scripts[0][2], /if \(performance\.now\(\) < 180\) \{\s+(\/\/.*\s+)*document\.documentElement\.dataset\.link = "fast";\s+if \(typeof Worker === "function"\) \{/);
  assert.doesNotMatch(html, /modulepreload/);
});

test("both Content-Security-Policies allow the inline script by its hash, and nothing else inline", () => {
  const html = read("index.html");
  const inline = html.match(/<script>([^]*?)<\/script>/)[1];
  const hash = `'sha256-${createHash("sha256").update(inline).digest("base64")}'`;
  const meta = html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)[1];
  const served = readFileSync(new URL("../../tools/serve.py", import.meta.url), "utf8");
  for (const [where, csp] of [["index.html", meta], ["tools/serve.py", served]]) {
    assert.ok(csp.includes(hash), `${where}'s CSP lacks ${hash}: the inline script changed`);
    assert.doesNotMatch(csp, /unsafe-inline/, where);
  }
});

test("every relative import of a page module names a module that exists", () => {
  for (const name of files().filter((n) => n.endsWith(".js") || n.endsWith(".mjs"))) {
    for (const [, target] of read(name).matchAll(/from "(\.\.?\/[^"]+)"/g)) {
      const resolved = posix.normalize(posix.join(posix.dirname(name), target));
      assert.ok(!resolved.startsWith("..") && existsSync(new URL(resolved, WEB)), `${name} imports ${target}`);
    }
  }
});
