// Checking a pasted or dropped tour, the side effects: read the text (refused unread when
// too long), switch the board to the one the tour is written for, ask Python's validator,
// and show a valid tour as the page's tour (replayable, shareable). Text never reaches
// markup: every message is set as text by the panel.

import { MAX_TEXT_CHARS, parseTourText } from "./text.js";
import { squareName } from "../core/squares.js";
import { tourShown } from "../tour/api.js";
import * as C from "./transitions.js";
import { msg, said } from "../i18n/said.js";

/** The most bytes of a dropped file read: a file of ~4 bytes per character at worst. */
export const MAX_FILE_BYTES = MAX_TEXT_CHARS * 4;

/** The refusal of a text too long: `what` is "text", "pasted", "dropped" or "file", and a
 * file's name (cut short) when it has one. The limit is in the words: "1 million characters". */
export function tooLong(size, what, name = "") {
  const mb = (size / 1_048_576).toFixed(1);
  const unnamed = {
    text: msg("play.tooLong.text", { mb }), pasted: msg("play.tooLong.pasted", { mb }),
    dropped: msg("play.tooLong.dropped", { mb }), file: msg("play.tooLong.file", { mb }),
  };
  const why = name ? msg("play.tooLong.named", { mb, name }) : unnamed[what];
  return { message: said(why), why };
}

export function createPastedTourSession({ store, solver, session }) {
  const run = (transition, ...args) => store.update((state) => transition(state, ...args));
  let waiting = null; // a path read while Python was still starting

  async function validate() {
    const { check, settings } = store.get();
    if (!check || check.status !== "checking") return;
    if (!store.get().python.ready) {
      waiting = check;
      return;
    }
    const name = (sq) => squareName(sq, settings.rows);
    const args = { rows: settings.rows, cols: settings.cols, holes: settings.holes.map(name), closed: settings.closed, rule: settings.rule };
    try {
      await solver.validate({ ...args, indices: Int32Array.from(check.path) });
    } catch (err) {
      if (store.get().check === check) run(C.checkFailed, err.message);
      return;
    }
    if (store.get().check !== check) return; // another paste or board came first
    store.update((state) => {
      const start = [Math.floor(check.path[0] / state.settings.cols), check.path[0] % state.settings.cols];
      const shown = tourShown(state, Int32Array.from(check.path), "paste", null);
      return { ...shown, ...C.checkPassed(state), settings: { ...state.settings, start } };
    });
  }

  store.subscribe((state) => {
    if (waiting && state.python.ready) {
      const due = waiting;
      waiting = null;
      if (state.check === due) validate();
    }
  });

  /** Read and check `text`; a board of another size replaces the page's board. */
  function checkText(text) {
    const { settings } = store.get();
    const read = parseTourText(text, { rows: settings.rows, cols: settings.cols });
    if (read.rows && read.cols) session.changeSettings(C.settingsForRead(settings, read));
    if (!read.ok) {
      run(C.checkUnreadable, read);
      return;
    }
    run(C.checkStarted, read);
    validate();
  }

  /** A text too long to read (from a paste or a file's size): refused with a message, nothing read. */
  function refuse(size, what, name = "") {
    run(C.checkUnreadable, tooLong(size, what, name));
  }

  /** A dropped or chosen file: refused by its size before it is read. */
  async function checkFile(file) {
    if (file.size > MAX_FILE_BYTES) return refuse(file.size, "file", file.name.slice(0, 40));
    let text;
    try {
      text = await file.text();
    } catch (err) {
      const why = msg("play.check.fileUnread", { error: String(err.message).slice(0, 100) });
      return run(C.checkUnreadable, { message: said(why), why });
    }
    if (text.length > MAX_TEXT_CHARS) return refuse(text.length, "file");
    return checkText(text);
  }

  return { checkText, checkFile, refuse };
}
