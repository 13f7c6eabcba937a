// Messages the state keeps (a status line's error, a link's problems, why the page is
// not kept offline): msg(key, params) records which message, and said() writes it in the
// language of the moment, so a change of language rewrites what is already on screen.
// A plain string (the solver's or the browser's own words) is said as it is.

import { language, t } from "../i18n/messages.js";

/** A message kept in the state, to be said later: {key, params}; a param may be a msg too. */
export function msg(key, params) {
  return { key, params };
}

/** A kept message (from msg(), a plain string, or nothing) in the page's language. */
export function said(message) {
  if (!message) return "";
  if (typeof message === "string") return message;
  const params = {};
  for (const [name, value] of Object.entries(message.params || {})) params[name] = sayParam(value);
  return t(message.key, params);
}

/** A parameter as said now: a kept message, the solver's reason in every language
 * ({en, zh}: the page's), or the value itself. */
function sayParam(value) {
  if (value && value.key) return said(value);
  if (value && typeof value === "object" && typeof value.en === "string") return value[language()] ?? value.en;
  return value;
}

/** A problem with the link's parameter `param`: {param, text (the msg), message (said now)}. */
export function paramError(param, text) {
  return { param, text, message: said(text) };
}
