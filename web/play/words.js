// Play's messages as data: msg(key, params) names a catalog entry (i18n/en/play.js) to be
// rendered later, so a notice or a pasted text's verdict kept in the state is shown in the
// language of the moment (the reader may switch after it was made). said() renders one;
// a parameter that is itself a message is rendered first.

import { format, language, t } from "../i18n/messages.js";

/** A message to render later: {key, params}. */
export const msg = (key, params = {}) => ({ key, params });

const isMessage = (value) => Boolean(value) && typeof value === "object" && typeof value.key === "string";

/** A message's words in `lang` (the page's language unless given); "" for none. */
export function said(message, lang = language()) {
  if (!isMessage(message)) return "";
  const params = {};
  for (const [name, value] of Object.entries(message.params || {})) params[name] = isMessage(value) ? said(value, lang) : value;
  return format(lang, message.key, params);
}

/** A message in English: the words kept beside it where a reason or a message is read as
 * data (the snapshot, tests, the solver's own reasons are English too). */
export const inEnglish = (message) => said(message, "en");

/** Square names as a list ("a1, c2, e1" / "a1、c2、e1"), the first `most` of them and "…" after. */
export function listed(names, most = Infinity) {
  const shown = names.slice(0, most).join(t("play.list.separator"));
  return names.length > most ? t("play.list.more", { list: shown }) : shown;
}
