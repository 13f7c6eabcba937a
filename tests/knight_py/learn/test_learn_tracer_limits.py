"""The Learn tracer's limits end a run from outside the program: whatever a program
catches, loops or nests afterwards, a run that met the step budget, Stop or the nesting
limit ends as that limit (never "done", never an answer read), and a tracer that fails
or loses the program ends the run as the page's own error."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import knight_py
from knight_py.learn import sandbox
from knight_py.learn import tracer as tracer_module
from knight_py.learn.board_shadow import BoardShadow
from knight_py.learn.trace_format import (
    ENDINGS,
    MAX_DEPTH,
    NESTING_ALLOWED,
    NO_PARENT,
    PAGE_LIMITS,
)
from knight_py.learn.tracer import TraceChunk, TraceResult, run

# A 1 x 1 board: [[1]] is a tour of it, so a program that gets to return it after the
# limit would be judged right if the tracer let it.
TOUR_OF_1X1 = "[[1]]"

# Ways to catch the limit's exception around `body` and then return a tour anyway.
CATCHES = {
    "except BaseException": "    try:\n{body}    except BaseException:\n        pass\n{after}",
    "bare except": "    try:\n{body}    except:\n        pass\n{after}",
    "finally return": "    try:\n{body}    finally:\n{after}",
    "raise another": "    try:\n        try:\n{body2}        except BaseException:\n"
                     "            raise ValueError('not the budget')\n"
                     "    except ValueError:\n        pass\n{after}",
}
# What runs until the limit: a plain loop, a search that nests calls, a generator that
# catches too.
BODIES = {
    "loop": "while True:\n    pass\n",
    "search": "search(0)\n",
    "generator": "for _ in endless():\n    pass\n",
}
# What the program does once it has caught the limit: all of it untraced.  (A program
# that catches the limit and then loops for ever never returns to run(); the page
# removes its sandbox: test_the_end_is_announced_while_a_program_that_catches_it_loops_forever.)
AFTERS = {
    "return": "",
    "count": "n = 0\nfor i in range(20000):\n    n += i\n",
    "recurse": "deep(150)\n",
    "print": "print('after the limit')\n",
}
HELPERS = """\
def search(depth):
    for move in range(8):
        if depth < 12:
            search(depth + 1)
    return False


def endless():
    k = 0
    try:
        while True:
            yield k
            k += 1
    except GeneratorExit:
        raise
    except BaseException:
        yield -1


def deep(n):
    return 0 if n == 0 else deep(n - 1) + 1


"""


def _indent(text: str, spaces: int) -> str:
    return "".join(" " * spaces + line + "\n" for line in text.splitlines())


def catching_program(catch: str, body: str, after: str) -> str:
    """A program that runs ``body`` inside ``catch`` and returns a tour of 1 x 1 after."""
    after_text = _indent(AFTERS[after], 8) + f"        return {TOUR_OF_1X1}\n"
    if catch in ("except BaseException", "bare except"):
        after_text = _indent(AFTERS[after], 4) + f"    return {TOUR_OF_1X1}\n"
    if catch == "raise another":
        after_text = _indent(AFTERS[after], 4) + f"    return {TOUR_OF_1X1}\n"
    template = CATCHES[catch]
    return (HELPERS + "def tour(rows, cols, start):\n"
            + template.format(body=_indent(BODIES[body], 8), body2=_indent(BODIES[body], 12),
                              after=after_text))


def _depths(chunks: list[TraceChunk]) -> list[int]:
    """Each frame's depth (1: called from outside the program), from the frame table."""
    depths: list[int] = []
    for chunk in chunks:
        for parent in chunk.frame_parent:
            depths.append(1 if parent == NO_PARENT else depths[parent] + 1)
    return depths


def assert_ended_as(result: TraceResult, chunks: list[TraceChunk], status: str) -> None:
    """The run ended as ``status``: no answer, one final chunk (the last) that says so,
    every chunk whole, the steps the chunks hold."""
    assert result.status == status, (result.status, result.message)
    assert result.answer is None and result.path is None and result.verdict is None
    assert not result.valid
    assert [chunk.final for chunk in chunks].count(True) == 1 and chunks[-1].final
    assert chunks[-1].status == status
    assert all(chunk.status == "running" for chunk in chunks[:-1])
    assert sum(chunk.steps for chunk in chunks) == result.steps
    first = 0
    for chunk in chunks:
        assert chunk.first_step == first
        first += chunk.steps
        assert len(chunk.lines) == len(chunk.events) == len(chunk.frames) == chunk.steps
        assert len(chunk.vars) == chunk.steps * chunk.slots
        end = chunk.first_step + chunk.steps
        assert all(chunk.first_step <= call < end for call in chunk.frame_call)
        assert all(chunk.first_step <= step < end for step in chunk.delta_step)


def traced(source: str, **kwargs: Any) -> tuple[TraceResult, list[TraceChunk], list[TraceResult]]:
    """Run ``source`` on 1 x 1 keeping the chunks and every ``on_end`` call."""
    chunks: list[TraceChunk] = []
    ends: list[TraceResult] = []
    kwargs.setdefault("chunk_steps", 1000)
    result = run(source, 1, 1, (0, 0), on_chunk=chunks.append, on_end=ends.append, **kwargs)
    return result, chunks, ends


@settings(max_examples=60, deadline=None)
@given(catch=st.sampled_from(sorted(CATCHES)), body=st.sampled_from(sorted(BODIES)),
       after=st.sampled_from(sorted(AFTERS)), budget=st.integers(1, 3000))
def test_a_program_that_catches_the_budget_still_ends_at_the_budget(
        catch: str, body: str, after: str, budget: int) -> None:
    source = catching_program(catch, body, after)
    result, chunks, ends = traced(source, max_steps=budget)
    assert_ended_as(result, chunks, "budget")
    assert result.steps == budget
    assert ends == [result]
    assert "after the limit" not in result.output  # the output is the run's at its end


def test_the_catching_programs_would_pass_without_the_budget() -> None:
    """The same programs, under a budget they cannot reach, return a tour: what the
    budget's ending takes from them is real."""
    source = HELPERS + f"def tour(rows, cols, start):\n    try:\n        search(9)\n    except BaseException:\n        pass\n    return {TOUR_OF_1X1}\n"
    assert run(source, 1, 1, (0, 0), max_steps=1_000_000).valid
    assert run(source, 1, 1, (0, 0), max_steps=200).status == "budget"


def _chain(count: int, then: str = "") -> str:
    """``count`` distinct functions calling each other, tour() catching around them,
    then ``then`` (untraced by then if the chain met the limit), then a tour."""
    functions = "".join(f"def level{i}(n):\n    return level{i + 1}(n + 1)\n\n" for i in range(count - 1))
    functions += f"def level{count - 1}(n):\n    return n\n\n"
    return (HELPERS + functions + "def tour(rows, cols, start):\n    try:\n        level0(0)\n"
            "    except BaseException:\n        pass\n" + _indent(then, 4)
            + f"    return {TOUR_OF_1X1}\n")


def test_206_distinct_functions_then_recursion_are_all_traced() -> None:
    """An attack: 206 nested functions could switch tracing off (a RecursionError
    inside the trace function) and leave the recursion after them untraced."""
    result, chunks, _ = traced(_chain(206, "deep(300)"), max_steps=1_000_000)
    assert result.status == "done" and result.valid
    assert max(_depths(chunks)) == 302  # tour, then deep(300) .. deep(0): every call seen


def test_distinct_functions_past_the_limit_end_the_run_and_recursion_after_is_no_escape() -> None:
    result, chunks, ends = traced(_chain(MAX_DEPTH + 6, "deep(300)"), max_steps=1_000_000)
    assert_ended_as(result, chunks, "limit")
    assert result.depth == MAX_DEPTH and ends == [result]
    depths = _depths(chunks)
    assert max(depths) == MAX_DEPTH  # the frame past the limit has no entry
    assert "RecursionError" not in result.message


@settings(max_examples=40, deadline=None)
@given(count=st.integers(1, 70), max_depth=st.integers(2, 60))
def test_calls_nested_past_the_limit_end_the_run_and_nothing_else_does(count: int, max_depth: int) -> None:
    """tour() and ``count`` functions: ``count + 1`` frames nested."""
    chunks: list[TraceChunk] = []
    result = run(_chain(count), 1, 1, (0, 0), max_steps=1_000_000, max_depth=max_depth,
                 on_chunk=chunks.append)
    if count + 1 <= max_depth:
        assert result.status == "done" and result.valid
        assert max(_depths(chunks)) == count + 1
    else:
        assert_ended_as(result, chunks, "limit")
        assert result.depth == max_depth and max(_depths(chunks)) == max_depth


def test_catching_the_nesting_limit_inside_the_recursion_is_no_escape() -> None:
    """Each level catches what its callee raised and goes on: recursion that "survives"
    the limit, untraced after it."""
    source = ("def down(n):\n    try:\n        return down(n + 1)\n    except BaseException:\n"
              "        return n\n\ndef tour(rows, cols, start):\n    down(0)\n"
              "    return [[1]] if down(0) > 0 else None\n")
    result, chunks, _ = traced(source, max_steps=1_000_000)
    assert_ended_as(result, chunks, "limit")


def test_a_generator_that_swallows_everything_does_not_outlive_the_budget() -> None:
    source = HELPERS + ("def tour(rows, cols, start):\n    total = 0\n"
                        "    for k in endless():\n        total += k\n"
                        "        if total > 10 ** 9:\n            break\n    return [[1]]\n")
    result, chunks, _ = traced(source, max_steps=5000)
    assert_ended_as(result, chunks, "budget")
    # The generator raises inside itself: the limit met in the generator's own frame.
    source = ("def gen():\n    while True:\n        try:\n            yield 1\n"
              "        except GeneratorExit:\n            return\n"
              "        except BaseException:\n            yield 2\n\n"
              "def tour(rows, cols, start):\n    g = gen()\n    for _ in range(10 ** 6):\n"
              "        try:\n            next(g)\n        except BaseException:\n            pass\n"
              "    return [[1]]\n")
    result, chunks, _ = traced(source, max_steps=777)
    assert_ended_as(result, chunks, "budget")
    assert result.steps == 777


def test_stop_ends_a_program_that_catches_it() -> None:
    polls: list[int] = []

    def should_stop() -> bool:
        polls.append(1)
        return len(polls) >= 2

    source = catching_program("except BaseException", "loop", "count")
    result, chunks, _ = traced(source, max_steps=10_000_000, should_stop=should_stop)
    assert_ended_as(result, chunks, "stopped")
    assert result.steps == 2 * 4096


def _with_sys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Give programs the real ``sys`` as a builtin: a program that reached its own
    Python (the page's worker is the program's) can switch tracing off."""
    original = sandbox.fresh_namespace

    def namespace() -> tuple[dict[str, object], Any]:
        names, output = original()
        builtins = dict(cast(dict[str, object], names["__builtins__"]))
        builtins["sys"] = sys
        names["__builtins__"] = builtins
        return names, output

    monkeypatch.setattr(tracer_module, "fresh_namespace", namespace)


def test_a_program_that_switches_tracing_off_ends_as_the_tracers_failure(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _with_sys(monkeypatch)
    source = ("def deep(n):\n    return 0 if n == 0 else deep(n - 1)\n\n"
              "def tour(rows, cols, start):\n    sys.settrace(None)\n    deep(1000)\n"
              "    return [[1]]\n")
    result, chunks, ends = traced(source, max_steps=1_000_000)
    assert_ended_as(result, chunks, "tracer_failed")
    assert ends == [result]
    # A tracer of the program's own in place of the page's: lost all the same.
    source = "def tour(rows, cols, start):\n    sys.settrace(lambda *a: None)\n    return [[1]]\n"
    result, chunks, _ = traced(source, max_steps=1_000_000)
    assert_ended_as(result, chunks, "tracer_failed")


def test_tracing_switched_on_again_after_the_budget_records_nothing_more(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _with_sys(monkeypatch)
    source = ("def tour(rows, cols, start):\n    try:\n        while True:\n            pass\n"
              "    except BaseException:\n        pass\n    sys.settrace(lambda *a: None)\n"
              "    for i in range(100):\n        try:\n            i += 1\n"
              "        except BaseException:\n            pass\n    return [[1]]\n")
    result, chunks, ends = traced(source, max_steps=321)
    assert_ended_as(result, chunks, "budget")
    assert result.steps == 321 and len(ends) == 1


def test_a_fault_in_the_trace_function_ends_the_run_as_the_tracers_failure() -> None:
    def should_stop() -> bool:
        raise RuntimeError("the page's side of Stop failed")

    source = catching_program("except BaseException", "loop", "return")
    result, chunks, ends = traced(source, max_steps=1_000_000, should_stop=should_stop)
    assert_ended_as(result, chunks, "tracer_failed")
    assert result.steps == 4096 and ends == [result]
    assert "RuntimeError" in result.message


def test_a_fault_halfway_through_a_step_leaves_the_last_chunk_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The board's comparison fails after the step's line, event and variables were
    appended: the last chunk holds whole steps only."""
    calls: list[int] = []
    diff = BoardShadow.diff

    def failing_diff(self: BoardShadow, step: int, flat: list[int]) -> None:
        calls.append(step)
        if len(calls) == 3:
            raise MemoryError("no room for the board's change")
        diff(self, step, flat)

    monkeypatch.setattr(BoardShadow, "diff", failing_diff)
    source = ("def tour(rows, cols, start):\n    board = [[0] * cols for _ in range(rows)]\n"
              "    try:\n        for k in range(1, 100):\n            board[0][0] = k\n"
              "    except BaseException:\n        pass\n    return [[1]]\n")
    result, chunks, _ = traced(source, max_steps=1_000_000, chunk_steps=5)
    assert_ended_as(result, chunks, "tracer_failed")
    assert "MemoryError" in result.message


def test_a_sink_that_fails_ends_the_run_as_the_tracers_failure() -> None:
    sent: list[TraceChunk] = []

    def sink(chunk: TraceChunk) -> None:
        if not chunk.final:
            raise OSError("the port is gone")
        sent.append(chunk)

    source = catching_program("except BaseException", "search", "return")
    result = run(source, 1, 1, (0, 0), max_steps=100_000, chunk_steps=50, on_chunk=sink)
    assert result.status == "tracer_failed" and result.answer is None
    assert [chunk.status for chunk in sent] == ["tracer_failed"]


LOOP_FOREVER = """
import sys
from knight_py.learn.tracer import run

source = {source!r}
run(source, 1, 1, (0, 0), max_steps=3000,
    on_end=lambda r: print("ended", r.status, r.steps, r.answer, flush=True))
print("returned", flush=True)
"""


def test_the_end_is_announced_while_a_program_that_catches_it_loops_forever() -> None:
    """The page learns how the run ended from the trace function, before the program can
    catch anything: a program that never returns does not hold the run."""
    source = ("def tour(rows, cols, start):\n    while True:\n        try:\n"
              "            while True:\n                pass\n        except BaseException:\n"
              "            pass\n")
    env = {**os.environ, "PYTHONPATH": str(Path(knight_py.__file__).resolve().parents[1])}
    process = subprocess.Popen([sys.executable, "-c", LOOP_FOREVER.format(source=source)],
                               stdout=subprocess.PIPE, text=True, env=env)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.append(process.stdout.readline()  # type: ignore[union-attr]
                                                          ), daemon=True)
    try:
        reader.start()
        reader.join(60)
        assert lines == ["ended budget 3000 None\n"]
        # Still going, untraced: only ending its Python ends it (the page removes its sandbox).
        with pytest.raises(subprocess.TimeoutExpired):
            process.wait(1.0)
    finally:
        process.kill()
        process.wait()


def test_the_endings_are_declared_once_and_the_limits_are_never_done() -> None:
    assert set(PAGE_LIMITS) <= set(ENDINGS) and "done" not in PAGE_LIMITS
    assert {"limit", "tracer_failed"} <= set(PAGE_LIMITS)
    assert 1 <= NESTING_ALLOWED < MAX_DEPTH


def test_honest_runs_still_end_done() -> None:
    """The menu's programs nest at most one call per square: on 5 x 5 within the limit."""
    from knight_py.learn.programs import PROGRAMS

    for name, program in PROGRAMS.items():
        chunks: list[TraceChunk] = []
        # The stop-at-60 bug never stops on 25 squares: it searches until the budget.
        expected = "budget" if name == "bug_tag60" else "done"
        budget = 200_000 if expected == "budget" else 5_000_000
        result = run(program.source, 5, 5, (4, 0), max_steps=budget, on_chunk=chunks.append)
        assert result.status == expected, (name, result.status, result.message)
        assert max(_depths(chunks)) <= 26
