// The language switch in the header (English / 中文) and what follows the language:
// <html lang>, the page's title and the fixed words of index.html (static-text.js); and,
// beside the switch, a language whose words are still being fetched or could not be
// (state.langLoad), said in that language (its shell words are always in the page).

import { LANGUAGES } from "./catalogs.js";
import { format } from "./messages.js";
import { htmlLang } from "./language.js";
import { applyStaticText } from "./static-text.js";
import { listen, setAttr, setProp, setText } from "../core/panel.js";

/** The sentence beside the switch for `langLoad` ({lang, error}), in that language; "" for none. */
export function loadNote({ lang, error }) {
  if (!lang) return "";
  // The browser's own reason (state.langLoad.error, in English) is the console's to say.
  return format(lang, error ? "shell.language.failed" : "shell.language.loading");
}

export function mountLanguagePanel(doc, { session }) {
  const buttons = [...doc.querySelectorAll("#language-switch [data-lang]")];
  const note = doc.getElementById("language-note");
  const { on, unbind } = listen();
  for (const button of buttons) on(button, "click", () => session.chooseLanguage(button.dataset.lang));
  let shown = null;

  function sync(state) {
    for (const button of buttons) {
      setAttr(button, "aria-pressed", String(button.dataset.lang === state.lang));
      setAttr(button, "aria-busy", String(button.dataset.lang === state.langLoad.lang && !state.langLoad.error));
    }
    if (note) {
      const text = loadNote(state.langLoad);
      setText(note, text);
      setProp(note, "hidden", !text);
      if (state.langLoad.lang) setAttr(note, "lang", htmlLang(state.langLoad.lang));
    }
    if (state.lang === shown || !LANGUAGES.includes(state.lang)) return;
    shown = state.lang;
    setAttr(doc.documentElement, "lang", htmlLang(state.lang));
    doc.title = format(state.lang, "shell.title");
    applyStaticText(doc, state.lang);
  }

  return { sync, unbind };
}
