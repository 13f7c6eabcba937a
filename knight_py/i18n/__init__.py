"""The solver's words in English and Simplified Chinese, from one place.

Everything knight_py says to a person (why no tour exists, why a position is
lost, the first bad step of a path, why a search gave up, the command line's
complaints) is a :class:`Reason`: a stable ``code`` and named ``params``
(square names, numbers, flags, or other reasons).  Each language has one
catalog entry per code (:mod:`knight_py.i18n.catalog_en`,
:mod:`knight_py.i18n.catalog_zh`); :func:`explain` renders a reason in a
language.  ``str(reason)`` is the English sentence, which is what
``SolveResult.reason`` and the ``ValueError`` messages hold.

Catalog entries are :meth:`str.format` templates with named placeholders, and
a placeholder's format spec may choose words, all inside the one entry:

- ``{closed:closed tour|tour}``: a flag picks the first or the second text;
- ``{count:# square|# squares}``: a count picks the singular (exactly 1) or
  the plural, ``#`` standing for the number (Chinese needs no such choice);
- ``{status:found=found|gave_up=gave up}``: a keyword picks its text;
- ``{nodes:,}`` and other specs format numbers as :meth:`str.format` does;
- a list of square names is joined in the language's way (four shown, then
  "and 3 more" / "等"), a nested :class:`Reason` is rendered in the same
  language.  A choice's texts may hold placeholders: ``{end:{square} is last|...}``.

>>> why = Reason("no_way_in", {"square": "c3"})
>>> str(why)
'No tour exists: no move leads into c3.'
>>> explain(why, "zh")
'不存在周游：没有任何一步能走进 c3。'
>>> why.to_dict()
{'code': 'no_way_in', 'params': {'square': 'c3'}}
>>> Reason.from_dict(why.to_dict()) == why
True
>>> explain(why, "fr")
Traceback (most recent call last):
...
ValueError: lang must be one of 'en', 'zh', got 'fr'
"""

from __future__ import annotations

import os
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from . import catalog_en, catalog_zh

__all__ = [
    "LANGS",
    "Reason",
    "TourError",
    "explain",
    "lang_from_env",
]

#: The languages :func:`explain` speaks.
LANGS = ("en", "zh")

_CATALOGS: dict[str, Mapping[str, str]] = {"en": catalog_en.MESSAGES, "zh": catalog_zh.MESSAGES}


def _freeze(value: object) -> object:
    """Params as immutable values: lists become tuples, reasons stay reasons."""
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


@dataclass(frozen=True)
class Reason:
    """Why something is so, as data: a ``code`` of the catalogs and its named ``params``.

    Param values are ``str`` (square names), ``int``, ``float``, ``bool``, tuples of
    square names, or nested :class:`Reason` values.  ``str(reason)`` is the English
    sentence; :func:`explain` renders any language; :meth:`to_dict` gives JSON-friendly
    data (for a page's worker) and :meth:`from_dict` reads it back.

    >>> r = Reason("wrong_length", {"length": 2, "free": 12})
    >>> print(r)
    the path has 2 squares but the board has 12 free squares
    >>> r.params["free"]
    12
    """

    code: str
    params: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.code not in catalog_en.MESSAGES:
            raise ValueError(f"unknown reason code {self.code!r}")
        frozen = {k: _freeze(v) for k, v in self.params.items()}
        object.__setattr__(self, "params", MappingProxyType(frozen))

    def __str__(self) -> str:
        return explain(self, "en")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Reason):
            return NotImplemented
        return self.code == other.code and dict(self.params) == dict(other.params)

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted(self.params.items()))))

    def __repr__(self) -> str:
        return f"Reason({self.code!r}, {dict(self.params)!r})"

    def to_dict(self) -> dict[str, Any]:
        """``{"code": ..., "params": {...}}`` with lists for tuples and dicts for nested reasons."""
        return {"code": self.code, "params": {k: _plain(v) for k, v in self.params.items()}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reason:
        """The reason :meth:`to_dict` gave (dicts with a ``code`` become nested reasons)."""
        params = data.get("params") or {}
        return cls(str(data["code"]), {k: _unplain(v) for k, v in params.items()})


def _plain(value: object) -> object:
    if isinstance(value, Reason):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _unplain(value: object) -> object:
    if isinstance(value, Mapping) and "code" in value:
        return Reason.from_dict(value)
    if isinstance(value, list):
        return tuple(_unplain(v) for v in value)
    return value


class TourError(ValueError):
    """A ``ValueError`` whose message is the English sentence of :attr:`why`.

    Catch it as ``ValueError`` (as before) or as ``TourError`` to read :attr:`why`.
    In tracebacks it names itself ``ValueError`` (its ``__qualname__`` and
    ``__module__`` are the built-in's), so messages and doctests read as they
    always have.

    >>> error = TourError(Reason("empty_path"))
    >>> str(error), explain(error.why, "zh")
    ('the path is empty; it needs at least its first square', '路径是空的：至少要有起点')
    >>> isinstance(error, ValueError), error.reason is error.why
    (True, True)
    >>> raise error
    Traceback (most recent call last):
    ...
    ValueError: the path is empty; it needs at least its first square
    """

    def __init__(self, why: Reason) -> None:
        super().__init__(str(why))
        self.why = why

    @property
    def reason(self) -> Reason:
        """The same :class:`Reason` as :attr:`why`."""
        return self.why


# Tracebacks print "ValueError: ...", as the package's errors always did.
TourError.__module__ = "builtins"
TourError.__qualname__ = "ValueError"


class _Formatter(string.Formatter):
    """``str.format`` with the catalogs' choices, plurals, lists and nested reasons."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Reason):
            return explain(value, self.lang)
        if isinstance(value, tuple):
            return _join(self.lang, value)
        if "|" in format_spec:
            options = format_spec.split("|")
            if isinstance(value, bool):
                return options[0] if value else options[1]
            if isinstance(value, int):
                return (options[0] if value == 1 else options[-1]).replace("#", str(value))
            if isinstance(value, str):
                for option in options:
                    key, _, text = option.partition("=")
                    if key == value:
                        return text
                return value
        return str(super().format_field(value, format_spec))


def _join(lang: str, names: Sequence[object], most: int = 4) -> str:
    """Up to ``most`` names, then how many more: "a1, b3 and 2 more" / "a1、b3 等"."""
    shown = [str(n) for n in names[:most]]
    rest = len(names) - len(shown)
    if lang == "zh":
        return "、".join(shown) + ("等" if rest > 0 else "")
    return ", ".join(shown) + (f" and {rest} more" if rest > 0 else "")


def explain(reason: Reason, lang: str = "en") -> str:
    """``reason`` as a sentence in ``lang`` (``"en"`` or ``"zh"``).

    :raises ValueError: for a language not in :data:`LANGS`.

    >>> why = Reason("cli_bad_size", {"text": "'8by8'"})
    >>> explain(why)
    "board size must look like 8x8 (rows x cols) or 8, got '8by8'"
    >>> explain(why, "zh")
    "棋盘大小应写成 8x8（先行数后列数）或 8，收到的是 '8by8'"
    """
    if lang not in _CATALOGS:
        raise ValueError(f"lang must be one of {', '.join(map(repr, LANGS))}, got {lang!r}")
    template = _CATALOGS[lang][reason.code]
    return _Formatter(lang).vformat(template, (), dict(reason.params))


def lang_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, the way gettext reads it.

    The first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set and not
    empty decides (``LANGUAGE`` may list several, split by colons: the first counts);
    a value starting with ``zh`` means Chinese, anything else English.

    >>> lang_from_env({"LANG": "zh_CN.UTF-8"}), lang_from_env({"LC_ALL": "C", "LANG": "zh_CN"})
    ('zh', 'en')
    >>> lang_from_env({"LANGUAGE": "zh_TW:en", "LANG": "en_US"}), lang_from_env({})
    ('zh', 'en')
    """
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            first = value.split(":")[0].strip().lower()
            return "zh" if first.startswith("zh") else "en"
    return "en"
