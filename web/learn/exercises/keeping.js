// What the exercises keep across visits, as side effects: the ids passed (progress.js),
// followed across tabs; the reader's last program per exercise (kept-code.js), written a
// moment after typing pauses, at each Check and when the page is left, and shown again when
// the exercise reopens; and "Clear progress" with its Undo. `io` is the exercises'
// session's (session.js): its store, its Learn session, its timers. Every state change
// goes through ./transitions.js.

import * as X from "./transitions.js";
import { knownIds, openProgress } from "./progress.js";
import { openKeptCode } from "./kept-code.js";

/** How long typing must pause before the program is kept. */
export const KEEP_DELAY_MS = 500;
/** How long "Clear progress" can be undone. */
export const UNDO_MS = 15_000;

const run = (io, transition, ...args) => io.store.update((state) => transition(state, ...args));

/** The program waiting to be kept, kept now (a removal where the reader went back to the
 * program as written). */
export function keepCodeNow(io) {
  io.clearTimer(io.codeTimer);
  const waiting = io.codeWaiting;
  io.codeWaiting = null;
  if (!waiting) return;
  if (waiting.source === null) io.code.remove(waiting.id);
  else io.code.write(waiting.id, waiting.source);
}

/** The program shown kept for the exercise open, now (a Check: what was checked is the
 * reader's, a link's program included). */
export function keepCheckedCode(io) {
  const { exercise, learn } = io.store.get();
  if (!exercise.id) return;
  io.clearTimer(io.codeTimer);
  io.codeWaiting = { id: exercise.id, source: learn.source ?? null };
  keepCodeNow(io);
}

/** Each edit of the exercise open waits to be kept; a change of exercise keeps the one
 * waiting first. A link's program (not yet the reader's) and one still being unpacked are
 * not kept. */
function followCode(io) {
  let seen = { id: io.store.get().exercise.id, source: io.store.get().learn.source };
  io.store.subscribe((state) => {
    const { id } = state.exercise;
    const { source, fromLink, unpack } = state.learn;
    if (id !== seen.id) {
      keepCodeNow(io);
      seen = { id, source };
      return;
    }
    if (source === seen.source) return;
    seen = { id, source };
    if (!id || fromLink || unpack) return;
    io.codeWaiting = { id, source };
    io.clearTimer(io.codeTimer);
    io.codeTimer = io.setTimer(() => keepCodeNow(io), KEEP_DELAY_MS);
  });
}

/** The reader's kept program for `exercise`, shown in place of its starter (Learn's
 * "Back to the program as written" returns to the starter). */
export function restoreCode(io, exercise) {
  const source = exercise ? io.code.read(exercise.id) : null;
  if (source !== null) io.learn.edit(source);
}

/** The exercises' storage opened on `storage` (null: none), progress read and followed
 * across tabs through `events` (the window, or null), the reader's programs kept. */
export function openKeeping(io, storage, events) {
  io.progress = openProgress(storage);
  io.code = openKeptCode(storage);
  io.codeWaiting = null;
  io.codeTimer = 0;
  io.undo = null;
  io.undoTimer = 0;
  run(io, X.progressRead, io.progress.read(), io.progress.kept);
  io.progress.follow(events, (ids) => run(io, X.passedFollowed, ids));
  followCode(io);
  events?.addEventListener?.("pagehide", () => keepCodeNow(io));
  // A link's program that is the reader's own kept program (their reload, their Back) is
  // theirs, not a stranger's.
  io.learn.ownSource((source) => {
    const { id } = io.store.get().exercise;
    return id !== null && io.code.read(id) === source;
  });
}

/** Exercise `id` passed: added to the ids kept (read again first: another tab may have
 * added its own); the ids passed now. */
export function keepPassed(io, id) {
  const ids = io.progress.add([id]);
  return io.progress.kept ? ids : knownIds([...io.store.get().exercise.passed, ...ids]);
}

/** Clear the ids passed and the programs kept; for UNDO_MS the Undo brings them back
 * (with what an earlier clear, still undoable, took). */
export function clearProgress(io) {
  keepCodeNow(io);
  const before = io.undo ?? { passed: [], code: {} };
  io.undo = {
    passed: knownIds([...before.passed, ...io.progress.read(), ...io.store.get().exercise.passed]),
    code: { ...before.code, ...io.code.readAll() },
  };
  io.progress.clear();
  io.code.clear();
  io.clearTimer(io.undoTimer);
  io.undoTimer = io.setTimer(() => {
    io.undo = null;
    run(io, X.undoExpired);
  }, UNDO_MS);
  run(io, X.progressCleared, UNDO_MS / 1000);
}

/** The last clear undone: its ids added to those passed since, its programs put back
 * where none has been kept since. */
export function undoClear(io) {
  const undo = io.undo;
  if (!undo) return;
  io.undo = null;
  io.clearTimer(io.undoTimer);
  const ids = io.progress.add([...undo.passed, ...io.store.get().exercise.passed]);
  io.code.restore(undo.code);
  run(io, X.progressRestored, ids);
}
