// The page's language: chosen by the reader (kept, and put in the address) or read from
// the link, its words fetched first when they are not loaded yet.

import { LANGUAGE_KEY } from "../i18n/language.js";
import { hasLanguage, loadLanguage } from "../i18n/messages.js";
import { languageChosen, languageLoadFailed, languageLoading } from "./transitions.js";
import { pushUrl } from "./link.js";

const run = (io, transition, ...args) => io.store.update((state) => transition(state, ...args));

/**
 * Run `then` once the words of `lang` are loaded: now, if they are; else fetch them (the
 * switch says so meanwhile, and says why if they cannot be had), then run it unless the
 * reader has chosen another language since.
 */
export function withLanguage(io, lang, then) {
  if (hasLanguage(lang)) {
    then();
    return;
  }
  const { langLoad } = io.store.get();
  if (langLoad.lang !== lang || langLoad.error) run(io, languageLoading, lang);
  const wanted = () => io.store.get().langLoad.lang === lang;
  loadLanguage(lang).then(
    () => wanted() && then(),
    (error) => run(io, languageLoadFailed, lang, error?.message ?? String(error)),
  );
}

/** The reader picked a language: show it, remember it, and put it in the address. */
export function chooseLanguage(io, lang) {
  if (!hasLanguage(lang)) {
    withLanguage(io, lang, () => chooseLanguage(io, lang));
    return;
  }
  run(io, languageChosen, lang, true);
  try {
    io.storage?.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Not saved (storage refused); the address still carries it.
  }
  pushUrl(io, io.store.get().settings, "replace");
}
