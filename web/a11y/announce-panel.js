// The polite live region that tells screen reader users what changed: playback steps,
// play and pause, settings, holes, zoom (the sentences come from a11y/announcements.js).

import { announcementFor } from "./announcements.js";
import { setText } from "../core/panel.js";

export function mountAnnouncePanel(doc) {
  const region = doc.getElementById("announcer");
  let before = null;

  function sync(state) {
    // A new language: what was said before is not said again in the new one.
    if (before && before.lang !== state.lang) setText(region, "");
    const text = announcementFor(before, state);
    before = state;
    // The same sentence twice (two single steps onto the same kind of message) would
    // not be re-read; a trailing no-break space makes it a change.
    if (text) setText(region, region.textContent === text ? `${text}\u00a0` : text);
  }

  return { sync, unbind() {} };
}
