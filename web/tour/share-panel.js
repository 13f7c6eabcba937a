// Sharing: the copy-link button, the link itself (shown when the clipboard refused it,
// so it can be copied by hand) and what happened. The link copies what the view shows
// (a tour, a comparison, a heatmap, a game) and the button says which.

import { shareLabel, shareText } from "./status-text.js";
import { currentPlay } from "../play/state.js";
import { byId, listen, setText } from "../core/panel.js";

/** Whether the view has something to link to yet. */
function shareable(state) {
  if (state.view === "heatmap" || state.view === "learn") return true;
  if (state.view === "play") return Boolean(currentPlay(state)?.length) || Boolean(state.tour);
  return Boolean(state.settings.start);
}

export function mountSharePanel(doc, { session }) {
  const el = byId(doc, { copy: "copy-link", link: "link", result: "copy-result" });
  const { on, unbind } = listen();
  on(el.copy, "click", () => session.copyLink());
  let shown = null;
  let shownLang = null;

  function sync(state) {
    el.copy.disabled = !shareable(state);
    setText(el.copy, shareLabel(state.view));
    const { share } = state;
    if (share === shown && state.lang === shownLang) return;
    const fresh = share !== shown;
    shown = share;
    shownLang = state.lang;
    el.link.hidden = !share;
    el.link.value = share ? share.url : "";
    setText(el.result, share ? shareText(share) : "");
    if (fresh && share && !share.copied) el.link.select();
  }

  return { sync, unbind };
}
