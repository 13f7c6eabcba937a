// Messages the state keeps (a status line's error, a link's problems, a notice, a pasted
// text's verdict): msg(key, params) records which catalog entry, and said() writes it in
// the language of the moment, so a change of language rewrites what is already on screen.
// A plain string (the browser's own words) is said as it is; the solver's reasons come
// in every language ({en, zh}, knight_py.explain_all) and are said in the page's.

import { format, language } from "./messages.js";

/** A message kept in the state, to be said later: {key, params}; a param may be a msg too. */
export const msg = (key, params = {}) => ({ key, params });

const isMessage = (value) => Boolean(value) && typeof value === "object" && typeof value.key === "string";

/** A parameter as said in `lang`: a kept message, the solver's words in every language, or the value itself. */
function sayParam(value, lang) {
  if (isMessage(value)) return said(value, lang);
  if (value && typeof value === "object" && typeof value.en === "string") return value[lang] ?? value.en;
  return value;
}

/** A kept message (from msg(), a plain string, or nothing) in `lang`, the page's language unless given. */
export function said(message, lang = language()) {
  if (!message) return "";
  if (typeof message === "string") return message;
  if (!isMessage(message)) return "";
  const params = {};
  for (const [name, value] of Object.entries(message.params || {})) params[name] = sayParam(value, lang);
  return format(lang, message.key, params);
}

/** A message in English: the words kept beside it where a reason or a message is read as
 * data (the snapshot, tests, the solver's own reasons are English too). */
export const inEnglish = (message) => said(message, "en");

/** The solver's reason of a result or error ({reason | message, reasons}) in the page's language. */
export function reasonText(from) {
  if (!from) return "";
  return from.reasons?.[language()] ?? from.reason ?? from.message ?? "";
}

/** A problem with the link's parameter `param`: {param, text (the msg), message (said now)}. */
export function paramError(param, text) {
  return { param, text, message: said(text) };
}
