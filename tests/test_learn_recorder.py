"""The Learn tracer's parts on their own: the columns, the board's shadow, the frame table;
and that the tracer never calls a comparison a program defined."""

from __future__ import annotations

import sys
from array import array
from typing import Any, ClassVar

from hypothesis import given, settings
from hypothesis import strategies as st

from knight_py.learn.board_shadow import NOTE_NOT_INT, NOTE_SUBCLASS, BoardShadow
from knight_py.learn.recorder import Budget, Recorder
from knight_py.learn.trace_format import (
    ARRAYS,
    EVENT_CALL,
    EVENT_RETURN,
    FILENAME,
    NO_PARENT,
    NOT_SET,
    Columns,
)
from knight_py.learn.tracer import run


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(ARRAYS)), st.integers(0, 200)), max_size=60),
       st.integers(0, 10**6), st.integers(0, 1000))
def test_columns_take_copies_and_empties_in_place(
        appends: list[tuple[str, int]], first_step: int, first_frame: int) -> None:
    columns = Columns()
    held = {name: getattr(columns, name) for name in ARRAYS}
    expected: dict[str, list[int]] = {name: [] for name in ARRAYS}
    for name, value in appends:
        getattr(columns, name).append(value)
        expected[name].append(value)
    nbytes = columns.nbytes()
    chunk = columns.take(first_step, first_frame, 4, [], final=True, status="done",
                         board_note=NOTE_NOT_INT)
    assert nbytes == sum(array(ARRAYS[n]).itemsize * len(v) for n, v in expected.items())
    for name in ARRAYS:
        assert list(getattr(chunk, name)) == expected[name]
        assert getattr(chunk, name).typecode == ARRAYS[name]
        assert getattr(columns, name) is held[name] and len(held[name]) == 0
    assert (chunk.steps, chunk.first_step, chunk.first_frame) == (
        len(expected["lines"]), first_step, first_frame)
    assert chunk.meta()["board_note"] == NOTE_NOT_INT and chunk.meta()["final"]


def _replay(deltas: Columns, size: int) -> list[int]:
    board = [0] * size
    for square, old, new in zip(deltas.delta_square, deltas.delta_old, deltas.delta_new,
                                strict=True):
        assert board[square] == old
        board[square] = new
    return board


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.booleans(), st.data())
def test_shadow_deltas_replay_to_the_board(rows: int, cols: int, nested: bool,
                                           data: st.DataObject) -> None:
    deltas = Columns()
    shadow = BoardShadow(rows, cols, deltas)
    flat = [0] * (rows * cols)
    board: list[Any] = [flat[r * cols:(r + 1) * cols] for r in range(rows)] if nested else flat
    assert shadow.adopt(board) and shadow.note == ""
    writes = data.draw(st.lists(st.tuples(st.integers(0, rows * cols - 1),
                                          st.integers(-40000, 40000)), max_size=30))
    for step, (square, value) in enumerate(writes):
        if nested:
            board[square // cols][square % cols] = value
        else:
            board[square] = value
        flat[square] = value
        shadow.follow(step)
    assert list(deltas.delta_step) == sorted(deltas.delta_step)
    expected = [v if -32767 <= v <= 32767 else NOT_SET for v in flat]
    assert _replay(deltas, rows * cols) == expected
    assert shadow.squares() == flat


class _Loud(list):  # type: ignore[type-arg]
    """A list whose comparisons record that they were called."""

    calls: ClassVar[list[str]] = []

    def __eq__(self, other: object) -> bool:
        _Loud.calls.append("eq")
        return True

    def __ne__(self, other: object) -> bool:
        _Loud.calls.append("ne")
        return False

    __hash__ = None  # type: ignore[assignment]


class _LoudInt:
    calls: ClassVar[list[str]] = []

    def __eq__(self, other: object) -> bool:
        _LoudInt.calls.append("eq")
        return True

    def __ne__(self, other: object) -> bool:
        _LoudInt.calls.append("ne")
        return False

    def __index__(self) -> int:
        _LoudInt.calls.append("index")
        return 0

    __hash__ = None  # type: ignore[assignment]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5),
       st.sampled_from(["board", "row", "row_later", "square", "square_later"]),
       st.data())
def test_shadow_never_calls_a_programs_comparison(rows: int, cols: int, where: str,
                                                  data: st.DataObject) -> None:
    _Loud.calls.clear()
    _LoudInt.calls.clear()
    shadow = BoardShadow(rows, cols, Columns())
    r = data.draw(st.integers(0, rows - 1))
    c = data.draw(st.integers(0, cols - 1))
    board: list[Any] = [[0] * cols for _ in range(rows)]
    if where == "board":
        board = _Loud(board)
    elif where == "row":
        board[r] = _Loud(board[r])
    elif where == "square":
        board[r][c] = _LoudInt()
    adopted = shadow.adopt(board)
    assert adopted == (where in ("row_later", "square_later"))
    for step in range(3):
        board[r][c] = step if where != "square" else board[r][c]
        if step == 1 and where == "row_later":
            board[r] = _Loud([9] * cols)
        if step == 1 and where == "square_later":
            board[r][c] = _LoudInt()
        shadow.follow(step)
        shadow.adopt(board)
    assert _Loud.calls == [] and _LoudInt.calls == []
    assert shadow.board is None
    assert shadow.note == (NOTE_SUBCLASS if where in ("board", "row") else NOTE_NOT_INT)


HOSTILE = '''
class Board(list):
    def __ne__(self, other):
        print("CALLED ne")
        for _ in range({spin}):
            pass
        return False
    __eq__ = lambda self, other: print("CALLED eq") or True
    __hash__ = None

class Square:
    def __eq__(self, other):
        print("CALLED square")
        return True
    __ne__ = __eq__
    __hash__ = None

def tour(rows, cols, start):
    board = {board}
    {after}
    n = 0
    while n < {steps}:
        n += 1
    return None
'''


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([
    ("Board([[0] * cols for _ in range(rows)])", "pass", NOTE_SUBCLASS),
    ("[Board([0] * cols) for _ in range(rows)]", "pass", NOTE_SUBCLASS),
    ("[[0] * cols for _ in range(rows)]", "board[0] = Board([1] * cols)", NOTE_NOT_INT),
    ("[[0] * cols for _ in range(rows)]", "board[0][0] = Square()", NOTE_NOT_INT),
    ("[0] * (rows * cols)", "board[1] = Square()", NOTE_NOT_INT),
]), st.integers(2, 6), st.integers(10, 200))
def test_a_hostile_board_is_never_compared_by_the_tracer(
        case: tuple[str, str, str], size: int, steps: int) -> None:
    board, after, note = case
    source = HOSTILE.format(board=board, after=after, steps=steps, spin=10**7)
    result = run(source, size, size, (0, 0), max_steps=10_000)
    assert result.status == "done", result.message
    assert "CALLED" not in result.output
    assert result.board_note == note
    assert result.chunks[-1].meta()["board_note"] == note


def test_frame_table_parents_and_budget() -> None:
    recorder = Recorder(1, 1, max_steps=10_000, chunk_steps=7)

    def program(depth: int) -> int:
        return depth if depth == 0 else program(depth - 1)

    program.__code__ = program.__code__.replace(co_filename=FILENAME)
    sys.settrace(recorder.trace)
    try:
        program(5)
    finally:
        sys.settrace(None)
    recorder.flush(final=True, status="done")
    columns: dict[str, list[int]] = {name: [] for name in ARRAYS}
    for chunk in recorder.chunks:
        for name in ARRAYS:
            columns[name].extend(getattr(chunk, name))
    assert [c.steps for c in recorder.chunks[:-1]] == [7] * (len(recorder.chunks) - 1)
    assert columns["frame_parent"] == [NO_PARENT, 0, 1, 2, 3, 4]
    assert columns["events"].count(EVENT_CALL) == columns["events"].count(EVENT_RETURN) == 6
    assert recorder.live == {}
    tight = Recorder(1, 1, max_steps=4)
    sys.settrace(tight.trace)
    try:
        program(5)
        raised = False
    except Budget:
        raised = True
    finally:
        sys.settrace(None)
    assert raised and tight.steps == 4
