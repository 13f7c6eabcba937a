// What the service worker trusts of its own cache: nothing but bytes whose SHA-256 the
// build wrote into the service worker's script (tools/site.py). Cache Storage can be
// written by any script of this origin; the service worker's script cannot (the browser
// fetches it from the network, byte for byte, on every update check). See
// docs/security-sw.md.

/** The lowercase hex SHA-256 of `bytes` (an ArrayBuffer or a view of one).
 *
 *   await sha256Hex(new TextEncoder().encode("abc"))
 *   // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
 */
export async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The bytes of `response`'s body when their SHA-256 is `expected`, else null. The body is
 * read from a clone: a response that passes can still be served itself (the browser then
 * keeps the code it compiled from it, which a copy would lose). */
export async function verifiedBytes(response, expected) {
  if (!response || typeof expected !== "string") return null;
  let bytes;
  try {
    bytes = await response.clone().arrayBuffer();
  } catch {
    return null; // a body already read, or one that fails while read: not served
  }
  return (await sha256Hex(bytes)) === expected ? bytes : null;
}

/** The build's file a URL asks for: its name relative to `base` (the service worker's
 * folder; "./" for the folder itself), when `files` lists it; else null. The query string
 * is ignored only for navigations (`ignoreSearch`): the page reads its settings from it.
 *
 *   fileName("https://x.org/k/app.js", "https://x.org/k/", { "app.js": "…" }) // "app.js"
 *   fileName("https://x.org/k/?rows=6", "https://x.org/k/", { "./": "…" }, true) // "./"
 *   fileName("https://x.org/k/new.html", "https://x.org/k/", { "./": "…" }) // null
 */
export function fileName(url, base, files, ignoreSearch = false) {
  const parsed = new URL(url);
  if (parsed.search && !ignoreSearch) return null;
  const path = parsed.origin + parsed.pathname;
  if (!path.startsWith(base)) return null;
  const name = path.slice(base.length) || "./";
  return Object.hasOwn(files, name) ? name : null;
}

/** The base64 SHA-256 of a text, as a CSP names an inline script it allows ('sha256-…').
 *
 *   await sha256Base64("abc") // "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="
 */
export async function sha256Base64(text) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

