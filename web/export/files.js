// The page's side of exporting: ask the export worker for a file, then save it through
// a download link (the one place the page saves a file: the exports and the heatmap's
// CSV). The worker starts on the first export and stays for the next ones.

import { language, t } from "../i18n/messages.js";

let worker = null;
let nextId = 1;
const pending = new Map();

function exportWorker() {
  if (!worker) {
    // From the page's address, not import.meta.url: in the built site this module is part
    // of the bundle dist/app.js, one folder up from export/.
    worker = new Worker(new URL("export/worker.mjs", document.baseURI), { type: "module" });
    worker.onmessage = ({ data }) => {
      const job = pending.get(data.id);
      if (!job) return;
      pending.delete(data.id);
      if (data.error) job.reject(new Error(data.error));
      else job.resolve(data.blob);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      for (const job of pending.values()) job.reject(new Error(event.message || t("export.worker-failed")));
      pending.clear();
      worker = null;
    };
  }
  return worker;
}

/** Make one file: resolves to a Blob. record: see text.mjs; indices an Int32Array (copied). */
export function makeExport(format, record, { numbers = true } = {}) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // The images' words (title, description) follow the page's language.
    exportWorker().postMessage({ id, format, record, numbers, lang: language() });
  });
}

/** Offer a Blob as a download named `filename`. */
export function saveBlob(doc, blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
