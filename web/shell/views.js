// The shell's view registry: each view declares the board layers it draws, the sentence
// that leads the page (the status line and its detail) and the prompt above the board.
// The shell asks the open view and knows nothing else of it: a new view is one more
// declaration in app.js's VIEWS, and no other view changes (web/README.md, "Views").
//
// A view is plain data and pure functions of the page's state:
//   {id, layers(state) -> [layer names], status(state) -> {text, detail},
//    prompt(state) -> [css class, text], ownsTour(state) -> bool (the page's tour and
//    its playback belong to this view now)}.

/** The registry for `views` (the first is the fallback for an unknown id). */
export function createViews(views) {
  const byId = new Map(views.map((view) => [view.id, view]));
  const of = (state) => byId.get(state.view) ?? views[0];
  return {
    ids: views.map((view) => view.id),
    of,
    /** The names of the layers the open view draws. */
    layersOf: (state) => new Set(of(state).layers(state)),
    statusOf: (state) => of(state).status(state) ?? { text: "", detail: "" },
    promptOf: (state) => of(state).prompt(state) ?? ["", ""],
    ownsTour: (state) => Boolean(of(state).ownsTour?.(state)),
  };
}

function clearAll(ctxs, g) {
  for (const ctx of ctxs) ctx.clearRect(0, 0, g.width, g.height);
}

/**
 * Board layers ({name, layer} pairs, render.js's layers with a name each) that draw only
 * when the open view lists their name. A layer the view does not list is cleared once and
 * left alone; when it is listed again it draws afresh (its redraw cache may be stale).
 */
export function viewLayers(named, layersOf) {
  return named.map(({ name, layer }) => {
    let shown = false;
    return {
      name,
      canvases: layer.canvases,
      draw(ctxs, g, state, fresh) {
        const wanted = layersOf(state).has(name);
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
