// The playback bar's words: where it stands, how fast, the recorded search's button and
// the play button's label.

import { number } from "../core/format.js";
import { timeline } from "../core/timeline.js";
import { t } from "../i18n/messages.js";
import { leaperWords } from "../core/piece-name.js";

/** Where playback stands: "Move 3 of 64", or the search step with its depth. */
export function moveCountText(state) {
  const { length, position } = timeline(state);
  if (state.search) {
    const numbers = { position: number(position), length: number(length), depth: state.search.stack.length };
    return t("tour.playback.search-step", { ...numbers, backtracks: number(state.search.backtracks) });
  }
  return length ? t("tour.playback.move", { position: number(position), length: number(length) }) : t("tour.playback.none");
}

export function speedText(state) {
  const speed = number(state.speed);
  return state.search ? t("tour.playback.speed.steps", { speed }) : t("tour.playback.speed.moves", { speed });
}

/**
 * What the replay's search events are, in nodes: each is a move placed (a node) or taken
 * back (a backtrack), so a search's events number its nodes plus its backtracks; the
 * replay may hold only the first of them. "" when there is no search to replay.
 */
export function searchNoteText(state) {
  if (!state.events) return "";
  const events = state.events.length;
  const { nodes, backtracks } = state.result ?? {};
  // A leaper's search places its jumps, not a knight's moves.
  const rule = state.settings?.rule;
  const piece = leaperWords(rule);
  const key = (kind) => (piece ? `tour.leaper.search-note.${kind}` : `tour.search-note.${kind}`);
  if (!Number.isFinite(nodes) || !Number.isFinite(backtracks)) return t(key("plain"), { piece });
  const total = nodes + backtracks;
  if (events >= total) return t(key("all"), { nodes, backtracks, events, piece });
  return t(key("first"), { nodes, backtracks, total, events, piece });
}

export function watchSearchText(state) {
  return state.search ? t("tour.playback.back-to-tour") : t("tour.playback.watch-search", { steps: number(state.events ? state.events.length : 0) });
}

/** The play button's name: Pause while playing, Replay at the end, else Play. */
export function playLabel(state) {
  const { length, position } = timeline(state);
  if (state.playing) return t("tour.playback.pause");
  return length > 0 && position >= length ? t("tour.playback.replay") : t("tour.playback.play");
}
