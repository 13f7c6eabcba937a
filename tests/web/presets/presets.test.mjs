// presets.js: the build's tours for the preset boards, fetched once, decoded on demand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { encodeTour } from "../../../web/core/tour-codec.js";
import { loadPresets, presetKey, presetTour, resetPresets } from "../../../web/presets/presets.js";

const settings = (patch = {}) => ({ rows: 5, cols: 5, start: [4, 0], closed: false, holes: [], rule: "knight", method: "auto", ...patch });
const TOUR = [20, 17, 24, 13, 4, 7, 0, 11, 2, 5, 16, 23, 14, 3, 6, 15, 22, 19, 8, 1, 10, 21, 18, 9, 12]; // knight_py.solve(5, 5, "a1")

test("only the page's defaults on a preset size have a file", () => {
  assert.equal(presetKey(settings()), "5x5");
  assert.equal(presetKey(settings({ rows: 7, cols: 7 })), "");
  assert.equal(presetKey(settings({ holes: [[0, 0]] })), "");
  assert.equal(presetKey(settings({ method: "backtrack" })), "");
});

test("a loaded board's tour decodes from its start square; others are null", async () => {
  resetPresets();
  let fetched = 0;
  const fetchImpl = async (url) => {
    fetched += 1;
    assert.equal(String(url), "https://h.test/presets/5x5.json");
    return new Response(JSON.stringify({ open: { 20: encodeTour(TOUR, 5) }, closed: {} }));
  };
  assert.equal(presetTour(settings()), null); // not loaded yet
  assert.equal(await loadPresets(settings(), { fetchImpl, base: "https://h.test/" }), true);
  await loadPresets(settings(), { fetchImpl, base: "https://h.test/" });
  assert.equal(fetched, 1);
  assert.deepEqual([...presetTour(settings())], TOUR);
  assert.equal(presetTour(settings({ closed: true })), null);
  assert.equal(presetTour(settings({ start: [0, 1] })), null);
});

test("a failed fetch leaves no board and is tried again later", async () => {
  resetPresets();
  const fetchImpl = async () => new Response("", { status: 404 });
  assert.equal(await loadPresets(settings(), { fetchImpl, base: "https://h.test/" }), false);
  assert.equal(presetTour(settings()), null);
});

test("the build's Python encoder writes what the page's codec reads", () => {
  const text = execFileSync("python3", ["-c", `from tools.presets import encode_tour; print(encode_tour(${JSON.stringify(TOUR)}, 5))`], {
    cwd: new URL("../../../", import.meta.url),
    encoding: "utf8",
  }).trim();
  assert.equal(text, encodeTour(TOUR, 5));
});
