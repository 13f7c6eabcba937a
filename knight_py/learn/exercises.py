"""Learn by doing: the posts' exercises as data, each with its starting program, its
reference solution and the cases the page checks it on.

An :class:`Exercise` names the post it comes from (``post``: the file in the seeds, by
the language it is written in), says what to do (the page words ``statement`` from its
own catalog by the exercise's id: ``exercise.<id>.statement``), gives a ``starter`` (the
posts' program with their bug, or the step not yet taken) and a ``solution`` (their texts
in :mod:`knight_py.learn.exercise_programs`), both
defining ``tour(rows, cols, start)`` as every Learn program does, and the
:class:`Case` list its check runs.  The rule that judges a run is the exercise's
``check``: one of :data:`CHECKS`, applied by :mod:`knight_py.learn.judge` to the run's
own trace; see ``docs/exercises.md``.

A case with holes or the xiangqi rule reaches the program through a global: the page
appends the line :func:`case_trailer` after the program (so the program's own line
numbers stay), ``HOLES = {(row, col), ...}``; the starting programs say ``HOLES = set()``.

>>> [e.id for e in EXERCISES]
['stop60', 'undo', 'count', 'warnsdorff', 'closed', 'xiangqi', 'stack', 'print']
>>> EXERCISE_BY_ID["stop60"].cases[0]
Case(rows=5, cols=5, start=(4, 0), holes=(), rule='knight', closed=False, budget=3000000, exists=True)
>>> case_trailer(Case(5, 5, (4, 0), holes=((1, 2), (3, 3))))
'\\nHOLES = {(1, 2), (3, 3)}\\n'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .exercise_programs import EXERCISE_COMMENTS_ZH, PROGRAMS
from .programs import COMMENTS_ZH

__all__ = [
    "CHECKS",
    "EXERCISES",
    "EXERCISE_BY_ID",
    "POSTS",
    "Case",
    "Exercise",
    "case_source",
    "case_trailer",
    "in_chinese",
]

#: The seeds' posts, by the id the page uses for them: (file, language of the code).
POSTS: dict[str, tuple[str, str]] = {
    "java-ten": ("000_d5e906c47da4f9e6.txt", "Java"),
    "python-book": ("001_bfefb9f1824eccbc.txt", "Python"),
    "c-greedy": ("002_0e8c3516ea01c280.txt", "C"),
    "java-game": ("003_068fff252c126854.txt", "Java"),
    "go-stack": ("004_65651d82530522a4.txt", "Go"),
}

#: What a check asks of every case's run, on top of the run ending (``done``):
#: ``tour`` the page's validator says tour; ``count`` a tour (or None where there is
#: none) and the last number printed equal to the page's count of moves taken back;
#: ``budget`` a tour within the case's budget; ``closed`` a tour whose last square is a
#: knight's move from the first; ``rule`` a tour of the free squares under the case's
#: rule (the xiangqi leg); ``no_nesting`` a tour with no function calling itself;
#: ``printed`` the printed board, read back by the page, is a tour.
CHECKS = ("tour", "count", "budget", "closed", "rule", "no_nesting", "printed")


@dataclass(frozen=True)
class Case:
    """One board the check runs on: ``rows`` x ``cols``, ``start`` (row, col) zero-based
    with row 0 on top, ``holes`` (squares no move may land on), ``rule`` (``knight`` or
    ``xiangqi``), ``closed`` (the tour must close) and ``budget`` (the run's step budget,
    the page's ``maxSteps``)."""

    rows: int
    cols: int
    start: tuple[int, int]
    holes: tuple[tuple[int, int], ...] = ()
    rule: str = "knight"
    closed: bool = False
    budget: int = 3_000_000
    #: Whether a tour exists (the tests check it with the library's solver): where
    #: none does, the check asks for ``None``.
    exists: bool = True

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Case:
        """The case from :meth:`to_json`'s form (the page's ``learn-exercises.json``).

        :raises ValueError: a field missing or of the wrong kind.

        >>> Case.from_json(Case(5, 5, (4, 0), ((1, 2),), "xiangqi").to_json()).holes
        ((1, 2),)
        """
        try:
            start = data["start"]
            holes = data.get("holes", [])
            if not isinstance(start, list) or not isinstance(holes, list):
                raise TypeError("start and holes are lists")
            return cls(
                int(str(data["rows"])), int(str(data["cols"])),
                (int(start[0]), int(start[1])),
                tuple((int(h[0]), int(h[1])) for h in holes),
                str(data.get("rule", "knight")), bool(data.get("closed", False)),
                int(str(data.get("budget", 3_000_000))), bool(data.get("exists", True)),
            )
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise ValueError(f"not a check case: {exc}") from exc

    def to_json(self) -> dict[str, object]:
        """The case as the page reads it."""
        return {"rows": self.rows, "cols": self.cols, "start": list(self.start),
                "holes": [list(h) for h in self.holes], "rule": self.rule,
                "closed": self.closed, "budget": self.budget, "exists": self.exists}


@dataclass(frozen=True)
class Exercise:
    """One exercise: ``id``; ``post`` (a key of :data:`POSTS`); ``check`` (one of
    :data:`CHECKS`); ``starter`` and ``solution`` (English sources; :func:`in_chinese`
    gives the Chinese); ``cases``; ``hint_line``: the text that marks the starter's line
    the second hint points at when the run alone names no better one."""

    id: str
    post: str
    check: str
    starter: str
    solution: str
    cases: tuple[Case, ...]
    hint_line: str = ""
    tags: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        # The table below is written by hand: a misspelt post or check fails at import,
        # not as a judge that never passes.
        if self.post not in POSTS or self.check not in CHECKS:
            raise ValueError(f"exercise {self.id!r}: unknown post {self.post!r} or check {self.check!r}")


def case_trailer(case: Case) -> str:
    """The line the page appends after the program for a case with holes ("" without)."""
    if not case.holes:
        return ""
    holes = ", ".join(f"({r}, {c})" for r, c in sorted(case.holes))
    return f"\nHOLES = {{{holes}}}\n"


def case_source(source: str, case: Case) -> str:
    """The program as run for ``case``: ``source`` and its trailer."""
    return source + case_trailer(case)




def in_chinese(source: str) -> str:
    """``source`` with its comments in Chinese: same lines, same code.

    >>> in_chinese("x = 1  # take the move back\\n")
    'x = 1  # 撤销这一步\\n'
    """
    table = {**COMMENTS_ZH, **EXERCISE_COMMENTS_ZH}
    lines = source.splitlines(keepends=True)
    for i, line in enumerate(lines):
        code, hash_, comment = line.partition("#")
        if hash_:
            end = "\n" if comment.endswith("\n") else ""
            lines[i] = f"{code}# {table[comment.strip()]}{end}"
    return "".join(lines)


_A1_5, _C3_5, _E5_5 = (4, 0), (2, 2), (0, 4)

EXERCISES: tuple[Exercise, ...] = (
    Exercise("stop60", "python-book", "tour", *PROGRAMS["stop60"],
             (Case(5, 5, _A1_5), Case(5, 5, _C3_5), Case(6, 6, (5, 0), budget=2_000_000)), "if tag == 60:"),
    Exercise("undo", "java-game", "tour", *PROGRAMS["undo"],
             (Case(5, 5, _A1_5), Case(5, 5, _C3_5), Case(5, 5, _E5_5)), "return False"),
    Exercise("count", "go-stack", "count", *PROGRAMS["count"],
             (Case(5, 5, _A1_5), Case(3, 4, (2, 0)), Case(4, 4, (3, 0), exists=False), Case(5, 5, _C3_5)),
             "board[x][y] = 0"),
    Exercise("warnsdorff", "java-ten", "budget", *PROGRAMS["warnsdorff"],
             (Case(8, 8, (7, 0), budget=100_000), Case(8, 8, (4, 2), budget=100_000),
              Case(8, 8, (0, 7), budget=100_000)), "for x, y in options:"),
    Exercise("closed", "c-greedy", "closed", *PROGRAMS["closed"],
             (Case(6, 6, (0, 1), closed=True), Case(6, 6, (1, 1), closed=True),
              Case(6, 6, (3, 1), closed=True), Case(6, 6, (0, 4), closed=True)), "return True  # every square"),
    Exercise("xiangqi", "java-ten", "rule", *PROGRAMS["xiangqi"],
             (Case(5, 5, (2, 0), ((1, 0), (4, 0)), "xiangqi"),
              Case(6, 6, (4, 4), ((3, 3), (5, 2)), "xiangqi"),
              Case(5, 6, (2, 0), ((3, 5), (4, 1)), "xiangqi")), "return False  # is the"),
    Exercise("stack", "go-stack", "no_nesting", *PROGRAMS["stack"],
             (Case(5, 5, _C3_5), Case(3, 4, (2, 0)), Case(3, 4, (0, 3))),
             "if visit(board, rows, cols, x, y, step + 1):"),
    Exercise("print", "python-book", "printed", *PROGRAMS["print"],
             (Case(5, 5, _A1_5), Case(6, 6, (5, 0)), Case(8, 8, (4, 2))), "print(board)"),
)

EXERCISE_BY_ID: dict[str, Exercise] = {e.id: e for e in EXERCISES}
