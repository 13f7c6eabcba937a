"""Leaper values: reading, normalising and refusing, and their jumps on a board."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from knight_py import solve
from knight_py.board import Board
from knight_py.i18n import TourError, explain
from knight_py.leaper import LEAPER_LIMIT, NAMED, Leaper, parse_leaper, rule_key

jumps = st.integers(0, 6)


@given(jumps, jumps)
def test_a_leaper_is_stored_with_a_at_most_b_and_its_jumps_come_in_opposite_pairs(a, b):
    if a == b == 0:
        with pytest.raises(TourError):
            Leaper(a, b)
        return
    leaper = Leaper(a, b)
    assert (leaper.a, leaper.b) == (min(a, b), max(a, b))
    assert leaper == Leaper(b, a)
    steps = set(leaper.steps)
    assert len(steps) == len(leaper.steps) == (4 if a == 0 or b == 0 or a == b else 8)
    for dr, dc in steps:
        assert (-dr, -dc) in steps
        assert sorted((abs(dr), abs(dc))) == [leaper.a, leaper.b]


@pytest.mark.parametrize(
    "bad", [(-1, 2), (0, 0), (1, LEAPER_LIMIT + 1), (1.0, 2), (True, 2), ("1", "2")]
)
def test_bad_numbers_are_refused_with_the_rule_in_both_languages(bad):
    with pytest.raises(ValueError, match="a leaper jumps") as caught:
        Leaper(*bad)
    assert "跳子" in explain(caught.value.why, "zh")


@pytest.mark.parametrize(
    "text", ["bishop", "Camel", "Knight", "leaper:1", "leaper:1,2,3", "1,-2", "x" * 500, "leaper:9999999,1", ""]
)
def test_unknown_rules_say_what_is_accepted(text):
    with pytest.raises(ValueError, match=r"rule must be one of .* 'leaper:a,b'"):
        Board.create(5, 5, rule=text)


@pytest.mark.parametrize("value", [None, 3, [1, 3], (1, 2, 3), 2.5])
def test_values_of_other_types_are_refused(value):
    with pytest.raises(ValueError, match="rule must be one of"):
        parse_leaper(value)


def test_every_spelling_of_a_leaper_gives_the_same_board():
    boards = {Board.create(6, 6, rule=r) for r in
              ("camel", " camel ", "leaper:1,3", "leaper:3,1", "1,3", "(1, 3)", (3, 1), Leaper(1, 3))}
    assert len(boards) == 1
    assert boards.pop().rule == "leaper:1,3"


@pytest.mark.parametrize("rule", [Leaper(1, 2), "leaper:2,1", (1, 2), "1,2"])
def test_the_knight_as_a_leaper_is_the_knight(rule):
    assert rule_key(rule) == "knight"
    assert Board.create(8, 8, rule=rule) is Board.create(8, 8)
    assert Board.create(8, 8, rule=rule).leaper is None


def test_the_named_leapers():
    assert {name: (Leaper(*pair).a, Leaper(*pair).b) for name, pair in NAMED.items()} == {
        "knight": (1, 2), "camel": (1, 3), "zebra": (2, 3), "giraffe": (1, 4),
        "antelope": (3, 4),
    }
    for name in NAMED:
        assert parse_leaper(name).name == name


@given(st.integers(0, 4), st.integers(1, 5), st.integers(1, 7), st.integers(1, 7))
def test_the_board_joins_squares_exactly_a_jump_apart(a, b, rows, cols):
    leaper = Leaper(a, b)
    board = Board.create(rows, cols, rule=leaper)
    for v in range(board.size):
        rv, cv = divmod(v, cols)
        expected = {
            w for w in range(board.size)
            if sorted((abs(w // cols - rv), abs(w % cols - cv))) == [leaper.a, leaper.b]
        }
        if leaper.key == "knight":
            assert set(board.neighbours[v]) == expected
            continue
        assert set(board.neighbours[v]) == expected
        assert all(board.is_move(v, w) == (w in expected) for w in range(board.size))


def test_construct_is_the_knights_only():
    with pytest.raises(ValueError, match="knight's tours only"):
        solve(8, 8, "a1", rule="zebra", method="construct")
