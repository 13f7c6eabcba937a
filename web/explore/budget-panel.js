// The node budget the comparison and the heatmap run with: its box beside the tabs, shown
// in those two views only, and the message for a value it cannot use.

import { BUDGETS, checkBudget, quoted } from "./params.js";
import { budgetOf } from "./transitions.js";
import { t } from "../i18n/messages.js";
import { byId, listen, setAttr, setProp, setText } from "../core/panel.js";

const IDS = { budgetBox: "budget-box", budget: "budget", budgetLabel: "budget-label", budgetError: "budget-error" };

function budgetMessage(raw, limits) {
  const checked = checkBudget(raw, limits.max);
  if (!checked.error) return { value: checked.value, error: "" };
  return { error: t("shell.budget.error", { value: quoted(raw), problem: checked.error, max: limits.max }) };
}

export function mountBudgetPanel(doc, { store, explore }) {
  const el = byId(doc, IDS);
  const { on, unbind } = listen();
  let budgetError = "";
  on(el.budget, "change", () => {
    const limits = BUDGETS[store.get().view];
    if (!limits) return;
    const checked = budgetMessage(el.budget.value, limits);
    budgetError = checked.error;
    if (!checked.error) explore.chooseBudget(checked.value);
    store.update({}); // redraw the message
  });

  function sync(state) {
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

  return { sync, unbind };
}
