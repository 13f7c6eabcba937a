// The comparison: one row per method under one node budget (verdict, nodes, backtracks,
// time, and how many times faster than the slowest, with a bar), the open row's tour or
// search on the board, and a sentence saying who won.

import { reasonText } from "../i18n/said.js";
import { compareRows, compareSummary } from "./compare-data.js";
import { currentCompare } from "./compare-view.js";
import { t } from "../i18n/messages.js";
import { squareName } from "../core/squares.js";
import { byId, listen, setText, setProp } from "../core/panel.js";

const IDS = { box: "compare-view", body: "compare-body", summary: "compare-summary", note: "compare-note", rerun: "compare-rerun" };

const COLUMN_KEYS = { nodes: "page.nodes", backtracks: "page.backtracks", ms: "page.time" };

/** A cell's role, and its column's name for the card a phone shows it in (style.css). */
function cellLabel(td, key) {
  td.setAttribute("role", "cell");
  td.dataset.label = t(key);
}

function rowElement(doc, row, opened, explore) {
  // Explicit roles: on a phone the rows become cards (style.css), and a table whose
  // display changes keeps its meaning for screen readers only through them.
  const tr = doc.createElement("tr");
  tr.setAttribute("role", "row");
  tr.dataset.method = row.method;
  tr.dataset.status = row.status;
  if (row.fastest) tr.classList.add("fastest");
  if (row.method === opened) tr.classList.add("opened");
  const head = doc.createElement("th");
  head.scope = "row";
  head.setAttribute("role", "rowheader");
  const open = doc.createElement("button");
  open.type = "button";
  open.className = "link";
  open.textContent = row.label;
  const finished = ["found", "impossible", "gave_up"].includes(row.status);
  open.disabled = !finished;
  open.title = row.status === "found" ? t("explore.compare.show-tour") : t("explore.compare.replay-search");
  open.setAttribute("aria-pressed", String(row.method === opened));
  open.addEventListener("click", () => explore.openCompareRow(row.method));
  head.append(open);
  if (row.fastest) {
    const badge = doc.createElement("span");
    badge.className = "badge";
    badge.textContent = t("explore.compare.fastest");
    head.append(" ", badge);
  }
  tr.append(head);
  const verdict = doc.createElement("td");
  verdict.className = `verdict verdict-${row.status}`;
  cellLabel(verdict, "page.verdict");
  verdict.textContent = row.verdict;
  if (row.reason && row.status !== "found") verdict.title = reasonText(row);
  tr.append(verdict);
  for (const key of ["nodes", "backtracks", "ms"]) {
    const td = doc.createElement("td");
    td.className = "num";
    cellLabel(td, COLUMN_KEYS[key]);
    td.textContent = row.text[key];
    tr.append(td);
  }
  const ratio = doc.createElement("td");
  ratio.className = "ratio";
  cellLabel(ratio, "page.speed");
  const bar = doc.createElement("span");
  bar.className = "bar";
  bar.setAttribute("aria-hidden", "true");
  // Bar length: this method's time as a share of the slowest's.
  bar.style.width = row.ratio ? `${Math.max(2, 100 / row.ratio)}%` : "0";
  const text = doc.createElement("span");
  text.textContent = row.text.ratio;
  ratio.append(bar, text);
  tr.append(ratio);
  return tr;
}

export function mountComparePanel(doc, { store, explore }) {
  const el = byId(doc, IDS);
  const { on, unbind } = listen();
  on(el.rerun, "click", () => explore.rerunCompare());
  let shown = null;
  let shownOpened = null;
  let shownLang = null;

  function sync(state) {
    const visible = state.view === "compare";
    setProp(el.box, "hidden", !visible);
    if (!visible) return;
    // A comparison for another start (or none chosen) is not shown: its table would be stale.
    const c = currentCompare(state);
    const { settings } = state;
    if (!settings.start) {
      setText(el.note, t("explore.compare.note.pick"));
    } else if (c) {
      setText(el.note, t("explore.compare.note", { square: squareName(settings.start, settings.rows), rows: settings.rows, cols: settings.cols, budget: c.budget }));
    }
    setProp(el.rerun, "disabled", !c || c.status === "running");
    if (c === shown && c?.opened === shownOpened && state.lang === shownLang) return;
    shown = c;
    shownOpened = c?.opened;
    shownLang = state.lang;
    const rows = compareRows(c ? c.results : {}, c ? c.running : null);
    const focused = el.body.contains(doc.activeElement) ? doc.activeElement.closest("tr")?.dataset.method : null;
    el.body.replaceChildren(...rows.map((row) => rowElement(doc, row, c?.opened, explore)));
    if (focused) el.body.querySelector(`tr[data-method="${focused}"] button`)?.focus();
    setText(el.summary, c && c.status !== "running" ? compareSummary(rows) : c ? t("explore.compare.running") : "");
  }

  return { sync, unbind };
}
