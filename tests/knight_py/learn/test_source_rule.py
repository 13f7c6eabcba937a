"""knight_py.learn.source_rule: what a Learn program may be, from Python's own parse.

Every program the page ships and honest programs in several styles are accepted (and
run); hostile programs, however they spell their names, are refused; a refusal's
sentence never holds text of the program."""

from __future__ import annotations

import ast
import builtins
import sys
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knight_py.i18n import LANGS, explain
from knight_py.learn.exercise_programs import PROGRAMS as EXERCISE_PROGRAMS
from knight_py.learn.programs import PROGRAMS
from knight_py.learn.sandbox import fresh_namespace
from knight_py.learn.source_rule import (
    CONSTRUCT_KINDS,
    KNOWN_NAMES,
    MAX_CHARS,
    MAX_LINES,
    MAX_NODES,
    refusal,
)
from knight_py.validate import first_problem
from tests.exercise_attempts import ATTEMPTS

HOLES_TRAILER = "\nHOLES = {(0, 1), (2, 2)}\n"

SHIPPED: dict[str, str] = {}
for _pid, _program in PROGRAMS.items():
    SHIPPED[f"menu {_pid}"] = _program.source
    SHIPPED[f"menu {_pid} zh"] = _program.source_zh
for _eid, (_starter, _solution) in EXERCISE_PROGRAMS.items():
    SHIPPED[f"{_eid} starter"] = _starter
    SHIPPED[f"{_eid} solution"] = _solution
    SHIPPED[f"{_eid} solution with holes"] = _solution + HOLES_TRAILER
for _attempt in ATTEMPTS:
    SHIPPED[f"{_attempt.exercise} attempt {_attempt.name}"] = _attempt.source

# Honest programs as students write them: each returns a tour of 5 x 5 from a1
# (board or path), and uses what a teaching program needs.
HONEST: dict[str, str] = {
    "iterative deque and path": '''
from collections import deque
import math

MOVES = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]

def tour(rows, cols, start):
    path = [tuple(start)]
    seen = {tuple(start)}
    tries = deque([0])
    while path:
        if len(path) == rows * cols:
            return path
        k = tries[-1]
        if k == len(MOVES):
            seen.discard(path.pop())
            tries.pop()
            continue
        tries[-1] += 1
        r, c = path[-1]
        x, y = r + MOVES[k][0], c + MOVES[k][1]
        if 0 <= x < rows and 0 <= y < cols and (x, y) not in seen:
            path.append((x, y))
            seen.add((x, y))
            tries.append(0)
    return None

if __name__ == "__main__":
    print(math.floor(2.5), tour(5, 5, (4, 0)) is not None)
''',
    "class with methods and an error class": '''
class Found(Exception):
    pass


class Knight(object):
    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols
        self.board = [[0] * cols for _ in range(rows)]
        self.tried = 0

    def free(self, r, c):
        return 0 <= r < self.rows and 0 <= c < self.cols and self.board[r][c] == 0

    def onward(self, r, c):
        return sum(1 for dr, dc in STEPS if self.free(r + dr, c + dc))

    def visit(self, r, c, step):
        self.board[r][c] = step
        self.tried += 1
        if step == self.rows * self.cols:
            raise Found()
        nexts = sorted(((r + dr, c + dc) for dr, dc in STEPS if self.free(r + dr, c + dc)),
                       key=lambda s: self.onward(*s))
        for x, y in nexts:
            self.visit(x, y, step + 1)
        self.board[r][c] = 0


STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def tour(rows, cols, start):
    knight = Knight(rows, cols)
    try:
        knight.visit(start[0], start[1], 1)
    except Found:
        print(f"found after {knight.tried} squares: {knight.tried!r:>6}")
        return knight.board
    except (ValueError, RecursionError) as err:
        print("no:", err.args)
    finally:
        print("%d x %d" % (rows, cols))
    return None
''',
    "global counter, heapq, lru_cache, walrus, nonlocal": '''
import heapq
from functools import lru_cache
import functools
import itertools, random, copy, time

backtracks = 0
MOVES = [(dr, dc) for dr, dc in itertools.product((-2, -1, 1, 2), repeat=2) if abs(dr) != abs(dc)]


@lru_cache(maxsize=None)
def inside(rows, cols, r, c):
    return 0 <= r < rows and 0 <= c < cols


@functools.cache
def squares(rows, cols):
    return rows * cols


def tour(rows, cols, start):
    global backtracks
    random.seed(1)
    began = time.perf_counter()
    board = [[0] * cols for _ in range(rows)]
    count = 0

    def degree(r, c):
        return len([1 for dr, dc in MOVES if inside(rows, cols, r + dr, c + dc) and board[r + dr][c + dc] == 0])

    def go(r, c, step):
        nonlocal count
        global backtracks
        board[r][c] = step
        count += 1
        if step == squares(rows, cols):
            return True
        heap = []
        for i, (dr, dc) in enumerate(MOVES):
            if inside(rows, cols, x := r + dr, y := c + dc) and board[x][y] == 0:
                heapq.heappush(heap, (degree(x, y), i, x, y))
        while heap:
            _, _, x, y = heapq.heappop(heap)
            if go(x, y, step + 1):
                return True
        board[r][c] = 0
        backtracks += 1
        return False

    done = go(*start, 1)
    kept = copy.deepcopy(board)
    assert kept == board, "a copy is equal"
    del kept[0][:]
    print("backtracks", backtracks, "calls", count, time.perf_counter() >= began)
    return board if done else None
''',
    "generator and dict": '''
MOVES = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def neighbours(rows, cols, r, c):
    for dr, dc in MOVES:
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            yield r + dr, c + dc


def tour(rows, cols, start):
    order = {tuple(start): 1}
    stack = [(tuple(start), iter(list(neighbours(rows, cols, *start))))]
    while stack:
        if len(order) == rows * cols:
            board = [[0] * cols for _ in range(rows)]
            for (r, c), n in order.items():
                board[r][c] = n
            return board
        square, moves = stack[-1]
        nxt = next(moves, None)
        if nxt is None:
            order.pop(square)
            stack.pop()
        elif nxt not in order:
            order[nxt] = len(order) + 1
            stack.append((nxt, iter(list(neighbours(rows, cols, *nxt)))))
    return None
''',
}


def _tour_of(source: str) -> object:
    namespace, _output = fresh_namespace()
    exec(compile(source, "<program>", "exec"), namespace)
    return namespace["tour"](5, 5, (4, 0))


def _path(answer: object) -> list[tuple[int, int]]:
    if isinstance(answer, list) and answer and isinstance(answer[0], list):
        cells = {n: (r, c) for r, row in enumerate(answer) for c, n in enumerate(row)}
        return [cells[n] for n in sorted(cells)]
    assert isinstance(answer, list)
    return [tuple(square) for square in answer]


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_every_shipped_program_is_accepted(name: str) -> None:
    assert refusal(SHIPPED[name]) is None


@pytest.mark.parametrize("name", sorted(HONEST))
def test_honest_programs_are_accepted_and_find_a_tour(name: str) -> None:
    source = HONEST[name]
    assert refusal(source) is None
    path = _path(_tour_of(source))
    assert path[0] == (4, 0)
    assert first_problem(5, 5, [(r, c) for r, c in path]) is None


# Hostile programs: each reaches, or tries to reach, its own Python.
HOSTILE: dict[str, str] = {
    "fullwidth getattr": "def tour(rows, cols, start):\n    f = \uff47\uff45\uff54\uff41\uff54\uff54\uff52(tour, '__globals__')\n",
    "fullwidth underscores": "def tour(rows, cols, start):\n    g = tour._\uff3fglobals_\uff3f\n",
    "format field": 'def tour(rows, cols, start):\n    return "{0.__class__}".format(start)\n',
    "format_map": 'def tour(rows, cols, start):\n    return "{x.__class__}".format_map({"x": 1})\n',
    "str.format": 'def tour(rows, cols, start):\n    return str.format("{0.__class__}", 1)\n',
    "match class pattern": (
        "def tour(rows, cols, start):\n    match tour:\n        case object(__globals__=g):\n"
        "            return g\n"
    ),
    "match plain": "def tour(rows, cols, start):\n    match rows:\n        case 5:\n            return None\n",
    "f-string attribute": 'def tour(rows, cols, start):\n    print(f"{tour.__code__}")\n',
    "f-string getattr": "def tour(rows, cols, start):\n    print(f\"{getattr(tour, 'x')}\")\n",
    "except BaseException": (
        "def tour(rows, cols, start):\n    while True:\n        try:\n            pass\n"
        "        except BaseException:\n            pass\n"
    ),
    "bare except": "def tour(rows, cols, start):\n    try:\n        pass\n    except:\n        pass\n",
    "finally return": "def tour(rows, cols, start):\n    try:\n        pass\n    finally:\n        return None\n",
    "finally continue": "while True:\n    try:\n        pass\n    finally:\n        continue\n",
    "random._os": "import random\nsys = random._os.sys\n",
    "from random import _os": "from random import _os\n",
    "import sys": "import sys\nsys.settrace(None)\n",
    "import os": "import os\n",
    "from js": "from js import parent\nparent.postMessage({'type': 'ended'}, '*')\n",
    "import js as": "import math as js\nimport pyodide\n",
    "relative import": "from . import x\n",
    "star import": "from math import *\n",
    "dunder chain": "trace = ().__class__.__base__.__subclasses__()\n",
    "frames": "def tour(rows, cols, start):\n    g = (x for x in [1])\n    g.gi_frame.f_back.f_globals['x'] = 1\n",
    "traceback": "try:\n    1 / 0\nexcept ZeroDivisionError as e:\n    f = e.__traceback__.tb_frame\n",
    "with_traceback": "try:\n    1 / 0\nexcept ZeroDivisionError as e:\n    e.with_traceback(None)\n",
    "__import__": "os = __import__('os')\n",
    "eval": "eval('1')\n",
    "exec": "exec('x = 1')\n",
    "compile": "c = compile('1', 'x', 'eval')\n",
    "open": "open('x')\n",
    "globals": "g = globals()\n",
    "locals": "g = locals()\n",
    "vars": "g = vars()\n",
    "type": "T = type('T', (), {})\n",
    "object": "o = object.__subclasses__()\n",
    "super": "class A:\n    def __init__(self):\n        super().__init__()\n",
    "dir": "print(dir())\n",
    "id": "print(id(1))\n",
    "memoryview": "m = memoryview(b'x')\n",
    "builtins name": "b = __builtins__\n",
    "property": "class A:\n    @property\n    def x(self):\n        return 1\n",
    "staticmethod": "class A:\n    @staticmethod\n    def x():\n        return 1\n",
    "classmethod name": "f = classmethod\n",
    "metaclass": "class A(metaclass=type):\n    pass\n",
    "class base": "class A(list):\n    pass\n",
    "dunder method": "class A:\n    def __eq__(self, other):\n        return True\n",
    "dunder getattr": "class A:\n    def __getattr__(self, name):\n        return 1\n",
    "dunder class body": "class A:\n    __hash__ = None\n",
    "own dunder name": "__x__ = 1\n",
    "dunder parameter": "def f(__class__):\n    return __class__\n",
    "dunder keyword": "print(1, __class__=2)\n",
    "global dunder": "def f():\n    global __builtins__\n",
    "with": "with open('x') as f:\n    pass\n",
    "async def": "async def f():\n    pass\n",
    "await": "async def f():\n    await f()\n",
    "attrgetter": "import operator\nget = operator.attrgetter('__class__')\n",
    "methodcaller": "import operator\nget = operator.methodcaller('x')\n",
    "string.Formatter": "import string\nf = string.Formatter()\n",
    "module as value": "import math\nm = math\n",
    "module in call": "import random\nprint(random)\n",
    "module attribute store": "import time\ntime.perf_counter = None\n",
    "own introspection attribute": "class A:\n    pass\na = A()\na.f_back = 1\nprint(a.f_back)\n",
    "own underscore attribute": "class A:\n    pass\na = A()\na._x = 1\n",
    "decorator": "def d(f):\n    return f\n\n@d\ndef g():\n    pass\n",
    "decorator call with a name": "from functools import lru_cache\nn = 3\n@lru_cache(n)\ndef g():\n    pass\n",
    "lambda code": "f = (lambda: 0).__code__\n",
    "unknown builtin": "print(hasattr(1, 'x'))\n",
    "copyright": "copyright()\n",
    "exit": "exit()\n",
    "matmul": "a = [1]\nb = a @ a\n",
    "normalised quotes": 's = "a\uff02 + getattr(x, \'y\') + \uff02b"\n',
    "unknown name": "def tour(rows, cols, start):\n    return pyodide_js\n",
    "format builtin": "print(format(1, 'x'))\n",
    "own attribute named like a module": "class A:\n    def abc(self):\n        pass\nimport collections\nm = collections.abc\n",
    "update_wrapper": "import functools\nclass A:\n    pass\nfunctools.update_wrapper(A(), print, ('__globals__',))\n",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_every_hostile_program_is_refused(name: str) -> None:
    why = refusal(HOSTILE[name])
    assert why is not None, name
    for lang in LANGS:
        assert explain(why, lang)


@pytest.mark.parametrize(
    ("name", "code", "params"),
    [
        ("fullwidth getattr", "source_name", {"line": 2, "name": "getattr"}),
        ("fullwidth underscores", "source_attribute", {"line": 2, "name": "__globals__"}),
        ("format field", "source_attribute", {"line": 2, "name": "format"}),
        ("match class pattern", "source_construct", {"line": 2, "kind": "match"}),
        ("except BaseException", "source_name", {"line": 5, "name": "BaseException"}),
        ("bare except", "source_construct", {"line": 4, "kind": "bare_except"}),
        ("finally return", "source_construct", {"line": 5, "kind": "finally_exit"}),
        ("random._os", "source_attribute", {"line": 2, "name": "sys"}),
        ("from random import _os", "source_attribute_other", {"line": 1}),
        ("import os", "source_import", {"line": 1, "name": "os"}),
        ("with", "source_construct", {"line": 1, "kind": "with"}),
        ("async def", "source_construct", {"line": 1, "kind": "async"}),
        ("module as value", "source_construct", {"line": 2, "kind": "module_value"}),
        ("normalised quotes", "source_normalised", {}),
        ("unknown name", "source_name_unknown", {"line": 2}),
        ("star import", "source_construct", {"line": 1, "kind": "star_import"}),
        ("dunder method", "source_construct", {"line": 2, "kind": "dunder_method"}),
        ("metaclass", "source_construct", {"line": 1, "kind": "class_header"}),
        ("decorator", "source_construct", {"line": 5, "kind": "decorator"}),
    ],
)
def test_a_refusal_names_the_construct_and_its_line(name: str, code: str, params: dict[str, object]) -> None:
    why = refusal(HOSTILE[name])
    assert why is not None
    assert (why.code, dict(why.params)) == (code, params)


@pytest.mark.skipif(sys.version_info < (3, 12), reason="the type statement is Python 3.12's")
def test_a_type_statement_is_refused() -> None:
    why = refusal("type Board = list[list[int]]\n")
    assert why is not None and why.params["kind"] == "type_alias"


def test_a_syntax_error_is_left_to_python() -> None:
    assert refusal("def tour(rows, cols, start)\n    return None\n") is None
    assert refusal("x = (\n") is None


def test_size_limits() -> None:
    long = "x = 1\n" + "#" * MAX_CHARS
    assert refusal(long).code == "source_too_long"  # type: ignore[union-attr]
    assert dict(refusal(long).params) == {"count": len(long), "limit": MAX_CHARS}  # type: ignore[union-attr]
    lines = "\n" * MAX_LINES
    assert refusal(lines).code == "source_too_many_lines"  # type: ignore[union-attr]
    # Under the character limit, but more parts than the page walks.
    many = "x = [" + ",".join(["a+a"] * 7_900) + "]\n"
    assert len(many) <= MAX_CHARS and len(list(ast.walk(ast.parse(many)))) > MAX_NODES
    assert refusal(many).code == "source_too_big"  # type: ignore[union-attr]


@pytest.mark.parametrize("deep", ["-" * 30_000 + "1", "not " * 7_000 + "x", "a" + ".b" * 15_000])
def test_a_parse_too_deep_is_unreadable_not_a_crash(deep: str) -> None:
    why = refusal(deep)
    assert why is not None and why.code == "source_unreadable"


def test_null_bytes_are_refused_or_left_to_python() -> None:
    why = refusal("x = 1\x00\n")
    assert why is None or why.code == "source_unreadable"


# --- hypothesis: spellings Python reads as a refused name -------------------------------

# Names a program may never use, in any place: built-ins that reach into Python, dunders,
# and the attributes of frames, generators, tracebacks and code.
REFUSED_NAMES = [
    "getattr", "setattr", "delattr", "globals", "locals", "vars", "eval", "exec", "compile",
    "open", "breakpoint", "input", "help", "type", "super", "dir", "id", "memoryview",
    "__import__", "classmethod", "staticmethod", "property", "BaseException",
    "__class__", "__globals__", "__subclasses__", "__builtins__", "__dict__", "__code__",
    "__base__", "__mro__", "__traceback__", "__closure__", "__self__", "__getattribute__",
    "__reduce__", "__init_subclass__", "f_globals", "gi_frame", "f_back", "tb_frame",
    "co_code", "cr_frame", "ag_frame", "mro", "format", "format_map", "cell_contents",
    "with_traceback",
]


def _variants(letter: str) -> list[str]:
    """Characters NFKC turns into ``letter`` that may stand inside an identifier."""
    found = [letter]
    if letter == "_":
        found += ["\uff3f", "\ufe33", "\ufe34", "\ufe4d", "\ufe4e", "\ufe4f"]
    elif letter.isascii() and letter.isalpha():
        found.append(chr(ord(letter) + 0xFEE0))  # fullwidth
        base = 0x1D400 if letter.isupper() else 0x1D41A
        offset = ord(letter.upper()) - ord("A")
        for block in (0, 52, 104, 208, 260, 312, 364):  # bold, italic, bold italic, script...
            candidate = chr(base + block + offset)
            if unicodedata.normalize("NFKC", candidate) == letter:
                found.append(candidate)
    return found


@st.composite
def spelled(draw: st.DrawFn, name: str) -> str:
    """``name`` with each letter in a form Python reads as that letter; the first one plain
    ASCII (an identifier must start with a letter or ``_`` as written)."""
    letters = [name[0]] + [draw(st.sampled_from(_variants(ch))) for ch in name[1:]]
    text = "".join(letters)
    assert unicodedata.normalize("NFKC", text) == name
    return text


PLACES = [
    "    x = {n}(board)\n",
    "    x = board.{n}\n",
    "    x = board.copy().{n}.pop()\n",
    "    x = [row for row in board][0].{n}\n",
    '    print(f"{{board.{n}}}")\n',
    '    print(f"{{{n}(board)}}")\n',
    '    print("{{0.{n}}}".format(board))\n',
    "    match board:\n        case object({n}=g):\n            pass\n",
    "    match board:\n        case list({n}=g):\n            pass\n",
    "    {n} = board\n    print({n})\n",
    "    board.{n} = 1\n",
    "    x = lambda {n}: {n}\n",
    "    for {n} in board:\n        print({n}.pop)\n",
    "    try:\n        pass\n    except {n}:\n        pass\n",
]


@settings(max_examples=400, deadline=None)
@given(
    base=st.sampled_from(sorted(SHIPPED)),
    name=st.sampled_from(REFUSED_NAMES),
    place=st.sampled_from(PLACES),
    data=st.data(),
)
def test_every_spelling_of_a_refused_name_is_refused_in_any_place(base: str, name: str, place: str, data: st.DataObject) -> None:
    spelling = data.draw(spelled(name))
    source = SHIPPED[base]
    head = "def tour(rows, cols, start):\n"
    assert head in source
    line = place.format(n=spelling)
    program = source.replace(head, head + "    board = [[0]]\n" + line, 1)
    try:
        ast.parse(program)
    except SyntaxError:
        return  # Python would not run it either (a name it does not accept in that place)
    binds = place.lstrip().startswith(("{n} =", "x = lambda {n}", "for {n}"))
    if binds and not (name.startswith("__") or hasattr(builtins, name)):
        return  # a variable of the program's own, named like an attribute: only its own value
    if place.lstrip().startswith("board.{n} =") and hasattr(builtins, name) and not name.startswith("__"):
        return  # an attribute of the program's own object, named like a built-in: no built-in has it
    why = refusal(program)
    assert why is not None, (name, place, spelling)


@settings(max_examples=200, deadline=None)
@given(depth=st.integers(1, 30), data=st.data())
def test_attribute_chains_are_refused_at_their_refused_link(depth: int, data: st.DataObject) -> None:
    """A chain of allowed methods and one refused attribute anywhere in it is refused."""
    allowed = ["copy", "pop", "append", "keys", "items", "get", "real"]
    links = [data.draw(st.sampled_from(allowed)) for _ in range(depth)]
    bad = data.draw(spelled(data.draw(st.sampled_from(REFUSED_NAMES))))
    links.insert(data.draw(st.integers(0, depth)), bad)
    program = "x = []\ny = x." + ".".join(links) + "\n"
    why = refusal(program)
    assert why is not None and why.code.startswith("source_attribute") and why.params["line"] == 2


# --- hypothesis: a refusal never quotes the program --------------------------------------

_LETTERS = "αβγδεζηθικλμνξπρστυφχψωабвгдежзийклмнопрстуфхцчшщ"


@settings(max_examples=300, deadline=None)
@given(
    own=st.text(st.sampled_from(_LETTERS), min_size=3, max_size=12),
    said=st.text(min_size=0, max_size=30),
    hostile=st.sampled_from(sorted(HOSTILE)),
)
def test_a_refusal_sentence_never_holds_the_programs_text(own: str, said: str, hostile: str) -> None:
    program = (
        f"def {own}(x):\n    return x\n\n{own}_v = {said!r} + '\u202e'\n"
        f"print({own}({own}_v))\n" + HOSTILE[hostile]
    )
    why = refusal(program)
    assert why is not None
    for value in why.params.values():
        assert isinstance(value, int) or value in KNOWN_NAMES or value in CONSTRUCT_KINDS, value
    for lang in LANGS:
        sentence = explain(why, lang)
        assert "\u202e" not in sentence and own not in sentence
        assert not (len(said) >= 4 and said in sentence)


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=200))
def test_any_text_gets_an_answer_with_plain_params(text: str) -> None:
    why = refusal(text)
    if why is None:
        return
    for value in why.params.values():
        assert isinstance(value, int) or value in KNOWN_NAMES or value in CONSTRUCT_KINDS, value
    for lang in LANGS:
        assert "\u202e" not in explain(why, lang)


@settings(max_examples=200, deadline=None)
@given(
    base=st.sampled_from(sorted(SHIPPED)),
    spelling=st.sampled_from(["\uff50rint", "\uff52\uff41\uff4e\uff47\uff45", "\uff4cen", "\U0001d42corted"]),
)
def test_an_honest_program_with_fullwidth_letters_is_read_as_python_reads_it(base: str, spelling: str) -> None:
    head = "def tour(rows, cols, start):\n"
    program = SHIPPED[base].replace(head, head + f"    {spelling}\n", 1)
    assert refusal(program) is None
