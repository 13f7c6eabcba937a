// The screen reader's words for the keyboard cursor's square.

import { squareName } from "../core/squares.js";
import { t } from "../i18n/messages.js";

/** The screen reader's words for the keyboard cursor's square. */
export function cursorText(cursor, rows) {
  return t("tour.cursor", { square: squareName(cursor, rows) });
}
