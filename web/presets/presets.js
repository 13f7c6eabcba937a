// Tours that came with the page: for the preset boards (tools/presets.py made them at
// build time with knight_py, as the worker would answer), one small file per size,
// fetched right after the board is drawn. A square clicked before Python is ready is
// answered from here at once; the session then shows it the way it shows a tour from a
// link (checking it…) and Python's validator checks it once Python is up.

import { decodeTour } from "../core/tour-codec.js";

/** The sizes that have a file in presets/ (tools/presets.py's PRESET_SIZES). */
export const PRESET_SIZES = ["5x5", "6x6", "8x8", "12x12"];

const boards = new Map(); // "8x8" -> {open: {index: tour}, closed: {...}} once loaded
const loading = new Map(); // "8x8" -> the fetch under way

/** The preset file's key for these settings, or "" when the page's defaults do not apply
 * (holes, another rule or method: the build's tours would not be what was asked for). */
export function presetKey(settings) {
  const key = `${settings.rows}x${settings.cols}`;
  const plain = settings.holes.length === 0 && settings.rule === "knight" && settings.method === "auto";
  return plain && PRESET_SIZES.includes(key) ? key : "";
}

/** The tour from settings.start (flat indices) if its board's file has arrived, else null. */
export function presetTour(settings) {
  const board = boards.get(presetKey(settings));
  if (!board || !settings.start) return null;
  const index = settings.start[0] * settings.cols + settings.start[1];
  const text = board[settings.closed ? "closed" : "open"]?.[index];
  if (!text) return null;
  try {
    return decodeTour(text, settings.rows, settings.cols);
  } catch {
    return null; // a damaged file: Python answers instead
  }
}

/** Fetch the board's file once (resolves true when it is there; never rejects). */
export function loadPresets(settings, { fetchImpl = fetch, base = globalThis.document?.baseURI } = {}) {
  const key = presetKey(settings);
  if (!key) return Promise.resolve(false);
  if (boards.has(key)) return Promise.resolve(true);
  if (!loading.has(key)) {
    const url = new URL(`presets/${key}.json`, base);
    loading.set(key, fetchImpl(url).then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      boards.set(key, await response.json());
      return true;
    }).catch(() => {
      loading.delete(key); // tried again with the next board change
      return false;
    }));
  }
  return loading.get(key);
}

/**
 * Load the current board's file whenever the board changes, until Python is ready;
 * `onLoaded()` runs when a file arrives (a click may be waiting for it).
 */
export function watchPresets(store, onLoaded, options = {}) {
  let last = "";
  const check = (state) => {
    const key = presetKey(state.settings);
    if (state.python.ready || !key || key === last) return;
    last = key;
    loadPresets(state.settings, options).then((ok) => ok && onLoaded());
  };
  check(store.get());
  return store.subscribe(check);
}

/** Forget the loaded files (tests). */
export function resetPresets() {
  boards.clear();
  loading.clear();
}
