// What every panel shares. A panel is a module exporting mount(doc, {store, session})
// that finds its elements, binds its listeners (each calls a transition through the
// store, or a session command) and returns {sync(state), unbind()}: sync writes the
// state back into its elements, touching only what differs. app.js mounts the panels
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

/**
 * Set a property of an element (a control's value, checked, disabled, hidden) only when
 * it differs: panels sync every frame, and rewriting a form control costs the browser
 * work and can disturb a person using it. A control the person changed but the state
 * refused still goes back to what the state says.
 */
export function setProp(node, key, value) {
  if (node[key] !== value) node[key] = value;
}

/** Set an attribute only when it differs (a write, even of the same value, is a DOM mutation). */
export function setAttr(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

// What each node's children were last built from (setChildren): as JSON text.
const builtFrom = new WeakMap();

/**
 * Replace `node`'s children by `build()`'s only when `content` (what they show, as plain
 * data) differs from what they were last built from here: the same children written
 * again are laid out and painted again, and read again to a screen reader.
 */
export function setChildren(node, content, build) {
  const key = JSON.stringify(content);
  if (builtFrom.get(node) === key) return;
  builtFrom.set(node, key);
  node.replaceChildren(...build());
}

/** The elements with these ids: {key: element} for {key: id}. */
/**
 * A view's own box in the side panel (index.html's `aside.panel`): index.html's element
 * `id`, or a section made there, shown in view `view` only (data-views). A view whose
 * markup its panel makes needs no line in index.html.
 */
export function viewSection(doc, id, view) {
  const found = doc.getElementById(id);
  if (found) return found;
  const section = doc.createElement("section");
  section.id = id;
  section.setAttribute("data-views", view);
  doc.querySelector("aside.panel").append(section);
  return section;
}

export function byId(doc, ids) {
  return Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, doc.getElementById(id)]));
}

/** Scroll `element` into view when it is off the screen, at the next frame: measured after
 * every panel of this frame has synced, when the lines above it have their final size. */
export function revealNextFrame(element) {
  const view = element.ownerDocument.defaultView;
  view.requestAnimationFrame(() => {
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.bottom > view.innerHeight) element.scrollIntoView({ block: "nearest" });
  });
}
