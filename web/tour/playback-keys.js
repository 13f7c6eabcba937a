// Keys on the playback slider, the same on every tour: PageUp/PageDown move ten moves,
// Home/End to the first and last, arrows one (a native range input would move PageUp
// by a tenth of the tour: 100,000 moves on a 1000 x 1000 board).

import { playbackKeyed } from "../a11y/transitions.js";
import { listen } from "../core/panel.js";

const KEYS = new Set(["PageUp", "PageDown", "Home", "End", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]);

export function mountPlaybackKeys(doc, { store }) {
  const slider = doc.getElementById("position");
  const { on, unbind } = listen();
  on(slider, "keydown", (event) => {
    if (!KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    store.update((s) => playbackKeyed(s, event.key));
  });
  return { sync() {}, unbind };
}
