"""The Learn trace's wire format for the page: web/learn/wire.js, generated from its one
declaration in Python (knight_py.learn.trace_format) and committed, so that the page, its
worker and the node tests read it without a build.

    python3 build.py wire          (rewrites web/learn/wire.js)
    python3 -m tools.wire --check  (exit status 1 when web/learn/wire.js is stale)

tests/tools/test_wire.py makes the text again in memory and compares it with the file.

>>> text = wire_js()
>>> "export const EVENT_RETURN_TRUE = 5;" in text, "export const MOVE_ORDER = " in text
(True, True)
"""

from __future__ import annotations

import argparse
import json
import textwrap
from array import array
from pathlib import Path

from .project import WEB

__all__ = ["COMMAND", "FILE", "JS_KINDS", "check", "move_order", "wire_js", "write"]

FILE = WEB / "learn" / "wire.js"
#: The page's typed array for each typecode of the trace's columns, and its width in bytes.
JS_KINDS = {"B": ("Uint8Array", 1), "H": ("Uint16Array", 2), "h": ("Int16Array", 2),
            "I": ("Uint32Array", 4)}
COMMAND = "python3 build.py wire"


def _js(value: object) -> str:
    """``value`` as a JavaScript literal: tuples as arrays, dicts as objects."""
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _const(name: str, value: object, doc: str = "") -> str:
    """``export const name = value;``, a dict one entry a line, under its doc comment."""
    if isinstance(value, dict):
        entries = "".join(f"  {_js(key)}: {_js(item)},\n" for key, item in value.items())
        literal = f"Object.freeze({{\n{entries}}})"
    elif isinstance(value, (list, tuple)):
        literal = f"Object.freeze({_js(value)})"
    else:
        literal = _js(value)
    head = ""
    if doc:
        lines = textwrap.wrap(doc, 92)
        head = "/** " + "\n * ".join(lines) + " */\n"
    return f"{head}export const {name} = {literal};\n"


def move_order() -> list[int]:
    """The order in which knight_py (and the Learn programs) try the eight moves, as
    indexes into web/core/squares.js's KNIGHT_STEPS (the tour link's move codes, which
    tools/presets.py writes in Python): the page keeps one list of the steps.

    >>> move_order()
    [2, 3, 4, 5, 6, 7, 0, 1]
    """
    from knight_py.board import KNIGHT_STEPS

    from .presets import KNIGHT_STEPS as LINK_STEPS

    return [LINK_STEPS.index(step) for step in KNIGHT_STEPS]


def wire_js() -> str:
    """The text of web/learn/wire.js, from knight_py.learn.trace_format (and the answer's
    verdict codes, knight_py.learn.answer; the programs' ids, knight_py.learn.programs)."""
    from knight_py.learn import trace_format as tf
    from knight_py.learn.answer import VERDICT_CODES
    from knight_py.learn.programs import PROGRAM_IDS

    events = {name: getattr(tf, name) for name in sorted(tf.__all__)
              if name.startswith("EVENT_") and isinstance(getattr(tf, name), int)}
    columns = {name: [array(code).itemsize, count] for name, (code, count) in tf.COLUMNS.items()}
    for code in tf.ARRAYS.values():
        width = JS_KINDS[code][1]
        assert array(code).itemsize == width, f"typecode {code} is not {width} bytes here"
    kinds = "".join(f"  {_js(name)}: {JS_KINDS[code][0]}, // {tf.MEANINGS[name]}\n"
                    for name, code in tf.ARRAYS.items())
    parts = [
        "// Generated from knight_py/learn/trace_format.py by tools/wire.py: do not edit. Change the\n"
        f"// Python and run `{COMMAND}` (tests/tools/test_wire.py says when this file is stale).\n"
        "// The Learn trace's wire format: the event bytes, the columns of a chunk and its small\n"
        "// fields, the messages between the page and the Learn worker, the returned value's\n"
        "// shapes and the verdict codes the page's Python gives it, the programs' ids and the\n"
        "// order they try the knight's moves in.\n\n",
        "// Event bytes, one a step; a return's byte says what came back.\n"
        + "".join(_const(name, value) for name, value in sorted(events.items(), key=lambda kv: kv[1])),
        _const("RETURNS", tf.RETURNS, "The event bytes of a return."),
        _const("FAILED_RETURNS", tf.FAILED_RETURNS,
               "The returns of no success: False, None, 0 or an empty list."),
        _const("MAX_EVENT", max(events.values()), "The highest event byte."),
        _const("NOT_SET", tf.NOT_SET, "A watched variable's slot that holds no int."),
        _const("NO_PARENT", tf.NO_PARENT, "The parent of a frame called from outside the program."),
        _const("MAX_DEPTH", tf.MAX_DEPTH,
               "Program calls nested at most: a call deeper ends the run as \"limit\", the "
               "page's own limit."),
        _const("NESTING_ALLOWED", tf.NESTING_ALLOWED,
               "Program calls nested at most in a search with a stack of its own (the stack "
               "exercise's \"no nesting\")."),
        _const("SLOTS", tf.SLOTS,
               "Watched variables per step: the page asks for this many, and refuses more."),
        _const("CHUNK_STEPS", tf.CHUNK_STEPS, "Steps a chunk holds at most (the page asks for this many)."),
        _const("CHUNK_DELTAS", tf.CHUNK_DELTAS,
               "Board changes after which the worker hands a chunk over early."),
        _const("MAX_CODES", tf.MAX_CODES, "Distinct functions of a program over a whole run."),
        _const("MAX_NAME", tf.MAX_NAME, "Characters of a function's, a variable's or an error's name."),
        _const("MAX_FILE_NAME", tf.MAX_FILE_NAME, "Characters of the name of a start file the worker asks for."),
        _const("MAX_MESSAGE", tf.MAX_MESSAGE,
               "Characters of Python's words for an error: cut to this by the worker, refused past it."),
        _const("MAX_OUTPUT", tf.MAX_OUTPUT,
               "Characters of printed output the page accepts: the sandbox's cap and its note."),
        "/** Each column's typed array (its entries little-endian on the wire), in order, and what\n"
        " * an entry means. */\n"
        f"export const KINDS = Object.freeze({{\n{kinds}}});\n",
        _const("COLUMNS", columns,
               "A chunk's columns, in order: bytes per entry (little-endian) and the meta "
               "field that counts the entries (vars: steps * slots)."),
        _const("BUFFERS", list(tf.COLUMNS), "The columns' names, in order."),
        _const("META_FIELDS", tf.META_FIELDS, "A chunk's small fields (its meta, JSON)."),
        _const("META_COUNTS", tf.META_COUNTS, "The small fields that are counts."),
        _const("CHUNK_STATUSES", tf.CHUNK_STATUSES,
               "A chunk's status: running until the last chunk, which says how the run ended."),
        _const("ENDINGS", tf.ENDINGS, "How a run ends."),
        _const("PAGE_LIMITS", tf.PAGE_LIMITS,
               "The endings the page's tracer decides, from outside the program: never a "
               "finished run, never an answer."),
        _const("BOARD_NOTES", tf.BOARD_NOTES,
               "Why the tracer stopped following the program's board (\"\": it did not)."),
        _const("MESSAGES", tf.MESSAGES,
               "The messages through the Learn worker's port, by direction and phase: type -> fields."),
        _const("ENDED_FIELDS", tf.ENDED_FIELDS, "The fields of an ended run's result."),
        _const("ANSWER_SHAPES", tf.ANSWER_SHAPES, "The shapes of a returned value sent as numbers."),
        _const("VERDICT_CODES", VERDICT_CODES,
               "The codes of the page's verdict on a returned value (learn.verdict.<code>)."),
        _const("PROGRAM_IDS", PROGRAM_IDS,
               "The Learn programs (knight_py.learn.programs), in the menu's order."),
        _const("MOVE_ORDER", move_order(),
               "The order the programs (and knight_py) try the moves in: indexes into "
               "core/squares.js's KNIGHT_STEPS."),
    ]
    return parts[0] + "\n".join(parts[1:])


def write(target: Path = FILE) -> bool:
    """Write :func:`wire_js` to ``target``; whether it changed."""
    text = wire_js()
    if target.exists() and target.read_text(encoding="utf-8") == text:
        return False
    target.write_text(text, encoding="utf-8")
    return True


def check(target: Path = FILE) -> bool:
    """Whether ``target`` holds :func:`wire_js` exactly."""
    return target.exists() and target.read_text(encoding="utf-8") == wire_js()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the file is stale")
    args = parser.parse_args(argv)
    if args.check:
        if check():
            return 0
        print(f"{FILE} is stale: run `{COMMAND}`")
        return 1
    print(f"{FILE}: {'written' if write() else 'already current'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
