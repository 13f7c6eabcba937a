"""Square names: algebraic names and (row, col) pairs convert both ways."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from knight_py import parse_square, square_name
from knight_py.squares import file_index, file_letters


@given(st.integers(0, 100_000))
def test_file_letters_round_trip(col):
    letters = file_letters(col)
    assert letters.isalpha() and letters.islower()
    assert file_index(letters) == col


@given(st.integers(1, 1000), st.integers(1, 1000), st.data())
def test_square_names_round_trip(rows, cols, data):
    square = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    assert parse_square(square_name(square, rows), rows, cols) == square


def test_a1_is_bottom_left_and_files_go_on_after_z():
    assert parse_square("a1", 8, 8) == (7, 0)
    assert parse_square("z1", 1, 30) == (0, 25)
    assert parse_square("aa1", 1, 30) == (0, 26)
    assert parse_square(" B2 ", 8, 8) == (6, 1)


@pytest.mark.parametrize("text", ["", "a", "1", "a0", "a-1", "1a", "a 1", "é1"])
def test_bad_names_are_refused(text):
    with pytest.raises(ValueError):
        parse_square(text, 8, 8)
