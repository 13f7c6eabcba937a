// What every panel shares. A panel is a module exporting mount(doc, {store, session})
// that finds its elements, binds its listeners (each calls a transition through the
// store, or a session command) and returns {sync(state), unbind()}: sync writes the
// state back into its elements, touching only what differs. main.js mounts the panels
// and syncs each once per frame; a new view brings its own panel module.

/** Collect listeners so that one call unbinds them all. */
export function listen() {
  const off = [];
  return {
    on(target, type, fn, options) {
      target.addEventListener(type, fn, options);
      off.push(() => target.removeEventListener(type, fn, options));
    },
    unbind() {
      for (const fn of off.splice(0)) fn();
    },
  };
}

/** Set a node's text (never markup) only when it differs, so screen readers hear real changes only. */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** The elements with these ids: {key: element} for {key: id}. */
export function byId(doc, ids) {
  return Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, doc.getElementById(id)]));
}
