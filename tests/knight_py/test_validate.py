"""validate(): accepts exactly the tours, and names the first bad step."""

from __future__ import annotations

from array import array

import pytest
from hypothesis import given
from hypothesis import strategies as st

from knight_py import solve, square_name, validate


def _tour(rows=6, cols=6, closed=True):
    return solve(rows, cols, "a1", closed=closed).path


def test_accepts_pairs_names_indices_and_arrays():
    path = _tour()
    validate(6, 6, path, closed=True)
    validate(6, 6, [square_name(s, 6) for s in path], closed=True)
    flat = [r * 6 + c for r, c in path]
    validate(6, 6, flat, closed=True)
    validate(6, 6, array("i", flat), closed=True)


@given(st.data())
def test_any_single_corruption_is_rejected(data):
    path = _tour()
    kind = data.draw(st.sampled_from(["swap", "drop", "repeat", "reverse_tail"]))
    i = data.draw(st.integers(1, len(path) - 2))
    bad = list(path)
    if kind == "swap":
        j = data.draw(st.integers(0, len(path) - 1).filter(lambda j: abs(j - i) > 1))
        bad[i], bad[j] = bad[j], bad[i]
    elif kind == "drop":
        del bad[i]
    elif kind == "repeat":
        bad[i] = bad[i - 1]
    else:
        bad[i:] = reversed(bad[i:])
    if bad == path:
        return
    try:
        validate(6, 6, bad, closed=True)
    except ValueError as error:
        assert str(error)
    else:
        # Reversing a tail can still give a tour only if both joints are knight moves.
        assert kind == "reverse_tail"
        validate(6, 6, bad, closed=True)


def test_messages_name_the_first_bad_step():
    path = _tour(5, 5, closed=False)
    with pytest.raises(ValueError, match=r"step 3: .* is visited twice"):
        validate(5, 5, [*path[:3], path[1], *path[4:]])
    with pytest.raises(ValueError, match="is not a knight move"):
        validate(5, 5, [path[0], path[2], *path[1:2], *path[3:]])
    with pytest.raises(ValueError, match="the path has 24 squares but the board has 25"):
        validate(5, 5, path[:-1])
    with pytest.raises(ValueError, match="closing move"):
        validate(5, 5, path, closed=True)
    with pytest.raises(ValueError, match="is a blocked square"):
        validate(5, 5, path, blocked=[path[3]])
    with pytest.raises(ValueError, match="step 2: square index 99 is off the board"):
        validate(5, 5, [0, 7, 99])
    with pytest.raises(ValueError, match="step 1: 'zz' is not a square name"):
        validate(5, 5, ["a1", "zz"])


def test_xiangqi_leg_blocks_a_move():
    # a1 -> b3 steps over a2 first; with a hole on a2 the horse may not go.
    with pytest.raises(ValueError, match="blocked by the hole at a2"):
        validate(3, 3, ["a1", "b3"], blocked=["a2", "c1", "c2", "c3", "b1", "b2", "a3"],
                 rule="xiangqi")
    validate(3, 3, ["a1", "b3"], blocked=["a2", "c1", "c2", "c3", "b1", "b2", "a3"])


def test_closed_needs_three_squares():
    with pytest.raises(ValueError, match="at least 3 free squares"):
        validate(1, 1, [(0, 0)], closed=True)
