// The reader's last program for each exercise, kept in the page's own storage so that an
// exercise reopens on the reader's code rather than on its starter. One key per exercise
// (an edit of one never rewrites another's), only known ids, and only programs up to
// MAX_KEPT_CODE characters: a longer one is not kept and the one before it is dropped, so
// what reopens is always the last program or the starter. Tried with the progress store's
// probe; where storage refuses, nothing is kept. Pure of the DOM; `storage` is handed in.

import { keeps } from "./progress.js";
import { EXERCISE_IDS } from "./words.js";

/** The keys' common beginning; an exercise's key adds its id. */
export const CODE_KEY_PREFIX = "knight-tour.exercises.code.";
/** Characters of a program kept at most (as many as a link carries). */
export const MAX_KEPT_CODE = 20_000;

const keyOf = (id) => CODE_KEY_PREFIX + id;

/**
 * The store of kept programs on `storage` (a Storage, or null): {kept, read(id),
 * write(id, source), remove(id), readAll(), restore(all), clear()}. Unknown ids are
 * ignored; every call catches what storage throws.
 */
export function openKeptCode(storage) {
  const kept = keeps(storage);
  const known = (id) => kept && EXERCISE_IDS.includes(id);
  const remove = (id) => {
    if (!known(id)) return false;
    try {
      storage.removeItem(keyOf(id));
      return true;
    } catch {
      return false;
    }
  };
  const read = (id) => {
    if (!known(id)) return null;
    try {
      const source = storage.getItem(keyOf(id));
      return typeof source === "string" && source.length <= MAX_KEPT_CODE ? source : null;
    } catch {
      return null;
    }
  };
  const write = (id, source) => {
    if (!known(id)) return false;
    if (typeof source !== "string" || source.length > MAX_KEPT_CODE) {
      remove(id);
      return false;
    }
    try {
      storage.setItem(keyOf(id), source);
      return true;
    } catch {
      return false;
    }
  };
  return {
    kept,
    read,
    write,
    remove,
    /** {id: source} of every exercise with a program kept. */
    readAll() {
      const all = {};
      for (const id of EXERCISE_IDS) {
        const source = read(id);
        if (source !== null) all[id] = source;
      }
      return all;
    },
    /** Put back `all` ({id: source}, readAll's), where no newer program has been kept since. */
    restore(all) {
      for (const [id, source] of Object.entries(all ?? {})) if (read(id) === null) write(id, source);
    },
    clear() {
      for (const id of EXERCISE_IDS) remove(id);
    },
  };
}
