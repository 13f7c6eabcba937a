// Sharing: the copy-link button, the link itself (shown when the clipboard refused it,
// so it can be copied by hand) and what happened. The link copies what the view shows
// (a tour, a comparison, a heatmap, a game) and the button says which.

import { t } from "../i18n/messages.js";
import { byId, listen, setText, setProp } from "../core/panel.js";

/** What copying the link did: copied (and what the link shows), or how to copy it by hand. */
export function shareText(share) {
  return share.copied ? t(`tour.share.copied.${share.view}`) : t("tour.share.by-hand");
}

/** The copy-link button's label: what the link reproduces (views.shareKind). */
export function shareLabel(kind) {
  return t(`tour.share.label.${kind}`);
}

export function mountSharePanel(doc, { session, views }) {
  const el = byId(doc, { copy: "copy-link", link: "link", result: "copy-result" });
  const { on, unbind } = listen();
  on(el.copy, "click", () => session.copyLink());
  let shown = null;
  let shownLang = null;

  function sync(state) {
    setProp(el.copy, "disabled", !views.shareable(state));
    setText(el.copy, shareLabel(views.shareKind(state)));
    const { share } = state;
    if (share === shown && state.lang === shownLang) return;
    const fresh = share !== shown;
    shown = share;
    shownLang = state.lang;
    setProp(el.link, "hidden", !share);
    el.link.value = share ? share.url : "";
    setText(el.result, share ? shareText(share) : "");
    if (fresh && share && !share.copied) el.link.select();
  }

  return { sync, unbind };
}
