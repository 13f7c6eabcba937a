// The program listing: one list item per line, its number a button-like target for a
// breakpoint, its text in coloured tokens (highlight.js); the current line marked and
// kept in view. Text only: a program's text never becomes markup.

import { tokens } from "./highlight.js";
import { readError } from "./verdict.js";

/** Fill `list` with the lines of `source`. */
export function renderListing(list, source) {
  const doc = list.ownerDocument;
  const items = source.split("\n").map((text, i) => {
    const li = doc.createElement("li");
    li.dataset.line = String(i + 1);
    const number = doc.createElement("span");
    number.className = "ln";
    number.textContent = String(i + 1);
    number.setAttribute("aria-hidden", "true");
    const code = doc.createElement("code");
    for (const [kind, part] of tokens(text)) {
      if (kind === "plain" || kind === "name") code.append(part);
      else code.append(Object.assign(doc.createElement("span"), { className: `tok-${kind}`, textContent: part }));
    }
    li.append(number, code);
    return li;
  });
  list.replaceChildren(...items);
  delete list.dataset.marks; // the new items carry no marks yet: syncListing sets them
}

/** Mark the current line, the line of an error and the breakpoints; scroll the current
 * (else the error's) line into view. */
export function syncListing(list, trace, learn) {
  const errorLine = learn.status === "error" ? readError(learn.error).line ?? 0 : 0;
  const line = trace && learn.steps ? trace.lineAt(Math.min(learn.step, trace.steps - 1)) : errorLine;
  const marks = `${line}|${errorLine}|${learn.breakpoints.join(",")}`;
  if (list.dataset.marks === marks) return;
  list.dataset.marks = marks;
  for (const li of list.children) {
    const n = Number(li.dataset.line);
    li.classList.toggle("current", n === line);
    li.classList.toggle("breakpoint", learn.breakpoints.includes(n));
    li.classList.toggle("error", n === errorLine);
    if (n === line) li.setAttribute("aria-current", "step");
    else li.removeAttribute("aria-current");
  }
  const current = line ? list.children[line - 1] : null;
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
  }
}
