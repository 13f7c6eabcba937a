// The settings form: board size (fields and presets), open or closed, method, the piece
// (the knight, the xiangqi horse, a named leaper or any (a, b): core/leapers.js), and
// holes. Sizes typed in the form follow the URL's rule (shell/url.js).

import { parseSide } from "../core/linked-board.js";
import { holesText, sideMessage } from "./settings-text.js";
import { said } from "../i18n/said.js";
import { t } from "../i18n/messages.js";
import { sizeAccepted, sizeRejected } from "../shell/api.js";
import { byId, listen, setAttr, setProp, setText } from "../core/panel.js";
import { LEAPER_LIMIT, NAMED_LEAPERS, isLeaper, leaperName, leaperOf, leaperRule } from "../core/leapers.js";
import { pieceName } from "../core/piece-name.js";
import { msg } from "../i18n/said.js";

const IDS = {
  rows: "rows", cols: "cols", sizeError: "size-error", open: "open-tour", closed: "closed-tour", method: "method",
  piece: "piece", numbers: "leaper-numbers", a: "leaper-a", b: "leaper-b", pieceError: "leaper-error", editHoles: "edit-holes", clearHoles: "clear-holes", holesNote: "holes-note",
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

/** A leaper's number as typed: a whole number from 0 to LEAPER_LIMIT, or null. */
function readNumber(text) {
  const trimmed = String(text).trim();
  return /^[0-9]{1,4}$/.test(trimmed) && Number(trimmed) <= LEAPER_LIMIT ? Number(trimmed) : null;
}

/** The rule the piece menu and the two numbers ask for: {rule} or {error} (a msg()), the
 * current rule named in the error; a chosen name needs no numbers. */
export function readPiece(choice, aText, bText, current) {
  if (choice === "xiangqi" || choice === "knight") return { rule: choice };
  if (Object.hasOwn(NAMED_LEAPERS, choice)) return { rule: leaperRule(...NAMED_LEAPERS[choice]) };
  const rule = leaperRule(readNumber(aText), readNumber(bText));
  return rule ? { rule } : { error: msg("page.piece.bad", { max: String(LEAPER_LIMIT), piece: pieceName(current) }) };
}

/** The piece menu's choice for a rule: its name, "xiangqi", or "other". */
export const pieceChoice = (rule) => (rule === "xiangqi" ? rule : leaperName(rule) || "other");

/** The piece menu and, under "other", the two numbers: a change of rule is a change of settings. */
function bindPiece(el, { store, session }, on) {
  const chosen = () => {
    const current = store.get().settings;
    const other = el.piece.value === "other";
    const read = readPiece(el.piece.value, el.a.value, el.b.value, current.rule);
    store.update({ pieceForm: { other, error: read.error ?? null } });
    if (read.error || read.rule === current.rule) return;
    // The constructions build knight's tours only (a leaper's solve refuses them).
    const method = isLeaper(read.rule) && current.method === "construct" ? "auto" : current.method;
    session.changeSettings({ rule: read.rule, method });
  };
  on(el.piece, "change", chosen);
  on(el.a, "change", chosen);
  on(el.b, "change", chosen);
}

function syncPiece(el, doc, { settings, pieceForm }) {
  const { other, error } = pieceForm;
  const choice = other ? "other" : pieceChoice(settings.rule);
  setProp(el.piece, "value", choice);
  setProp(el.numbers, "hidden", choice !== "other");
  // The numbers follow the rule, but for a field being typed in and a bad pair shown.
  const [a, b] = leaperOf(settings.rule);
  if (doc.activeElement !== el.a && !error) setProp(el.a, "value", String(a));
  if (doc.activeElement !== el.b && !error) setProp(el.b, "value", String(b));
  setAttr(el.a, "aria-invalid", String(Boolean(error)));
  setAttr(el.b, "aria-invalid", String(Boolean(error)));
  setText(el.pieceError, error ? said(error) : "");
  setProp(el.pieceError, "hidden", !error);
  const construct = [...el.method.options].find((o) => o.value === "construct");
  if (construct) setProp(construct, "disabled", isLeaper(settings.rule));
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
  bindPiece(el, { store, session }, on);
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
    syncPiece(el, doc, state);
    setAttr(el.editHoles, "aria-pressed", String(state.editHoles));
    setText(el.editHoles, state.editHoles ? t("tour.holes.done") : t("tour.holes.edit"));
    setProp(el.clearHoles, "disabled", settings.holes.length === 0);
    setText(el.holesNote, holesText(settings));
  }

  return { sync, unbind };
}
