// The prompt on a board whose squares are too small to click: a click zooms in first.

import { squaresClickable } from "./zoom.js";
import { t } from "../i18n/messages.js";

/** A hint for a board whose squares are under a few pixels: a click zooms in first (zoom.js). */
export function zoomFirst(state, hint) {
  return squaresClickable(state) ? hint : t("tour.hint.zoom-first", { hint });
}
