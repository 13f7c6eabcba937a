// Which exercises the reader has passed, kept in the page's own storage (localStorage of
// the page's origin: the sandbox's opaque origin cannot reach it). Only ids are kept, and
// only ids the page's own check passed. Storage may be missing or refuse (private modes,
// settings, a full disk): it is tried once with a probe, and where it fails nothing is kept
// and the page says so. Pure of the DOM; `storage` is handed in.

import { EXERCISE_IDS } from "./words.js";

/** The key of the list of passed ids. */
export const PROGRESS_KEY = "knight-tour.exercises.passed";
const PROBE_KEY = "knight-tour.exercises.probe";

/** Whether `storage` keeps what is written: a write and a removal tried. */
function keeps(storage) {
  if (!storage) return false;
  try {
    storage.setItem(PROBE_KEY, "1");
    storage.removeItem(PROBE_KEY);
    return true;
  } catch {
    return false;
  }
}

/** Known ids only, each once, in the menu's order. */
export function knownIds(ids) {
  const list = Array.isArray(ids) ? ids : [];
  return EXERCISE_IDS.filter((id) => list.includes(id));
}

/**
 * The progress store on `storage` (a Storage, or null): {kept, read(), write(ids),
 * clear()}. `kept` is false where storage refused the probe; then read() gives [] and
 * write() and clear() do nothing. Every call catches what storage throws.
 */
export function openProgress(storage) {
  const kept = keeps(storage);
  return {
    kept,
    read() {
      if (!kept) return [];
      try {
        return knownIds(JSON.parse(storage.getItem(PROGRESS_KEY) ?? "[]"));
      } catch {
        return []; // damaged or unreadable: as if nothing were kept
      }
    },
    write(ids) {
      if (!kept) return false;
      try {
        storage.setItem(PROGRESS_KEY, JSON.stringify(knownIds(ids)));
        return true;
      } catch {
        return false;
      }
    },
    clear() {
      if (!kept) return false;
      try {
        storage.removeItem(PROGRESS_KEY);
        return true;
      } catch {
        return false;
      }
    },
  };
}
