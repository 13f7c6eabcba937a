// The page's second script (index.html), bundled at the site's root beside main.js
// (tools/bundle.py): the shell's composition root (shell/app.js), handed the page's
// views (views.js), takes over the board main.js drew, if it drew one.

import { startApp } from "./shell/app.js";
import { takeFirstBoard } from "./board/first-board.js";
import { registry } from "./views.js";

startApp(takeFirstBoard(), registry);
