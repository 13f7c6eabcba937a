// The page's first script: it draws the board the link asks for, then loads the rest of
// the page (app.js, the composition root), which takes the board over. Two bundles, so
// that the board does not wait for the whole page's script: on a host that compresses
// nothing this one is 6 KB of the page's 250, a second less on slow 4G.

import { drawLinkedBoard } from "./board/first-board.js";

const firstBoard = drawLinkedBoard(document, window.location.search);
performance.mark("board-drawn");
// A separate file in the built site (tools/bundle.py): fetched now, after the board.
import("./app.js").then(({ startApp }) => startApp(firstBoard));
