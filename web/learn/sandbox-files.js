// The files a Learn sandbox may ask the page for, and how the page gets each: only the
// files of Python's start that build.json names, each fetched from this site (through the
// service worker, which checks what it serves, so offline too). A request for a
// compressed copy is answered with the file already decoded when the service worker keeps
// it so (it keeps them decoded, not the copies); the worker reads either (its decoder
// tells them apart by their first bytes).

/** The names Python's start asks for, from build.json: the manifest itself, the
 * snapshot, Pyodide's files and their compressed copies, the bytecode, the package. */
export function startFiles(manifest) {
  const names = new Set(["build.json", "pyodide-lock.json"]);
  if (manifest?.snapshot?.file) names.add(manifest.snapshot.file);
  for (const [name, copy] of Object.entries(manifest?.compressed ?? {})) names.add(name).add(copy);
  for (const name of Object.values(manifest?.bytecode ?? {})) names.add(name);
  if (manifest?.package) names.add(manifest.package);
  for (const name of names) if (typeof name !== "string" || !/^[\w.-]+$/.test(name)) names.delete(name);
  return names;
}

/**
 * `provide(name)`: the bytes of one of `manifest`'s start files (an ArrayBuffer), or null
 * when it cannot be had (a file the site has not got is not asked for again: each run's
 * fresh Python asks for the same files). `fetchFile(name)` fetches a file of the site; `isKept(name)`
 * says whether the service worker keeps it.
 */
export function fileProvider(manifest, { fetchFile, isKept }) {
  const originals = new Map(Object.entries(manifest?.compressed ?? {}).map(([name, copy]) => [copy, name]));
  const missing = new Set(); // names the site answered 404: not asked again in this visit
  return async (name) => {
    if (missing.has(name)) return null;
    try {
      const original = originals.get(name);
      const wanted = original && (await isKept(original)) ? original : name;
      const response = await fetchFile(wanted);
      if (response.status === 404) missing.add(name);
      return response.ok ? await response.arrayBuffer() : null;
    } catch {
      return null;
    }
  };
}
