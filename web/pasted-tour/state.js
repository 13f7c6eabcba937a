// A pasted tour's part of the page state (plain data, merged into the root state): the
// check of the text a person pasted or dropped, for the board it was read on
// ({board, path, status, ...}: transitions.js); null before anything is pasted.

/** Fresh pasted-tour state (a factory, so two pages never share objects). */
export function defaultPastedTourState() {
  return { check: null };
}
