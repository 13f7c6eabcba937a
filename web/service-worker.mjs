// Service worker: keeps one build of the site in Cache Storage so that later visits
// start without the network and work offline. build.py stamps the build's content hash
// into BUILD, so every new build is a new service worker with a cache of its own.
//
// One build per page: a new build installs beside the old one and waits; it takes over
// only when no page runs the old build (then it deletes the old cache). A navigation
// while a new build waits is answered with a small page that loads no file of either
// build (SWITCHING_PAGE): once it runs, and is the only window, it asks the new build to
// take over and loads the page again from it. Nothing ever waits on the switch inside a
// fetch (Chromium activates a new worker only when the old one has no fetch in flight).

import { decodedBody } from "./solver/decoded-body.mjs";

const BUILD = "__BUILD__";
const PREFIX = "knight-py-";
const CACHE = `${PREFIX}${BUILD}`;
// Marks, in this build's cache, that the next navigation gets this build's page again:
// another window still runs this build, or the switch did not happen in time.
const STAY = "./__stay-on-this-build";
const STAY_MS = 30_000;
// How long the switch waits for the page it replaced to close (20 x 100 ms).
const SWITCH_POLLS = 20;
const SWITCH_POLL_MS = 100;

// The switching page's script: ask for the switch, reload once the new build is active;
// after SWITCH_MS without it, ask to stay on this build and reload (never stuck here).
const SWITCH_SCRIPT = `
const SWITCH_MS = 10000;
const sw = navigator.serviceWorker;
let done = false;
const reload = () => { if (!done) { done = true; location.reload(); } };
sw.addEventListener("message", (event) => { if (event.data === "stay") reload(); });
sw.addEventListener("controllerchange", reload);
sw.startMessages();
sw.getRegistration().then((registration) => {
  const next = registration && registration.waiting;
  if (!next || !sw.controller) return reload();
  next.addEventListener("statechange", () => {
    if (next.state === "activated" || next.state === "redundant") reload();
  });
  sw.controller.postMessage("switch");
  setTimeout(() => { if (sw.controller) sw.controller.postMessage("stay"); setTimeout(reload, 2000); }, SWITCH_MS);
}, reload);
`;
// Shown for an instant while a navigation switches builds (the icon link: no /favicon.ico request).
const SWITCHING_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Knight's tour</title><p role="status">Updating to the newer version…</p><script>${SWITCH_SCRIPT}</script>`;

self.addEventListener("install", (event) => {
  event.waitUntil(fillCache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOtherBuilds());
});

self.addEventListener("message", (event) => {
  if (event.data === "activate") self.skipWaiting(); // sent by the older build (switch)
  else if (event.data === "switch") event.waitUntil(switchFor(event.source));
  else if (event.data === "stay") event.waitUntil(stay(event.source));
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(request));
});

/** Every file of this build, or nothing: a failed install leaves the old build in place. */
async function fillCache() {
  // "no-cache": revalidate, so the files the first visit just fetched come from the
  // HTTP cache (304) instead of being downloaded again.
  const response = await fetch("./build.json", { cache: "no-cache" });
  if (!response.ok) throw new Error(`build.json: HTTP ${response.status}`);
  const manifest = await response.clone().json();
  if (manifest.build !== BUILD) throw new Error(`the server now has build ${manifest.build}, not ${BUILD}`);
  const cache = await caches.open(CACHE);
  const compressed = manifest.compressed || {};
  // The compressed copies are kept decoded instead (keepDecoded).
  const copies = new Set(Object.values(compressed));
  const urls = ["./", ...Object.keys(manifest.files).filter((name) => !copies.has(name))];
  await Promise.all(urls.map(async (url) => {
    const file = await fetch(url, { cache: "no-cache" });
    if (!file.ok) throw new Error(`${url}: HTTP ${file.status}`);
    const expected = manifest.files[url];
    // A server that sends the file gzipped (Content-Encoding) counts the gzipped bytes.
    const length = file.headers.get("Content-Encoding") ? 0 : Number(file.headers.get("Content-Length"));
    if (expected !== undefined && length && length !== expected) {
      throw new Error(`${url} is ${length} bytes, build.json says ${expected}: the server changed build`);
    }
    await cache.put(url, file);
  }));
  await keepDecoded(cache, compressed);
  await cache.put("./build.json", response);
}

// The files of Python's start are fetched compressed on a first visit
// (solver/compressed-fetch.mjs). They are kept decoded, under their own names: later
// visits decode nothing, and compile the wasm and the glue code from their URL, so that
// the browser keeps their compiled code (a decoded stream is compiled anew each time).
// "no-cache": the copy the first visit downloaded comes from the HTTP cache (304).
const TYPES = { wasm: "application/wasm", mjs: "text/javascript", zip: "application/zip" };

async function keepDecoded(cache, compressed) {
  await Promise.all(Object.entries(compressed).map(async ([name, copy]) => {
    const response = await fetch(`./${copy}`, { cache: "no-cache" });
    if (!response.ok || !response.body) throw new Error(`${copy}: HTTP ${response.status}`);
    // Zstandard or gzip, read from its first bytes (a host that sent it with a
    // Content-Encoding already gave it decoded).
    const plain = new Response(decodedBody(response.body));
    const type = TYPES[name.split(".").pop()] || "application/octet-stream";
    await cache.put(`./${name}`, new Response(await plain.arrayBuffer(), { headers: { "Content-Type": type } }));
  }));
}

async function dropOtherBuilds() {
  for (const key of await caches.keys()) {
    if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
  }
}

async function respond(request) {
  const cache = await caches.open(CACHE);
  if (request.mode === "navigate") {
    if (self.registration.waiting && (await mayOfferSwitch(cache))) {
      return new Response(SWITCHING_PAGE, {
        headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    // Any query string shows the same page: the settings are read by the page itself.
    const page = await cache.match(request, { ignoreSearch: true });
    if (page) return page;
  } else {
    const file = await cache.match(request);
    if (file) return file;
  }
  return fetch(request);
}

/** A navigation may go through the switching page unless another window runs this build
 * (two windows: the one navigating and another) or a recent switch was refused. */
async function mayOfferSwitch(cache) {
  const stayed = await cache.match(STAY);
  if (stayed) {
    await cache.delete(STAY);
    if (Date.now() - Number(await stayed.text()) < STAY_MS) return false;
  }
  return (await self.clients.matchAll({ type: "window" })).length <= 1;
}

/** The switching page asks: the waiting build takes over if that page is the only window.
 * The page it replaced may still be closing: wait a moment for it to go. */
async function switchFor(client) {
  for (let tries = 0; tries < SWITCH_POLLS; tries += 1) {
    const next = self.registration.waiting;
    const windows = await self.clients.matchAll({ type: "window" });
    if (!next || windows.every((window) => window.id === client.id)) {
      if (next) next.postMessage("activate");
      else client.postMessage("stay"); // nothing waits any more: load the page as it is
      return;
    }
    await new Promise((done) => setTimeout(done, SWITCH_POLL_MS));
  }
  await stay(client);
}

/** The next navigation gets this build's own page; the switching page reloads to it. */
async function stay(client) {
  const cache = await caches.open(CACHE);
  await cache.put(STAY, new Response(String(Date.now())));
  client.postMessage("stay");
}
