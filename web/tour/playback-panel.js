// Playback: restart, step, play/pause, show all, the position slider and move count,
// the speed slider, and the switch between the tour and the recorded search.

import { firstPosition, speedFromSlider, sliderFromSpeed, timeline } from "../core/timeline.js";
import { moveCountText, playLabel, searchNoteText, speedText, watchSearchText } from "./playback-text.js";
import { allShown, playToggled, searchToggled, sought, speedSet, stepped } from "./transitions.js";
import { byId, listen, setAttr, setProp, setText } from "../core/panel.js";

const IDS = {
  search: "watch-search", searchNote: "search-note", restart: "restart", back: "step-back", play: "play", forward: "step-forward",
  showAll: "show-all", position: "position", moveCount: "move-count", speed: "speed", speedValue: "speed-value",
};

function bind(el, store, on) {
  const run = (transition, ...args) => () => store.update((s) => transition(s, ...args));
  on(el.search, "click", run(searchToggled));
  on(el.restart, "click", run(sought, 0));
  on(el.back, "click", run(stepped, -1));
  on(el.play, "click", run(playToggled));
  on(el.forward, "click", run(stepped, 1));
  on(el.showAll, "click", run(allShown));
  on(el.position, "input", () => store.update((s) => sought(s, Number(el.position.value))));
  on(el.speed, "input", () => store.update((s) => speedSet(s, speedFromSlider(el.speed.value))));
}

function syncButtons(el, state) {
  const { length: total, position } = timeline(state);
  const atEnd = total > 0 && position >= total;
  const first = firstPosition(state);
  for (const b of [el.restart, el.back]) setProp(b, "disabled", total === 0 || position <= first);
  for (const b of [el.forward, el.showAll]) setProp(b, "disabled", total === 0 || atEnd);
  setProp(el.play, "disabled", total === 0);
  el.play.classList.toggle("playing", state.playing); // toggle with force changes nothing when already so
  setAttr(el.play, "aria-label", playLabel(state));
  setProp(el.position, "min", String(first));
  setProp(el.position, "max", String(Math.max(1, total)));
  setProp(el.position, "value", String(Math.max(first, position)));
  setProp(el.position, "disabled", total === 0);
}

export function mountPlaybackPanel(doc, { store, views }) {
  const el = byId(doc, IDS);
  const { on, unbind } = listen();
  bind(el, store, on);

  function sync(state) {
    setProp(el.search, "hidden", !state.events || !views.layersOf(state).has("path")); // a view that draws no path has no search to watch
    setText(el.search, watchSearchText(state));
    setProp(el.searchNote, "hidden", el.search.hidden);
    setText(el.searchNote, el.search.hidden ? "" : searchNoteText(state));
    syncButtons(el, state);
    setText(el.moveCount, moveCountText(state));
    if (doc.activeElement !== el.speed) setProp(el.speed, "value", String(sliderFromSpeed(state.speed)));
    setText(el.speedValue, speedText(state));
  }

  return { sync, unbind };
}
