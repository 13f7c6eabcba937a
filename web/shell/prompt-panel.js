// The line above the board (what to do next: the open view's prompt, and its keys where
// a keyboard is likely) and the live region that tells screen reader users which square
// the keyboard cursor is on.

import { byId, setText, setProp } from "../core/panel.js";

export function mountPromptPanel(doc, { views }) {
  const el = byId(doc, { hint: "hint", hintText: "hint-text", hintKeys: "hint-keys", announcement: "cursor-name" });

  function sync(state) {
    const [hintClass, hint, keys = ""] = views.promptOf(state);
    setProp(el.hint, "className", `hint ${hintClass}`);
    setText(el.hintText, hint);
    setText(el.hintKeys, keys);
    setText(el.announcement, state.announcement);
  }

  return { sync, unbind() {} };
}
