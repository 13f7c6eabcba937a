// The Tour view's pure playback changes: the page's tour (or its recorded search) moved,
// played, paused and sped up. Compare's row and Play's finished game play back through
// them too, as the page's tour. Each returns the patch to merge, or null for none.

import { searchAt, searchSpeed, seekPatch, timeline } from "../core/timeline.js";

export function playToggled(state) {
  const { length, position } = timeline(state);
  if (!length) return null;
  if (state.playing) return { playing: false };
  return { ...(position >= length ? seekPatch(state, 0) : {}), playing: true };
}

export function stepped(state, delta) {
  return { ...seekPatch(state, timeline(state).position + delta), playing: false };
}

export function sought(state, position, keepPlaying = false) {
  return { ...seekPatch(state, position), playing: keepPlaying && state.playing };
}

export function allShown(state) {
  return { ...seekPatch(state, timeline(state).length), playing: false };
}

/** Replay the recorded plain-backtracking search, or go back to the tour. */
export function searchToggled(state) {
  if (state.search) return { search: null, playing: false, shown: state.tour ? state.tour.length : 0 };
  if (!state.events) return null;
  const speed = state.speedChosen ? state.speed : searchSpeed(state.events.length);
  return { search: searchAt(state.events, 0), playing: true, speed };
}

export function speedSet(state, speed) {
  return { speed, speedChosen: true };
}
