// The page's first script: on a slow link it draws the board the link asks for, then
// loads the rest of the page (app.js, the composition root), which takes the board over.
// Two bundles, so that the board does not wait for the whole page's script: on a host
// that compresses nothing this one is 7.5 KB of the page's 250, a second less on slow 4G.
// On a fast link index.html asks for app.js at full priority beside this file, and the
// page's own board comes a few tenths of a second later: no first board then, whose
// clicks would wait (on a slow link, at low priority: behind this one).

import { drawLinkedBoard } from "./board/first-board.js";
import { pageLanguage } from "./i18n/language.js";
import { storageOrNull } from "./core/storage.js";

// index.html's words are English until app.js puts them in the page's language: for a
// reader of another, they stay hidden until then (style.css), the board alone shown.
const { lang } = pageLanguage({ search: window.location.search, storage: storageOrNull(window), languages: navigator.languages });
if (lang !== "en") document.documentElement.dataset.words = "pending";
const near = document.querySelector('link[rel="modulepreload"][href="app.js"]:not([fetchpriority="low"])') !== null;
const firstBoard = near ? null : drawLinkedBoard(document, window.location.search);
if (firstBoard) performance.mark("board-drawn");
// A separate file in the built site (tools/bundle.py).
import("./app.js").then(
  ({ startApp }) => startApp(firstBoard),
  (error) => {
    // No app (the link dropped as it came): index.html's own words rather than none.
    delete document.documentElement.dataset.words;
    throw error;
  },
);
