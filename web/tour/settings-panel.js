// The settings form: board size (fields and presets), open or closed, method, the
// xiangqi rule, and holes. Sizes typed in the form follow the URL's rule (shell/url.js).

import { parseSide } from "../core/linked-board.js";
import { holesText, sideMessage } from "./settings-text.js";
import { said } from "../i18n/said.js";
import { t } from "../i18n/messages.js";
import { sizeAccepted, sizeRejected } from "../shell/api.js";
import { byId, listen, setAttr, setProp, setText } from "../core/panel.js";

const IDS = {
  rows: "rows", cols: "cols", sizeError: "size-error", open: "open-tour", closed: "closed-tour", method: "method",
  xiangqi: "xiangqi", editHoles: "edit-holes", clearHoles: "clear-holes", holesNote: "holes-note",
};

/** The size typed in the fields: {rows, cols}, or {error: {rows, cols, message}} naming the bad field (message: a msg() for said()). */
export function readSize(rowsText, colsText) {
  const rows = parseSide(rowsText);
  const cols = parseSide(colsText);
  if (rows !== null && cols !== null) return { rows, cols };
  const message = rows === null ? sideMessage("rows", rowsText) : sideMessage("cols", colsText);
  return { error: { rows: rows === null, cols: cols === null, message } };
}

function bindSize(el, doc, { store, session }, on) {
  const typed = () => {
    const size = readSize(el.rows.value, el.cols.value);
    if (size.error) return store.update((s) => sizeRejected(s, size.error));
    store.update(sizeAccepted);
    session.setSize(size.rows, size.cols);
  };
  on(el.rows, "change", typed);
  on(el.cols, "change", typed);
  for (const button of doc.querySelectorAll("[data-size]")) {
    on(button, "click", () => {
      const [rows, cols] = button.dataset.size.split("x").map(Number);
      store.update(sizeAccepted);
      session.setSize(rows, cols);
    });
  }
}

function syncSize(el, doc, state) {
  const { settings, sizeError } = state;
  if (doc.activeElement !== el.rows) setProp(el.rows, "value", String(settings.rows));
  if (doc.activeElement !== el.cols) setProp(el.cols, "value", String(settings.cols));
  setAttr(el.rows, "aria-invalid", String(Boolean(sizeError && sizeError.rows)));
  setAttr(el.cols, "aria-invalid", String(Boolean(sizeError && sizeError.cols)));
  setText(el.sizeError, sizeError ? said(sizeError.message) : "");
  setProp(el.sizeError, "hidden", !sizeError);
}

/** Offer the methods the solver has that the form does not list yet. */
function syncMethods(el, doc, methods) {
  for (const name of methods) {
    if ([...el.method.options].some((o) => o.value === name)) continue;
    const option = doc.createElement("option");
    option.value = name;
    option.textContent = name;
    el.method.append(option);
  }
}

export function mountSettingsPanel(doc, { store, session }) {
  const el = byId(doc, IDS);
  const { on, unbind } = listen();
  bindSize(el, doc, { store, session }, on);
  on(el.open, "change", () => session.changeSettings({ closed: false }));
  on(el.closed, "change", () => session.changeSettings({ closed: true }));
  on(el.method, "change", () => session.changeSettings({ method: el.method.value }));
  on(el.xiangqi, "change", () => session.changeSettings({ rule: el.xiangqi.checked ? "xiangqi" : "knight" }));
  on(el.editHoles, "click", () => session.toggleEditHoles());
  on(el.clearHoles, "click", () => session.changeSettings({ holes: [] }));
  let methods = null;

  function sync(state) {
    const { settings } = state;
    syncSize(el, doc, state);
    if (state.python.methods !== methods) syncMethods(el, doc, (methods = state.python.methods));
    setProp(el.open, "checked", !settings.closed);
    setProp(el.closed, "checked", settings.closed);
    setProp(el.method, "value", settings.method);
    setProp(el.xiangqi, "checked", settings.rule === "xiangqi");
    setAttr(el.editHoles, "aria-pressed", String(state.editHoles));
    setText(el.editHoles, state.editHoles ? t("tour.holes.done") : t("tour.holes.edit"));
    setProp(el.clearHoles, "disabled", settings.holes.length === 0);
    setText(el.holesNote, holesText(settings));
  }

  return { sync, unbind };
}
