// Play's lists of squares in words: the separator and the "and more" are the language's.

import { t } from "../i18n/messages.js";

/** Square names as a list ("a1, c2, e1" / "a1、c2、e1"), the first `most` of them and "…" after. */
export function listed(names, most = Infinity) {
  const shown = names.slice(0, most).join(t("play.list.separator"));
  return names.length > most ? t("play.list.more", { list: shown }) : shown;
}
