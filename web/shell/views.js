// The registry: what the shell knows of the views, read from their declarations alone.
// The shell asks the open view what to draw, what to say and what to link to; it never
// names a view (web/views.js lists them; web/README.md, "How a view plugs into the
// shell", shows one).
//
// A declaration is plain data and functions, every field but `id` optional:
//   id          the tab's and the `view` parameter's value
//   title(), about(state)   the tab's label and the line under the tabs (the catalog's
//               shell.tab.<id> and shell.about.<id> when absent)
//   state()     its slice of the page's state, fresh: keys merged into defaultState()
//   sessions    {name: (io) -> commands}: its side effects, made once each by name, in
//               order (io.sessions holds those made before it), and handed to every
//               panel and to its own hooks as `sessions`; io.session is the shell's,
//               whose `on(event, listener)` tells of new settings, Python ready, a
//               preset board's tour and hole editing ended (shell/session.js EVENTS)
//   params      [{names, read(params, {view, settings}) -> {value, errors}, loaded(state,
//               value) -> patch, write(state) -> ["name=value"]}]: its link parameters
//   panels      [mount(doc, {store, views, ...sessions}) -> {sync, unbind}]
//   layers      [{name, z, create(sessions) -> layer}]: its board layers (board/render.js)
//               and their depth: z 1 lies beneath the page's tour, 3 above it
//   draws(state)        the names of the layers drawn while it is open
//   status(state)       {text, detail}: the sentence that leads the page
//   prompt(state)       [css class, text, keys]: the line above the board
//   ownsTour(state)     the page's tour and its playback belong to it now
//   findsTour           a square chosen starts the page's search (tour/search.js)
//   searchArgs(state)   the solver's arguments it adds to that search (a budget, a replay)
//   searchesOnApply(state, before)   whether new settings search at once (default: yes)
//   choose(state, sq)   {start, patch}: the start a square chosen gives, and what else
//                       it changes (default: that square, nothing)
//   clear(state)        the patch Escape on the board makes, dropping the start; null: none
//   squareChosen(sessions, sq)   what a square chosen does instead of all that
//   settingsDropped(state, settings)   what new board settings drop of its slice (a patch)
//   opened(state, shell)   the patch opening it makes besides {view}; shell.settingsApplied
//                       (state, settings) is the registry's, for a view that opens on others
//   left(state)         the patch leaving it makes
//   shareable(state)    whether its link is worth copying yet (default: a start is chosen)
//   answer(state)       [element id, key]: what a tap's answer is, brought on screen when
//                       the key changes after a tap (shell/reveal-panel.js); none: null
//   shareKind(state)    what its link holds, the catalog's tour.share.*.<kind> (default: its id)
//   share(state)        {settings, parts}: its link's settings and extra parameters, when
//                       they are not the board's and the page's tour
//   snapshot    {key: (state, sessions) -> plain data}: its part of window.knightTour

import { settingsApplied as shellSettingsApplied } from "./transitions.js";

const nothing = () => null;

/** The shell's own layers (board/render.js's), and where the views' go between them. */
export const SHELL_LAYER_DEPTHS = { board: 0, path: 2, marks: 4, overlay: 5 };

/** Each item of `lists` once, in order (two views of one folder may share a panel or a parameter). */
function unique(lists) {
  return [...new Set(lists.flat())];
}

/** The registry for `views` (the first opens for a link that names none, or an unknown one). */
export function createViews(views) {
  const byId = new Map(views.map((view) => [view.id, view]));
  const of = (state) => byId.get(state.view) ?? views[0];
  // The layers of the newest state, made once: every layer asks, several times a frame.
  let layersFor = null;
  let layers = null;
  const layersOf = (state) => {
    if (state !== layersFor) {
      layersFor = state;
      layers = new Set([...(of(state).draws?.(state) ?? []), "board", "overlay"]);
    }
    return layers;
  };
  // New settings: the shell's patch, and what each view's slice drops (all views: a
  // slice belongs to its board, whichever view is open).
  const settingsApplied = (state, settings, paramErrors) => Object.assign(
    shellSettingsApplied(state, settings, paramErrors),
    ...views.map((view) => view.settingsDropped?.(state, settings) ?? {}),
  );
  return {
    ids: views.map((view) => view.id),
    settingsApplied,
    fallback: views[0].id,
    has: (id) => byId.has(id),
    of,
    /** The view `id` names, or the fallback. */
    known: (id) => (byId.has(id) ? id : views[0].id),
    /** The names of the layers the open view draws: always the board, and the overlay
     * (the top canvas, which takes the pointer and the keys). */
    layersOf,
    statusOf: (state) => of(state).status?.(state) ?? { text: "", detail: "" },
    promptOf: (state) => of(state).prompt?.(state) ?? ["", ""],
    answerOf: (state) => of(state).answer?.(state) ?? null,
    ownsTour: (state) => Boolean(of(state).ownsTour?.(state)),
    findsTour: (state) => Boolean(of(state).findsTour),
    shareable: (state) => (of(state).shareable ?? ((s) => Boolean(s.settings.start)))(state),
    shareKind: (state) => of(state).shareKind?.(state) ?? of(state).id,
    share: (state) => (of(state).share ?? nothing)(state),
    opened: (state, id) => (byId.get(id)?.opened ?? nothing)(state, { settingsApplied }),
    left: (state) => (of(state).left ?? nothing)(state),
    /** The squareChosen of the open view bound to the sessions, or null for the page's own. */
    squareChosen: (state) => of(state).squareChosen ?? null,
    searchArgs: (state) => of(state).searchArgs?.(state) ?? {},
    searchesOnApply: (state, before) => of(state).searchesOnApply?.(state, before) ?? true,
    choose: (state, sq) => of(state).choose?.(state, sq) ?? { start: sq, patch: null },
    clear: (state) => (of(state).clear ?? nothing)(state),
    titles: () => views.map((view) => ({ id: view.id, title: view.title?.() ?? null })),
    /** Every view's slice of the state, merged. */
    state: () => Object.assign({}, ...views.map((view) => view.state?.() ?? {})),
    params: unique(views.map((view) => view.params ?? [])),
    panels: unique(views.map((view) => view.panels ?? [])),
    /** The views' layers ({name, z, create}), deepest first. */
    layers: unique(views.map((view) => view.layers ?? [])),
    /** [[key, (state, sessions) -> data]] of every view's snapshot. */
    snapshots: views.flatMap((view) => Object.entries(view.snapshot ?? {})),
    /** {name: factory} of every view's sessions. */
    sessions: Object.assign({}, ...views.map((view) => view.sessions ?? {})),
  };
}

function clearAll(ctxs, g) {
  for (const ctx of ctxs) ctx.clearRect(0, 0, g.width, g.height);
}

// A layer draws when the open view lists it and it holds something to draw (its `holds`).
const wantedIn = (layer, name, state, layersOf) => layersOf(state).has(name) && (layer.holds ? layer.holds(state) : true);

/**
 * Board layers ({name, layer} pairs, render.js's layers with a name each) that draw only
 * when the open view lists their name and they hold something. A layer not drawn is
 * cleared once and left alone; when it is drawn again it draws afresh (its redraw cache
 * may be stale).
 */
export function viewLayers(named, layersOf) {
  return named.map(({ name, layer }) => {
    let shown = false;
    return {
      name,
      canvases: layer.canvases,
      // The renderer takes a layer that is not shown out of the page (board/render.js):
      // one the open view does not list, or one with nothing to draw (`holds`), since
      // every canvas shown costs the compositor each frame, empty or not.
      shown: (state) => wantedIn(layer, name, state, layersOf),
      // Listed by the open view, drawn or not: its canvases are kept sized (a first path
      // then only shows them; sizing two in a click's frame cost WebKit 40-50 ms).
      listed: (state) => layersOf(state).has(name),
      draw(ctxs, g, state, fresh) {
        const wanted = wantedIn(layer, name, state, layersOf);
        if (!wanted) {
          if (shown || fresh) clearAll(ctxs, g);
          shown = false;
          return;
        }
        layer.draw(ctxs, g, state, fresh || !shown);
        shown = true;
      },
    };
  });
}

/** The shell's layers and the views' (`{name, z, create}`), made and ordered bottom to top. */
export function orderedLayers(shellLayers, viewLayerSpecs, sessions) {
  const all = [
    ...Object.entries(shellLayers).map(([name, layer]) => ({ name, z: SHELL_LAYER_DEPTHS[name], layer })),
    ...viewLayerSpecs.map(({ name, z, create }) => ({ name, z, layer: create(sessions) })),
  ];
  return all.sort((a, b) => a.z - b.z).map(({ name, layer }) => ({ name, layer }));
}
