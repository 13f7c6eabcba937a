// The status box (the status line, its detail, Stop), the loading indicator while
// Python starts (which start, what downloads), how Python started and whether the page
// is kept offline, and the list of problems with the link's parameters.

import { downloadsText, loadingText, startText, waitText } from "../solver/start-text.js";
import { said } from "../i18n/said.js";
import { byId, listen, revealNextFrame, setText, setProp } from "../core/panel.js";

const IDS = {
  status: "status", detail: "status-detail", stop: "stop", loading: "loading", loadingText: "loading-text", errors: "param-errors",
  problems: "link-problems", closeProblems: "link-problems-close",
  progress: "loading-progress", files: "loading-files", start: "python-start", loadingDetail: "loading-detail",
  retry: "python-retry",
};

function paramErrorItems(doc, paramErrors) {
  return paramErrors.map(({ param, message, text }) => {
    const li = doc.createElement("li");
    li.dataset.param = param;
    li.textContent = said(text) || message;
    return li;
  });
}

const VERDICTS = ["found", "impossible", "gave_up", "error"];

/**
 * Brings the status line into view when the verdict on a start chosen on this page
 * arrives in the Tour view, whose answer this line is (a phone's board fills the screen, and
 * the verdict would sit below it); a start that came with the page's link scrolls nothing.
 */
function verdictScroller(line) {
  let seenStart;
  let armed = false;
  return (state) => {
    const start = state.settings.start ? state.settings.start.join(".") : "";
    if (seenStart !== undefined && start !== seenStart && start) armed = true;
    seenStart = start;
    if (!armed || !VERDICTS.includes(state.status)) return;
    if (state.view !== "tour") return void (armed = false); // another view's own panel holds its answer
    armed = false;
    revealNextFrame(line); // the hint above may have grown this frame
  };
}

export function mountStatusPanel(doc, { session, search, views }) {
  const el = byId(doc, IDS);
  el.box = doc.querySelector(".status-box");
  const { on, unbind } = listen();
  on(el.stop, "click", () => search.stop());
  on(el.retry, "click", () => session.retryPython());
  on(el.closeProblems, "click", () => {
    session.closeLinkProblems();
    // The button goes with the list: the keyboard carries on from the open view's tab.
    doc.querySelector('#view-tabs [aria-selected="true"]')?.focus();
  });
  let shownErrors = null;
  let shownLang = null;
  const verdictInView = verdictScroller(el.status);

  function sync(state) {
    const { text, detail } = views.statusOf(state); // the open view's sentence, never another's
    setText(el.status, text);
    setText(el.detail, detail);
    setProp(el.box.dataset, "status", state.status);
    setProp(el.stop, "hidden", state.status !== "solving");
    verdictInView(state);
    const py = state.python;
    setProp(el.loading, "hidden", py.ready && !py.failed);
    el.loading.classList.toggle("failed", Boolean(py.failed || py.offline || py.stalled));
    setProp(el.retry, "hidden", !(py.failed || py.stalled) || py.ready);
    // The plain line in view; which start, its stage and the downloads in the folded notes.
    setText(el.loadingText, waitText(py));
    setText(el.loadingDetail, py.ready || py.failed ? "" : loadingText(py));
    const downloads = downloadsText(py.files, py.ready);
    setProp(el.progress, "hidden", !downloads.total || Boolean(py.failed));
    if (downloads.total) {
      if (el.progress.max !== downloads.total) el.progress.max = downloads.total;
      if (el.progress.value !== downloads.received) el.progress.value = downloads.received;
    }
    setText(el.files, py.failed ? "" : downloads.text);
    const started = startText(py, state.offlineCache);
    setText(el.start, started);
    setProp(el.start, "hidden", !started);
    if (state.paramErrors !== shownErrors || state.lang !== shownLang) {
      shownErrors = state.paramErrors;
      shownLang = state.lang;
      el.errors.replaceChildren(...paramErrorItems(doc, state.paramErrors));
      el.problems.hidden = state.paramErrors.length === 0;
    }
  }

  return { sync, unbind };
}
