// The page a navigation gets for an instant while the service worker switches builds
// (service-worker.mjs): it loads no file of either build. Its script asks for the switch
// and reloads once the new build is active; after SWITCH_MS without it, it asks to stay
// on this build and reloads (never stuck here).
//
// Its words cannot come from the page's catalogs (it loads none of the page's files), so
// its one line is written here in English and Chinese.

import { sha256Base64 } from "./integrity.js";

const SWITCH_SCRIPT = `
const SWITCH_MS = 10000;
const sw = navigator.serviceWorker;
let done = false;
const reload = () => { if (!done) { done = true; location.reload(); } };
sw.addEventListener("message", (event) => { if (event.data === "stay") reload(); });
sw.addEventListener("controllerchange", reload);
sw.startMessages();
sw.getRegistration().then((registration) => {
  const next = registration && registration.waiting;
  if (!next || !sw.controller) return reload();
  next.addEventListener("statechange", () => {
    if (next.state === "activated" || next.state === "redundant") reload();
  });
  sw.controller.postMessage("switch");
  setTimeout(() => { if (sw.controller) sw.controller.postMessage("stay"); setTimeout(reload, 2000); }, SWITCH_MS);
}, reload);
`;
// The icon link: no /favicon.ico request.
const SWITCHING_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Knight's tour · 马踏棋盘</title><p role="status">Updating to the newer version… <span lang="zh-CN">正在更新到新版本……</span></p><script>${SWITCH_SCRIPT}</script>`;

let policy = null; // its CSP, which allows its one script by that script's hash

/** The switching page, with a CSP that allows its own script and nothing else. */
export async function switchingPage() {
  policy ??= sha256Base64(SWITCH_SCRIPT).then(
    (hash) => `default-src 'none'; script-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  return new Response(SWITCHING_PAGE, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": await policy,
      "Cache-Control": "no-store",
    },
  });
}
