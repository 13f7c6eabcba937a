"""Typical wrong attempts at each exercise of knight_py.learn.exercises, written as
programs: three per exercise, each with what its hint must name (the judge's code)."""

from __future__ import annotations

from dataclasses import dataclass

from knight_py.learn.exercises import EXERCISE_BY_ID

__all__ = ["ATTEMPTS", "Attempt"]


@dataclass(frozen=True)
class Attempt:
    """``exercise``, a short ``name``, the program's ``source`` and ``named``: the judge's
    failure code that says what this attempt did (on the first board that fails in the
    first check it fails among seeds 0 to 3, :func:`knight_py.learn.cases.draw_cases`)."""

    exercise: str
    name: str
    source: str
    named: str


def _edit(exercise: str, base: str, *swaps: tuple[str, str]) -> str:
    ex = EXERCISE_BY_ID[exercise]
    source = ex.starter if base == "starter" else ex.solution
    for old, new in swaps:
        if old not in source:
            raise ValueError(f"{exercise}: {old!r} not in the {base}")
        source = source.replace(old, new)
    return source


ATTEMPTS: tuple[Attempt, ...] = (
    # stop60: stop at 25 (right for 5 x 5 only); stop one short; never stop (no test).
    Attempt("stop60", "fixed-25", _edit("stop60", "starter", ("tag == 60", "tag == 25")),
            "budget"),
    Attempt("stop60", "one-short", _edit("stop60", "starter", ("tag == 60", "tag == rows * cols - 1")),
            "budget"),
    Attempt("stop60", "stop-at-64", _edit("stop60", "starter", ("tag == 60", "tag == 64")),
            "budget"),
    # undo: clear the wrong square; clear after the loop; clear the current square.
    Attempt("undo", "clears-current", _edit("undo", "starter", (
        "                return True\n    return False",
        "                return True\n            board[r][c] = 0\n    return False")),
        "left_numbered"),
    Attempt("undo", "unreachable-undo", _edit("undo", "starter", (
        "                return True\n    return False",
        "                return True\n                board[x][y] = 0\n    return False")),
        "left_numbered"),
    Attempt("undo", "clears-before-try", _edit("undo", "starter", (
        "            board[x][y] = step  # jump to (x, y)\n",
        "            board[x][y] = step  # jump to (x, y)\n            board[x][y] = 0\n")),
        "answer_partial"),
    # count: count the failed returns; count the moves; count the calls.
    Attempt("count", "going-back", _edit("count", "starter", (
        "                return True\n            board[x][y] = 0  # take the move back\n    return False",
        "                return True\n            board[x][y] = 0  # take the move back\n"
        "    backtracks += 1\n    return False")),
        "count_is_going_back"),
    Attempt("count", "moves", _edit("count", "starter", (
        "            board[x][y] = step\n",
        "            board[x][y] = step\n            backtracks += 1\n")),
        "count_is_moves"),
    Attempt("count", "calls", _edit("count", "starter", (
        "    global backtracks\n", "    global backtracks\n    backtracks += 1\n")),
        "count_is_calls"),
    # warnsdorff: most onward moves first; sort then ignore; onward moves from the wrong square.
    Attempt("warnsdorff", "most-first", _edit("warnsdorff", "solution", (
        "s[1]))  # fewest", "s[1]), reverse=True)  # fewest")),
        "not_fewest"),
    Attempt("warnsdorff", "sorted-copy", _edit("warnsdorff", "solution", (
        "    options.sort(key=lambda s: onward(board, rows, cols, s[0], s[1]))",
        "    ordered = sorted(options, key=lambda s: onward(board, rows, cols, s[0], s[1]))")),
        "not_fewest"),
    Attempt("warnsdorff", "own-square", _edit("warnsdorff", "solution", (
        "onward(board, rows, cols, s[0], s[1])", "onward(board, rows, cols, r, c)")),
        "not_fewest"),
    # closed: |dr| + |dc| == 3 (lets (3, 0) through); closing to the corner a1, not the
    # start; a search that stays open and checks only once it has a tour.
    Attempt("closed", "abs-sum", _edit("closed", "solution", (
        "dr * dr + dc * dc == 5", "abs(dr) + abs(dc) == 3")),
        "answer_not_closed"),
    Attempt("closed", "corner", _edit("closed", "solution", (
        "dr, dc = r - start[0], c - start[1]", "dr, dc = r - (rows - 1), c")),
        "budget"),
    Attempt("closed", "check-in-tour", _edit("closed", "starter", (
        "    if visit(board, rows, cols, start, r, c, 2):\n        return board\n",
        "    if visit(board, rows, cols, start, r, c, 2):\n        x, y = r, c\n"
        "        for row in range(rows):\n            for col in range(cols):\n"
        "                if board[row][col] == rows * cols:\n                    x, y = row, col\n"
        "        if (x - r) ** 2 + (y - c) ** 2 == 5:\n            return board\n")),
        "answer_none"),
    # xiangqi: leg on the short step; leg at the target; the leg a square too far.
    Attempt("xiangqi", "short-leg", _edit("xiangqi", "solution", (
        "        return (r + dr // 2, c) in HOLES\n    return (r, c + dc // 2) in HOLES\n",
        "        return (r, c + dc) in HOLES\n    return (r + dr, c) in HOLES\n")),
        "leg_crossed"),
    Attempt("xiangqi", "target", _edit("xiangqi", "solution", (
        "        return (r + dr // 2, c) in HOLES\n    return (r, c + dc // 2) in HOLES\n",
        "        return (r + dr, c + dc) in HOLES\n    return (r + dr, c + dc) in HOLES\n")),
        "leg_crossed"),
    Attempt("xiangqi", "any-neighbour", _edit("xiangqi", "solution", (
        "        return (r + dr // 2, c) in HOLES\n    return (r, c + dc // 2) in HOLES\n",
        "        return (r + dr // 2, c + dc // 2) in HOLES\n    return (r + dr // 2, c + dc // 2) in HOLES\n")),
        "leg_crossed"),
    # stack: still recursive through a helper; a stack that never pops; a stack but
    # the tour never returned.
    Attempt("stack", "recursive-helper", _edit("stack", "starter", (
        "            if visit(board, rows, cols, x, y, step + 1):",
        "            if go(board, rows, cols, x, y, step + 1):")) +
        "\n\ndef go(board, rows, cols, r, c, step):\n    return visit(board, rows, cols, r, c, step)\n",
        "nested"),
    Attempt("stack", "no-pop", _edit("stack", "solution", (
        "            board[r][c] = 0\n            stack.pop()\n            continue\n",
        "            return None\n")),
        "left_numbered"),
    Attempt("stack", "no-undo", _edit("stack", "solution", (
        "            board[r][c] = 0\n            stack.pop()\n",
        "            stack.pop()\n")),
        "left_numbered"),
    # print: rows as lists; all on one line; columns for rows.
    Attempt("print", "list-rows", _edit("print", "starter", (
        "    print(board)\n", "    for row in board:\n        print(row)\n")),
        "unread"),
    Attempt("print", "one-line", _edit("print", "solution", (
        "        print()\n", "")),
        "unread"),
    Attempt("print", "columns", _edit("print", "solution", (
        "    for row in board:\n        for n in row:\n",
        "    for c in range(len(board[0])):\n        for n in [row[c] for row in board]:\n")),
        "answer_out_of_range"),
)
