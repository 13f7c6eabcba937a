"""knight_py.learn.answer: what a program returned, as plain numbers for the page
(answer_numbers) and read back by the page's own Python (read_answer_numbers) to the same verdict as
read_answer gives the value itself; and the return kinds of the trace's event byte."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from knight_py import solve
from knight_py.learn.answer import answer_numbers, read_answer, read_answer_numbers
from knight_py.learn.trace_format import (
    EVENT_RETURN,
    EVENT_RETURN_EMPTY,
    EVENT_RETURN_FALSE,
    EVENT_RETURN_NONE,
    EVENT_RETURN_TRUE,
    FAILED_RETURNS,
    return_kind,
)

sizes = st.tuples(st.integers(1, 6), st.integers(1, 6))


@st.composite
def returned(draw: st.DrawFn) -> tuple[int, int, object]:
    rows, cols = draw(sizes)
    numbers = st.integers(-3, rows * cols + 3)
    kind = draw(st.sampled_from(["board", "flat", "path", "none", "other", "tour"]))
    if kind == "board":
        value: object = [[draw(numbers) for _ in range(cols)] for _ in range(rows)]
    elif kind == "flat":
        value = [draw(numbers) for _ in range(rows * cols)]
    elif kind == "path":
        square = st.tuples(st.integers(-1, rows), st.integers(-1, cols))
        value = draw(st.lists(square, min_size=1, max_size=rows * cols + 3))
    elif kind == "tour":
        found = solve(5, 5, "a1")
        rows, cols, value = 5, 5, [list(sq) for sq in found.path or []]
    elif kind == "none":
        value = None
    else:
        value = draw(st.sampled_from(["a tour", 3.5, {"valid": True}, [[1, 2], "x"], ()]))
    return rows, cols, value


@settings(max_examples=300, deadline=None)
@given(returned())
def test_the_page_reads_the_numbers_as_python_reads_the_value(case: tuple[int, int, object]) -> None:
    rows, cols, value = case
    data = answer_numbers(value, rows, cols)
    assert data["shape"] in ("board", "path", "none", "other")
    for v in data.get("values", []):  # type: ignore[attr-defined]
        assert type(v) is int
    mine = read_answer_numbers(data, rows, cols).verdict
    theirs = read_answer(value, rows, cols).verdict
    assert mine.valid == theirs.valid
    if data["shape"] != "other":
        assert mine.code == theirs.code, (value, mine, theirs)


def test_a_long_path_is_cut_but_its_length_kept() -> None:
    data = answer_numbers([(0, 0)] * 10_000, 3, 3)
    assert data["length"] == 10_000 and len(data["values"]) == 2 * 10  # type: ignore[arg-type]
    verdict = read_answer_numbers(data, 3, 3).verdict
    assert not verdict.valid and verdict.why is not None and verdict.why.code == "wrong_length"


def test_only_plain_values_are_read() -> None:
    class Sneaky(list):  # type: ignore[type-arg]
        def __iter__(self):  # type: ignore[no-untyped-def]
            raise AssertionError("a program's method ran")

    assert answer_numbers(Sneaky([1, 2]), 1, 2) == {"shape": "other"}
    assert answer_numbers([[1, 2**40]], 1, 2) == {"shape": "other"}


def test_return_kinds() -> None:
    assert return_kind(False) == EVENT_RETURN_FALSE and return_kind(True) == EVENT_RETURN_TRUE
    assert return_kind(None) == EVENT_RETURN_NONE
    assert return_kind(0) == return_kind([]) == return_kind("") == EVENT_RETURN_EMPTY
    assert return_kind([[1]]) == return_kind(3) == EVENT_RETURN

    class Truthy:
        def __bool__(self) -> bool:
            raise AssertionError("a program's method ran")

    assert return_kind(Truthy()) == EVENT_RETURN
    assert set(FAILED_RETURNS) == {EVENT_RETURN_FALSE, EVENT_RETURN_NONE, EVENT_RETURN_EMPTY}


leapers = st.tuples(st.integers(0, 4), st.integers(0, 4)).filter(lambda ab: ab != (0, 0))


@settings(max_examples=200, deadline=None)
@given(leapers, sizes, st.data())
def test_a_leaper_s_answer_is_a_tour_only_when_its_validator_says_so(
    ab: tuple[int, int], size: tuple[int, int], data: st.DataObject
) -> None:
    """Under a leaper's rule the page reads an answer with that rule's validator: a path
    of its jumps (a tour the solver found, or any walk) is judged by first_problem under
    the same rule, never by the knight's."""
    from knight_py.leaper import Leaper
    from knight_py.validate import first_problem

    rows, cols = size
    leaper = Leaper(*ab)
    found = solve(rows, cols, "a1", rule=leaper.key, max_nodes=2_000)
    if found.path and data.draw(st.booleans()):
        path = [tuple(sq) for sq in found.path]
    else:
        square = st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))
        path = data.draw(st.lists(square, min_size=1, max_size=rows * cols))
    numbers = answer_numbers([list(sq) for sq in path], rows, cols)
    read = read_answer_numbers(numbers, rows, cols, leaper.key).verdict
    truth = first_problem(rows, cols, path, rule=leaper.key)
    assert read.valid == (truth is None)
    if found.path and [tuple(sq) for sq in found.path] == path:
        assert read.valid  # every tour the solver shows passes under its rule
    if read.valid and leaper.key != "knight" and len(path) > 1:
        assert first_problem(rows, cols, path) is not None  # the knight's rule would refuse it
