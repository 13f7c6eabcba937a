// The export worker: makes a file of a tour off the page's main thread (a 1000 x 1000
// tour is a million squares in every format). Message {id, format, record, numbers, lang};
// reply {id, blob} or {id, error}. lang is the page's language, for the words in the images.

import { boardText, movesText, tourJson } from "./text.mjs";
import { tourSvg } from "./svg.js";
import { drawTourImage, pngPlan } from "./raster.js";
import { loadLanguage, setLanguage, t } from "../i18n/messages.js";

async function make(format, record, numbers) {
  switch (format) {
    case "board": return new Blob(boardText(record), { type: "text/plain;charset=utf-8" });
    case "moves": return new Blob(movesText(record), { type: "text/plain;charset=utf-8" });
    case "json": return new Blob(tourJson(record), { type: "application/json" });
    case "svg": return new Blob(tourSvg(record, { numbers }), { type: "image/svg+xml" });
    case "png": {
      const plan = pngPlan(record.rows, record.cols, { numbers });
      const canvas = new OffscreenCanvas(plan.width, plan.height);
      drawTourImage(canvas.getContext("2d"), record, plan);
      return canvas.convertToBlob({ type: "image/png" });
    }
    default: throw new Error(t("export.unknown-format", { format: String(format).slice(0, 20) }));
  }
}

self.onmessage = async (event) => {
  const { id, format, record, numbers, lang } = event.data;
  // Its words first (a language other than English is a file of its own, i18n/catalogs.js);
  // English, the words it has, if they cannot be had.
  await loadLanguage(lang || "en").catch(() => {});
  setLanguage(lang || "en");
  try {
    postMessage({ id, blob: await make(format, record, numbers) });
  } catch (err) {
    postMessage({ id, error: err && err.message ? err.message : String(err) });
  }
};
