// What the service worker answers when a file of the build is neither intact in its cache
// nor to be had from the network: a plain message, never a copy it could not check.
//
// The page's words live in web/i18n's catalogs, but this page is what shows when the page
// itself cannot be trusted: it loads no script, no catalog and no other file. So its
// words, in English and Chinese, are written here, in this one small page.

const MESSAGE = {
  en: {
    title: "Knight's tour: cannot open safely",
    text: "The copy of this page saved for offline use was changed, and the network cannot be reached to fetch the original. Nothing of the changed copy was run. Connect to the internet and reload.",
    reload: "Reload",
  },
  zh: {
    title: "马踏棋盘：无法安全打开",
    text: "为离线使用而保存的本页副本被改动过，而且现在连不上网络，取不到原始文件。被改动的副本没有运行。请联网后重新加载。",
    reload: "重新加载",
  },
};

// No script and no style: the policy lets nothing load. The reload link is a plain link
// to the page (the service worker's folder), whatever address failed.
export const FAIL_CLOSED_CSP =
  "default-src 'none'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The fail-closed page's HTML: both languages, English first (the page's own language
 * choice needs its scripts, which are what could not be checked). */
export function failClosedHtml(home = "./") {
  const { en, zh } = MESSAGE;
  const href = home.replace(/[^\w:/.?=&%~-]/g, encodeURIComponent); // an attribute's value, inert
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>${en.title} · ${zh.title}</title></head><body>
<main role="alert"><h1>${en.title}</h1><p>${en.text}</p>
<h1 lang="zh-CN">${zh.title}</h1><p lang="zh-CN">${zh.text}</p>
<p><a href="${href}">${en.reload}</a> · <a href="${href}" lang="zh-CN">${zh.reload}</a></p></main>
</body></html>
`;
}

/** The answer to a request for a file that failed its check and could not be fetched: for
 * a navigation the page above, for anything else the same words as plain text (a script,
 * a worker or the wasm then fails to load, and the page says so). HTTP 503, not cached;
 * `home`: the page's address, for the reload link. */
export function failClosed(request, home = "./") {
  const navigate = request.mode === "navigate";
  const body = navigate ? failClosedHtml(home) : `${MESSAGE.en.text}\n${MESSAGE.zh.text}\n`;
  return new Response(body, {
    status: 503,
    statusText: "Service Unavailable",
    headers: {
      "Content-Type": navigate ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
      "Content-Security-Policy": FAIL_CLOSED_CSP,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
