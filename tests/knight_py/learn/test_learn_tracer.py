"""The Learn tracer: every step recorded, every way a program can end."""

from __future__ import annotations

import json
from array import array

from hypothesis import given, settings
from hypothesis import strategies as st

from knight_py.learn.programs import PROGRAMS
from knight_py.learn.trace_format import MAX_DEPTH, RETURNS, SLOTS
from knight_py.learn.tracer import (
    EVENT_CALL,
    NO_PARENT,
    NOT_SET,
    TraceChunk,
    TraceResult,
    run,
)


def _columns(result: TraceResult) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for chunk in result.chunks:
        for name, data in chunk.to_buffers().items():
            if name != "meta":
                out.setdefault(name, []).extend(array(getattr(chunk, name).typecode, data))
    return out


def _final_board(result: TraceResult, size: int) -> list[int]:
    cols = _columns(result)
    board = [0] * size
    for square, new in zip(cols["delta_square"], cols["delta_new"], strict=True):
        board[square] = new
    return board


def test_backtracking_5x5_records_every_step_and_ends_on_a_tour() -> None:
    result = run(PROGRAMS["backtrack"].source, 5, 5, (4, 0), max_steps=5_000_000,
                 chunk_steps=4096)
    assert result.status == "done" and result.valid, result.validation
    assert result.steps > 10_000
    cols = _columns(result)
    assert len(cols["lines"]) == len(cols["events"]) == len(cols["frames"]) == result.steps
    assert len(cols["vars"]) == SLOTS * result.steps
    board = _final_board(result, 25)
    assert sorted(board) == list(range(1, 26))
    assert result.path is not None and result.path[0] == (4, 0)
    assert [board[r * 5 + c] for r, c in result.path] == list(range(1, 26))
    # Chunks are contiguous and every frame appears once in the frame table.
    firsts = [c.first_step for c in result.chunks]
    assert firsts == [sum(c.steps for c in result.chunks[:i]) for i in range(len(firsts))]
    assert result.chunks[-1].final and result.chunks[-1].status == "done"
    assert len(cols["frame_code"]) == result.frames == max(cols["frames"]) + 1
    # Calls and returns pair up; a frame's parent was called before it.
    events = cols["events"]
    assert events.count(EVENT_CALL) == sum(map(events.count, RETURNS)) == result.frames
    for fid, (parent, call) in enumerate(zip(cols["frame_parent"], cols["frame_call"],
                                              strict=True)):
        assert cols["frames"][call] == fid and events[call] == EVENT_CALL
        if parent != NO_PARENT:
            assert cols["frame_call"][parent] < call
            assert cols["frames"][cols["frame_parent_step"][fid]] == parent


def test_watched_variables_and_code_table() -> None:
    result = run(PROGRAMS["backtrack"].source, 5, 5, (4, 0), max_steps=3000)
    codes = {c["name"]: c for chunk in result.chunks for c in chunk.codes}
    assert codes["visit"]["vars"] == ["step", "r", "c", "x", "y", "board"]
    assert codes["tour"]["vars"] == ["r", "c", "rows", "cols", "start", "board"]
    cols = _columns(result)
    visit = codes["visit"]["index"]
    first = next(f for f, code in enumerate(cols["frame_code"]) if code == visit)
    step = cols["frame_call"][first]
    # step 2 from a1, no move tried yet
    assert cols["vars"][SLOTS * step:SLOTS * step + SLOTS] == [2, 4, 0, NOT_SET, NOT_SET, NOT_SET]


def test_budget_stop_and_endless_loop() -> None:
    result = run(PROGRAMS["backtrack"].source, 6, 6, (5, 0), max_steps=20_000)
    assert (result.status, result.steps, result.path) == ("budget", 20_000, None)
    endless = "def tour(rows, cols, start):\n    while True:\n        pass\n"
    assert run(endless, 5, 5, (0, 0), max_steps=50_000).status == "budget"
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) >= 3

    result = run(endless, 5, 5, (0, 0), max_steps=10**9, should_stop=stop)
    assert result.status == "stopped" and result.steps == 3 * 4096


def test_on_chunk_receives_every_step_and_bytes_travel() -> None:
    got: list[TraceChunk] = []
    result = run(PROGRAMS["stack"].source, 5, 5, (4, 0), max_steps=30_000, chunk_steps=10_000,
                 on_chunk=got.append)
    assert result.chunks == [] and [c.steps for c in got] == [10_000, 10_000, 10_000, 0]
    buffers = got[0].to_buffers()
    meta = json.loads(buffers["meta"])
    assert meta["first_step"] == 0 and meta["steps"] == 10_000 and meta["slots"] == SLOTS
    assert len(buffers["lines"]) == 20_000 and len(buffers["frames"]) == 40_000
    assert len(buffers["vars"]) == 2 * SLOTS * 10_000


def test_syntax_error_exception_recursion_and_missing_tour() -> None:
    bad = run("def tour(rows, cols, start):\n    return (\n", 5, 5, (0, 0), max_steps=100)
    assert bad.status == "error" and bad.line is not None and "Traceback" not in bad.message
    assert bad.message.startswith("SyntaxError on line ")
    index = "def tour(rows, cols, start):\n    board = [[0] * cols for _ in range(rows)]\n" \
            "    return board[rows][0]\n"
    result = run(index, 5, 5, (0, 0), max_steps=1000)
    assert result.status == "error" and result.line == 3
    assert result.message == "IndexError on line 3: list index out of range"
    deep = "def tour(rows, cols, start):\n    return tour(rows, cols, start)\n"
    result = run(deep, 5, 5, (0, 0), max_steps=100_000)
    # The page's own limit of nested calls, not Python's RecursionError (a program may catch that).
    assert (result.status, result.depth, result.answer) == ("limit", MAX_DEPTH, None)
    # No tour() to call: Python's own words for the call the page makes (the page says
    # what to write, in the reader's language: web/learn/verdict.js).
    result = run("x = 1\n", 5, 5, (0, 0), max_steps=100)
    assert result.status == "error"
    assert (result.error_name, result.error_text) == ("NameError", "name 'tour' is not defined")
    result = run("tour = 5\n", 5, 5, (0, 0), max_steps=100)
    assert (result.status, result.error_name) == ("error", "TypeError")
    assert result.error_text == "'int' object is not callable"


def test_forbidden_imports_and_print() -> None:
    for module in ("os", "sys", "js", "pyodide", "subprocess"):
        source = f"import {module}\ndef tour(rows, cols, start):\n    return None\n"
        result = run(source, 5, 5, (0, 0), max_steps=100)
        assert result.status == "error" and result.line == 1
        assert result.message.startswith(f"ImportError on line 1: the module '{module}' cannot")
    ok = "import math\ndef tour(rows, cols, start):\n    print('hi', math.pi > 3)\n" \
         "    return None\n"
    result = run(ok, 5, 5, (0, 0), max_steps=100)
    assert result.status == "done" and result.output == "hi True\n"
    assert result.validation == "the program found no tour"


def test_flat_board_and_path_answers() -> None:
    flat = ("def tour(rows, cols, start):\n    board = [0] * (rows * cols)\n"
            "    board[start[0] * cols + start[1]] = 1\n    board[1] = 2\n    return board\n")
    result = run(flat, 3, 3, (2, 1), max_steps=100)
    assert result.path == [(2, 1), (0, 1)]
    assert result.validation == "the answer has 2 of 9 squares"
    cols = _columns(result)
    assert cols["delta_square"] == [7, 1] and cols["delta_new"] == [1, 2]
    path = "def tour(rows, cols, start):\n    return [start, (0, 0)]\n"
    result = run(path, 3, 4, (1, 2), max_steps=100)
    assert result.path == [(1, 2), (0, 0)] and not result.valid


@settings(max_examples=30, deadline=None)
@given(st.text(alphabet="def tour():rowsclt\n ()=+1[]0", max_size=60),
       st.integers(1, 6), st.integers(1, 6))
def test_odd_sources_never_escape(source: str, rows: int, cols: int) -> None:
    result = run(source, rows, cols, (0, 0), max_steps=2000)
    assert result.status in ("done", "error", "budget", "limit")
    assert result.steps <= 2000
    if result.status == "error":
        assert result.message and "Traceback" not in result.message


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.data())
def test_warnsdorff_traces_end_on_the_returned_board(rows: int, cols: int,
                                                     data: st.DataObject) -> None:
    start = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    result = run(PROGRAMS["warnsdorff"].source, rows, cols, start, max_steps=1_000_000)
    assert result.status == "done" and result.path is not None
    board = _final_board(result, rows * cols)
    assert [board[r * cols + c] for r, c in result.path] == list(range(1, len(result.path) + 1))



def _calls_outside_their_chunk(chunks: list[TraceChunk]) -> list[tuple[int, int, int]]:
    out = []
    for chunk in chunks:
        buffers = chunk.to_buffers()
        meta = json.loads(buffers["meta"])
        first, end = meta["first_step"], meta["first_step"] + meta["steps"]
        calls = array(chunk.frame_call.typecode, buffers["frame_call"])
        assert len(calls) == meta["frames_added"]
        out += [(first, end, call) for call in calls if not first <= call < end]
    return out


def test_every_frame_is_called_inside_its_chunk_whatever_the_budget() -> None:
    """A budget that ends at a call records no frame for that call: the page refuses a
    chunk with a frame called outside it (web/learn/sandbox-messages.js), and so refused a
    whole 1,000,000-step run of the plain backtracking in Pyodide's Python, whose budget
    ran out at a call. Every budget up to 600 steps, every program of the menu."""
    for name, program in PROGRAMS.items():
        for budget in range(1, 601):
            got: list[TraceChunk] = []
            result = run(program.source, 5, 5, (4, 0), max_steps=budget, chunk_steps=97,
                         on_chunk=got.append)
            assert result.steps <= budget
            assert _calls_outside_their_chunk(got) == [], (name, budget)


@settings(max_examples=40, deadline=None)
@given(budget=st.integers(min_value=1, max_value=20_000), chunk_steps=st.integers(min_value=1, max_value=9_000))
def test_frames_inside_their_chunks_for_any_budget_and_chunk_size(budget: int, chunk_steps: int) -> None:
    got: list[TraceChunk] = []
    run(PROGRAMS["backtrack"].source, 6, 6, (5, 0), max_steps=budget, chunk_steps=chunk_steps,
        on_chunk=got.append)
    assert _calls_outside_their_chunk(got) == []


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(sorted(PROGRAMS)), size=st.integers(3, 6), budget=st.integers(1, 3000))
def test_every_steps_line_is_a_line_of_the_programs_code(name: str, size: int, budget: int) -> None:
    """The listing and the call stack show each step's line: a line that holds code, never
    "Line 0" nor a comment (a module's first event has no line of its own; it is shown on
    the program's first statement)."""
    source = PROGRAMS[name].source
    listing = source.splitlines()
    lines = _columns(run(source, size, size, (0, 0), max_steps=budget))["lines"]
    assert lines
    for line in set(lines):
        assert 1 <= line <= len(listing), line
        text = listing[line - 1].strip()
        assert text and not text.startswith("#"), (line, text)
