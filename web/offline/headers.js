// The headers of a response the service worker builds itself: the policies come from the
// build (tools/site.py stamps tools/serve.py's CSP, WORKER_CSP and MIME types into the
// service worker), never from the headers stored beside a body in Cache Storage, which
// any script of this origin can write.

/** Response headers for the build's file `name` served as a document or worker script.
 * `policy`: { page: the CSP; byName: { name: its own CSP } for the files served with
 * another (the workers' scripts); types: { ".ext": MIME type } }.
 *
 *   securityHeaders("worker.mjs", { page: "p", byName: { "worker.mjs": "w" },
 *     types: { ".mjs": "text/javascript" } }).get("Content-Security-Policy") // "w"
 */
export function securityHeaders(name, policy) {
  return new Headers({
    "Content-Type": contentType(name, policy.types),
    "Content-Security-Policy": Object.hasOwn(policy.byName, name) ? policy.byName[name] : policy.page,
    // Cross-origin isolation: SharedArrayBuffer, which lets Stop interrupt Python. A
    // worker needs its own COEP, or a page that has it may not start it.
    "Cross-Origin-Opener-Policy": "same-origin",
    // credentialless as tools/serve.py sends it (why: there, and docs/security.md).
    "Cross-Origin-Embedder-Policy": "credentialless",
    "X-Content-Type-Options": "nosniff",
  });
}

/** The MIME type of the build's file `name` ("./" is the page), by its extension.
 *
 *   contentType("./", { ".html": "text/html; charset=utf-8" }) // "text/html; charset=utf-8"
 *   contentType("data.bin", {}) // "application/octet-stream"
 */
export function contentType(name, types) {
  const file = name === "./" ? "index.html" : name;
  const dot = file.lastIndexOf(".");
  const extension = dot > file.lastIndexOf("/") ? file.slice(dot).toLowerCase() : "";
  return (Object.hasOwn(types, extension) && types[extension]) || "application/octet-stream";
}

/** Whether the service worker's answer to `request` (for the file `name`) is a document or
 * a worker's script, whose policies live in its headers: it is then built anew with
 * securityHeaders. Any other file is served as it was checked (its headers carry no
 * policy; a wrong type only makes the browser refuse it). */
export function needsOwnHeaders(request, name, policy) {
  return request.mode === "navigate" || /worker$/.test(request.destination) || Object.hasOwn(policy.byName, name);
}
