// A one-panel "about" view, added to a copy of web/ the documented way: its folder, its
// line in web/views.js and its catalog entries, nothing else (web/README.md, "Adding a
// view"). Used by stub-copy.test.mjs (the node tests on the copy) and by
// tests/e2e/shell/test_e2e_stub_view.py (the copy in a browser):
//
//   node tests/web/shell/about-view.mjs <folder>   (writes <folder>/web)

import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

// The whole of the view: one panel whose markup it makes, its sentence and its prompt.
export const ABOUT_VIEW = `// The About view: one line about the page.
import { t } from "../i18n/messages.js";
import { setText, viewSection } from "../core/panel.js";

function mountAboutPanel(doc) {
  const box = viewSection(doc, "about-box", "about");
  const line = doc.createElement("p");
  line.id = "about-text";
  box.append(line);
  return { sync: () => setText(line, t("about.text")), unbind() {} };
}

export const aboutView = {
  id: "about",
  panels: [mountAboutPanel],
  status: () => ({ text: t("about.status"), detail: "" }),
  prompt: () => ["quiet", t("about.prompt")],
};
`;

/** Its catalog entries: the tab, the line under the tabs, its share button, its own words. */
export const ABOUT_WORDS = {
  en: {
    "shell.tab.about": "About",
    "shell.about.about": "What this page is.",
    "tour.share.label.about": "Copy link to this page",
    "tour.share.copied.about": "Link copied. Anyone who opens it reads about this page.",
    "about.text": "Knight's tours, found and watched in your browser.",
    "about.status": "Read about the page.",
    "about.prompt": "Nothing to click here.",
  },
  zh: {
    "shell.tab.about": "关于",
    "shell.about.about": "这个页面是什么。",
    "tour.share.label.about": "复制这个页面的链接",
    "tour.share.copied.about": "链接已复制。打开它的人都能读到这个页面的介绍。",
    "about.text": "在浏览器里寻找并观看骑士周游。",
    "about.status": "读一读这个页面。",
    "about.prompt": "这里没有要点的东西。",
  },
};

/** Insert `text` before the last occurrence of `before` in the file at `path`. */
function insertBefore(path, before, text) {
  const source = readFileSync(path, "utf8");
  const at = source.lastIndexOf(before);
  assert.ok(at >= 0, `${path}: no ${before}`);
  writeFileSync(path, source.slice(0, at) + text + source.slice(at));
}

/** A copy of web/ (and of `also`, relative to the repository) under `folder`, with the
 * About view added the documented way: its folder, its registry line, its words. */
export function copyWithAboutView(folder, also = []) {
  for (const part of ["web", ...also]) cpSync(join(ROOT, part), join(folder, part), { recursive: true });
  const web = join(folder, "web");
  mkdirSync(join(web, "about"));
  writeFileSync(join(web, "about", "view.js"), ABOUT_VIEW);
  const views = join(web, "views.js");
  insertBefore(views, "\n\nexport const VIEWS", '\nimport { aboutView } from "./about/view.js";');
  insertBefore(views, "];", "  aboutView,\n");
  for (const [lang, words] of Object.entries(ABOUT_WORDS)) {
    const lines = Object.entries(words).map(([key, text]) => `  ${JSON.stringify(key)}: ${JSON.stringify(text)},\n`).join("");
    insertBefore(join(web, "i18n", lang, "shell.js"), "};", lines);
  }
  return web;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) copyWithAboutView(process.argv[2]);
