// The view tabs above the board (Tour, Compare, Heatmap, Play) and the node budget the
// comparison and the heatmap run with. The body's data-view lets the stylesheet show each
// view's own controls only: an element with data-views="tour play" shows in those views.
// Tabs follow the ARIA tabs pattern: arrows, Home and End move the focus, Enter or Space
// (a button's click) opens the view; opening one may start work, so focus alone does not.

import { BUDGETS, checkBudget, quoted } from "../explore/params.js";
import { budgetOf } from "../explore/transitions.js";
import { t } from "../i18n/messages.js";
import { byId, listen, setAttr, setProp, setText } from "../core/panel.js";

const IDS = {
  tabs: "view-tabs", main: "view-main", about: "view-about",
  budgetBox: "budget-box", budget: "budget", budgetLabel: "budget-label", budgetError: "budget-error",
};


/** The index of the tab a key moves the focus to, from tab `at` of `count`; null for other keys. */
export function tabAfterKey(key, at, count) {
  if (key === "ArrowRight" || key === "ArrowDown") return (at + 1) % count;
  if (key === "ArrowLeft" || key === "ArrowUp") return (at - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

function budgetMessage(raw, limits) {
  const checked = checkBudget(raw, limits.max);
  if (!checked.error) return { value: checked.value, error: "" };
  return { error: t("shell.budget.error", { value: quoted(raw), problem: checked.error, max: limits.max }) };
}

function syncTabs(el, tabs, view) {
  for (const tab of tabs) {
    const selected = tab.dataset.view === view;
    setAttr(tab, "aria-selected", String(selected));
    setAttr(tab, "tabindex", selected ? "0" : "-1");
    if (selected) setAttr(el.main, "aria-labelledby", tab.id);
  }
  setText(el.about, t(`shell.about.${view}`));
}

function syncBudget(el, state, budgetError, doc) {
  const limits = BUDGETS[state.view];
  setProp(el.budgetBox, "hidden", !limits);
  if (limits) {
    setText(el.budgetLabel, t(`shell.budget.${state.view}`));
    setProp(el.budget, "max", String(limits.max));
    if (doc.activeElement !== el.budget && !budgetError) setProp(el.budget, "value", String(budgetOf(state)));
  }
  setAttr(el.budget, "aria-invalid", String(Boolean(budgetError)));
  setText(el.budgetError, budgetError);
  setProp(el.budgetError, "hidden", !budgetError);
}

export function mountViewTabs(doc, { store, explore, views }) {
  const el = byId(doc, IDS);
  const tabs = [...el.tabs.querySelectorAll("[role=tab]")];
  const { on, unbind } = listen();
  let budgetError = "";
  tabs.forEach((tab, at) => {
    on(tab, "click", () => explore.chooseView(tab.dataset.view));
    on(tab, "keydown", (event) => {
      const next = tabAfterKey(event.key, at, tabs.length);
      if (next === null) return;
      event.preventDefault();
      tabs[next].focus();
    });
  });
  on(el.budget, "change", () => {
    const limits = BUDGETS[store.get().view];
    if (!limits) return;
    const checked = budgetMessage(el.budget.value, limits);
    budgetError = checked.error;
    if (!checked.error) explore.chooseBudget(checked.value);
    store.update({}); // redraw the message
  });

  function sync(state) {
    setAttr(doc.body, "data-view", state.view);
    // Playback and saving apply once the open view has a tour (in Play: a finished game).
    setAttr(doc.body, "data-tour", views.ownsTour(state) ? "shown" : "none");
    syncTabs(el, tabs, state.view);
    syncBudget(el, state, budgetError, doc);
  }

  return { sync, unbind };
}
