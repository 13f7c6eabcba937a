// Service worker: keeps one build of the site in Cache Storage so that later visits
// start without the network and work offline. build.py stamps the build's content hash
// into BUILD, so every new build is a new service worker with a cache of its own.
//
// It serves only what the build made (docs/security-sw.md). Any script of this origin can
// write Cache Storage, but not this script, which the browser fetches from the network on
// every update check: so the build writes here each kept file's SHA-256 (KNIGHT_FILES) and
// the headers the site is served with (KNIGHT_POLICY), and a cached body is served only
// when its hash matches (offline/serve-checked.js); a page or a worker's script is served
// with this build's policies, never with the headers stored beside it.
//
// One build per page: a new build installs beside the old one and waits; it takes over
// only when no page runs the old build (then it deletes the old cache). A navigation
// while a new build waits is answered with a small page that loads no file of either
// build (offline/switching-page.js): once it runs, and is the only window, it asks the new
// build to take over and loads the page again from it. Nothing ever waits on the switch
// inside a fetch (Chromium activates a new worker only when the old one has no fetch in
// flight).

/* global KNIGHT_FILES, KNIGHT_EARLY, KNIGHT_DECODED, KNIGHT_POLICY */
import { decodedBody } from "./solver/decoded-body.mjs";
import { fileName, verifiedBytes } from "./offline/integrity.js";
import { earlyChecks, serveChecked } from "./offline/serve-checked.js";
import { switchingPage } from "./offline/switching-page.js";

const BUILD = "__BUILD__";
const PREFIX = "knight-py-";
const CACHE = `${PREFIX}${BUILD}`;
// What the cache keeps, by name ("./" is the page) -> its hex SHA-256 (tools/site.py).
const FILES = KNIGHT_FILES;
// The files kept decoded, by name -> the compressed copy they are fetched as.
const DECODED = KNIGHT_DECODED;
// { page: the CSP; byName: the files served with another (workers); types: MIME types }.
const POLICY = KNIGHT_POLICY;
// The big files a warm start asks for (the wasm, the glue code, the standard library's
// zip, the snapshot: about 20 MB; tools/site.py), read and checked as soon as the page is
// asked for: the worker asks for them a few tenths of a second later, and gets them
// without waiting for their check (offline/serve-checked.js). Kept EARLY_MS for the
// request they were checked for.
const EARLY = KNIGHT_EARLY;
const EARLY_MS = 20_000;
// This worker's folder: every name above is relative to it.
const BASE = new URL("./", self.location).href;
// Marks, in this build's cache, that the next navigation gets this build's page again:
// another window still runs this build, or the switch did not happen in time.
const STAY = "./__stay-on-this-build";
const STAY_MS = 30_000;
// How long the switch waits for the page it replaced to close (20 x 100 ms).
const SWITCH_POLLS = 20;
const SWITCH_POLL_MS = 100;

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
  event.respondWith(respond(event));
});

/** Every file of this build, each checked against its hash, or nothing: a failed
 * install leaves the old build in place. */
async function fillCache() {
  const cache = await caches.open(CACHE);
  await Promise.all(Object.keys(FILES).map(async (name) => {
    // "no-cache": revalidate, so the files the first visit just fetched come from the
    // HTTP cache (304) instead of being downloaded again.
    const file = await fetchCopy(name, "no-cache");
    if (!file.ok) throw new Error(`${name}: HTTP ${file.status}`);
    if (!(await verifiedBytes(file, FILES[name]))) {
      throw new Error(`${name} is not this build's (${BUILD}) file: the server changed build`);
    }
    await cache.put(keyOf(name), file);
  }));
}

const keyOf = (name) => new URL(name, BASE).href;

// The files of Python's start are fetched compressed on a first visit
// (solver/compressed-fetch.mjs). They are kept decoded, under their own names: later
// visits decode nothing, and compile the wasm and the glue code from their URL, so that
// the browser keeps their compiled code (a decoded stream is compiled anew each time).
const TYPES = { wasm: "application/wasm", mjs: "text/javascript", zip: "application/zip" };

/** The build's file `name` from the network with the cache mode `mode` ("no-cache": the
 * server; "force-cache": the browser's HTTP cache if it has it): decoded when kept decoded. */
async function fetchCopy(name, mode) {
  const copy = DECODED[name];
  if (!copy) return fetch(keyOf(name), { cache: mode });
  const response = await fetch(keyOf(copy), { cache: mode });
  if (!response.ok || !response.body) return response;
  // Zstandard or gzip, read from its first bytes (a host that sent it with a
  // Content-Encoding already gave it decoded).
  const plain = new Response(decodedBody(response.body));
  const type = TYPES[name.split(".").pop()] || "application/octet-stream";
  return new Response(await plain.arrayBuffer(), { headers: { "Content-Type": type } });
}

async function dropOtherBuilds() {
  for (const key of await caches.keys()) {
    if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
  }
}

const early = earlyChecks({ files: FILES, keyOf: (name) => keyOf(name), keepMs: EARLY_MS });

async function respond(event) {
  const { request } = event;
  const cache = await caches.open(CACHE);
  const navigate = request.mode === "navigate";
  if (navigate && self.registration.waiting && (await mayOfferSwitch(cache))) return switchingPage();
  // Any query string shows the same page: the settings are read by the page itself.
  const name = fileName(request.url, BASE, FILES, navigate);
  // Not one of the build's files: the network's answer, never anything from the cache.
  if (name === null) return fetch(request);
  if (navigate && (name === "./" || name === "index.html")) early.start(cache, EARLY);
  const file = { name, expected: FILES[name], key: keyOf(name), early: early.take(name) };
  return serveChecked(request, file, { cache, fetchCopy: (mode) => fetchCopy(name, mode), policy: POLICY, home: BASE });
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
