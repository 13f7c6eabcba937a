// The web app manifest: valid JSON with what an install needs, linked from the page, and
// icons that exist with the sizes it states (read from each PNG's header).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const web = new URL("../../../web/", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("manifest.webmanifest", web), "utf8"));

function pngSize(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "PNG signature");
  assert.equal(bytes.subarray(12, 16).toString("latin1"), "IHDR");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test("the manifest names the app and how it opens", () => {
  assert.ok(manifest.name && manifest.short_name && manifest.short_name.length <= 15);
  assert.equal(manifest.display, "standalone");
  assert.equal(manifest.start_url, "./");
  for (const key of ["theme_color", "background_color"]) assert.match(manifest[key], /^#[0-9a-f]{6}$/);
});

test("its icons exist, are PNGs of the stated sizes, 192 and 512 px among them", () => {
  const sizes = [];
  for (const icon of manifest.icons) {
    assert.equal(icon.type, "image/png");
    const [width, height] = pngSize(readFileSync(new URL(icon.src, web)));
    assert.equal(`${width}x${height}`, icon.sizes);
    sizes.push(icon.sizes);
  }
  assert.ok(sizes.includes("192x192") && sizes.includes("512x512"));
});

test("the page links the manifest and its theme colour", () => {
  const html = readFileSync(new URL("index.html", web), "utf8");
  assert.match(html, /<link rel="manifest" href="manifest.webmanifest">/);
  assert.ok(html.includes(`<meta name="theme-color" content="${manifest.theme_color}">`));
});
