// The page's address: written as the board, the view and its parameters change, and the
// link to what the open view shows, made and copied for sharing.

import { toQuery } from "./url.js";
import { linkedPath } from "../core/tour-codec.js";
import { ruleSteps } from "../core/leapers.js";
import { linkMade } from "./transitions.js";

/** The address for the page's state (the settings given, the view and its parameters). */
export const queryOf = (io, settings, state = io.store.get()) => toQuery(settings, null, state, io.views);

/** Record `settings` in the address: "push" a history entry, "replace" the current one, or "none". */
export function pushUrl(io, settings, mode) {
  const query = queryOf(io, settings);
  if (mode === "none" || io.location.search === query) return;
  if (mode === "replace") io.history.replaceState(null, "", query);
  else io.history.pushState(null, "", query);
}

/**
 * The link to what the view shows: the board and its settings, the view and its
 * parameters, and a compact tour when it is short enough; a view may give its own
 * settings and parameters instead of the tour (its declaration's `share`: Play's game).
 */
export function shareUrl(location, state, views) {
  const own = views.share(state);
  const { settings } = own ?? state;
  const tourParam = !own && state.tour && state.tour.length > 1 ? linkedPath(state.tour, settings.cols, ruleSteps(settings.rule)) : null;
  const extra = own ? own.parts.map((part) => `&${part}`).join("") : "";
  return `${location.origin}${location.pathname}${toQuery(settings, tourParam, state, views)}${extra}`;
}

/** Put the link on the clipboard; when the browser refuses, the link is shown to copy by hand. */
export async function copyLink(io) {
  const state = io.store.get();
  const { settings } = state;
  const url = shareUrl(io.location, state, io.views);
  let copied = true;
  try {
    await io.clipboard.writeText(url);
  } catch {
    copied = false;
  }
  io.store.update((s) => linkMade(s, url, copied, settings, io.views.shareKind(state)));
}
