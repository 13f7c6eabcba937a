"""web/learn/wire.js, the Learn trace's wire format for the page, is generated from
knight_py.learn.trace_format (tools/wire.py) and committed: it must be current."""

from __future__ import annotations

from knight_py.board import KNIGHT_STEPS
from knight_py.learn.trace_format import ARRAYS, COLUMNS, EVENTS, META_FIELDS, RETURNS, TraceChunk
from knight_py.learn.tracer import run
from tools.presets import KNIGHT_STEPS as LINK_STEPS
from tools.wire import COMMAND, FILE, move_order, wire_js


def test_the_generated_file_is_current() -> None:
    assert FILE.exists(), f"{FILE} is missing: run `{COMMAND}` and commit it"
    assert FILE.read_text(encoding="utf-8") == wire_js(), (
        f"{FILE.relative_to(FILE.parents[2])} is stale (it is not what knight_py.learn.trace_format makes): "
        f"run `{COMMAND}` and commit the file")


def test_the_declaration_matches_the_chunks_it_describes() -> None:
    chunk = run("def tour(rows, cols, start):\n    return None\n", 1, 1, (0, 0),
                max_steps=10).chunks[-1]
    assert list(chunk.to_buffers()) == [*COLUMNS, "meta"]
    assert tuple(chunk.meta()) == META_FIELDS
    assert list(ARRAYS) == [f for f in TraceChunk.__dataclass_fields__ if f in ARRAYS]
    assert set(EVENTS.values()) <= set(range(4)) and max(RETURNS) == 8


def test_the_move_order_maps_the_link_steps_to_the_package_order() -> None:
    assert sorted(move_order()) == list(range(8))
    assert [LINK_STEPS[i] for i in move_order()] == list(KNIGHT_STEPS)
