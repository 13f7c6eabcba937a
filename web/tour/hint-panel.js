// The hint above the board (what to do next: the open view's prompt) and the live region that tells screen
// reader users which square the keyboard cursor is on.

import { byId, setText } from "../core/panel.js";
import { playHintKeys } from "../play/text.js";

/**
 * Brings a prompt that answers a tap (class "notice": a refused move, a lost position)
 * into view when it is new and off the screen: on a phone the board fills the screen and
 * the page may be scrolled below the prompt.
 */
function noticeScroller(box) {
  let shown = "";
  return (hintClass, hint) => {
    const fresh = hintClass === "notice" && hint !== shown;
    shown = hintClass === "notice" ? hint : "";
    if (!fresh) return;
    const view = box.ownerDocument.defaultView;
    view.requestAnimationFrame(() => {
      const rect = box.getBoundingClientRect();
      if (rect.top < 0 || rect.bottom > view.innerHeight) box.scrollIntoView({ block: "nearest" });
    });
  };
}

export function mountHintPanel(doc, { views }) {
  const el = byId(doc, { hint: "hint", hintText: "hint-text", hintKeys: "hint-keys", announcement: "cursor-name" });
  const noticeInView = noticeScroller(el.hint);

  function sync(state) {
    const [hintClass, hint] = views.promptOf(state);
    el.hint.className = `hint ${hintClass}`;
    setText(el.hintText, hint);
    noticeInView(hintClass, hint);
    setText(el.hintKeys, playHintKeys(state));
    setText(el.announcement, state.announcement);
  }

  return { sync, unbind() {} };
}
