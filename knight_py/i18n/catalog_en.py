"""The English catalog: one template per reason code (see :mod:`knight_py.i18n`).

These sentences are the ones ``SolveResult.reason`` and the ``ValueError``
messages have always held; tests and doctests compare them byte for byte.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["MESSAGES"]

_TOUR = "{closed:closed tour|tour}"
_MOVE = "{horse:xiangqi horse move|knight move}"

MESSAGES: Mapping[str, str] = {
    # -- theorems about whole boards (theorems.py) --------------------------------
    "closed_too_small": "No closed tour exists: a closed tour needs at least 3 free squares.",
    "schwenk_odd": (
        "No closed tour exists on a {rows} x {cols} board: both sides are odd, so the board "
        "has an odd number of squares (Schwenk's theorem)."
    ),
    "schwenk_narrow": (
        "No closed tour exists on a {rows} x {cols} board: a knight on a board "
        "{width:# square|# squares} wide cannot return (Schwenk's theorem)."
    ),
    "schwenk_four_rows": (
        "No closed tour exists on a {rows} x {cols} board: on 4-row boards the outer ranks "
        "only reach the inner ranks (Schwenk's theorem)."
    ),
    "schwenk_three_short": (
        "No closed tour exists on a {rows} x {cols} board: 3 x 4, 3 x 6 and 3 x 8 boards are "
        "too short (Schwenk's theorem)."
    ),
    "open_tour_shape": (
        "No open tour exists on a {rows} x {cols} board: open tours exist only on "
        "1 x 1, 3 x 4, 3 x n (n >= 7), 4 x n (n >= 5) and boards with both sides >= 5."
    ),
    "four_rows_inner_start": (
        "No tour of a {rows} x {cols} board starts on {start}: the outer ranks only reach the "
        "inner ranks, so every tour starts and ends on an outer rank."
    ),
    "colour_closed": (
        "No closed tour exists: of {holes:the free squares|the board's squares}, {first} are of "
        "one colour and {second} of the other, and a closed tour alternates colours, so needs "
        "equal counts."
    ),
    "colour_start": (
        "No tour starts on {start}: a knight alternates colours, and of "
        "{holes:the free squares|the board's squares}, {own} are of its colour and {other} of "
        "the other, so a tour must start on the other colour."
    ),
    "colour_counts": (
        "No tour exists: of {holes:the free squares|the board's squares}, {own} are of one "
        "colour and {other} of the other; a knight alternates colours, so the counts may "
        "differ by one at most."
    ),
    "four_ranks_count": (
        "No " + _TOUR + " from {start} exists: the outer ranks have {outer} free squares and "
        "the inner ranks {inner}, and outer squares only reach inner ones, so no two outer "
        "squares follow each other."
    ),
    "four_ranks_colours": (
        "No " + _TOUR + " from {start} exists: the outer ranks have {outer} free squares and "
        "the inner ranks {inner}, and outer squares only reach inner ones, so no two outer "
        "squares follow each other; with counts this tight the " + _TOUR + " alternates outer "
        "and inner squares, and colours with them, but the outer squares have the wrong "
        "colours for that."
    ),
    "open_ends_two": (
        "No tour from {start} exists: "
        "{first_stuck:no move leads out of {first}|{first} has a single move} and "
        "{second_stuck:no move leads out of {second}|{second} has a single move}, so both "
        "would have to be the last square."
    ),
    "open_end_colour": (
        "No tour from {start} exists: "
        "{stuck:no move leads out of {end}|{end} has a single move}, so it would have to be "
        "the last square; but every move changes colour, so a tour of {free} squares ends on "
        "a square of {same_colour:the same colour as|the other colour than} {start}, which "
        "{end} is not."
    ),
    "no_way_in": "No tour exists: no move leads into {square}.",
    "closed_no_way_out": "No closed tour exists: no move leads out of {square}.",
    "closed_no_way_back": "No closed tour exists: no move leads back into {square}.",
    "closed_single_move": (
        "No closed tour exists: {square} has a single knight move, but a closed tour enters "
        "and leaves every square."
    ),
    "start_no_way_out": "No tour starts on {start}: no move leads out of it.",
    "unreachable": (
        "No tour from {start} exists: {square} cannot be reached from it by any sequence of "
        "moves."
    ),
    # -- obstacles on boards with holes (obstacles.py) ----------------------------
    "cut_square": (
        "No tour exists: taking away {square} splits the other free squares into {parts} "
        "parts, but a tour passes {square} once, so it joins at most two of them."
    ),
    "cut_square_start": (
        "No tour exists: taking away {square} splits the other free squares into {parts} "
        "parts, but a tour leaves its start once and never comes back."
    ),
    "cut_square_closed": (
        "No closed tour exists: taking away {square} splits the other free squares into "
        "{parts} parts, but a closed tour stays in one piece when one square is taken away."
    ),
    "no_move_left": "No " + _TOUR + " exists: {square} has no move left.",
    "forced_through": (
        "No " + _TOUR + " exists: {squares} each have only two moves, one of them to "
        "{square}, so all would have to pass through {square}, which a " + _TOUR + " enters "
        "and leaves once."
    ),
    "forced_loop": (
        "No closed tour exists: the squares with only two moves force the loop {loop} "
        "({length} squares), which closes before reaching all {free} free squares."
    ),
    "hall_entry": (
        "No " + _TOUR + " exists: the {count:# square|# squares} {group} can only be entered "
        "from {sources_count:# square|# squares}, {sources}, but each needs a square of its "
        "own to be entered from."
    ),
    "hall_exit": (
        "No " + _TOUR + " exists: the {count:# square|# squares} {group} can only move on to "
        "{targets_count:# square|# squares}, {targets}, but each "
        "{closed:needs a square of its own to move on to.|but the last one needs a square of "
        "its own to move on to.}"
    ),
    # -- positions of play (position.py, complete.py) -----------------------------
    "pos_no_way_in": (
        "{square} can no longer be reached: every square a " + _MOVE + " from it is already "
        "visited."
    ),
    "pos_no_way_in_directed": (
        "{square} can no longer be reached: no unvisited square leads into it."
    ),
    "pos_cannot_close": (
        "The tour can no longer close: every square a " + _MOVE + " from {start}, its first "
        "square, is already visited."
    ),
    "pos_cannot_leave": (
        "{square} can no longer be left: every square it leads to is already visited."
    ),
    "pos_closed_one_way": (
        "{square} has only one way in or out left, but a closed tour must enter it and leave "
        "it."
    ),
    "pos_dead_end": (
        "{square} can now only be entered from {current} and then has nowhere to go, so it "
        "would have to be the last square, yet {left} squares are left."
    ),
    "pos_two_ends": (
        "{first} and {second} each have only one way in or out left, so both would have to "
        "be the last square of the tour."
    ),
    "pos_two_ends_directed": (
        "{first} and {second} each lead to no unvisited square, so both would have to be the "
        "last square of the tour."
    ),
    "pos_cut_off": (
        "{square} can no longer be reached from {current}: the visited squares cut it off "
        "from the rest."
    ),
    "pos_colours": (
        "A knight alternates colours: from {current} ({dark:dark|light}) the {left} squares "
        "left must hold {need_other} {dark:light|dark} and {need_own} {dark:dark|light}, but "
        "they hold {other} {dark:light|dark} and {own} {dark:dark|light}."
    ),
    "pos_ranks_count": (
        "On a board 4 squares wide outer-rank squares only reach inner-rank squares, so no "
        "two outer squares follow each other; {outer} outer and {inner} inner squares are "
        "left, too many outer ones to fit."
    ),
    "pos_ranks_colours": (
        "On a board 4 squares wide outer-rank squares only reach inner-rank squares, so no "
        "two outer squares follow each other; {outer} outer and {inner} inner squares are "
        "left, so the path must alternate them, and colours with them, but the outer squares "
        "left have both colours."
    ),
    "complete_not_closed": (
        "The path visits every square, but its last square {last} is not a knight move from "
        "its first square {first}, so it is not closed."
    ),
    "complete_exhausted": (
        "An exhaustive search of {nodes:,} nodes found no " + _TOUR + " that continues this "
        "path from {square}."
    ),
    "complete_gave_up": "No completion found yet: {stop}.",
    # -- the solver's searches (solver.py, search/monitor.py, counting.py) --------
    "thin_none": (
        "No " + _TOUR + " of a {rows} x {cols} board starts on {start}: an exact search over "
        "all ways through the board's columns found none."
    ),
    "construction_gap": (
        "The construction does not cover a " + _TOUR + " from {start} on this board."
    ),
    "search_exhausted": (
        "An exhaustive search of {nodes:,} nodes found no " + _TOUR + " from {start}."
    ),
    "sweep_exhausted": (
        "An exact sweep along the board (every way its moves can join, {nodes:,} nodes in "
        "all) found no " + _TOUR + " from {start}."
    ),
    "solve_gave_up": "No tour found yet: {stop}.",
    "budget_ran_out": "the node budget of {budget:,} nodes ran out",
    "cancelled": "the search was cancelled after {nodes:,} nodes",
    "stopped_by_caller": "{text}",
    # -- the validator (validate.py) ----------------------------------------------
    "closed_needs_three": "a closed tour needs at least 3 free squares",
    "index_off_board": "step {step}: square index {index} is off the board (0..{last})",
    "wrong_length": "the path has {length} squares but the board has {free} free squares",
    "two_problems": "{first}; {second}",
    "closing_move": "closing move {last} -> {first} is not a " + _MOVE,
    "empty_path": "the path is empty; it needs at least its first square",
    "blocked_step": "step {step}: {square} is a blocked square",
    "visited_twice": "step {step}: {square} is visited twice",
    "leg_blocked": (
        "step {step}: {source} -> {target} is blocked by the hole at {leg} (xiangqi rule)"
    ),
    "not_a_move": "step {step}: {source} -> {target} is not a " + _MOVE,
    "step_label": "step {step}",
    # -- a Learn program's returned value (learn/answer.py) -----------------------
    "answer_tour": "a tour: every square once, each step a knight move",
    "answer_none": "the program found no tour",
    "answer_unreadable": "the program returned something that is neither a board nor a path",
    "answer_repeat": "the number {number} appears {count:once|# times}: at {squares}",
    "answer_out_of_range": "the number {number} at {square} is outside 1..{size}",
    "answer_partial": "the answer has {count} of {size} squares",
    "answer_missing": "the number {number} is missing",
    # -- a Learn program's text (learn/source_rule.py) -----------------------------
    "source_too_long": (
        "The program has {count:,} characters; the page runs programs of at most {limit:,}."
    ),
    "source_too_many_lines": (
        "The program has {count:,} lines; the page runs programs of at most {limit:,}."
    ),
    "source_too_big": (
        "The program is too big for the page to check: Python's reading of it has more "
        "than {limit:,} parts."
    ),
    "source_unreadable": (
        "The page could not read this program: Python's parser gave up on it (nested too "
        "deeply, or too big)."
    ),
    "source_normalised": (
        "The program reads as another program once its letters are put in their plain "
        "form (to Python, a fullwidth \uff58 is x)."
    ),
    "source_construct": (
        "Line {line}: a Learn program cannot use {kind:async=async functions, loops and "
        "blocks|await=await|with=with blocks|match=match statements|type_alias=type "
        "statements|template=template strings (t-strings)|star_import=import * (import "
        "the names it uses one by one)|relative_import=relative imports|decorator="
        "decorators other than functools' lru_cache and cache|class_header=a class with a "
        "base other than object or one error class, or with keywords|dunder_method="
        "methods with double-underscore names other than __init__|type_params=type "
        "parameters in square brackets|bare_except=except without an error class (name "
        "one, such as except ValueError)|star_except=except*|finally_exit=return, break "
        "or continue inside finally|module_value=a module as a value (use what it holds, "
        "such as math.floor)|module_store=changing what a module holds|matmul=the @ operator|other=this kind of statement or "
        "expression}."
    ),
    "source_name": (
        "Line {line}: a Learn program cannot use the name {name}: it reaches into Python "
        "itself or outside the program."
    ),
    "source_name_other": (
        "Line {line}: a name the page does not allow. A Learn program may use the names it "
        "sets itself and Python's everyday built-ins (range, len, print, sorted, ...), "
        "never a name with double underscores."
    ),
    "source_name_unknown": (
        "Line {line}: a name the program never sets, and not one of the built-ins a Learn "
        "program may use (range, len, print, sorted, ...). Check its spelling."
    ),
    "source_attribute": (
        "Line {line}: a Learn program cannot use .{name}: it reaches into Python itself."
    ),
    "source_attribute_other": (
        "Line {line}: an attribute the page does not allow. A Learn program may use the "
        "methods of lists, dicts, sets and strings, what its modules offer (such as "
        "math.floor or heapq.heappush) and attributes it sets itself, never one that "
        "starts with _."
    ),
    "source_import": (
        "Line {line}: a Learn program cannot import {name}; it may import only bisect, "
        "collections, copy, functools, heapq, itertools, math, operator, random, string "
        "and time."
    ),
    "source_import_other": (
        "Line {line}: a module a Learn program cannot import; it may import only bisect, "
        "collections, copy, functools, heapq, itertools, math, operator, random, string "
        "and time."
    ),
    # -- arguments (board.py, squares.py, search/monitor.py) ----------------------
    "bad_side": "{what} must be a whole number from 1 to {limit}, got {value}",
    "bad_rule": (
        "rule must be one of 'knight', 'xiangqi', a leaper's name (camel, zebra, giraffe, "
        "antelope) or 'leaper:a,b' such as 'leaper:1,3', got {rule}"
    ),
    "not_a_square_name": (
        "{name} is not a square name; use a file letter and a rank number such as 'a1'"
    ),
    "square_off_board": (
        "square {name} is off the {rows} x {cols} board (files a..{last_file}, ranks 1..{rows})"
    ),
    "argument_error": "{what}: {error}",
    "pair_off_board": (
        "{what} {pair} is off the {rows} x {cols} board: row must be 0..{last_row} and col "
        "0..{last_col}"
    ),
    "not_a_square": (
        "{what} must be a (row, col) pair of integers or an algebraic name such as 'a1', got "
        "{value}"
    ),
    "not_squares": (
        "{what} must be a collection of squares ((row, col) pairs or names), got {value}"
    ),
    "start_blocked": "start {start} is a blocked square; choose a square that is not blocked",
    "bad_count": "{what} must be a whole number >= {lowest}, got {value}",
    # -- the command line (cli.py) ------------------------------------------------
    "cli_bad_size": "board size must look like 8x8 (rows x cols) or 8, got {text}",
    "cli_count_and_survey": "--count and --survey do not go together; choose one",
    "cli_csv_needs_survey": "--format csv works with --survey; use board, moves or json",
    "cli_moves_with_survey": "--format moves does not go with --survey; use board, csv or json",
    "cli_outcome": "{status:impossible=impossible|gave_up=gave up}: {reason}",
    "cli_gave_up": "gave up: {stop}",
    "cli_survey_stopped": "stopped: {done} of {total} squares surveyed",
    "cli_progress": (
        "... {nodes:,} nodes, {backtracks:,} backtracks, depth {depth}/{free}, "
        "{seconds:.1f} s"
    ),
    "cli_survey_cell": (
        "... {square}: {status:found=found|impossible=impossible|gave_up=gave up}, "
        "{nodes:,} nodes, {backtracks:,} backtracks"
    ),
    # -- leapers (leaper.py, leaper_theorems.py) -----------------------------------
    "leaper_piece": (
        "{piece:knight=the knight ({a}, {b})|camel=the camel ({a}, {b})|zebra=the zebra "
        "({a}, {b})|giraffe=the giraffe ({a}, {b})|antelope=the antelope ({a}, {b})|"
        "leaper=the ({a}, {b})-leaper}"
    ),
    "bad_leaper": (
        "a leaper jumps (a, b) squares with whole numbers 0 <= a, b <= {limit}, not both 0; "
        "got {value}"
    ),
    "leaper_lattice": (
        "No tour from {start} exists: every jump of {piece} changes the row and the column by "
        "multiples of {step}, so from {start} it only reaches squares whose row and column "
        "differ from its own by multiples of {step}, and {square} is not one of them."
    ),
    "leaper_colour": (
        "No tour from {start} exists: every jump of {piece} moves an even number of squares "
        "in all, so it keeps the colour of its square and never reaches {square}, which has "
        "the other colour."
    ),
    "leaper_colour_closed": (
        "No closed tour exists: of the free squares, {first} are of one colour and {second} "
        "of the other; {piece} changes colour with every jump, so a closed tour needs equal "
        "counts."
    ),
    "leaper_colour_start": (
        "No tour starts on {start}: {piece} changes colour with every jump, and of the free "
        "squares {own} are of its colour and {other} of the other, so a tour must start on "
        "the other colour."
    ),
    "leaper_colour_counts": (
        "No tour exists: of the free squares, {own} are of one colour and {other} of the "
        "other; {piece} changes colour with every jump, so the counts may differ by one at "
        "most."
    ),
    "leaper_isolated": (
        "No tour exists: {piece} has no jump between {square} and any other free square."
    ),
    "leaper_closed_single": (
        "No closed tour exists: {square} has a single jump of {piece}, but a closed tour "
        "enters and leaves every square."
    ),
    "leaper_end_colour": (
        "No tour from {start} exists: "
        "{stuck:no jump leads out of {end}|{end} has a single jump}, so it would have to be "
        "the last square; but {piece} changes colour with every jump, so a tour of {free} "
        "squares ends on a square of {same_colour:the same colour as|the other colour than} "
        "{start}, which {end} is not."
    ),
    "leaper_not_a_move": "step {step}: {source} -> {target} is not a jump of {piece}",
    "leaper_closing_move": "closing move {last} -> {first} is not a jump of {piece}",
    "leaper_small_board": (
        "No tour from {start} exists: by Knuth's theorem {piece} can reach every square of a "
        "board only when its sides are at least {short} and {long}, and this board is "
        "{rows} x {cols}: {start} never reaches {square}."
    ),
}
