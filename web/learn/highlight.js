// Python source as coloured tokens for the program listing: keywords, builtins, strings,
// numbers, comments, the rest plain. A line at a time (the posts' programs have no
// multi-line strings; one that does is shown plainly from its second line on). Pure.

const KEYWORDS = new Set([
  "and", "as", "assert", "break", "class", "continue", "def", "del", "elif", "else", "except", "False",
  "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "None", "nonlocal", "not",
  "or", "pass", "raise", "return", "True", "try", "while", "with", "yield",
]);
const BUILTINS = new Set(["len", "range", "print", "min", "max", "sorted", "list", "enumerate", "abs", "sum", "any", "all", "tuple", "set", "dict", "int", "zip"]);

const TOKEN = /(#.*$)|("(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?)|(\b\d[\d_]*(?:\.\d+)?\b)|([A-Za-z_][A-Za-z0-9_]*)|(\s+)|(.)/g;

/** A line as [[kind, text], ...], kinds "keyword", "builtin", "string", "number",
 * "comment", "name", "def" (a name after def), "plain"; the texts join back to the line. */
export function tokens(line) {
  const out = [];
  let afterDef = false;
  for (const m of line.matchAll(TOKEN)) {
    const [text, comment, string, number, word] = m;
    let kind = "plain";
    if (comment) kind = "comment";
    else if (string) kind = "string";
    else if (number) kind = "number";
    else if (word) kind = afterDef ? "def" : KEYWORDS.has(word) ? "keyword" : BUILTINS.has(word) ? "builtin" : "name";
    if (word || (!/^\s+$/.test(text) && afterDef)) afterDef = word === "def" || word === "class";
    const last = out[out.length - 1];
    if (last && last[0] === kind && kind === "plain") last[1] += text;
    else out.push([kind, text]);
  }
  return out;
}
