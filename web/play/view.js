// The Play view's declaration (shell/views.js says what each field is): the game played
// on the board (its path, the legal squares, the hint, one knight); a finished game is
// the page's tour and its playback. The sentence that leads is the game's verdict; no
// other view's tour shows.

import { describeStatus } from "../tour/api.js";
import { zoomFirst } from "../board/zoom-hint.js";
import { currentPlay, defaultPlayState } from "./state.js";
import { playAbout, playHint, playHintKeys, verdictText } from "./text.js";
import { createPlaySession } from "./session.js";
import { playLayer } from "./layer.js";
import { mountPlayPanel } from "./panel.js";
import { mountPlayRulePanel } from "./rule-panel.js";
import { gameParam, gameShare } from "./params.js";
import { playLeft } from "./transitions.js";
import { playSnapshot } from "./snapshot.js";

/** Whether the page's tour is this game, finished. */
const finishedGame = (state) => Boolean(state.tour) && state.tourFrom === "play";

export const playView = {
  id: "play",
  state: defaultPlayState,
  about: playAbout,
  settingsDropped: () => ({ keptTour: null }), // another view's tour, put aside, was for the old board
  sessions: {
    play: (io) => createPlaySession(io),
  },
  params: [gameParam],
  panels: [mountPlayPanel, mountPlayRulePanel],
  layers: [{ name: "play", z: 3, create: () => playLayer() }],
  draws: (state) => (finishedGame(state) ? ["board", "path", "marks", "overlay"] : ["board", "play", "overlay"]),
  // A finished game is the page's tour: its sentence says the validator checked it.
  status: (state) => (finishedGame(state) ? describeStatus(state) : { text: verdictText(currentPlay(state), state.settings.rule).text, detail: "" }),
  prompt: (state) => {
    const [kind, text] = playHint(state);
    const keys = finishedGame(state) ? "" : playHintKeys(state);
    return state.editHoles ? [kind, text, keys] : [kind, zoomFirst(state, text), keys];
  },
  ownsTour: finishedGame,
  // A move's answer is the verdict on the position, under the board.
  answer: (state) => ["play-verdict", `${currentPlay(state)?.length ?? 0}|${verdictText(currentPlay(state)).kind}`],
  // Leaving gives the page's tour back to the view that found it (a finished game stays Play's).
  left: playLeft,
  // A square chosen on the board is a move.
  squareChosen: (sessions, sq) => sessions.play.squareChosen(sq),
  shareable: (state) => Boolean(currentPlay(state)?.length) || Boolean(state.tour),
  share: gameShare,
  snapshot: { play: playSnapshot },
};
