// Service worker: keeps one build of the site in Cache Storage so that later visits
// start without the network and work offline. build.py stamps the build's content hash
// into BUILD, so every new build is a new service worker with a cache of its own.
//
// One build per page: a new build installs beside the old one and waits; it takes over
// only when no other page runs the old build (then it deletes the old cache). A reload
// of the only page switches at once (an empty response that asks the browser to load
// the page again), so a running page never mixes files of two builds.

const BUILD = "__BUILD__";
const PREFIX = "knight-py-";
const CACHE = `${PREFIX}${BUILD}`;
// Shown for an instant while a reload switches builds (the icon link: no /favicon.ico request).
const SWITCHING_PAGE = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>Knight\'s tour</title><p>Updating…</p>';

self.addEventListener("install", (event) => {
  event.waitUntil(fillCache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOtherBuilds());
});

self.addEventListener("message", (event) => {
  if (event.data === "activate") self.skipWaiting();
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
  const urls = ["./", ...Object.keys(manifest.files)];
  await Promise.all(urls.map(async (url) => {
    const file = await fetch(url, { cache: "no-cache" });
    if (!file.ok) throw new Error(`${url}: HTTP ${file.status}`);
    const expected = manifest.files[url];
    const length = Number(file.headers.get("Content-Length"));
    if (expected !== undefined && length && length !== expected) {
      throw new Error(`${url} is ${length} bytes, build.json says ${expected}: the server changed build`);
    }
    await cache.put(url, file);
  }));
  await cache.put("./build.json", response);
}

async function dropOtherBuilds() {
  for (const key of await caches.keys()) {
    if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
  }
}

async function respond(request) {
  const cache = await caches.open(CACHE);
  if (request.mode === "navigate") {
    const next = self.registration.waiting;
    if (next && (await self.clients.matchAll({ type: "window" })).length <= 1) {
      await activate(next);
      return new Response(SWITCHING_PAGE, {
        headers: { "Content-Type": "text/html; charset=utf-8", Refresh: "0", "Cache-Control": "no-store" },
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

/** Let the waiting (newer) build take over, and wait until it has. */
function activate(next) {
  return new Promise((resolve) => {
    const done = () => {
      if (next.state === "activated" || next.state === "redundant") resolve();
    };
    next.addEventListener("statechange", done);
    setTimeout(resolve, 3000); // never keep a navigation waiting on it
    next.postMessage("activate");
    done();
  });
}
