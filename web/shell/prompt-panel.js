// The tagline (naming the piece chosen), the line above the board (what to do next: the
// open view's prompt, and its keys where a keyboard is likely) and the live region that tells screen reader users which square
// the keyboard cursor is on.

import { byId, setText, setProp } from "../core/panel.js";
import { t } from "../i18n/messages.js";
import { said } from "../i18n/said.js";
import { isLeaper } from "../core/leapers.js";
import { pieceName } from "../core/piece-name.js";

/** The tagline under the heading: the knight's (index.html's own words), or, with a leaper
 * chosen, the same sentence naming it. */
export function taglineText(rule) {
  return isLeaper(rule) ? t("shell.tagline.leaper", { piece: said(pieceName(rule)) }) : t("shell.tagline");
}

export function mountPromptPanel(doc, { views }) {
  const el = byId(doc, { hint: "hint", hintText: "hint-text", hintKeys: "hint-keys", announcement: "cursor-name", tagline: "tagline" });

  function sync(state) {
    setText(el.tagline, taglineText(state.settings.rule));
    const [hintClass, hint, keys = ""] = views.promptOf(state);
    setProp(el.hint, "className", `hint ${hintClass}`);
    setText(el.hintText, hint);
    setText(el.hintKeys, keys);
    setText(el.announcement, state.announcement);
  }

  return { sync, unbind() {} };
}
