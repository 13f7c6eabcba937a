// A localStorage shared by several tabs, for the tests of what the exercises keep.

/**
 * One localStorage shared by tabs, as a browser keeps it: each tab's view writes the same
 * data, and every other tab hears of a write through its window's `storage` event, in a
 * later task (`deliver()` runs the tasks waiting). `refuse` makes writes throw.
 */
export function sharedStorage({ refuse = false } = {}) {
  const data = new Map();
  const tabs = [];
  const waiting = [];
  function tab() {
    const listeners = { storage: new Set(), pagehide: new Set() };
    const events = {
      addEventListener: (type, fn) => listeners[type]?.add(fn),
      removeEventListener: (type, fn) => listeners[type]?.delete(fn),
    };
    const me = { events, listeners };
    const told = (key, oldValue, newValue) => {
      for (const other of tabs) {
        if (other === me) continue;
        const event = { key, oldValue, newValue, storageArea: other.storage };
        waiting.push(() => other.listeners.storage.forEach((fn) => fn(event)));
      }
    };
    me.storage = {
      getItem: (k) => (data.has(k) ? data.get(k) : null),
      setItem(k, v) {
        if (refuse) throw new Error("QuotaExceededError");
        const old = data.get(k) ?? null;
        data.set(k, String(v));
        told(k, old, String(v));
      },
      removeItem(k) {
        if (!data.has(k)) return;
        const old = data.get(k);
        data.delete(k);
        told(k, old, null);
      },
      clear() {
        data.clear();
        told(null, null, null);
      },
    };
    me.leave = () => listeners.pagehide.forEach((fn) => fn({}));
    tabs.push(me);
    return me;
  }
  const deliver = () => {
    while (waiting.length) waiting.shift()();
  };
  return { data, tab, deliver };
}
