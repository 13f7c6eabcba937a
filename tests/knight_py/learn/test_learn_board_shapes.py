"""The Learn tracer follows a program's board wherever it lives: a differently named
variable, a closure's, a generator's, an attribute of ``self``, a flat list; and says
so when it sees none.  What the trace records is checked against what the program did,
logged by the program itself in CPython (every write to a square, untraced)."""

from __future__ import annotations

from array import array

from hypothesis import given, settings
from hypothesis import strategies as st

from knight_py.learn.trace_format import NOTE_UNSEEN
from knight_py.learn.tracer import TraceResult, run

_STEPS = "((2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1))"

# Each shape is a whole program; WRITE(board, r, c, value) is one statement that sets a
# square, replaced by the plain store for the traced run and by the store and a log entry
# for the run that says what the program did.  UNDO is the line that takes a move back.
SHAPES: dict[str, str] = {
    "named_grid": f"""
def visit(grid, rows, cols, r, c, k):
    WRITE(grid, r, c, k)
    if k == rows * cols:
        return True
    for dr, dc in {_STEPS}:
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols and READ(grid, nr, nc) == 0:
            if visit(grid, rows, cols, nr, nc, k + 1):
                return True
    UNDO(grid, r, c)
    return False

def tour(rows, cols, start):
    grid = NEW
    return grid if visit(grid, rows, cols, start[0], start[1], 1) else None
""",
    "closure": f"""
def tour(rows, cols, start):
    cells = NEW
    def visit(r, c, k):
        WRITE(cells, r, c, k)
        if k == rows * cols:
            return True
        for dr, dc in {_STEPS}:
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and READ(cells, nr, nc) == 0:
                if visit(nr, nc, k + 1):
                    return True
        UNDO(cells, r, c)
        return False
    return cells if visit(start[0], start[1], 1) else None
""",
    "generator": f"""
def tour(rows, cols, start):
    seen = NEW
    def search(r, c, k):
        WRITE(seen, r, c, k)
        if k == rows * cols:
            yield [v for v in seen]
        for dr, dc in {_STEPS}:
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and READ(seen, nr, nc) == 0:
                yield from search(nr, nc, k + 1)
        UNDO(seen, r, c)
    found = next(search(start[0], start[1], 1), None)
    return found
""",
    "class": f"""
class Knight:
    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols
        self.squares = NEW

    def visit(self, r, c, k):
        rows, cols = self.rows, self.cols
        WRITE(self.squares, r, c, k)
        if k == rows * cols:
            return True
        for dr, dc in {_STEPS}:
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and READ(self.squares, nr, nc) == 0:
                if self.visit(nr, nc, k + 1):
                    return True
        UNDO(self.squares, r, c)
        return False

def tour(rows, cols, start):
    knight = Knight(rows, cols)
    return knight.squares if knight.visit(start[0], start[1], 1) else None
""",
}


def _program(shape: str, flat: bool, undo: bool, logged: bool) -> str:
    """The program of ``shape``, its board flat or nested, with or without its undo line,
    for the tracer (``logged`` False) or with every write logged to ``LOG``."""
    source = SHAPES[shape]
    new = "[0] * (rows * cols)" if flat else "[[0] * cols for _ in range(rows)]"
    source = source.replace("NEW", new)
    lines = []
    for line in source.splitlines():
        indent = line[:len(line) - len(line.lstrip())]
        body = line.strip()
        for name, value in (("WRITE(", None), ("UNDO(", "0")):
            if body.startswith(name):
                board, r, c, *rest = [p.strip() for p in body[len(name):-1].split(",")]
                value = value or rest[0]
                if name == "UNDO(" and not undo:
                    body = "pass"
                    break
                square = f"{board}[{r} * cols + {c}]" if flat else f"{board}[{r}][{c}]"
                body = f"{square} = {value}"
                if logged:
                    body += f"; LOG.append(({r} * cols + {c}, {value}))"
                break
        lines.append(indent + body)
    source = "\n".join(lines)
    read = "{0}[{1} * cols + {2}]" if flat else "{0}[{1}][{2}]"
    while "READ(" in source:
        at = source.index("READ(")
        end = source.index(")", at)
        board, r, c = [p.strip() for p in source[at + 5:end].split(",")]
        source = source[:at] + read.format(board, r, c) + source[end + 1:]
    return source


def _done_by_program(source: str, rows: int, cols: int, start: tuple[int, int]) -> list[tuple[int, int, int]]:
    """(square, old, new) for every write that changed a square, as the program logged it."""
    log: list[tuple[int, int]] = []
    namespace: dict[str, object] = {"LOG": log}
    exec(compile(source, "<logged>", "exec"), namespace)
    namespace["tour"](rows, cols, start)  # type: ignore[operator]
    board = [0] * (rows * cols)
    changes = []
    for square, value in log:
        if board[square] != value:
            changes.append((square, board[square], value))
            board[square] = value
    return changes


def _recorded(result: TraceResult) -> list[tuple[int, int, int]]:
    out: list[tuple[int, int, int]] = []
    for chunk in result.chunks:
        out.extend(zip(array("H", chunk.delta_square), chunk.delta_old, chunk.delta_new, strict=True))
    return out


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(SHAPES)), st.booleans(), st.booleans(),
       st.integers(3, 5), st.integers(3, 4), st.data())
def test_the_trace_s_board_changes_are_the_program_s(shape: str, flat: bool, undo: bool,
                                                     rows: int, cols: int,
                                                     data: st.DataObject) -> None:
    start = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    traced = _program(shape, flat, undo, logged=False)
    result = run(traced, rows, cols, start, max_steps=400_000)
    assert result.status in ("done", "budget"), (result.status, result.message)
    done = _done_by_program(_program(shape, flat, undo, logged=True), rows, cols, start)
    recorded = _recorded(result)
    # A run cut by the budget recorded what the program did up to there.
    assert recorded == (done if result.status == "done" else done[:len(recorded)])
    assert result.board_note == "" and done  # the board was seen, and moves were made
    if undo and result.status == "done" and result.path is None:
        # a search that takes its moves back and finds nothing cleared every square it took
        assert any(old and not new for _, old, new in recorded)


def test_a_program_with_no_board_is_said_to_have_none() -> None:
    source = f"""
def tour(rows, cols, start):
    path, seen = [start], {{start}}
    def visit(r, c):
        if len(path) == rows * cols:
            return True
        for dr, dc in {_STEPS}:
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and (nr, nc) not in seen:
                seen.add((nr, nc)); path.append((nr, nc))
                if visit(nr, nc):
                    return True
                seen.discard((nr, nc)); path.pop()
        return False
    return path if visit(*start) else None
"""
    result = run(source, 5, 5, (0, 0), max_steps=2_000_000)
    assert result.status == "done" and result.valid
    assert result.board_note == NOTE_UNSEEN and result.chunks[-1].board_note == NOTE_UNSEEN
    assert _recorded(result) == []


def test_a_list_of_squares_that_is_no_board_is_not_taken_for_one() -> None:
    # order holds 25 different ints when first seen: no board before its first move.
    source = ("def tour(rows, cols, start):\n    order = list(range(rows * cols))\n"
              "    order[0] = 7\n    return None\n")
    result = run(source, 5, 5, (0, 0), max_steps=1000)
    assert result.board_note == NOTE_UNSEEN and _recorded(result) == []
