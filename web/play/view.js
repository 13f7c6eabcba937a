// The Play view as the shell sees it (shell/views.js): the game played on the board (its
// path, the legal squares, the hint, one knight); a finished game is the page's tour and
// its playback. The sentence that leads is the game's verdict; no other view's tour shows.

import { describeStatus, zoomFirst } from "../tour/status-text.js";
import { currentPlay } from "./state.js";
import { playHint, verdictText } from "./text.js";

/** Whether the page's tour is this game, finished. */
const finishedGame = (state) => Boolean(state.tour) && state.tourFrom === "play";

export const playView = {
  id: "play",
  layers: (state) => (finishedGame(state) ? ["board", "path", "marks", "overlay"] : ["board", "play", "overlay"]),
  // A finished game is the page's tour: its sentence says the validator checked it.
  status: (state) => (finishedGame(state) ? describeStatus(state) : { text: verdictText(currentPlay(state)).text, detail: "" }),
  prompt: (state) => {
    const [kind, text] = playHint(state);
    return state.editHoles ? [kind, text] : [kind, zoomFirst(state, text)];
  },
  ownsTour: finishedGame,
};
