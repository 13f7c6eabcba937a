// Checking a pasted tour as a part of a view's declaration (shell/views.js says what each
// field is): its state slice, its session on the page's solver, its panel and its board
// layer ("pasted": the path up to the first bad step). The registry knows views only, so
// the view that shows the paste box (tour/view.js) composes it and names the layer.

import { createPastedTourSession } from "./session.js";
import { mountPastedTourPanel } from "./panel.js";
import { pastedTourLayer } from "./layer.js";

/** Fresh pasted-tour state (a factory, so two pages never share objects): the check of
 * the text a person pasted or dropped, for the board it was read on ({board, path,
 * status, ...}: transitions.js); null before anything is pasted. */
function defaultPastedTourState() {
  return { check: null };
}

export const pastedTourFeature = {
  state: defaultPastedTourState,
  sessions: { pastedTour: (io) => createPastedTourSession(io) },
  panels: [mountPastedTourPanel],
  layers: [{ name: "pasted", z: 1, create: () => pastedTourLayer() }],
};
