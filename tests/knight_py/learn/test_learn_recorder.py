"""The Learn tracer's parts on their own: the columns, the board's shadow, the frame table;
and that the tracer never calls a comparison a program defined."""

from __future__ import annotations

import sys
from array import array
from typing import Any, ClassVar
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from knight_py.learn.board_shadow import (
    NOTE_NOT_INT,
    NOTE_SUBCLASS,
    BoardShadow,
    changing_lines,
)
from knight_py.learn.recorder import Budget, Recorder
from knight_py.learn.trace_format import (
    ARRAYS,
    EVENT_CALL,
    FILENAME,
    NO_PARENT,
    NOT_SET,
    RETURNS,
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
        for _ in range({spin}):
            pass
        return True
    __ne__ = __eq__
    def __index__(self):
        print("CALLED index")
        for _ in range({spin}):
            pass
        return 0
    def __hash__(self):
        print("CALLED hash")
        for _ in range({spin}):
            pass
        return 0
    def __iter__(self):
        print("CALLED iter")
        return iter([0])

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
    # the same replacements made by a call, by a slice and in another frame
    ("[[0] * cols for _ in range(rows)]", "board.__setitem__(1, Board([0] * cols))",
     NOTE_NOT_INT),
    ("[[0] * cols for _ in range(rows)]", "board[1][0:1] = [Square()]", NOTE_NOT_INT),
    ("[[0] * cols for _ in range(rows)]", "(lambda: board[0].__setitem__(1, Square()))()",
     NOTE_NOT_INT),
    ("[[0] * cols for _ in range(rows)]", "board[0] = Square()", NOTE_NOT_INT),
    ("[[0] * cols for _ in range(rows)]", "board[1][1] = 10**30; board[0][0] = Square()",
     NOTE_NOT_INT),
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
    assert columns["events"].count(EVENT_CALL) == sum(map(columns["events"].count, RETURNS)) == 6
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


# Lines that change the board in each way a program can; `{v}` is a value, `{r}`/`{c}` a
# square.  Each is run by the tracer that compares only after `changing_lines`, and by
# one that compares after every line: the deltas must be the same, step for step.
CHANGES = [
    "board[{r}][{c}] = {v}",
    "row = board[{r}]; row[{c}] = {v}",
    "board[{r}][{c}] += {v}",
    "board[{r}][{c}:{c} + 1] = [{v}]",
    "board[{r}].__setitem__({c}, {v})",
    "put(board, {r}, {c}, {v})",
    "board[{r}] = [{v}] * cols",
    "row = board[{r}]; row += [{v}]; row.pop()",
    "board[{r}].insert({c}, {v}); del board[{r}][{c} + 1]",
    "n = {v} if board[{r}][{c}] == 0 else -{v}",
    "board[{r}][{c}] = {v}; n = 1",
]

CHANGING_PROGRAM = '''
def put(board, r, c, v):
    board[r][c] = v

def tour(rows, cols, start):
    board = [[0] * cols for _ in range(rows)]
{body}
    return None
'''


def _deltas(result: Any) -> list[tuple[int, int, int, int]]:
    return [d for chunk in result.chunks for d in zip(
        chunk.delta_step, chunk.delta_square, chunk.delta_old, chunk.delta_new, strict=True)]


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.data())
def test_comparing_after_changing_lines_records_what_every_step_would(
        rows: int, cols: int, data: st.DataObject) -> None:
    lines = data.draw(st.lists(st.tuples(
        st.sampled_from(CHANGES), st.integers(0, rows - 1), st.integers(0, cols - 1),
        st.one_of(st.integers(-5, 300), st.integers(-40000, 40000))), min_size=1, max_size=12))
    body = "\n".join("    " + form.format(r=r, c=c, v=v) for form, r, c, v in lines)
    source = CHANGING_PROGRAM.format(body=body)
    fast = run(source, rows, cols, (0, 0), max_steps=10_000)
    every_line = frozenset(range(1, 200))
    with patch("knight_py.learn.recorder.changing_lines", lambda code, *_: every_line):
        slow = run(source, rows, cols, (0, 0), max_steps=10_000)
    assert fast.status == slow.status == "done", (fast.message, source)
    assert _deltas(fast) == _deltas(slow), source
    assert fast.board_note == slow.board_note


def test_changing_lines_are_the_stores_calls_and_in_place_operators() -> None:
    source = "\n".join(["def f(board, o, x):",
                        "    y = board[x][0] == 0 and x + 1",
                        "    board[x][0] = y",
                        "    del board[x][0]",
                        "    board[x][0:1] = [1]",
                        "    o.a = 1",
                        "    board[x] += [2]",
                        "    board.sort()",
                        "    for v in board:",
                        "        x = -v",
                        "    return board"])
    namespace: dict[str, Any] = {}
    exec(compile(source, FILENAME, "exec"), namespace)
    assert sorted(changing_lines(namespace["f"].__code__)) == [3, 4, 5, 6, 7, 8]


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 6), st.lists(st.integers(-10**20, 10**20) | st.integers(200, 70000),
                                   min_size=1, max_size=8))
def test_big_values_are_recorded_as_ints(size: int, values: list[int]) -> None:
    body = "\n".join(f"    board[{i % size}][{i // size % size}] = {v}"
                     for i, v in enumerate(values))
    result = run(CHANGING_PROGRAM.format(body=body), size, size, (0, 0), max_steps=10_000)
    board = [0] * (size * size)
    for i, v in enumerate(values):
        board[(i % size) * size + i // size % size] = v
    deltas = Columns()
    for _, square, old, new in _deltas(result):
        deltas.delta_square.append(square)
        deltas.delta_old.append(old)
        deltas.delta_new.append(new)
    assert result.board_note == ""
    assert _replay(deltas, size * size) == [v if -32767 <= v <= 32767 else NOT_SET
                                            for v in board]


def test_a_change_hidden_behind_an_operator_is_still_never_compared() -> None:
    # `==` here calls list.append and list.pop in C: no line of changing_lines, no traced
    # call.  The change is seen at the next comparison (after print's line), and the
    # square's object is not compared.
    after = ("Hider.__eq__ = board[0].append\n    Popper.__eq__ = board[0].pop\n"
             "    Hider() == Square() or Popper() == 0\n    print('x')")
    source = HOSTILE.format(board="[[0] * cols for _ in range(rows)]", steps=50, spin=10**7,
                            after=after)
    source = source.replace("def tour", "class Hider:\n    pass\n\n"
                                        "class Popper:\n    pass\n\ndef tour")
    result = run(source, 4, 4, (0, 0), max_steps=10_000)
    assert result.status == "done", result.message
    assert "CALLED" not in result.output
    assert result.board_note == NOTE_NOT_INT
