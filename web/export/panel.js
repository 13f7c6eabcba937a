// Saving the tour: the numbered board and the moves as text, JSON in the command line's
// schema, PNG and SVG images (with or without move numbers), and printing. Each button
// says beforehand what it makes and how large; the files are made in the export worker.

import { exportPlan, formatBytes } from "./plan.js";
import { makeExport, saveBlob } from "./files.js";
import { t } from "../i18n/messages.js";
import { listen, setText } from "../core/panel.js";

/** The tour record the exporters read, from the state (null when there is no tour). */
export function tourRecord(state) {
  if (!state.tour || state.status !== "found") return null;
  const { rows, cols, holes, closed, rule } = state.settings;
  const r = state.result;
  const result = r ? { status: r.status, method: r.method, reason: r.reason, nodes: r.nodes, backtracks: r.backtracks, seconds: r.seconds } : null;
  return { rows, cols, holes, closed, rule, indices: state.tour, result };
}

/** What a button makes and how large: "about 41 KB: with move numbers". */
function sizeNote(entry) {
  if (entry.bytes === null) return entry.note;
  const params = { size: formatBytes(entry.bytes), note: entry.note };
  return entry.exact ? t("export.size", params) : t("export.size-about", params);
}

export function mountExportPanel(doc, { store }) {
  const list = doc.getElementById("export-list");
  const numbers = doc.getElementById("export-numbers");
  const result = doc.getElementById("export-result");
  const print = doc.getElementById("print");
  const { on, unbind } = listen();
  let planFor = null;
  let busy = false;

  async function save(format) {
    const record = tourRecord(store.get());
    if (!record || busy) return;
    const entry = exportPlan(record, { numbers: numbers.checked }).find((p) => p.format === format);
    busy = true;
    setText(result, t("export.making", { label: entry.label }));
    try {
      const blob = await makeExport(format, record, { numbers: numbers.checked });
      saveBlob(doc, blob, entry.filename);
      setText(result, t("export.saved", { file: entry.filename, size: formatBytes(blob.size) }));
    } catch (err) {
      setText(result, t("export.failed", { label: entry.label, error: err.message }));
    } finally {
      busy = false;
    }
  }

  on(list, "click", (event) => {
    const button = event.target.closest("button[data-format]");
    if (button) save(button.dataset.format);
  });
  on(numbers, "change", () => {
    planFor = null;
    sync(store.get());
  });
  on(print, "click", () => doc.defaultView.print());

  function sync(state) {
    const record = tourRecord(state);
    const key = `${record ? `${record.rows}x${record.cols}|${record.holes.length}|${numbers.checked}` : ""}|${state.lang}`;
    if (key === planFor) return;
    planFor = key;
    const plan = exportPlan(record || { ...state.settings }, { numbers: numbers.checked });
    list.replaceChildren(...plan.map((entry) => {
      const li = doc.createElement("li");
      const button = doc.createElement("button");
      button.type = "button";
      button.dataset.format = entry.format;
      button.textContent = entry.label;
      button.disabled = !record;
      const id = `export-note-${entry.format}`;
      button.setAttribute("aria-describedby", id);
      const note = doc.createElement("span");
      note.className = "note";
      note.id = id;
      note.textContent = sizeNote(entry);
      li.append(button, " ", note);
      return li;
    }));
    print.disabled = !record;
  }

  return { sync, unbind };
}
