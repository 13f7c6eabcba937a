// Lists of squares in words (Play's notices, a pasted tour's messages): the separator and the "and more" are the language's.

import { t } from "./messages.js";

/** Square names as a list ("a1, c2, e1" / "a1、c2、e1"), the first `most` of them and "…" after. */
export function listed(names, most = Infinity) {
  const shown = names.slice(0, most).join(t("play.list.separator"));
  return names.length > most ? t("play.list.more", { list: shown }) : shown;
}
