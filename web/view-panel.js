// The view switch (the tour, the comparison of methods, the heatmap of start squares;
// other views add their radio to the group) and the node budget the comparison and the
// heatmap run with. The body's data-view lets the stylesheet lay each view out.

import { BUDGETS, checkBudget, quoted } from "./explore/params.js";
import { budgetOf } from "./explore/transitions.js";
import { grouped } from "./core/format.js";
import { byId, listen, setAttr, setProp, setText } from "./core/panel.js";

const IDS = { group: "view-switch", budgetBox: "budget-box", budget: "budget", budgetLabel: "budget-label", budgetError: "budget-error" };

const BUDGET_LABELS = { compare: "Node budget for each method", heatmap: "Node budget for each square" };

export function mountViewPanel(doc, { store, explore }) {
  const el = byId(doc, IDS);
  const { on, unbind } = listen();
  let budgetError = "";
  for (const radio of el.group.querySelectorAll("input[name=view]")) {
    on(radio, "change", () => {
      if (radio.checked) explore.chooseView(radio.value);
    });
  }
  on(el.budget, "change", () => {
    const { view } = store.get();
    const limits = BUDGETS[view];
    if (!limits) return;
    const checked = checkBudget(el.budget.value, limits.max);
    budgetError = checked.error ? `Node budget: “${quoted(el.budget.value)}” ${checked.error}; use a whole number from 1 to ${grouped(limits.max)}.` : "";
    if (!checked.error) explore.chooseBudget(checked.value);
    store.update({}); // redraw the message
  });

  function sync(state) {
    setAttr(doc.body, "data-view", state.view);
    for (const radio of el.group.querySelectorAll("input[name=view]")) setProp(radio, "checked", radio.value === state.view);
    const limits = BUDGETS[state.view];
    setProp(el.budgetBox, "hidden", !limits);
    if (limits) {
      setText(el.budgetLabel, BUDGET_LABELS[state.view]);
      setProp(el.budget, "max", String(limits.max));
      if (doc.activeElement !== el.budget && !budgetError) setProp(el.budget, "value", String(budgetOf(state)));
    }
    setAttr(el.budget, "aria-invalid", String(Boolean(budgetError)));
    setText(el.budgetError, budgetError);
    setProp(el.budgetError, "hidden", !budgetError);
  }

  return { sync, unbind };
}
