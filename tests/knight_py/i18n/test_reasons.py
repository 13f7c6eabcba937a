"""Every reason in English and Simplified Chinese, from the catalogs of knight_py.i18n.

Each code has example params here (EXAMPLES); many are also produced by running the
solver, the validator and the argument checks on inputs that cause them (REAL), whose
English rendering must equal the text the package gives (``reason`` beside ``why``).
"""

from __future__ import annotations

import json
import os
import re
import string
import subprocess
import sys
from collections.abc import Callable
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knight_py import (
    LANGS,
    Reason,
    TourError,
    complete,
    count_tours,
    explain,
    solve,
    validate,
)
from knight_py.board import Board
from knight_py.i18n import catalog_en, catalog_zh, lang_from_env
from knight_py.obstacles import cut_square_why, forced_moves_why, own_entry_why

_BUDGET = Reason("budget_ran_out", {"budget": 1000})
_STEP = Reason("not_a_move", {"step": 2, "source": "b3", "target": "b4", "horse": False})

_CAMEL = Reason("leaper_piece", {"piece": "camel", "a": 1, "b": 3})
_WAZIR = Reason("leaper_piece", {"piece": "leaper", "a": 0, "b": 1})

EXAMPLES: dict[str, dict[str, object]] = {
    "answer_missing": {"number": 7},
    "answer_none": {},
    "answer_out_of_range": {"number": 30, "square": "c3", "size": 25},
    "answer_partial": {"count": 60, "size": 64},
    "answer_repeat": {"number": 3, "count": 2, "squares": ("b3", "a1")},
    "answer_tour": {},
    "answer_unreadable": {},
    "argument_error": {"what": "start", "error": Reason("square_off_board", {
        "name": "'k9'", "rows": 8, "cols": 8, "last_file": "h"})},
    "bad_count": {"what": "max_nodes", "lowest": 1, "value": "0"},
    "bad_rule": {"rule": "'bishop'"},
    "bad_side": {"what": "rows", "limit": 1000, "value": "0"},
    "blocked_step": {"step": 3, "square": "c3"},
    "budget_ran_out": {"budget": 2_000_000},
    "cancelled": {"nodes": 4096},
    "cli_bad_size": {"text": "'8*8'"},
    "cli_count_and_survey": {},
    "cli_csv_needs_survey": {},
    "cli_gave_up": {"stop": _BUDGET},
    "cli_moves_with_survey": {},
    "cli_outcome": {"status": "impossible", "reason": Reason("no_way_in", {"square": "a1"})},
    "cli_progress": {"nodes": 20000, "backtracks": 1234, "depth": 40, "free": 64, "seconds": 1.25},
    "cli_survey_cell": {"square": "a1", "status": "found", "nodes": 64, "backtracks": 0},
    "cli_survey_stopped": {"done": 3, "total": 64},
    "closed_needs_three": {},
    "closed_no_way_back": {"square": "a1"},
    "closed_no_way_out": {"square": "b2"},
    "closed_single_move": {"square": "h8"},
    "closed_too_small": {},
    "closing_move": {"last": "c2", "first": "a1", "horse": False},
    "colour_closed": {"holes": True, "first": 17, "second": 18},
    "colour_counts": {"holes": True, "own": 16, "other": 18},
    "colour_start": {"start": "b1", "holes": False, "own": 12, "other": 13},
    "complete_exhausted": {"nodes": 12345, "closed": False, "square": "d4"},
    "complete_gave_up": {"stop": _BUDGET},
    "complete_not_closed": {"last": "c2", "first": "a1"},
    "construction_gap": {"closed": True, "start": "a1"},
    "cut_square": {"square": "b3", "parts": 3},
    "cut_square_closed": {"square": "b3", "parts": 2},
    "cut_square_start": {"square": "a1", "parts": 2},
    "empty_path": {},
    "forced_loop": {"loop": ("a1", "b3", "c1", "a2", "c3", "b1"), "length": 6, "free": 24},
    "forced_through": {"closed": False, "squares": ("a1", "c1", "e1"), "square": "b3"},
    "four_ranks_colours": {"closed": False, "start": "a1", "outer": 9, "inner": 9},
    "four_ranks_count": {"closed": True, "start": "a1", "outer": 10, "inner": 8},
    "four_rows_inner_start": {"rows": 4, "cols": 5, "start": "a3"},
    "hall_entry": {"closed": False, "count": 3, "group": ("a4", "b1", "c4"),
                   "sources_count": 1, "sources": ("c3",)},
    "hall_exit": {"closed": False, "count": 6, "group": ("a1", "a2", "b1", "b2", "c1", "c2"),
                  "targets_count": 4, "targets": ("d3", "d4", "e3", "e4")},
    "index_off_board": {"step": 0, "index": 99, "last": 24},
    "leg_blocked": {"step": 1, "source": "a1", "target": "b3", "leg": "a2"},
    "no_move_left": {"closed": False, "square": "a1"},
    "no_way_in": {"square": "a1"},
    "not_a_move": {"step": 2, "source": "b3", "target": "b4", "horse": True},
    "not_a_square": {"what": "start", "value": "3.5"},
    "not_a_square_name": {"name": "'11'"},
    "not_squares": {"what": "blocked", "value": "5"},
    "open_end_colour": {"start": "a1", "end": "e5", "stuck": False, "free": 24,
                        "same_colour": False},
    "open_ends_two": {"start": "a1", "first": "a5", "first_stuck": True, "second": "e5",
                      "second_stuck": False},
    "open_tour_shape": {"rows": 4, "cols": 4},
    "pair_off_board": {"what": "start", "pair": "(9, 0)", "rows": 8, "cols": 8,
                       "last_row": 7, "last_col": 7},
    "pos_cannot_close": {"start": "a1", "horse": False},
    "pos_cannot_leave": {"square": "c3"},
    "pos_closed_one_way": {"square": "c3"},
    "pos_colours": {"current": "a1", "dark": True, "left": 5, "need_other": 3, "need_own": 2,
                    "other": 2, "own": 3},
    "pos_cut_off": {"square": "h8", "current": "a1"},
    "pos_dead_end": {"square": "a5", "current": "b3", "left": 7},
    "pos_no_way_in": {"square": "h1", "horse": True},
    "pos_no_way_in_directed": {"square": "h1"},
    "pos_ranks_colours": {"outer": 5, "inner": 5},
    "pos_ranks_count": {"outer": 7, "inner": 5},
    "pos_two_ends": {"first": "a5", "second": "e5"},
    "pos_two_ends_directed": {"first": "a5", "second": "e5"},
    "schwenk_four_rows": {"rows": 4, "cols": 6},
    "schwenk_narrow": {"rows": 1, "cols": 4, "width": 1},
    "schwenk_odd": {"rows": 5, "cols": 5},
    "schwenk_three_short": {"rows": 3, "cols": 6},
    "search_exhausted": {"nodes": 1_234_567, "closed": True, "start": "c3"},
    "solve_gave_up": {"stop": Reason("cancelled", {"nodes": 512})},
    "source_attribute": {"line": 3, "name": "gi_frame"},
    "source_attribute_other": {"line": 3},
    "source_construct": {"line": 7, "kind": "match"},
    "source_import": {"line": 1, "name": "os"},
    "source_import_other": {"line": 1},
    "source_name": {"line": 2, "name": "getattr"},
    "source_name_other": {"line": 2},
    "source_name_unknown": {"line": 4},
    "source_normalised": {},
    "source_too_big": {"limit": 40_000},
    "source_too_long": {"count": 32_001, "limit": 32_000},
    "source_too_many_lines": {"count": 2_001, "limit": 2_000},
    "source_unreadable": {},
    "square_off_board": {"name": "'e1'", "rows": 3, "cols": 4, "last_file": "d"},
    "start_blocked": {"start": "c3"},
    "start_no_way_out": {"start": "a1"},
    "step_label": {"step": 4},
    "stopped_by_caller": {"text": "42"},
    "sweep_exhausted": {"nodes": 99_999, "closed": False, "start": "a2"},
    "thin_none": {"closed": False, "rows": 3, "cols": 9, "start": "b2"},
    "two_problems": {"first": Reason("wrong_length", {"length": 3, "free": 25}), "second": _STEP},
    "unreachable": {"start": "a1", "square": "c3"},
    "visited_twice": {"step": 5, "square": "b3"},
    "wrong_length": {"length": 2, "free": 12},
    # leapers
    "bad_leaper": {"value": "(0, 0)", "limit": 1000},
    "leaper_piece": {"piece": "camel", "a": 1, "b": 3},
    "leaper_lattice": {"piece": _CAMEL, "start": "a1", "square": "b1", "step": 2},
    "leaper_colour": {"piece": _CAMEL, "start": "a1", "square": "b1"},
    "leaper_colour_closed": {"piece": _WAZIR, "first": 13, "second": 12},
    "leaper_colour_start": {"piece": _WAZIR, "start": "b1", "own": 12, "other": 13},
    "leaper_colour_counts": {"piece": _WAZIR, "own": 9, "other": 12},
    "leaper_isolated": {"piece": _CAMEL, "square": "c3"},
    "leaper_closed_single": {"piece": _CAMEL, "square": "c3"},
    "leaper_end_colour": {"piece": _WAZIR, "start": "a1", "end": "c3", "stuck": False,
                          "free": 8, "same_colour": False},
    "leaper_not_a_move": {"step": 2, "source": "b3", "target": "b4", "piece": _CAMEL},
    "leaper_closing_move": {"last": "b3", "first": "a1", "piece": _WAZIR},
    "leaper_small_board": {"piece": _CAMEL, "rows": 3, "cols": 8, "short": 4, "long": 6,
                           "start": "a1", "square": "b1"},
}

# Command-line words a person types as they are: options, format names, a size like 8x8,
# and quoted literals (the rule names, an example square, the input echoed back).
_TYPED = re.compile(r"--[a-z-]+|\b(?:board|moves|json|csv)\b|\d+x\d+|'[^']*'")
_SQUARE = re.compile(r"(?<![A-Za-z])[a-z]{1,2}\d+")
_NAMES = re.compile(r"Warnsdorff|Python")
# Python's own words, which a sentence about a program's text quotes as they are.
_PYTHON_WORDS = re.compile(
    r"\.?\b(?:async|await|with|match|type|import|except|finally|return|break|continue|"
    r"functools|lru_cache|cache|object|ValueError|__init__|math\.floor|heapq\.heappush|range|"
    r"len|print|sorted|gi_frame|getattr|os|bisect|collections|copy|heapq|itertools|math|"
    r"operator|random|string|time|x|t)\b"
)


def assert_chinese(text: str) -> None:
    """Filled placeholders, Chinese words: no ASCII letters but square names and allowed names."""
    assert "{" not in text and "}" not in text, text
    assert re.search(r"[\u4e00-\u9fff]", text), text
    rest = _PYTHON_WORDS.sub("", _NAMES.sub("", _SQUARE.sub("", _TYPED.sub("", text))))
    assert not re.search(r"[A-Za-z]", rest), (text, rest)


def assert_english(text: str) -> None:
    assert "{" not in text and "}" not in text, text
    assert not re.search(r"[\u4e00-\u9fff]", text), text


def _variants(params: dict[str, object]) -> list[dict[str, object]]:
    """The params, and each flag flipped (so both texts of every choice are rendered)."""
    out = [params]
    for key, value in params.items():
        if isinstance(value, bool):
            out.append({**params, key: not value})
    return out


def placeholders(code: str, lang: str = "en") -> frozenset[str]:
    """The names a catalog entry uses, those inside choices included."""
    found: set[str] = set()

    def scan(text: str) -> None:
        for _, name, spec, _ in string.Formatter().parse(text):
            if name is not None:
                found.add(name)
            if spec:
                scan(spec)

    scan({"en": catalog_en, "zh": catalog_zh}[lang].MESSAGES[code])
    return frozenset(found)


def test_every_code_has_an_example():
    assert set(EXAMPLES) == set(catalog_en.MESSAGES)


def test_both_catalogs_have_the_same_codes_and_placeholders():
    assert set(catalog_en.MESSAGES) == set(catalog_zh.MESSAGES)
    for code in catalog_en.MESSAGES:
        assert placeholders(code, "en") == placeholders(code, "zh"), code
        assert placeholders(code) == set(EXAMPLES[code]), code


@pytest.mark.parametrize("code", sorted(EXAMPLES))
def test_every_code_renders_in_both_languages(code):
    for params in _variants(EXAMPLES[code]):
        why = Reason(code, params)
        assert_english(explain(why, "en"))
        assert explain(why, "en") == str(why)
        assert_chinese(explain(why, "zh"))
        assert Reason.from_dict(json.loads(json.dumps(why.to_dict()))) == why


def test_choices_by_keyword_render_every_status():
    for status in ("found", "impossible", "gave_up"):
        why = Reason("cli_survey_cell", {**EXAMPLES["cli_survey_cell"], "status": status})
        assert_chinese(explain(why, "zh"))
        assert status.replace("_", " ") in explain(why)


def test_plurals_in_english():
    one = Reason("hall_entry", {**EXAMPLES["hall_entry"]})
    assert "the 3 squares a4, b1, c4 can only be entered from 1 square, c3," in str(one)
    assert "a board 1 square wide" in str(Reason("schwenk_narrow", EXAMPLES["schwenk_narrow"]))
    two = Reason("schwenk_narrow", {"rows": 2, "cols": 6, "width": 2})
    assert "a board 2 squares wide" in str(two)


def test_long_square_lists_show_four_and_how_many_more():
    why = Reason("forced_loop", EXAMPLES["forced_loop"])
    assert "a1, b3, c1, a2 and 2 more (6 squares)" in str(why)
    assert "a1、b3、c1、a2等（6 个格子）" in explain(why, "zh")


def test_unknown_language_and_code():
    with pytest.raises(ValueError, match="lang must be one of 'en', 'zh', got 'de'"):
        explain(Reason("empty_path"), "de")
    with pytest.raises(ValueError, match="unknown reason code"):
        Reason("no_such_code")
    assert LANGS == ("en", "zh")


# -- reasons the package gives on real inputs -------------------------------------------


def _result(call: Callable[[], object]) -> tuple[Reason, str]:
    """(why, the English text the package gave) of a result or a raised error."""
    try:
        result = call()
    except TourError as error:
        return error.why, str(error)
    why = result.why  # type: ignore[attr-defined]  # results and counts alike
    assert why is not None, result
    return why, result.reason  # type: ignore[attr-defined]


def _obstacle(argument: Callable[[Board, int, bool], Reason | None], board: Board, start: int,
              closed: bool) -> Callable[[], object]:
    """An obstacle argument's reason; its English is the module's ``*_reason`` sentence."""
    def call() -> object:
        why = argument(board, start, closed)
        assert why is not None
        return SimpleNamespace(why=why, reason=str(why))
    return call


_TOUR_3X4 = ["a3", "c2", "a1", "b3", "d2", "b1", "c3", "d1", "b2", "d3", "c1", "a2"]  # open: 3 x 4 has no closed tour

REAL: list[tuple[str, Callable[[], object]]] = [
    ("schwenk_odd", lambda: solve(5, 5, "a1", closed=True)),
    ("schwenk_narrow", lambda: solve(1, 4, "a1", closed=True)),
    ("schwenk_narrow", lambda: solve(2, 5, "a1", closed=True)),
    ("schwenk_four_rows", lambda: solve(4, 6, "a1", closed=True)),
    ("schwenk_three_short", lambda: solve(3, 6, "a1", closed=True)),
    ("open_tour_shape", lambda: solve(4, 4, "a1")),
    ("four_rows_inner_start", lambda: solve(4, 5, "a3")),
    ("colour_start", lambda: solve(5, 5, "b1")),
    ("colour_closed", lambda: solve(6, 6, "a1", closed=True, blocked=["a6"])),
    ("colour_counts", lambda: solve(6, 6, "b1", blocked=["a1", "c1"])),
    ("closed_too_small", lambda: solve(1, 1, "a1", closed=True)),
    ("solve_gave_up", lambda: solve(8, 8, "c3", method="backtrack", max_nodes=1000)),
    ("solve_gave_up", lambda: solve(8, 8, "c3", method="backtrack", should_stop=lambda: True)),
    ("complete_gave_up", lambda: complete(8, 8, ["c3", "a4"], max_nodes=10)),
    ("budget_ran_out", lambda: count_tours(5, 5, "a1", max_nodes=100)),
    ("pos_two_ends", lambda: complete(8, 8, ["a1", "b3", "c1", "e2", "c3", "d1", "f2", "d3"])),
    ("pos_cannot_close", lambda: complete(6, 6, ["a1", "b3", "d4", "c2"], closed=True)),
    ("pos_no_way_in", lambda: complete(8, 8, ["a1", "b3", "c1", "e2", "g3", "e4", "f2", "h3", "g5", "f3", "g1"])),
    ("complete_not_closed", lambda: complete(3, 4, _TOUR_3X4, closed=True)),
    ("cut_square", _obstacle(cut_square_why, Board.create(3, 4, blocked=[(1, 0), (0, 2), (1, 2)]),
                             3, False)),
    ("hall_entry", _obstacle(own_entry_why, Board.create(4, 3, blocked=[(2, 1), (1, 0)]), 8,
                             False)),
    ("no_move_left", _obstacle(forced_moves_why, Board.create(3, 3), 0, True)),
    ("wrong_length", lambda: validate(3, 4, ["a1", "b3", "d2", "b1", "a3", "c2"])),
    ("two_problems", lambda: validate(3, 4, [(0, 0), (0, 1)])),
    ("not_a_move", lambda: complete(5, 5, ["a1", "b3", "b4"])),
    ("visited_twice", lambda: complete(5, 5, ["a1", "b3", "a1"])),
    ("blocked_step", lambda: complete(5, 5, ["a1", "b3"], blocked=["b3"])),
    ("leg_blocked", lambda: complete(5, 5, ["a1", "b3"], blocked=["a2"], rule="xiangqi")),
    ("closing_move", lambda: validate(3, 4, _TOUR_3X4, closed=True)),
    ("closed_needs_three", lambda: validate(1, 2, ["a1", "b1"], closed=True)),
    ("empty_path", lambda: complete(5, 5, [])),
    ("index_off_board", lambda: validate(5, 5, [99])),
    ("argument_error", lambda: validate(3, 3, ["a1", "z9"])),
    ("argument_error", lambda: solve(8, 8, "k9")),
    ("argument_error", lambda: solve(8, 8, "??")),
    ("pair_off_board", lambda: solve(8, 8, (9, 0))),
    ("not_a_square", lambda: solve(8, 8, 3.5)),
    ("not_squares", lambda: solve(8, 8, "a1", blocked=5)),  # type: ignore[arg-type]
    ("start_blocked", lambda: solve(8, 8, "c3", blocked=["c3"])),
    ("bad_side", lambda: solve(0, 8, "a1")),
    ("bad_rule", lambda: solve(8, 8, "a1", rule="bishop")),
    ("bad_count", lambda: solve(8, 8, "a1", max_nodes=0)),
    ("bad_leaper", lambda: solve(8, 8, "a1", rule=(0, 0))),
    ("leaper_colour", lambda: solve(8, 8, "a1", rule="camel")),
    ("leaper_lattice", lambda: solve(5, 5, "a1", rule="leaper:2,4")),
    ("leaper_colour_start", lambda: solve(5, 5, "b1", rule="leaper:0,1")),
    ("leaper_not_a_move", lambda: validate(1, 2, ["a1", "b1"], rule="0,2")),
    ("leaper_closing_move", lambda: validate(1, 3, ["a1", "b1", "c1"], True, rule="1,0")),
]


@pytest.mark.parametrize(("code", "call"), REAL, ids=[f"{c}-{i}" for i, (c, _) in enumerate(REAL)])
def test_real_reasons_render_as_the_package_says_them(code, call):
    why, english = _result(call)
    assert why.code == code
    assert explain(why, "en") == english
    assert_chinese(explain(why, "zh"))
    assert placeholders(code) == set(why.params)


def test_the_result_carries_its_reason_as_data():
    result = solve(5, 5, "b1")
    assert result.reason == str(result.why)
    data = json.loads(json.dumps(result.why.to_dict()))
    assert data == {"code": "colour_start",
                    "params": {"start": "b1", "holes": False, "own": 12, "other": 13}}
    assert explain(Reason.from_dict(data), "zh") == explain(result.why, "zh")
    assert solve(5, 5, "a1").why is None


# -- the validator: every bad input gives a reason in both languages ----------------------


@settings(max_examples=150, deadline=None)
@given(
    rows=st.integers(1, 6),
    cols=st.integers(1, 6),
    path=st.lists(
        st.one_of(
            st.integers(-3, 40),
            st.tuples(st.integers(-1, 7), st.integers(-1, 7)),
            st.sampled_from(["a1", "b3", "c2", "z9", "a0", "", "??", "d4", "e5", "f6"]),
        ),
        max_size=12,
    ),
    closed=st.booleans(),
    rule=st.sampled_from(["knight", "xiangqi"]),
    holes=st.lists(st.sampled_from(["a2", "b2", "c3"]), max_size=2),
)
def test_bad_paths_have_reasons_in_both_languages(rows, cols, path, closed, rule, holes):
    try:
        validate(rows, cols, path, closed=closed, blocked=holes, rule=rule)
    except ValueError as error:
        assert isinstance(error, TourError), error
        assert explain(error.why, "en") == str(error)
        zh = explain(error.why, "zh")
        assert "{" not in zh and re.search(r"[\u4e00-\u9fff]", zh)
        assert Reason.from_dict(error.why.to_dict()) == error.why


# -- the command line ------------------------------------------------------------------


def _cli(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    return subprocess.run(
        [sys.executable, "-m", "knight_py", *argv], capture_output=True, text=True,
        env={**clean, **(env or {}), "PYTHONIOENCODING": "utf-8"}, timeout=120, check=False,
    )


def test_cli_lang_zh_prints_the_chinese_reason():
    run = _cli("5x5", "--start", "b1", "--lang", "zh")
    assert run.returncode == 1 and run.stdout == ""
    expected = explain(Reason("cli_outcome", {"status": "impossible",
                                              "reason": solve(5, 5, "b1").why}), "zh")
    assert run.stderr.strip() == expected
    assert run.stderr.startswith("无解（已证明）：没有从 b1 出发的周游")


def test_cli_reads_the_language_from_the_environment():
    run = _cli("5x5", "--start", "b1", env={"LANG": "zh_CN.UTF-8"})
    assert run.returncode == 1 and "没有从 b1 出发的周游" in run.stderr
    english = _cli("5x5", "--start", "b1", env={"LANG": "en_US.UTF-8"})
    assert english.returncode == 1
    assert english.stderr.strip() == f"impossible: {solve(5, 5, 'b1').reason}"
    forced = _cli("5x5", "--start", "b1", "--lang", "en", env={"LANG": "zh_CN.UTF-8"})
    assert forced.stderr == english.stderr


def test_cli_bad_input_in_chinese():
    run = _cli("8x8", "--start", "k9", "--lang", "zh")
    assert run.returncode == 2
    assert "起点：格子 'k9' 不在 8×8 的棋盘上（从 a1 到 h8）" in run.stderr
    run = _cli("8by8", "--lang", "zh")
    assert run.returncode == 2 and "棋盘大小应写成 8x8" in run.stderr


def test_lang_from_env_follows_gettext():
    assert lang_from_env({"LANG": "zh_CN.UTF-8"}) == "zh"
    assert lang_from_env({"LC_MESSAGES": "zh_TW", "LANG": "en_US"}) == "zh"
    assert lang_from_env({"LC_ALL": "en_GB", "LC_MESSAGES": "zh_CN"}) == "en"
    assert lang_from_env({"LANGUAGE": "zh_CN:en_US", "LC_ALL": "C"}) == "zh"
    assert lang_from_env({"LANGUAGE": "", "LANG": "zh_SG"}) == "zh"
    assert lang_from_env({"LANG": "C.UTF-8"}) == "en"
    assert lang_from_env({}) == "en"
