"""What a Learn program may be, decided from Python's own parse of its text.

The page runs a program only when every part of its parse is on an allow-list: the
kinds of statement and expression a teaching program needs, the names it binds itself
and Python's everyday built-ins, the methods of lists, dicts, sets, strings and of the
modules it may import (:data:`knight_py.learn.sandbox.ALLOWED_MODULES`), and the
attributes it sets itself.  Python reads identifiers after NFKC normalisation, so
a fullwidth ``getattr`` is ``getattr`` and ``_\uff3fglobals_\uff3f`` is ``__globals__``: the rule reads
the names of the parse, never the spelling of the text, and the text is parsed again
after NFKC normalisation, whose parse must have the same shape.

A program Python cannot parse (a ``SyntaxError``) is not refused here: its run reports
Python's own syntax error, as for any mistake.  A parse that fails any other way (too
deep for the parser, out of memory) is refused as unreadable.

:func:`refusal` gives a :class:`~knight_py.i18n.Reason` whose params are numbers and
words from this module's own fixed lists, never text taken from the program.

>>> refusal("def tour(rows, cols, start):\\n    return [[0] * cols for _ in range(rows)]\\n")
>>> print(refusal("x = \\uff47\\uff45\\uff54\\uff41\\uff54\\uff54\\uff52(1, 'y')"))
Line 1: a Learn program cannot use the name getattr: it reaches into Python itself or outside the program.
>>> why = refusal("import random\\nos = random._os\\n")
>>> why.code, dict(why.params)
('source_attribute_other', {'line': 2})
>>> refusal('print("{0.__class__}".format(1))').params["name"]
'format'
>>> refusal("def tour(\\n  rows, cols, start)\\n    pass") is None  # Python says what is wrong
True
"""

from __future__ import annotations

import ast
import builtins
import importlib
import re
import unicodedata
from collections.abc import Iterator
from types import ModuleType

from ..i18n import Reason
from .sandbox import ALLOWED_MODULES

__all__ = [
    "ALLOWED_ATTRIBUTES",
    "ALLOWED_NAMES",
    "CONSTRUCT_KINDS",
    "KNOWN_NAMES",
    "MAX_CHARS",
    "MAX_LINES",
    "MAX_NODES",
    "refusal",
]

def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Most characters of a program the page reads (a link carries at most 20,000; the
#: board's holes, appended by the page, fit in the rest).
MAX_CHARS = 32_000
#: Most lines of a program the page reads.
MAX_LINES = 2_000
#: Most nodes in a program's parse.
MAX_NODES = 40_000

#: Built-in names a program may use, besides the names it binds itself.
ALLOWED_NAMES: frozenset[str] = _words(
    """
    range len print list dict set tuple sorted min max abs enumerate zip sum any all
    reversed int str bool float divmod round map filter iter next isinstance ord chr
    frozenset pow repr hash bin hex True False None
    Exception ValueError IndexError KeyError TypeError RuntimeError RecursionError
    StopIteration ZeroDivisionError AssertionError ArithmeticError LookupError
    NotImplementedError
    __name__ HOLES
    """
)
# HOLES: the global the page appends after an exercise's program (its board's holes).

_ERROR_CLASSES = frozenset(name for name in ALLOWED_NAMES if name.endswith(("Error", "Exception", "Iteration")))

#: Attributes a program may read: methods of the built-in containers and strings, and
#: what the importable modules offer a teaching program.
ALLOWED_ATTRIBUTES: frozenset[str] = _words(
    """
    append extend insert pop remove index count sort reverse copy clear
    keys values items get setdefault update popitem fromkeys
    add discard union intersection difference symmetric_difference issubset issuperset
    isdisjoint intersection_update difference_update symmetric_difference_update
    appendleft popleft extendleft rotate maxlen most_common elements subtract total
    join split rsplit strip lstrip rstrip ljust rjust center zfill replace startswith
    endswith upper lower title capitalize swapcase find rfind rindex isdigit isalpha
    isalnum isspace isupper islower isdecimal isnumeric splitlines partition rpartition
    expandtabs encode decode removeprefix removesuffix casefold
    bit_length bit_count is_integer real imag numerator denominator args
    heappush heappop heapify heappushpop heapreplace nsmallest nlargest merge
    bisect bisect_left bisect_right insort insort_left insort_right
    floor ceil sqrt isqrt gcd lcm inf nan pi e tau hypot fabs log log2 log10 exp comb perm
    factorial prod dist copysign isinf isnan isfinite trunc fsum sin cos tan atan2 radians
    degrees
    random randint randrange choice choices shuffle sample uniform seed Random
    product permutations combinations combinations_with_replacement chain from_iterable
    cycle islice repeat accumulate groupby zip_longest starmap takewhile dropwhile
    pairwise tee compress filterfalse batched
    lru_cache cache reduce partial cmp_to_key cache_clear cache_info
    deque defaultdict Counter OrderedDict namedtuple
    deepcopy
    time perf_counter monotonic process_time perf_counter_ns monotonic_ns time_ns
    itemgetter add sub mul floordiv truediv mod neg
    ascii_letters ascii_lowercase ascii_uppercase digits
    """
)

#: Attribute names that reach into Python's own machinery: never allowed, even where a
#: program sets them itself.
_INTROSPECTION = _words(
    """
    mro format format_map cell_contents with_traceback func_globals func_code
    func_closure func_defaults im_func im_self im_class attrgetter methodcaller
    Formatter send throw close
    """
)
# Attributes of the importable modules that a program may not reach even by setting an
# attribute of that name itself: modules, and helpers that read or copy attributes named
# by strings (``update_wrapper(x, f, ("__globals__",))`` reads ``f.__globals__``).
_MODULE_HELPERS = _words(
    """
    update_wrapper wraps WRAPPER_ASSIGNMENTS WRAPPER_UPDATES dispatch_table singledispatch
    singledispatchmethod partialmethod Formatter Template attrgetter methodcaller abc
    types weakref sys os
    """
) | frozenset(
    name
    for module in sorted(ALLOWED_MODULES)
    for name, value in vars(importlib.import_module(module)).items()
    if isinstance(value, ModuleType)
)
_INTROSPECTION_PREFIX = re.compile(r"(f|gi|co|cr|ag|tb|func|im)_")
_PLAIN_ATTRIBUTE = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")

#: Built-in names a program may never use, bound by it or not.
_DENIED_NAMES = (
    _words(
        """
        getattr setattr delattr hasattr globals locals vars eval exec compile open
        breakpoint input help type object super dir id memoryview __import__ classmethod
        staticmethod property BaseException format
        """
    )
    | frozenset(name for name in dir(builtins) if not name.startswith("_"))
) - ALLOWED_NAMES

#: Names a refusal may quote: the sentence says these as they are; any other name is
#: said as "a name the page does not allow".
KNOWN_NAMES: frozenset[str] = _words(
    """
    getattr setattr delattr hasattr globals locals vars eval exec compile open
    breakpoint input help type object super dir id memoryview __import__ classmethod
    staticmethod property BaseException format exit quit issubclass callable
    __class__ __globals__ __builtins__ __dict__ __code__ __subclasses__ __base__
    __bases__ __mro__ __traceback__ __closure__ __func__ __self__ __getattribute__
    __getattr__ __setattr__ __reduce__ __reduce_ex__ __init_subclass__ __loader__
    __spec__ __import__ __module__ __qualname__ __defaults__ __kwdefaults__
    __annotations__ __call__ __eq__ __lt__ __repr__ __str__ __del__ __new__ __init__
    __file__ __doc__ __debug__ __main__
    mro format_map cell_contents with_traceback attrgetter methodcaller Formatter
    f_back f_globals f_locals f_builtins f_code f_trace f_lineno gi_frame gi_code
    gi_yieldframe cr_frame cr_code ag_frame ag_code tb_frame tb_next tb_lineno co_code
    co_consts co_names send throw close
    os sys js pyodide pyodide_js builtins importlib inspect gc ctypes io types
    subprocess socket threading asyncio signal code codeop runpy pickle marshal shutil
    pathlib operator string bisect collections copy functools heapq itertools math
    random time
    """
)

#: The kinds of construct a refusal names (the ``kind`` param of ``source_construct``).
CONSTRUCT_KINDS = (
    "async",
    "await",
    "with",
    "match",
    "type_alias",
    "template",
    "star_import",
    "relative_import",
    "decorator",
    "class_header",
    "dunder_method",
    "type_params",
    "bare_except",
    "star_except",
    "finally_exit",
    "module_value",
    "module_store",
    "matmul",
    "other",
)

# Node kinds allowed as they are; their children are checked one by one.
_PLAIN_KINDS = _words(
    """
    Module Expr Return Assign AugAssign AnnAssign For While If Break Continue Pass Try
    Raise Assert Import ImportFrom Global Nonlocal Delete FunctionDef ClassDef
    BoolOp NamedExpr BinOp UnaryOp Lambda IfExp Dict Set ListComp SetComp DictComp
    GeneratorExp Yield YieldFrom Compare Call FormattedValue JoinedStr Constant Attribute
    Subscript Starred Name List Tuple Slice
    Load Store Del And Or Add Sub Mult Div Mod Pow LShift RShift BitOr BitXor BitAnd
    FloorDiv Invert Not UAdd USub Eq NotEq Lt LtE Gt GtE Is IsNot In NotIn
    comprehension ExceptHandler arguments arg keyword alias
    """
)
# Kinds refused, each with its construct's name; any kind in neither set is "other".
_REFUSED_KINDS = {
    "AsyncFunctionDef": "async",
    "AsyncFor": "async",
    "AsyncWith": "async",
    "Await": "await",
    "With": "with",
    "Match": "match",
    "TypeAlias": "type_alias",
    "TemplateStr": "template",
    "Interpolation": "template",
    "TryStar": "star_except",
    "MatMult": "matmul",
}
_DECORATORS = frozenset({"lru_cache", "cache"})
# Names a program binds with `import m` (and `import m as n`) are modules: used only as
# `m.attribute`, so that a module never becomes a value the program hands around.
_DUNDER = re.compile(r"__.*__\Z", re.DOTALL)


def _is_dunder(name: str) -> bool:
    return bool(_DUNDER.match(name)) and len(name) >= 4


def _line(node: ast.AST) -> int:
    return int(getattr(node, "lineno", 0) or 0)


def _named(code: str, node: ast.AST, name: str) -> Reason:
    """A refusal of ``name`` at ``node``: quoted only when it is one of KNOWN_NAMES."""
    if name in KNOWN_NAMES:
        return Reason(code, {"line": _line(node), "name": name})
    return Reason(code + "_other", {"line": _line(node)})


def _construct(node: ast.AST, kind: str) -> Reason:
    return Reason("source_construct", {"line": _line(node), "kind": kind})


def _in_order(tree: ast.AST) -> Iterator[tuple[ast.AST, ast.AST | None]]:
    """Every node with its parent, depth first in source order (an explicit stack: a
    program's parse may be deeper than Python's own recursion allows)."""
    stack: list[tuple[ast.AST, ast.AST | None]] = [(tree, None)]
    while stack:
        node, parent = stack.pop()
        yield node, parent
        children = list(ast.iter_child_nodes(node))
        stack.extend((child, node) for child in reversed(children))


class _Program:
    """What a program binds: its own names, its modules and its own attributes."""

    def __init__(self, tree: ast.AST) -> None:
        self.names: set[str] = set()
        self.modules: set[str] = set()
        self.attributes: set[str] = set()
        for node, parent in _in_order(tree):
            self._bind(node, parent)

    def _bind(self, node: ast.AST, parent: ast.AST | None) -> None:
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            self.names.add(node.id)
            if isinstance(parent, ast.ClassDef):
                self.attributes.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            self.names.add(node.name)
            if isinstance(parent, ast.ClassDef):
                self.attributes.add(node.name)
        elif isinstance(node, ast.arg):
            self.names.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            self.names.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            self.names.update(node.names)
        elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
            self.attributes.add(node.attr)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                bound = alias.asname or alias.name.split(".")[0]
                self.names.add(bound)
                self.modules.add(bound)
        elif isinstance(node, ast.ImportFrom):
            self.names.update(alias.asname or alias.name for alias in node.names)


def _attribute_refusal(program: _Program, node: ast.AST, name: str) -> Reason | None:
    if name in _INTROSPECTION or _INTROSPECTION_PREFIX.match(name) or name.startswith("_"):
        return _named("source_attribute", node, name)
    if name in ALLOWED_ATTRIBUTES:
        return None
    if name in program.attributes and _PLAIN_ATTRIBUTE.match(name) and name not in _MODULE_HELPERS:
        return None
    return _named("source_attribute", node, name)


def _name_refusal(program: _Program, node: ast.Name, parent: ast.AST | None) -> Reason | None:
    name = node.id
    if name == "__name__" and isinstance(node.ctx, ast.Load):
        return None
    if _is_dunder(name) or name in _DENIED_NAMES:
        if name == "object" and isinstance(parent, ast.ClassDef) and node in parent.bases:
            return None
        return _named("source_name", node, name)
    if name in program.modules and isinstance(node.ctx, ast.Load):
        if not (isinstance(parent, ast.Attribute) and parent.value is node):
            return _construct(node, "module_value")
        if not isinstance(parent.ctx, ast.Load):
            return _construct(node, "module_store")
    if name in ALLOWED_NAMES or name in program.names:
        return None
    return Reason("source_name_unknown", {"line": _line(node)})


def _is_allowed_decorator(decorator: ast.expr) -> bool:
    """functools' lru_cache or cache, as a name or `functools.` attribute, called with
    plain constants or not."""
    target = decorator
    if isinstance(decorator, ast.Call):
        arguments = [*decorator.args, *(k.value for k in decorator.keywords)]
        if not all(isinstance(a, ast.Constant) for a in arguments):
            return False
        target = decorator.func
    if isinstance(target, ast.Name):
        return target.id in _DECORATORS
    return (
        isinstance(target, ast.Attribute)
        and target.attr in _DECORATORS
        and isinstance(target.value, ast.Name)
        and target.value.id == "functools"
    )


def _definition_refusal(node: ast.FunctionDef | ast.ClassDef, parent: ast.AST | None) -> Reason | None:
    if getattr(node, "type_params", None):
        return _construct(node, "type_params")
    if isinstance(node, ast.ClassDef):
        if node.decorator_list:
            return _construct(node, "decorator")
        plain_bases = all(
            isinstance(b, ast.Name) and (b.id == "object" or b.id in _ERROR_CLASSES) for b in node.bases
        )
        if node.keywords or not plain_bases or len(node.bases) > 1:
            return _construct(node, "class_header")
        if _is_dunder(node.name):
            return _named("source_name", node, node.name)
        return None
    if not all(_is_allowed_decorator(d) for d in node.decorator_list):
        return _construct(node, "decorator")
    if _is_dunder(node.name):
        if node.name == "__init__" and isinstance(parent, ast.ClassDef) and not node.decorator_list:
            return None
        return _construct(node, "dunder_method")
    return None


def _import_refusal(node: ast.Import | ast.ImportFrom) -> Reason | None:
    if isinstance(node, ast.ImportFrom):
        if node.level or not node.module:
            return _construct(node, "relative_import")
        modules = [node.module]
    else:
        modules = [alias.name for alias in node.names]
    for module in modules:
        parts = module.split(".")
        if parts[0] not in ALLOWED_MODULES or any(p.startswith("_") for p in parts):
            return _named("source_import", node, parts[0])
    return None


def _finally_exit(node: ast.Try) -> ast.AST | None:
    """A return, break or continue inside ``finally`` (outside any function defined
    there): it would swallow whatever ended the block, the page's own stop included."""
    stack: list[ast.AST] = list(node.finalbody)
    while stack:
        inner = stack.pop()
        if isinstance(inner, (ast.Return, ast.Break, ast.Continue)):
            return inner
        if not isinstance(inner, (ast.FunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(inner))
    return None


def _node_refusal(program: _Program, node: ast.AST, parent: ast.AST | None) -> Reason | None:
    kind = type(node).__name__
    if kind not in _PLAIN_KINDS:
        return _construct(node if hasattr(node, "lineno") else parent or node, _REFUSED_KINDS.get(kind, "other"))
    if isinstance(node, ast.Name):
        return _name_refusal(program, node, parent)
    if isinstance(node, ast.Attribute):
        return _attribute_refusal(program, node, node.attr)
    if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
        return _definition_refusal(node, parent)
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return _import_refusal(node)
    if isinstance(node, ast.alias):
        return _alias_refusal(node, parent)
    if isinstance(node, ast.ExceptHandler) and node.type is None:
        return _construct(node, "bare_except")
    if isinstance(node, ast.Try):
        exit_node = _finally_exit(node)
        return _construct(exit_node, "finally_exit") if exit_node else None
    return _identifier_refusal(node, parent)


def _alias_refusal(node: ast.alias, parent: ast.AST | None) -> Reason | None:
    where = parent or node
    if node.name == "*":
        return _construct(where, "star_import")
    if isinstance(parent, ast.ImportFrom) and node.name not in ALLOWED_ATTRIBUTES:
        return _named("source_attribute", where, node.name)
    if node.asname and (_is_dunder(node.asname) or node.asname in _DENIED_NAMES):
        return _named("source_name", where, node.asname)
    return None


def _identifier_refusal(node: ast.AST, parent: ast.AST | None) -> Reason | None:
    """Dunder or denied identifiers outside names: parameters, keywords, globals."""
    where = node if hasattr(node, "lineno") else parent or node
    names: list[str] = []
    if isinstance(node, ast.arg):
        names = [node.arg]
    elif isinstance(node, ast.keyword):
        names = [node.arg] if node.arg is not None else []
    elif isinstance(node, (ast.Global, ast.Nonlocal)):
        names = list(node.names)
    elif isinstance(node, ast.ExceptHandler) and node.name:
        names = [node.name]
    for name in names:
        if _is_dunder(name) or (name in _DENIED_NAMES and not isinstance(node, ast.keyword)):
            return _named("source_name", where, name)
    return None


def _shape(tree: ast.AST) -> list[object] | None:
    """The parse's shape: its node kinds and identifiers in order, string values left out
    (NFKC changes a string's letters without changing the program); None past MAX_NODES."""
    shape: list[object] = []
    for count, (node, _parent) in enumerate(_in_order(tree), 1):
        if count > MAX_NODES:
            return None
        shape.append(type(node).__name__)
        for field in ("id", "attr", "name", "arg", "asname", "module", "names", "level"):
            value = getattr(node, field, None)
            if isinstance(value, (str, int)) or (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                shape.append(value)
        if isinstance(node, ast.Constant) and not isinstance(node.value, (str, bytes)):
            shape.append(repr(node.value))
    return shape


def _parse(source: str) -> ast.AST | Reason | None:
    """The parse, a refusal when the parser gives up, or None for a SyntaxError."""
    try:
        return ast.parse(source)
    except SyntaxError:
        return None
    except (RecursionError, MemoryError, ValueError, OverflowError):
        return Reason("source_unreadable")


def _size_refusal(source: str) -> Reason | None:
    if len(source) > MAX_CHARS:
        return Reason("source_too_long", {"count": len(source), "limit": MAX_CHARS})
    lines = source.count("\n") + 1
    if lines > MAX_LINES:
        return Reason("source_too_many_lines", {"count": lines, "limit": MAX_LINES})
    return None


def refusal(source: str) -> Reason | None:
    """Why the page does not run ``source``, or None when it may run.

    The reason's code is one of ``source_too_long``, ``source_too_many_lines``,
    ``source_too_big``, ``source_unreadable``, ``source_normalised``,
    ``source_construct`` (``line``, ``kind`` from :data:`CONSTRUCT_KINDS`),
    ``source_name`` / ``source_attribute`` / ``source_import`` (``line``, ``name`` from
    :data:`KNOWN_NAMES`), their ``_other`` forms (``line`` only) and
    ``source_name_unknown`` (``line``).  The first refused part in source order is named.
    A ``SyntaxError`` gives None: the run reports it.

    >>> refusal("with open('x') as f:\\n    pass").params["kind"]
    'with'
    >>> refusal("x = _\\uff3fglobals_\\uff3f").params["name"]
    '__globals__'
    >>> refusal("import os").params["name"]
    'os'
    >>> refusal("x = 1\\ny = undefined_name").code
    'source_name_unknown'
    """
    too_big = _size_refusal(source)
    if too_big is not None:
        return too_big
    tree = _parse(source)
    if not isinstance(tree, ast.AST):
        return tree
    normalised = _parse(unicodedata.normalize("NFKC", source))
    if isinstance(normalised, Reason):
        return normalised
    shape = _shape(tree)
    if shape is None:
        return Reason("source_too_big", {"limit": MAX_NODES})
    if normalised is None or _shape(normalised) != shape:
        return Reason("source_normalised")
    program = _Program(tree)
    for node, parent in _in_order(tree):
        why = _node_refusal(program, node, parent)
        if why is not None:
            return why
    return None
