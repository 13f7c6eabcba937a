// Play's link parameter `game`: the squares of a game in play, in the tour codec's format.
// Play's own rules (holes, the rule's jumps, the xiangqi leg) are checked when the game is replayed
// (transitions.js gameLoaded); a link to Play without one starts a game on its start square.

import { decodeTour, linkedPath } from "../core/tour-codec.js";
import { ruleSteps } from "../core/leapers.js";
import { quoted } from "../core/excerpt.js";
import { msg, paramError } from "../i18n/said.js";
import { gameLoaded, playFromStart } from "./transitions.js";
import { currentPlay, playedPath } from "./state.js";

/** The squares played in a linked game (flat indices), or null and one message. */
export function readGame(params, { view, settings }) {
  const text = params.get("game");
  if (text === null) return { value: null, errors: [] };
  if (view !== "play") return { value: null, errors: [paramError("game", msg("link.game.view"))] };
  try {
    return { value: decodeTour(text, settings.rows, settings.cols, ruleSteps(settings.rule)), errors: [] };
  } catch (err) {
    return { value: null, errors: [paramError("game", msg("link.game.bad", { value: quoted(text, 24), reason: err.text || err.message }))] };
  }
}

export const gameParam = {
  names: ["game"],
  read: readGame,
  // A game's moves, or in a link to Play its start square; entering Play otherwise starts
  // an empty game (the Tour view's start is not a move of it).
  loaded: (state, game) => (game ? gameLoaded(state, game) : playFromStart(state)),
  write: () => [], // the address follows the board; only a copied link carries the game
};

/** A game in play's link: its start square for the board's, and the game (when short
 * enough); null once the game is the page's tour, whose link is the board's. */
export function gameShare(state) {
  const { settings, tour } = state;
  if (tour && state.tourFrom === "play") return null;
  const played = playedPath(currentPlay(state));
  const game = linkedPath(played, settings.cols, ruleSteps(settings.rule));
  // A game's link starts where the game did; another view's start square is not in it.
  const start = played.length ? [Math.floor(played[0] / settings.cols), played[0] % settings.cols] : null;
  return { settings: { ...settings, start }, parts: game ? [`game=${game}`] : [] };
}
