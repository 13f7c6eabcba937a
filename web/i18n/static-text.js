// The page's fixed words in index.html, translated in place: an element's data-i18n names
// the key of its text, and data-i18n-attr lists attributes and their keys
// ("aria-label:key;title:key2"). Applied at start and on every change of language.

import { format } from "./messages.js";

/** Put `lang`'s words into every marked element under `root`. */
export function applyStaticText(root, lang) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    const text = format(lang, node.dataset.i18n);
    if (node.textContent !== text) node.textContent = text;
  }
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of node.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((part) => part.trim());
      if (attr && key) node.setAttribute(attr, format(lang, key));
    }
  }
}

/** The keys index.html names (for the catalog test): [key, ...]. */
export function staticKeys(html) {
  const keys = [];
  for (const m of html.matchAll(/data-i18n="([^"]+)"/g)) keys.push(m[1]);
  for (const m of html.matchAll(/data-i18n-attr="([^"]+)"/g)) {
    for (const pair of m[1].split(";")) keys.push(pair.split(":")[1].trim());
  }
  return keys;
}
