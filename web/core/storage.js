// The page's localStorage, where reading it can throw (storage blocked in some private
// modes and by some settings): the rest of the page takes null there and keeps nothing.

/** scope.localStorage, or null where reading it throws or there is none. */
export function storageOrNull(scope = globalThis) {
  try {
    return scope.localStorage ?? null;
  } catch {
    return null;
  }
}
