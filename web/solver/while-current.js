// A solver call whose progress and answer count only while the request is still the
// page's latest: a newer search, setting or run makes `current()` false and drops them.

/**
 * Ask the solver (`ask(onProgress)` returns its promise) and hand on its progress, its
 * failure or its answer while `current()` holds: `on` is {progress, failed(message), done(result)}.
 */
export async function whileCurrent(ask, current, on) {
  let result;
  try {
    result = await ask((progress) => {
      if (current()) on.progress(progress);
    });
  } catch (err) {
    if (current()) on.failed(err.message);
    return;
  }
  if (current()) on.done(result);
}
