"""Leapers: pieces that jump ``(±a, ±b)`` or ``(±b, ±a)`` squares, the knight being (1, 2).

A :class:`Leaper` is a value; :func:`parse_leaper` reads one from what a caller
passes as a move rule, and :func:`rule_key` turns any accepted rule into the
one string a :class:`~knight_py.board.Board` keeps:

- ``"knight"`` and ``"xiangqi"`` as before (``Leaper(1, 2)`` and ``"leaper:1,2"``
  are the knight, so the knight always takes its own, fast code path);
- a named leaper, :data:`NAMED`: ``"camel"`` (1, 3), ``"zebra"`` (2, 3),
  ``"giraffe"`` (1, 4), ``"antelope"`` (3, 4);
- ``"leaper:a,b"`` (also ``"a,b"``), a pair ``(a, b)`` or a :class:`Leaper`.

Every other leaper is kept as ``"leaper:a,b"`` with ``a <= b``.

>>> Leaper(3, 1)
Leaper(a=1, b=3)
>>> Leaper(1, 3).name, Leaper(0, 1).name
('camel', '')
>>> rule_key("camel"), rule_key(Leaper(2, 3)), rule_key("leaper:2,1"), rule_key((0, 2))
('leaper:1,3', 'leaper:2,3', 'knight', 'leaper:0,2')
>>> Leaper(1, 3).steps
((1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3))
>>> Leaper(0, 0)
Traceback (most recent call last):
...
ValueError: a leaper jumps (a, b) squares with whole numbers 0 <= a, b <= 1000, not both 0; got (0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from math import gcd

from .i18n import Reason, TourError

__all__ = ["LEAPER_LIMIT", "NAMED", "Leaper", "leaper_of_rule", "parse_leaper", "rule_key"]

#: Largest jump accepted (a jump longer than the board simply has nowhere to land).
LEAPER_LIMIT = 1000

#: The named leapers, by name.
NAMED: dict[str, tuple[int, int]] = {
    "knight": (1, 2),
    "camel": (1, 3),
    "zebra": (2, 3),
    "giraffe": (1, 4),
    "antelope": (3, 4),
}

_PREFIX = "leaper:"


def _check_number(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= LEAPER_LIMIT:
        raise ValueError
    return value


@dataclass(frozen=True, order=True)
class Leaper:
    """A piece jumping ``(±a, ±b)`` or ``(±b, ±a)``; stored with ``0 <= a <= b``.

    :raises ValueError: (a :class:`~knight_py.i18n.TourError`) for numbers that are not
        whole, are negative or above :data:`LEAPER_LIMIT`, or are both 0.

    >>> Leaper(2, 2).steps  # the alfil: four jumps, not eight
    ((2, 2), (2, -2), (-2, -2), (-2, 2))
    >>> Leaper(1, 3).keeps_colour, Leaper(2, 3).keeps_colour, Leaper(2, 4).lattice
    (True, False, 2)
    """

    a: int
    b: int

    def __post_init__(self) -> None:
        try:
            a, b = _check_number(self.a), _check_number(self.b)
            if a == b == 0:
                raise ValueError
        except ValueError:
            raise TourError(
                Reason("bad_leaper", {"value": f"({self.a!r}, {self.b!r})", "limit": LEAPER_LIMIT})
            ) from None
        if a > b:
            object.__setattr__(self, "a", b)
            object.__setattr__(self, "b", a)

    @property
    def name(self) -> str:
        """The leaper's name in :data:`NAMED`, or ``""``."""
        return next((n for n, pair in NAMED.items() if pair == (self.a, self.b)), "")

    @property
    def key(self) -> str:
        """The rule string a board keeps: ``"knight"`` for (1, 2), else ``"leaper:a,b"``."""
        return "knight" if (self.a, self.b) == (1, 2) else f"{_PREFIX}{self.a},{self.b}"

    @cached_property
    def steps(self) -> tuple[tuple[int, int], ...]:
        """The jumps as (row step, col step), in the knight's seed order, without repeats."""
        a, b = self.a, self.b
        out: list[tuple[int, int]] = []
        for step in ((a, b), (b, a), (b, -a), (a, -b), (-a, -b), (-b, -a), (-b, a), (-a, b)):
            if step not in out:
                out.append(step)
        return tuple(out)

    @property
    def keeps_colour(self) -> bool:
        """True when ``a + b`` is even: every jump lands on the square's own colour."""
        return (self.a + self.b) % 2 == 0

    @property
    def lattice(self) -> int:
        """``gcd(a, b)``: every jump changes the row and the column by multiples of it."""
        return gcd(self.a, self.b)

    def piece(self) -> Reason:
        """The leaper's name in words, as a reason the catalogs render (``leaper_piece``).

        >>> str(Leaper(1, 3).piece()), str(Leaper(0, 2).piece())
        ('the camel (1, 3)', 'the (0, 2)-leaper')
        """
        return Reason("leaper_piece", {"piece": self.name or "leaper", "a": self.a, "b": self.b})


def parse_leaper(value: object) -> Leaper:
    """Read a leaper from a :class:`Leaper`, a pair, a name or ``"leaper:a,b"`` / ``"a,b"``.

    :raises ValueError: saying what is accepted.

    >>> parse_leaper("zebra"), parse_leaper(" leaper: 1, 4 "), parse_leaper((4, 3))
    (Leaper(a=2, b=3), Leaper(a=1, b=4), Leaper(a=3, b=4))
    >>> parse_leaper("bishop")
    Traceback (most recent call last):
    ...
    ValueError: rule must be one of 'knight', 'xiangqi', a leaper's name (camel, zebra, giraffe, antelope) or 'leaper:a,b' such as 'leaper:1,3', got 'bishop'
    >>> parse_leaper("Camel")
    Traceback (most recent call last):
    ...
    ValueError: rule must be one of 'knight', 'xiangqi', a leaper's name (camel, zebra, giraffe, antelope) or 'leaper:a,b' such as 'leaper:1,3', got 'Camel'
    """
    if isinstance(value, Leaper):
        return value
    if isinstance(value, tuple) and len(value) == 2:
        return Leaper(value[0], value[1])
    if isinstance(value, str) and len(value) <= 40:
        text = value.replace(" ", "")  # names are lower case, as "knight" and "xiangqi" are
        if text in NAMED:
            return Leaper(*NAMED[text])
        text = text.removeprefix(_PREFIX).strip("()")
        parts = text.split(",")
        if len(parts) == 2 and all(p.isdigit() and len(p) <= 6 for p in parts):
            return Leaper(int(parts[0]), int(parts[1]))
    shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
    raise TourError(Reason("bad_rule", {"rule": shown}))


def rule_key(rule: object) -> str:
    """The string a board keeps for ``rule``: ``"knight"``, ``"xiangqi"`` or ``"leaper:a,b"``.

    :raises ValueError: naming what is accepted.
    """
    if rule in ("knight", "xiangqi"):
        return str(rule)
    return parse_leaper(rule).key


def leaper_of_rule(key: str) -> Leaper | None:
    """The leaper of a board's rule string, or None for ``"knight"`` and ``"xiangqi"``.

    >>> leaper_of_rule("leaper:1,3"), leaper_of_rule("knight")
    (Leaper(a=1, b=3), None)
    """
    if not key.startswith(_PREFIX):
        return None
    a, b = key[len(_PREFIX):].split(",")
    return Leaper(int(a), int(b))
