// The Learn view as the shell sees it (shell/views.js): the board is the traced program's
// own `board` with its one knight (learn/layer.js); the sentence that leads is the run's.

import { t } from "../i18n/messages.js";
import { statusText } from "./text.js";

export const learnView = {
  id: "learn",
  layers: () => ["board", "learn", "overlay"],
  status: (state) => ({ text: statusText(state), detail: "" }),
  prompt: () => ["quiet", t("tour.hint.learn")],
  ownsTour: () => false,
};
