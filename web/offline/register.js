// Keeps this build for offline use: registers the service worker (service-worker.mjs)
// and reports through the store what it did (its own reasons as msg() for the page to say;
// the browser's errors as the browser wrote them). A browser or host without service workers (or an
// address that is not a secure context) loads from the network as before.

import { offlineCacheChanged } from "../shell/api.js";
import { msg } from "../i18n/said.js";

/** What a registration means for this page: [status, detail] (see state.offlineCache). */
export function registrationStatus(registration) {
  if (registration.waiting && registration.active) return ["update", ""];
  if (registration.installing || registration.waiting) return ["saving", ""];
  if (registration.active) return ["saved", ""];
  return ["failed", msg("solver.offline.not-kept")];
}

/** Register service-worker.mjs and follow it; resolves once registered (or refused). */
export async function keepOffline(io) {
  const report = (status, detail = "") => io.store.update((state) => offlineCacheChanged(state, { status, detail }));
  if (!io.serviceWorker) {
    report("unsupported", msg("solver.offline.not-allowed"));
    return;
  }
  report("saving");
  let registration;
  try {
    // updateViaCache "none": a new build's service worker is always fetched, never an HTTP-cached copy.
    registration = await io.serviceWorker.register("./service-worker.mjs", { scope: "./", updateViaCache: "none" });
  } catch (err) {
    report("failed", String(err.message || err));
    return;
  }
  if (!registration) {
    report("unsupported", msg("solver.offline.declined")); // e.g. service workers blocked by policy
    return;
  }
  const follow = (worker) => worker?.addEventListener("statechange", update);
  function update() {
    report(...registrationStatus(registration));
  }
  follow(registration.installing);
  follow(registration.waiting);
  registration.addEventListener("updatefound", () => {
    follow(registration.installing);
    update();
  });
  update();
}
