// The service worker's answer for one file of the build, served only as the build made
// it: the cached copy when its SHA-256 is the one the build wrote into the service worker;
// else the network's (put back in the cache when it is the build's); else, offline, the
// browser's HTTP cache's copy when that one is the build's; else a plain message
// (fail-closed.js). Never a copy that failed its check. See docs/security-sw.md.
//
// Checked before it is served: the cached response itself then goes to the page, and the
// browser keeps the code it compiles from it (scripts, the wasm). Big data files (the
// snapshot, the zips: `file.streamed`) are checked as they stream instead, their last
// chunk held back until the hash matches: their reader does not wait for the check.

import { failClosed } from "./fail-closed.js";
import { contentType, needsOwnHeaders, securityHeaders } from "./headers.js";
import { verifiedBytes, verifiedStream } from "./integrity.js";

/** The response to `request` for the build's file `name`.
 * `file`: { name, expected: its hex SHA-256, key: its key in `cache`, streamed: checked
 * as it streams }; `fetchCopy(mode)`: the file from the network, fetched with that cache
 * mode ("no-cache": the server, "force-cache": the browser's HTTP cache when it has a
 * copy), decoded when the cache keeps it decoded; `policy`: the build's headers
 * (headers.js); `home`: the page; `waitUntil(promise)`: keeps the service worker alive
 * while a changed streamed file is fetched again for the next time. */
export async function serveChecked(request, file, { cache, fetchCopy, policy, home, waitUntil = () => {} }) {
  const answer = (response, bytes) =>
    needsOwnHeaders(request, file.name, policy)
      ? new Response(bytes, { status: 200, headers: securityHeaders(file.name, policy) })
      : response;
  const cached = await cache.match(file.key);
  if (cached?.body && file.streamed && !needsOwnHeaders(request, file.name, policy)) {
    // A changed body errors at its end (its reader then fails, and the worker falls
    // back); the build's copy is fetched and kept for the next start.
    const refetch = () => waitUntil(refresh(file, cache, fetchCopy));
    const body = verifiedStream(cached.body, file.expected, refetch);
    return new Response(body, { status: 200, headers: { "Content-Type": contentType(file.name, policy.types) } });
  }
  const intact = await verifiedBytes(cached, file.expected);
  if (intact) return answer(cached, intact);
  let fresh = null;
  try {
    fresh = await fetchCopy("no-cache");
  } catch {
    // offline, or the host is down: the browser's HTTP cache may still have the file
  }
  if (fresh) {
    const bytes = await verifiedBytes(fresh, file.expected);
    if (!bytes) return fresh; // the server's own answer (a newer build, a 404): not kept
    await keep(cache, file.key, fresh);
    return answer(fresh, bytes);
  }
  const stale = await fetchCopy("force-cache").catch(() => null);
  const bytes = await verifiedBytes(stale, file.expected);
  if (!bytes) return failClosed(request, home);
  await keep(cache, file.key, stale);
  return answer(stale, bytes);
}

/** The network's copy of `file` put in the cache, if it is the build's (else nothing). */
async function refresh(file, cache, fetchCopy) {
  const fresh = await fetchCopy("no-cache").catch(() => null);
  if (await verifiedBytes(fresh, file.expected)) await keep(cache, file.key, fresh);
}

/** Put a checked copy back in place of the one that failed (a full disk only means the
 * next start checks the network again). */
async function keep(cache, key, response) {
  try {
    await cache.put(key, response.clone());
  } catch {
    // not kept: served all the same
  }
}
