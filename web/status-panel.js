// The status box (the status line, its detail, Stop), the loading indicator while
// Python starts, and the list of problems with the link's parameters.

import { describeStatus, loadingText } from "./status-text.js";
import { byId, listen, setText } from "./panel.js";

const IDS = {
  status: "status", detail: "status-detail", stop: "stop", loading: "loading", loadingText: "loading-text", errors: "param-errors",
};

function paramErrorItems(doc, paramErrors) {
  return paramErrors.map(({ param, message }) => {
    const li = doc.createElement("li");
    li.dataset.param = param;
    li.textContent = message;
    return li;
  });
}

export function mountStatusPanel(doc, { session }) {
  const el = byId(doc, IDS);
  el.box = doc.querySelector(".status-box");
  const { on, unbind } = listen();
  on(el.stop, "click", () => session.stop());
  let shownErrors = null;

  function sync(state) {
    const { text, detail } = describeStatus(state);
    setText(el.status, text);
    setText(el.detail, detail);
    el.box.dataset.status = state.status;
    el.stop.hidden = state.status !== "solving";
    const py = state.python;
    el.loading.hidden = py.ready && !py.failed;
    el.loading.classList.toggle("failed", Boolean(py.failed || py.offline));
    setText(el.loadingText, loadingText(py));
    if (state.paramErrors !== shownErrors) {
      shownErrors = state.paramErrors;
      el.errors.replaceChildren(...paramErrorItems(doc, state.paramErrors));
      el.errors.hidden = state.paramErrors.length === 0;
    }
  }

  return { sync, unbind };
}
