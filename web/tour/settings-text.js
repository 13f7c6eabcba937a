// The settings form's words: the holes listed, and a board side typed that breaks the
// link's rule.

import { MAX_SIDE, squareName } from "../core/squares.js";
import { quoted } from "../core/excerpt.js";
import { t } from "../i18n/messages.js";
import { msg, said } from "../i18n/said.js";
import { isLeaper } from "../core/leapers.js";
import { pieceName } from "../core/piece-name.js";

/** "2 holes: c3, d3", at most twelve names. */
export function holesText(settings) {
  const { holes, rows } = settings;
  if (!holes.length) return isLeaper(settings.rule) ? t("tour.leaper.holes-none", { piece: said(pieceName(settings.rule)) }) : t("tour.holes.none");
  const names = holes.slice(0, 12).map((sq) => squareName(sq, rows)).join(t("tour.list.comma"));
  const squares = holes.length > 12 ? t("tour.holes.more", { names }) : names;
  return t("tour.holes", { count: holes.length, squares });
}

/** The message for a board side typed in the form that breaks the URL's rule: msg() for said(). */
export function sideMessage(field, typed) {
  const params = { value: quoted(typed), max: String(MAX_SIDE) };
  return /^rows$/i.test(field) ? msg("tour.size.error.rows", params) : msg("tour.size.error.cols", params);
}
