// The language switch in the header (English / 中文) and what follows the language:
// <html lang>, the page's title and the fixed words of index.html (static-text.js).

import { LANGUAGES } from "./catalogs.js";
import { format } from "./messages.js";
import { htmlLang } from "./language.js";
import { applyStaticText } from "./static-text.js";
import { listen, setAttr } from "../core/panel.js";

export function mountLanguagePanel(doc, { session }) {
  const buttons = [...doc.querySelectorAll("#language-switch [data-lang]")];
  const { on, unbind } = listen();
  for (const button of buttons) on(button, "click", () => session.chooseLanguage(button.dataset.lang));
  let shown = null;

  function sync(state) {
    for (const button of buttons) setAttr(button, "aria-pressed", String(button.dataset.lang === state.lang));
    if (state.lang === shown || !LANGUAGES.includes(state.lang)) return;
    shown = state.lang;
    setAttr(doc.documentElement, "lang", htmlLang(state.lang));
    doc.title = format(state.lang, "shell.title");
    applyStaticText(doc, state.lang);
  }

  return { sync, unbind };
}
