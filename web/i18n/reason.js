// The solver's own sentences (knight_py's reasons) in the page's language. The worker
// sends each reason in every language ({en, zh}, knight_py.page.explain_all) beside the
// English `reason` or error message; this picks the one the page speaks.

import { language } from "./messages.js";

/** The reason of a result or error ({reason | message, reasons}) in the page's language. */
export function reasonText(from) {
  if (!from) return "";
  return from.reasons?.[language()] ?? from.reason ?? from.message ?? "";
}
