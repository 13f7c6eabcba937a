// Which exercises the reader has passed, kept in the page's own storage (localStorage of
// the page's origin: the sandbox's opaque origin cannot reach it). Only ids are kept, and
// only ids the page's own check passed. Storage may be missing or refuse (private modes,
// settings, a full disk): it is tried once with a probe, and where it fails nothing is kept
// and the page says so. Several tabs share the one list: every write reads the list again
// just before it and adds to what is there, so a pass in one tab never drops another's,
// and each tab follows the others through the window's `storage` event. Pure of the DOM;
// `storage` and the window that tells of other tabs' writes are handed in.

import { EXERCISE_IDS } from "./words.js";

/** The key of the list of passed ids. */
export const PROGRESS_KEY = "knight-tour.exercises.passed";
const PROBE_KEY = "knight-tour.exercises.probe";

/** Whether `storage` keeps what is written: a write and a removal tried. */
export function keeps(storage) {
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
 * The progress store on `storage` (a Storage, or null): {kept, read(), add(ids), clear(),
 * follow(onChange)}. `kept` is false where storage refused the probe; then read() gives
 * [], add() gives the ids it was handed (known ones) and keeps nothing, and clear() does
 * nothing. Every call catches what storage throws.
 */
export function openProgress(storage) {
  const kept = keeps(storage);
  const read = () => {
    if (!kept) return [];
    try {
      return knownIds(JSON.parse(storage.getItem(PROGRESS_KEY) ?? "[]"));
    } catch {
      return []; // damaged or unreadable: as if nothing were kept
    }
  };
  return {
    kept,
    read,
    /** `ids` added to the list as storage holds it now (read again, not remembered):
     * the ids passed from here on, whether or not storage took them. */
    add(ids) {
      const all = knownIds([...read(), ...ids]);
      if (!kept) return all;
      try {
        storage.setItem(PROGRESS_KEY, JSON.stringify(all));
      } catch {
        // full or refused since the probe: the list stands for this page only
      }
      return all;
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
    /** `onChange(ids)` whenever another tab changes the list (`events`: the window, whose
     * `storage` event tells of other tabs' writes; a clear of all storage has key null).
     * Returns the function that stops following. */
    follow(events, onChange) {
      if (!kept || !events) return () => {};
      const heard = (event) => {
        if (event.key !== PROGRESS_KEY && event.key !== null) return;
        if (event.storageArea && event.storageArea !== storage) return;
        onChange(read());
      };
      events.addEventListener("storage", heard);
      return () => events.removeEventListener("storage", heard);
    },
  };
}
