// The page's first script: on a slow link it draws the board the link asks for, and
// app.js (the rest of the page, the composition root, the next script in index.html)
// takes the board over. Two bundles, so that the board does not wait for the whole
// page's script: on a host that compresses nothing this one is 7.5 KB of the page's 250,
// a second less on slow 4G. On a fast link (index.html's inline script says so) app.js
// comes a few tenths after it: its board, which answers a click at once, is the first.

import { drawLinkedBoard, keepFirstBoard } from "./board/first-board.js";
import { pageLanguage } from "./i18n/language.js";
import { storageOrNull } from "./core/storage.js";

// index.html's words are English until app.js puts them in the page's language: for a
// reader of another, they stay hidden until then (style.css), the board alone shown.
const { lang } = pageLanguage({ search: window.location.search, storage: storageOrNull(window), languages: navigator.languages });
if (lang !== "en") document.documentElement.dataset.words = "pending";
// A language other than English is a file of its own (i18n/catalogs.js) that app.js waits
// for: asked for now, beside app.js, rather than once app.js has come and run. The build
// names the files (tools/site.py); the page's modules unbundled name none.
const languageFiles = typeof KNIGHT_LANGUAGE_FILES === "object" ? KNIGHT_LANGUAGE_FILES : {};
if (Object.hasOwn(languageFiles, lang)) {
  document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href: languageFiles[lang] }));
}
// No app (the link dropped as it came): index.html's own words and panels rather than none.
document.querySelector('script[src="app.js"]')?.addEventListener("error", () => {
  delete document.documentElement.dataset.words;
  delete document.documentElement.dataset.later; // what index.html holds for app.js to show
});
if (document.documentElement.dataset.link !== "fast") {
  keepFirstBoard(drawLinkedBoard(document, window.location.search));
  performance.mark("board-drawn");
}
