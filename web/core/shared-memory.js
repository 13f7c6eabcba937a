// Whether this page can share memory with its workers (Python's interrupt buffer, the
// stop flags): found by trying, never inferred from crossOriginIsolated, which WebKitGTK
// reports true with no SharedArrayBuffer at all.

/**
 * True when a SharedArrayBuffer can be made, used with Atomics and posted; false where
 * any of it throws or is missing. Tried once per scope, as it cannot change in a page.
 *
 *     sharedMemoryWorks({})  // false: no SharedArrayBuffer
 */
export function sharedMemoryWorks(scope = globalThis) {
  if (Object.hasOwn(known, "value") && scope === globalThis) return known.value;
  let works = false;
  try {
    const flags = new Int32Array(new scope.SharedArrayBuffer(4));
    scope.Atomics.store(flags, 0, 1);
    const channel = new scope.MessageChannel();
    channel.port1.postMessage(flags.buffer); // a DataCloneError where it cannot be shared
    channel.port1.close();
    channel.port2.close();
    works = true;
  } catch {
    works = false;
  }
  if (scope === globalThis) known.value = works;
  return works;
}

const known = {};
