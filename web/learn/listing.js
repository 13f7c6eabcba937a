// The program listing: one list item per line, its number a button-like target for a
// breakpoint, its text in coloured tokens (highlight.js); the current line marked and
// kept in view. Text only: a program's text never becomes markup.
//
// A long program (a link carries up to 20,000 characters: thousands of lines, or one line
// of thousands of tokens) is drawn in slices of SLICE_MS, each its own task, so the page
// never stops answering for long; a line past TOKENS_PER_LINE tokens keeps the rest plain.

import { tokens } from "./highlight.js";
import { t } from "../i18n/messages.js";

/** Longest a slice of the listing may take before the rest waits for another task. */
export const SLICE_MS = 12;
/** Tokens of one line drawn in colour; the rest of a longer line is plain text. */
export const TOKENS_PER_LINE = 400;
/** Characters of one line shown in the listing; the editor keeps the line whole. */
export const LINE_CHARS = 1000;

function lineItem(doc, text, number) {
  const li = doc.createElement("li");
  li.dataset.line = String(number);
  const label = doc.createElement("span");
  label.className = "ln";
  label.textContent = String(number);
  label.setAttribute("aria-hidden", "true");
  const code = doc.createElement("code");
  // A line past LINE_CHARS is shown cut (no one reads it whole in a listing; laying out
  // thousands of characters of one line holds the page up), its length said.
  const shown = text.length > LINE_CHARS ? text.slice(0, LINE_CHARS) : text;
  const parts = tokens(shown);
  parts.slice(0, TOKENS_PER_LINE).forEach(([kind, part]) => {
    if (kind === "plain" || kind === "name") code.append(part);
    else code.append(Object.assign(doc.createElement("span"), { className: `tok-${kind}`, textContent: part }));
  });
  if (parts.length > TOKENS_PER_LINE) code.append(parts.slice(TOKENS_PER_LINE).map(([, part]) => part).join(""));
  if (shown !== text) code.append(Object.assign(doc.createElement("span"), { className: "tok-cut", textContent: ` … ${t("learn.listing.cut", { count: text.length - LINE_CHARS })}` }));
  li.append(label, code);
  return li;
}

const drawing = new WeakMap(); // list -> the source being drawn into it (a newer one wins)

/**
 * Fill `list` with the lines of `source`: the first slice now, the rest in later tasks
 * (`later(fn)`, setTimeout by default). `onSlice()` runs after each later slice (the
 * panel marks the current line again: it may have just been drawn).
 */
export function renderListing(list, source, { later = (fn) => setTimeout(fn, 0), now = () => performance.now(), onSlice = () => {} } = {}) {
  const doc = list.ownerDocument;
  const lines = source.split("\n");
  const job = {};
  drawing.set(list, job);
  list.replaceChildren();
  delete list.dataset.marks; // the new items carry no marks yet: syncListing sets them
  let next = 0;
  const slice = (first) => {
    if (drawing.get(list) !== job) return; // another source replaced this one
    const began = now();
    const part = doc.createDocumentFragment();
    while (next < lines.length && (next === first || now() - began < SLICE_MS)) {
      part.append(lineItem(doc, lines[next], next + 1));
      next += 1;
    }
    list.append(part);
    if (next < lines.length) later(() => slice(next));
    if (first > 0) {
      delete list.dataset.marks;
      onSlice();
    }
  };
  slice(0);
}

/** Mark the current line, the line of an error, the line a hint points at (`marked`) and
 * the breakpoints; scroll a newly marked line, else the current (or the error's) line into view.
 * Only the lines whose marks change are touched. */
export function syncListing(list, trace, learn) {
  const errorLine = learn.status === "error" ? learn.error?.line ?? 0 : learn.status === "limit" ? learn.limit?.line ?? 0 : 0;
  const marked = learn.marked ?? 0;
  const line = trace && learn.steps ? trace.lineAt(Math.min(learn.step, trace.steps - 1)) : errorLine;
  const marks = `${line}|${errorLine}|${learn.breakpoints.join(",")}|${marked}`;
  if (list.dataset.marks === marks) return;
  const [oldLine, oldError, oldBreaks, oldMarked] = (list.dataset.marks ?? "0|0||0").split("|");
  list.dataset.marks = marks;
  const touched = new Set([Number(oldLine), Number(oldError), Number(oldMarked), line, errorLine, marked, ...learn.breakpoints,
    ...oldBreaks.split(",").filter(Boolean).map(Number)]);
  for (const n of touched) {
    const li = n > 0 ? list.children[n - 1] : null;
    if (!li) continue;
    li.classList.toggle("current", n === line);
    li.classList.toggle("breakpoint", learn.breakpoints.includes(n));
    li.classList.toggle("error", n === errorLine);
    li.classList.toggle("marked", n === marked);
    if (n === line) li.setAttribute("aria-current", "step");
    else li.removeAttribute("aria-current");
  }
  const shown = marked && oldMarked !== String(marked) ? marked : line; // a hint's line once, when it is new
  const current = shown ? list.children[shown - 1] : null;
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
  }
}
