// The service worker's answer for one file of the build, served only as the build made
// it: the cached copy when its SHA-256 is the one the build wrote into the service worker;
// else the network's (put back in the cache when it is the build's); else, offline, the
// browser's HTTP cache's copy when that one is the build's; else a plain message
// (fail-closed.js). Never a copy that failed its check. See docs/security-sw.md.
//
// Checked before it is served: the cached response itself then goes to the page, and the
// browser keeps the code it compiles from it (scripts, the wasm). The big files of
// Python's start are read and checked as soon as the page is asked for (checkEarly), so
// that the worker, which asks for them a few tenths of a second later, need not wait.

import { failClosed } from "./fail-closed.js";
import { needsOwnHeaders, securityHeaders } from "./headers.js";
import { verifiedBytes } from "./integrity.js";

/** The response to `request` for the build's file `name`.
 * `file`: { name, expected: its hex SHA-256, key: its key in `cache`, early: null or a
 * promise of its cached response already checked (checkEarly), or of null };
 * `fetchCopy(mode)`: the file from the network, fetched with that cache mode
 * ("no-cache": the server, "force-cache": the browser's HTTP cache when it has a copy),
 * decoded when the cache keeps it decoded; `policy`: the build's headers (headers.js);
 * `home`: the page. */
export async function serveChecked(request, file, { cache, fetchCopy, policy, home }) {
  const answer = (response, bytes) =>
    needsOwnHeaders(request, file.name, policy)
      ? new Response(bytes, { status: 200, headers: securityHeaders(file.name, policy) })
      : response;
  const early = !needsOwnHeaders(request, file.name, policy) && (await file.early);
  if (early) return early;
  const cached = await cache.match(file.key);
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

/** Put a checked copy back in place of the one that failed (a full disk only means the
 * next start checks the network again). */
async function keep(cache, key, response) {
  try {
    await cache.put(key, response.clone());
  } catch {
    // not kept: served all the same
  }
}

/** Early checks: `names` read from `cache` and checked now, each kept for one request
 * (take) during `keepMs`. A cached response checked early is served later as it was
 * read then: the bytes that were checked, even if the cache entry has changed since.
 * `files`: name -> hex SHA-256; `keyOf(name)`: its key in the cache. */
export function earlyChecks({ files, keyOf, keepMs, setTimer = setTimeout }) {
  const checked = new Map(); // name -> promise of its checked cached response, or of null
  return {
    /** Start checking `names` (those not being checked already) in `cache`. */
    start(cache, names) {
      for (const name of names) {
        if (checked.has(name) || !Object.hasOwn(files, name)) continue;
        const result = cache.match(keyOf(name)).then(
          async (response) => ((await verifiedBytes(response, files[name])) ? response : null),
          () => null,
        );
        checked.set(name, result);
        setTimer(() => checked.get(name) === result && checked.delete(name), keepMs);
      }
    },
    /** The early check of `name`, once (null when none was started). */
    take(name) {
      const result = checked.get(name) ?? null;
      checked.delete(name);
      return result;
    },
  };
}
