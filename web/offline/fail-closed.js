// What the service worker answers when a file of the build is neither intact in its cache
// nor to be had from the network: a plain message, never a copy it could not check.
//
// The page's words live in web/i18n's catalogs, but this page is what shows when the page
// itself cannot be trusted: it loads no script, no catalog and no other file. So its
// words, in English and Chinese, are written here, in this one small page.

const MESSAGE = {
  en: {
    title: "Knight's tour: cannot open safely",
    text: "Part of the copy of this page saved for offline use is missing or was changed, and the network cannot be reached to fetch the original. Nothing of that copy was run. Connect to the internet and reload.",
    reload: "Reload",
  },
  zh: {
    title: "马踏棋盘：无法安全打开",
    text: "为离线使用而保存的本页副本有缺失或被改动过，而且现在连不上网络，取不到原始文件。这份副本没有运行。请联网后重新加载。",
    reload: "重新加载",
  },
};

import { sha256Base64 } from "./integrity.js";

// Its one style sheet, inline (the page's style.css is one of the files that could not be
// checked): readable on a phone, reload links big enough for a thumb.
const STYLE = `body{font:1.05rem/1.5 system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem 1.25rem}
h1{font-size:1.3rem;line-height:1.3;margin:1.5rem 0 .5rem}
a{display:inline-block;min-height:2.75rem;line-height:2.75rem;padding:0 1.25rem;margin:.5rem .75rem 0 0;border:2px solid;border-radius:.5rem}`;

/** The fail-closed page's CSP: no script; its own inline style, by its hash; nothing to
 * load. The reload link is a plain link to the page (the service worker's folder),
 * whatever address failed. */
export async function failClosedPolicy() {
  const style = await sha256Base64(STYLE);
  return `default-src 'none'; style-src 'sha256-${style}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

/** The fail-closed page's HTML: both languages, English first (the page's own language
 * choice needs its scripts, which are what could not be checked). */
export function failClosedHtml(home = "./") {
  const { en, zh } = MESSAGE;
  const href = home.replace(/[^\w:/.?=&%~-]/g, encodeURIComponent); // an attribute's value, inert
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>${en.title} · ${zh.title}</title><style>${STYLE}</style></head><body>
<main role="alert"><h1>${en.title}</h1><p>${en.text}</p>
<h1 lang="zh-CN">${zh.title}</h1><p lang="zh-CN">${zh.text}</p>
<p><a href="${href}">${en.reload}</a><a href="${href}" lang="zh-CN">${zh.reload}</a></p></main>
</body></html>
`;
}

/** The answer to a request for a file that failed its check and could not be fetched: for
 * a navigation the page above, for anything else the same words as plain text (a script,
 * a worker or the wasm then fails to load, and the page says so). HTTP 503, not cached;
 * `home`: the page's address, for the reload link. */
export async function failClosed(request, home = "./") {
  const navigate = request.mode === "navigate";
  const body = navigate ? failClosedHtml(home) : `${MESSAGE.en.text}\n${MESSAGE.zh.text}\n`;
  return new Response(body, {
    status: 503,
    statusText: "Service Unavailable",
    headers: {
      "Content-Type": navigate ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
      "Content-Security-Policy": await failClosedPolicy(),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
