"""The command line: ``python -m knight_py 8x8 --start a1 [--closed] ...``.

Exit status: 0 when a tour was found (or counted), 1 when none exists or the
search gave up (the reason on stderr), 2 for bad arguments (with a usage line).

``--lang en|zh`` chooses the language of the reasons and of the complaints about
bad input (argparse's own help and usage stay English); without it the
environment decides as gettext reads it (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``: a value starting with ``zh`` means Chinese).

>>> import contextlib, io
>>> err = io.StringIO()
>>> with contextlib.redirect_stderr(err):
...     main(["5x5", "--start", "b1", "--lang", "zh"])
1
>>> print(err.getvalue().strip())
无解（已证明）：没有从 b1 出发的周游：马每走一步都换一种颜色，棋盘的格子中与它同色的有 12 个，另一种颜色有 13 个，所以周游只能从另一种颜色的格子出发。
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import NoReturn, TextIO

from .board import MAX_SIDE, Board
from .counting import count_tours
from .i18n import LANGS, Reason, TourError, explain, lang_from_env
from .result import SolveResult
from .search import Progress, SearchStopped
from .solver import METHODS, solve
from .squares import square_name
from .survey import Survey, SurveyCell, format_csv, format_grid, survey

__all__ = ["format_board", "format_moves", "main", "parse_size"]

FORMATS = ("board", "moves", "json", "csv")


def parse_size(text: str) -> tuple[int, int]:
    """Read ``"8x8"``, ``"5x6"`` (rows x cols) or ``"8"`` (square board).

    >>> parse_size("5x6"), parse_size("8")
    ((5, 6), (8, 8))
    """
    parts = text.lower().replace("\N{MULTIPLICATION SIGN}", "x").split("x")
    if len(parts) not in (1, 2) or not all(p.strip().isdigit() for p in parts):
        raise TourError(Reason("cli_bad_size", {"text": repr(text)}))
    rows = int(parts[0])
    cols = int(parts[-1])
    return rows, cols


def format_board(result: SolveResult, board: Board) -> str:
    """The numbered board, as the seeds print it: move numbers from 1, holes as ``#``.

    >>> from knight_py import solve
    >>> print(format_board(solve(3, 4, "a3"), Board.create(3, 4)))
     1  4  7 10
    12  9  2  5
     3  6 11  8
    """
    numbers = [0] * board.size
    for step, square in enumerate(result.indices, 1):
        numbers[square] = step
    width = len(str(board.size))
    lines = []
    for row in range(board.rows):
        cells = []
        for col in range(board.cols):
            index = row * board.cols + col
            cell = "#" if index in board.blocked else str(numbers[index] or ".")
            cells.append(cell.rjust(width))
        lines.append(" ".join(cells))
    return "\n".join(lines)


def format_moves(result: SolveResult, per_line: int = 16) -> str:
    """Algebraic squares in visiting order, ``per_line`` to a line.

    >>> from knight_py import solve
    >>> format_moves(solve(3, 4, "a3"))
    'a3 c2 a1 b3 d2 b1 c3 d1 b2 d3 c1 a2'
    """
    names = [square_name(divmod(i, result.cols), result.rows) for i in result.indices]
    return "\n".join(" ".join(names[i : i + per_line]) for i in range(0, len(names), per_line))


def _json(result: SolveResult, board: Board) -> str:
    rows = board.rows
    return json.dumps(
        {
            "rows": board.rows,
            "cols": board.cols,
            "closed": result.closed,
            "rule": board.rule,
            "blocked": sorted(square_name(board.square(i), rows) for i in board.blocked),
            "status": result.status,
            "method": result.method,
            "reason": result.reason,
            "why": None if result.why is None else result.why.to_dict(),
            "nodes": result.nodes,
            "backtracks": result.backtracks,
            "seconds": round(result.seconds, 6),
            "path": [list(divmod(i, board.cols)) for i in result.indices],
            "moves": [square_name(divmod(i, board.cols), rows) for i in result.indices],
        },
        separators=(",", ":"),
    )


class _Parser(argparse.ArgumentParser):
    """argparse with exit status 2 and our wording for bad arguments."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def _parser() -> _Parser:
    parser = _Parser(
        prog="python -m knight_py",
        description="Find a knight's tour, prove there is none, or count tours.",
    )
    parser.add_argument("size", help="board size, rows x cols, e.g. 8x8 (each 1..1000)")
    parser.add_argument("--start", default=None,
                        help="start square, e.g. a1 (default a1; with --survey: squares to survey, "
                             "e.g. a1,b3; default all)")
    parser.add_argument("--closed", action="store_true", help="ask for a closed tour")
    parser.add_argument("--method", default=None, choices=METHODS,
                        help="search method (default auto; with --survey warnsdorff)")
    parser.add_argument("--block", default="", help="blocked squares, e.g. c3,d5")
    parser.add_argument("--rule", "--leaper", dest="rule", default="knight",
                        help="move rule: knight, xiangqi, a leaper's name (camel, zebra, giraffe, "
                             "antelope) or a leaper's jump a,b such as 1,3 (default knight)")
    parser.add_argument("--format", default="board", choices=FORMATS,
                        help="output format (csv only with --survey)")
    parser.add_argument("--max-nodes", type=int, default=None, help="search node budget")
    parser.add_argument("--time-limit", type=float, default=None, help="give up after SECONDS")
    parser.add_argument("--progress", action="store_true", help="report progress on stderr")
    parser.add_argument("--count", action="store_true", help="count the tours instead (small boards)")
    parser.add_argument("--survey", action="store_true",
                        help="solve from every square; print the nodes each took "
                             "(--max-nodes per square, default 100000)")
    parser.add_argument(
        "--max-side", type=int, default=MAX_SIDE, help=f"largest side allowed (default {MAX_SIDE})"
    )
    parser.add_argument("--lang", default=None, choices=LANGS,
                        help="language of the reasons and messages (default: from LANGUAGE, "
                             "LC_ALL, LC_MESSAGES or LANG; zh* is Chinese, else English)")
    return parser


def _say(why: Reason | None, words: str, lang: str) -> str:
    """``why`` in ``lang``, or ``words`` (the English text) when there is no reason."""
    return words if why is None else explain(why, lang)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; return the exit status."""
    out = out or sys.stdout
    parser = _parser()
    args = parser.parse_args(argv)
    lang = args.lang or lang_from_env()
    try:
        rows, cols = parse_size(args.size)
        board = Board.create(rows, cols, args.block, args.rule, max_side=args.max_side)
        args.rule = board.rule  # one spelling from here on: "knight", "xiangqi" or "leaper:a,b"
        if args.count and args.survey:
            raise TourError(Reason("cli_count_and_survey"))
        if args.format == "csv" and not args.survey:
            raise TourError(Reason("cli_csv_needs_survey"))
        if args.survey and args.format == "moves":
            raise TourError(Reason("cli_moves_with_survey"))
        deadline = None if args.time_limit is None else time.perf_counter() + args.time_limit
        should_stop = (lambda: time.perf_counter() > deadline) if deadline else None
        if args.survey:
            return _run_survey(args, rows, cols, should_stop, out, lang)
        start = "a1" if args.start is None else args.start
        if args.count:
            count = count_tours(rows, cols, start, args.closed, args.block, args.rule,
                                max_nodes=args.max_nodes)
            if count.status != "done":
                raise SearchStopped(count.why or count.reason)
            print(count.value, file=out)
            return 0
        result = solve(
            rows, cols, start, args.closed, args.block, args.method or "auto", args.rule,
            args.max_nodes, max_side=args.max_side,
            on_progress=partial(_print_progress, lang) if args.progress else None,
            should_stop=should_stop,
        )
    except ValueError as error:
        parser.error(_say(error.why, str(error), lang) if isinstance(error, TourError) else str(error))
    except SearchStopped as stop:
        print(_say(stop.why and Reason("cli_gave_up", {"stop": stop.why}),
                   f"gave up: {stop.reason}", lang), file=sys.stderr)
        return 1
    if args.format == "json":
        print(_json(result, board), file=out)
    elif result.found:
        print(format_board(result, board) if args.format == "board" else format_moves(result),
              file=out)
    if not result.found:
        outcome = result.why and Reason("cli_outcome", {"status": result.status, "reason": result.why})
        print(_say(outcome, f"{result.status.replace('_', ' ')}: {result.reason}", lang),
              file=sys.stderr)
        return 1
    return 0


def _run_survey(
    args: argparse.Namespace,
    rows: int,
    cols: int,
    should_stop: Callable[[], bool] | None,
    out: TextIO,
    lang: str = "en",
) -> int:
    """``--survey``: every square's effort as a grid, CSV or JSON; 1 when stopped early.

    Ctrl-C (or ``--time-limit``) stops the survey and prints the squares finished so far.
    """
    method = args.method or "warnsdorff"
    interrupted = False

    def on_interrupt(signum: int, frame: object) -> None:
        nonlocal interrupted
        interrupted = True

    def stop() -> bool:
        return interrupted or (should_stop is not None and should_stop())

    try:
        previous = signal.signal(signal.SIGINT, on_interrupt)
    except ValueError:  # not the main thread: Ctrl-C keeps its default
        previous = None
    try:
        result = survey(
            rows, cols, args.closed, args.block, method, args.rule, args.max_nodes,
            starts=args.start, should_stop=stop,
            on_result=partial(_print_cell, lang) if args.progress else None,
        )
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    if args.format == "json":
        print(_survey_json(result), file=out)
    elif args.format == "csv":
        print(format_csv(result), file=out)
    else:
        print(format_grid(result, "nodes"), file=out)
    if result.stopped:
        stopped = Reason("cli_survey_stopped", {"done": len(result.cells), "total": result.total})
        print(explain(stopped, lang), file=sys.stderr)
        return 1
    return 0


def _survey_json(result: Survey) -> str:
    return json.dumps(
        {
            "rows": result.rows,
            "cols": result.cols,
            "closed": result.closed,
            "rule": result.rule,
            "method": result.method,
            "max_nodes": result.max_nodes,
            "blocked": list(result.blocked),
            "total": result.total,
            "complete": result.complete,
            "cells": [
                {"square": c.name, "row": c.row, "col": c.col, "status": c.status,
                 "nodes": c.nodes, "backtracks": c.backtracks,
                 "seconds": round(c.seconds, 6), "method": c.method}
                for c in result.cells
            ],
        },
        separators=(",", ":"),
    )


def _print_cell(lang: str, cell: SurveyCell) -> None:
    print(explain(Reason("cli_survey_cell", {
        "square": cell.name, "status": cell.status, "nodes": cell.nodes,
        "backtracks": cell.backtracks,
    }), lang), file=sys.stderr)


def _print_progress(lang: str, progress: Progress) -> None:
    print(explain(Reason("cli_progress", {
        "nodes": progress.nodes, "backtracks": progress.backtracks, "depth": progress.depth,
        "free": progress.free, "seconds": progress.seconds,
    }), lang), file=sys.stderr)
