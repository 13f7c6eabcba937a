"""bench.main_thread's reading of Long Animation Frames: how a frame's time is split, and
which frame a long task is put down to (the benchmark names the cause of each long task)."""

from __future__ import annotations

import doctest

from hypothesis import given
from hypothesis import strategies as st

import bench.main_thread
from bench.main_thread import frame_parts, task_cause

# Chromium reports styleAndLayoutStart 0 for a frame that rendered nothing: start after 0.
times = st.floats(min_value=1, max_value=5000, allow_nan=False)


@st.composite
def frames(draw: st.DrawFn) -> dict[str, object]:
    """A frame as Chromium reports one: scripts within it, style and layout at its end."""
    start = draw(times)
    duration = draw(st.floats(min_value=50, max_value=500))
    layout = draw(st.floats(min_value=1, max_value=duration))
    scripts = []
    at = start
    for length in draw(st.lists(st.floats(min_value=0, max_value=40), max_size=6)):
        if at + length > start + duration - layout:
            break
        scripts.append({"startTime": at, "duration": length, "sourceURL": "http://h/app.js"})
        at += length
    # Within the frame: start + duration - duration can round to just below start.
    layout_start = max(start, start + duration - layout)
    return {"startTime": start, "duration": duration, "styleAndLayoutStart": layout_start,
            "renderStart": layout_start, "scripts": scripts}


def test_doctests() -> None:
    assert doctest.testmod(bench.main_thread).failed == 0


@given(frames())
def test_parts_add_up_to_the_frame(frame: dict[str, object]) -> None:
    parts = frame_parts(frame)
    assert 0 <= parts["style_layout"] <= parts["duration"] + 1e-6
    assert parts["other"] >= 0
    assert abs(parts["script"] + parts["style_layout"] + parts["other"] - parts["duration"]) < 1e-6


@given(frames(), st.floats(min_value=0, max_value=100))
def test_a_task_outside_every_frame_is_not_put_down_to_one(frame: dict[str, object],
                                                           after: float) -> None:
    start = float(frame["startTime"]) + float(frame["duration"]) + after  # type: ignore[arg-type]
    assert task_cause({"startTime": start, "duration": 60}, [frame]) == "?"


@given(frames())
def test_a_task_over_the_whole_frame_is_put_down_to_its_scripts_and_layout(
        frame: dict[str, object]) -> None:
    task = {"startTime": frame["startTime"], "duration": frame["duration"]}
    said = task_cause(task, [frame])
    assert ("app.js" in said) == bool(frame["scripts"])
    assert "style and layout" in said
