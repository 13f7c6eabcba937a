// The view tabs above the board, one per registered view, in the registry's order. The
// body's data-view shows each view's own controls only: an element with
// data-views="tour play" shows in those views, by one rule a view written here into the
// page's stylesheet (hideRule), so that a view added to the registry needs no line there.
// Tabs follow the ARIA tabs pattern: arrows, Home and End move the focus, Enter or Space
// (a button's click) opens the view; opening one may start work, so focus alone does not.
// index.html holds the page's own tabs (drawn before any script runs); a view without one
// gets a tab made here.

import { t } from "../i18n/messages.js";
import { byId, listen, setAttr, setText } from "../core/panel.js";

const IDS = { tabs: "view-tabs", main: "view-main", about: "view-about" };

/** The index of the tab a key moves the focus to, from tab `at` of `count`; null for other keys. */
export function tabAfterKey(key, at, count) {
  if (key === "ArrowRight" || key === "ArrowDown") return (at + 1) % count;
  if (key === "ArrowLeft" || key === "ArrowUp") return (at - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/** The rule that hides, while view `id` is open, every element that names only other
 * views in its data-views. */
export function hideRule(id) {
  return `body[data-view="${id}"] [data-views]:not([data-views~="${id}"]) { display: none !important; }`;
}

/** A rule a view into the page's stylesheet (style.css), at its end: written through the
 * CSSOM, which the page's content security policy allows (it forbids inline styles). */
function hideOtherViews(doc, ids) {
  const sheet = [...(doc.styleSheets ?? [])].find((s) => /(^|\/)style\.css([?#]|$)/.test(s.href ?? ""));
  if (!sheet) return;
  for (const id of ids) sheet.insertRule(hideRule(id), sheet.cssRules.length);
}

/** The tab of each view, in the registry's order: index.html's, or one made for it. */
function tabsFor(doc, list, views) {
  const existing = new Map([...list.querySelectorAll("[role=tab]")].map((tab) => [tab.dataset.view, tab]));
  return views.titles().map(({ id, title }) => {
    let tab = existing.get(id);
    if (!tab) {
      tab = doc.createElement("button");
      Object.assign(tab, { type: "button", id: `tab-${id}`, textContent: title ?? t(`shell.tab.${id}`) });
      tab.dataset.view = id;
      for (const [name, value] of [["role", "tab"], ["aria-selected", "false"], ["aria-controls", IDS.main], ["tabindex", "-1"]]) tab.setAttribute(name, value);
      list.appendChild(tab);
    }
    return tab;
  });
}

function syncTabs(el, tabs, view, about) {
  for (const tab of tabs) {
    const selected = tab.dataset.view === view;
    setAttr(tab, "aria-selected", String(selected));
    setAttr(tab, "tabindex", selected ? "0" : "-1");
    if (selected) setAttr(el.main, "aria-labelledby", tab.id);
  }
  setText(el.about, about ?? t(`shell.about.${view}`));
}

export function mountViewTabs(doc, { session, views }) {
  const el = byId(doc, IDS);
  hideOtherViews(doc, views.ids);
  const tabs = tabsFor(doc, el.tabs, views);
  const { on, unbind } = listen();
  tabs.forEach((tab, at) => {
    on(tab, "click", () => session.chooseView(tab.dataset.view));
    on(tab, "keydown", (event) => {
      const next = tabAfterKey(event.key, at, tabs.length);
      if (next === null) return;
      event.preventDefault();
      tabs[next].focus();
    });
  });

  function sync(state) {
    setAttr(doc.body, "data-view", state.view);
    // Playback and saving apply once the open view has a tour (in Play: a finished game).
    setAttr(doc.body, "data-tour", views.ownsTour(state) ? "shown" : "none");
    syncTabs(el, tabs, state.view, views.of(state).about?.(state));
  }

  return { sync, unbind };
}
