// Shared by the web modules' tests: a seeded random source, knight walks, and running a
// check with the page in Chinese.

import { KNIGHT_STEPS } from "../../web/core/squares.js";
import { setLanguage } from "../../web/i18n/messages.js";
import "./chinese.mjs"; // the Chinese catalog, loaded

/** Run `body` with the page in Chinese, and back in English after, whatever happens. */
export function inChinese(body) {
  setLanguage("zh");
  try {
    return body();
  } finally {
    setLanguage("en");
  }
}

/** A small deterministic PRNG (mulberry32): the same seed gives the same numbers. */
/** One macrotask later: every promise the code under test settled by then has run its
 * callbacks (its microtasks come first). Fake streams and fake workers answer in
 * microtasks, so this is when their answers have been handled. */
export function tick() {
  return new Promise((done) => setTimeout(done, 0));
}

export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random walk of knight moves on a rows x cols board (squares may repeat), as flat indices. */
export function knightWalk(rows, cols, length, rand) {
  const walk = [Math.floor(rand() * rows * cols)];
  for (let tries = 0; walk.length < length && tries < length * 50; tries += 1) {
    const [dr, dc] = KNIGHT_STEPS[Math.floor(rand() * 8)];
    const last = walk[walk.length - 1];
    const r = Math.floor(last / cols) + dr;
    const c = (last % cols) + dc;
    if (r >= 0 && r < rows && c >= 0 && c < cols) walk.push(r * cols + c);
  }
  return walk;
}

/** Warnsdorff's rule, enough to make real open tours for the tests (no validator here). */
export function warnsdorffTour(rows, cols, start) {
  const seen = new Uint8Array(rows * cols);
  const moves = (sq) => {
    const out = [];
    for (const [dr, dc] of KNIGHT_STEPS) {
      const r = Math.floor(sq / cols) + dr;
      const c = (sq % cols) + dc;
      if (r >= 0 && r < rows && c >= 0 && c < cols && !seen[r * cols + c]) out.push(r * cols + c);
    }
    return out;
  };
  const tour = [start];
  seen[start] = 1;
  while (tour.length < rows * cols) {
    const options = moves(tour[tour.length - 1]);
    if (!options.length) return null;
    options.sort((a, b) => moves(a).length - moves(b).length);
    tour.push(options[0]);
    seen[options[0]] = 1;
  }
  return tour;
}

/** A store stand-in for transitions: merge patches like the real one. */
export function apply(state, ...patches) {
  return patches.reduce((s, patch) => (patch ? { ...s, ...patch } : s), state);
}

/**
 * `raw` in the snapshot file's layout (tools/snapshot_pages.py; the Python packer is
 * checked against pageReader by tests/test_snapshot_pages.py): "KPG1", raw size, page
 * size, run count, the runs of pages with a nonzero byte, then those pages.
 */
export function packPages(raw, pageBytes = 256, magic = 0x3147504b) {
  const runs = [];
  for (let page = 0; page * pageBytes < raw.length; page += 1) {
    if (!raw.subarray(page * pageBytes, (page + 1) * pageBytes).some((b) => b !== 0)) continue;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === page) last[1] += 1;
    else runs.push([page, 1]);
  }
  const data = runs.map(([first, count]) => raw.subarray(first * pageBytes, (first + count) * pageBytes));
  const out = new Uint8Array(16 + 8 * runs.length + data.reduce((n, d) => n + d.length, 0));
  const view = new DataView(out.buffer);
  [magic, raw.length, pageBytes, runs.length].forEach((v, i) => view.setUint32(4 * i, v, true));
  runs.forEach(([first, count], i) => {
    view.setUint32(16 + 8 * i, first, true);
    view.setUint32(20 + 8 * i, count, true);
  });
  let at = 16 + 8 * runs.length;
  for (const d of data) {
    out.set(d, at);
    at += d.length;
  }
  return out;
}
