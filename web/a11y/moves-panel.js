// The tour's moves as text, an ordered list ("1. a1, 2. c2, ..."), the current move
// marked (aria-current and bold, not by colour alone). Long tours show a window around
// the playback position.

import { moveListWindow } from "./move-list.js";
import { drawnPath } from "../core/timeline.js";
import { number } from "../core/format.js";
import { setProp, setText } from "../core/panel.js";
import { t } from "../i18n/messages.js";

/** The note under the list: how much of the tour it shows. */
function noteText(win) {
  if (!win.total) return t("a11y.moves.none");
  if (win.first > 1 || win.last < win.total) {
    return t("a11y.moves.window", { first: number(win.first), last: number(win.last), total: number(win.total) });
  }
  return t("a11y.moves.all", { total: number(win.total) });
}

export function mountMovesPanel(doc) {
  const list = doc.getElementById("move-list");
  const note = doc.getElementById("move-list-note");
  let shownFor = null;
  let first = 0;
  let last = -1;
  let items = [];
  let current = null;
  let lang = null;

  function sync(state) {
    const { path, shown } = drawnPath(state);
    const tour = state.search ? null : path;
    const { rows, cols } = state.settings;
    const win = moveListWindow(tour, rows, cols, shown);
    if (tour !== shownFor || win.first !== first || win.last !== last || state.lang !== lang) {
      shownFor = tour;
      lang = state.lang;
      first = win.first;
      last = win.last;
      setProp(list, "start", Math.max(1, win.first));
      // Reuse the items: while the slider moves, the window shifts every frame.
      while (items.length < win.items.length) items.push(doc.createElement("li"));
      if (items.length > win.items.length) items.length = win.items.length;
      win.items.forEach(({ name }, k) => setText(items[k], name));
      if (list.children.length !== items.length || items.some((li, k) => list.children[k] !== li)) list.replaceChildren(...items);
      if (current) current.removeAttribute("aria-current");
      current = null;
      setText(note, noteText(win));
    }
    const at = items[shown - first] || null;
    if (at !== current) {
      if (current) current.removeAttribute("aria-current");
      if (at) at.setAttribute("aria-current", "step");
      current = at;
    }
  }

  return { sync, unbind() {} };
}
