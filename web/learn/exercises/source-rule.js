// What an exercise's check refuses to judge: a program whose text names a way into its own
// Python (an import, a double-underscore name, attribute access by string, code run from a
// string, frames, code objects and tracebacks). Without these a program is plain Python
// under the honest tracer, so the trace the page reads is the one the tracer recorded; a
// program that could forge the tracer's messages is refused before its run is judged.
// The whole text is read, strings and comments too: a refusal may be over-careful, never
// fooled by a "#" inside a string. Pure module.

/** Names a judged program may not use. */
export const REFUSED_NAMES = [
  "import", "getattr", "setattr", "delattr", "globals", "locals", "vars", "eval", "exec",
  "compile", "open", "breakpoint", "input", "help",
];

/** Attribute prefixes of frames, generators, coroutines, tracebacks and code objects. */
export const REFUSED_PREFIX = /^(f|gi|cr|ag|tb|co)_/;

/** Double-underscore names a program may still use (the posts' main guard). */
export const ALLOWED_DUNDERS = ["__name__", "__main__"];

/** The first refused name in `source`: {line (1-based), name}, or null. */
export function refusal(source) {
  const lines = String(source).split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    for (const match of lines[i].matchAll(/[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*/g)) {
      const name = match[0];
      const dunder = name.includes("__") && !ALLOWED_DUNDERS.includes(name);
      if (dunder || REFUSED_NAMES.includes(name) || REFUSED_PREFIX.test(name)) return { line: i + 1, name };
    }
  }
  return null;
}
