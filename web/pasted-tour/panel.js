// "Check a tour": a text box for a pasted tour (a numbered board, algebraic moves or the
// command line's JSON), a file chooser, and a drop zone. A paste or file too long is
// refused before it lands in the box or is read; the verdict is set as text, never markup.

import { MAX_TEXT_CHARS } from "./text.js";
import { currentCheck } from "./transitions.js";
import { byId, listen, setAttr, setText } from "../core/panel.js";
import { t } from "../i18n/messages.js";
import { said } from "../i18n/said.js";

const IDS = { box: "check-box", text: "check-text", run: "check-run", file: "check-file", result: "check-result", note: "check-note" };

export function mountPastedTourPanel(doc, { pastedTour }) {
  const el = byId(doc, IDS);
  const { on, unbind } = listen();
  on(el.run, "click", () => {
    const { value } = el.text;
    if (value.length > MAX_TEXT_CHARS) pastedTour.refuse(value.length, "text");
    else pastedTour.checkText(value);
  });
  on(el.text, "paste", (event) => {
    const text = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
    if (text.length > MAX_TEXT_CHARS) {
      event.preventDefault(); // never put it in the box: a huge text area would freeze the page
      pastedTour.refuse(text.length, "pasted");
    }
  });
  on(el.file, "change", () => {
    const [file] = el.file.files;
    if (file) pastedTour.checkFile(file);
    el.file.value = "";
  });
  on(el.box, "dragover", (event) => {
    event.preventDefault();
    el.box.classList.add("dropping");
  });
  on(el.box, "dragleave", () => el.box.classList.remove("dropping"));
  on(el.box, "drop", (event) => {
    event.preventDefault();
    el.box.classList.remove("dropping");
    const file = event.dataTransfer && event.dataTransfer.files[0];
    if (file) pastedTour.checkFile(file);
    else {
      const text = event.dataTransfer ? event.dataTransfer.getData("text/plain") : "";
      if (text.length > MAX_TEXT_CHARS) pastedTour.refuse(text.length, "dropped");
      else if (text) pastedTour.checkText(text);
    }
  });

  function sync(state) {
    const check = currentCheck(state);
    setAttr(el.box, "data-check", check ? check.status : "");
    setText(el.result, check ? (check.status === "checking" ? t("play.check.checking") : said(check.why) || check.message) : "");
    setText(el.note, check ? said(check.noteMsg) || check.note : "");
  }

  return { sync, unbind };
}
