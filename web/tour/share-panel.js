// Sharing: the copy-link button, the link itself (shown when the clipboard refused it,
// so it can be copied by hand) and what happened. The link is shown for the settings it
// was made for only.

import { shareText } from "./status-text.js";
import { byId, listen, setText } from "../core/panel.js";

export function mountSharePanel(doc, { session }) {
  const el = byId(doc, { copy: "copy-link", link: "link", result: "copy-result" });
  const { on, unbind } = listen();
  on(el.copy, "click", () => session.copyLink());
  let shown = null;

  function sync(state) {
    el.copy.disabled = !state.settings.start;
    const { share } = state;
    if (share === shown) return;
    shown = share;
    el.link.hidden = !share;
    el.link.value = share ? share.url : "";
    setText(el.result, share ? shareText(share) : "");
    if (share && !share.copied) el.link.select();
  }

  return { sync, unbind };
}
