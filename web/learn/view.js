// The Learn view as the shell sees it (shell/views.js): the board is the traced program's
// own `board` with its one knight (learn/layer.js); the sentence that leads is the run's.

import { t } from "../i18n/messages.js";
import { statusText } from "./text.js";

// The prompt over the board follows the run: choose and run, wait, step through it.
function promptKey(learn) {
  if (learn.status === "running") return "learn.prompt.running";
  if (learn.steps > 0) return "learn.prompt.stepping";
  return "tour.hint.learn";
}

export const learnView = {
  id: "learn",
  layers: () => ["board", "learn", "overlay"],
  status: (state) => ({ text: statusText(state), detail: "" }),
  prompt: (state) => ["quiet", t(promptKey(state.learn))],
  ownsTour: () => false,
};
