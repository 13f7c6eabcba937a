"""survey(): every start square's effort, and count_tours(): counting that can be watched."""

from __future__ import annotations

import csv
import io
import json
import signal
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from knight_py import STATUSES, count_tours, solve, survey
from knight_py.cli import main
from knight_py.survey import SURVEY_FIELDS, format_csv, format_grid


@st.composite
def small_boards(draw):
    rows = draw(st.integers(1, 6))
    cols = draw(st.integers(1, 6))
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    holes = draw(st.lists(st.sampled_from(squares), max_size=3, unique=True))
    method = draw(st.sampled_from(["warnsdorff", "exhaustive", "backtrack", "auto"]))
    closed = draw(st.booleans())
    return rows, cols, holes, method, closed


@given(small_boards())
def test_every_free_square_once_and_each_cell_is_what_solve_reports(board):
    rows, cols, holes, method, closed = board
    seen = []
    result = survey(rows, cols, closed, holes, method, max_nodes=3000, on_result=seen.append)
    free = {(r, c) for r in range(rows) for c in range(cols)} - set(holes)
    assert result.complete and not result.stopped and result.total == len(free)
    assert sorted((c.row, c.col) for c in result.cells) == sorted(free)
    assert list(result.cells) == seen  # reported one by one, in order
    for cell in result.cells:
        assert cell.status in STATUSES
        again = solve(rows, cols, (cell.row, cell.col), closed, holes, method, max_nodes=3000)
        assert (cell.status, cell.nodes, cell.backtracks, cell.method) == (
            again.status, again.nodes, again.backtracks, again.method)
        assert cell.nodes <= 3000 and cell.backtracks <= cell.nodes


def test_five_by_five_backtracking_finds_the_colour_rule_and_spends_on_the_rest():
    result = survey(5, 5, method="backtrack", max_nodes=1_000_000)
    for cell in result.cells:
        if (cell.row + cell.col) % 2:  # minority colour: proved impossible, no search
            assert (cell.status, cell.nodes, cell.method) == ("impossible", 0, "theorem")
        else:
            assert cell.status == "found" and cell.nodes >= 25
    assert result.cell(0, 0) is not None and result.cell(0, 0).name == "a5"


def test_starts_are_checked_and_taken_once_each():
    result = survey(8, 8, starts="a1, d4 ,a1")
    assert [c.name for c in result.cells] == ["a1", "d4"] and result.total == 2
    assert survey(8, 8, starts=[(0, 0)]).cells[0].name == "a8"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"starts": ["a1"], "blocked": ["a1"]}, "start a1 is a blocked square"),
        ({"starts": ["q1"]}, "starts: square 'q1' is off the 8 x 8 board"),
        ({"method": "greedy"}, "method must be one of"),
        ({"max_nodes": 0}, "max_nodes must be a whole number >= 1, got 0"),
        ({"max_nodes": 2.5}, "max_nodes must be a whole number >= 1, got 2.5"),
        ({"closed": "yes"}, "closed must be True or False"),
        ({"rule": "bishop"}, "rule must be one of"),
    ],
)
def test_bad_arguments_name_what_is_wrong(kwargs, message):
    with pytest.raises(ValueError, match=message):
        survey(8, 8, **kwargs)


@pytest.mark.parametrize("stop_after", [0, 1, 3])
def test_stop_keeps_the_finished_squares_and_drops_the_one_cut_short(stop_after):
    finished = []
    polls_after_last = [0]

    def should_stop():
        if len(finished) < stop_after:
            return False
        polls_after_last[0] += 1
        return polls_after_last[0] > 2  # stop in the middle of the next square's search

    result = survey(6, 6, method="backtrack", max_nodes=200_000,
                    on_result=finished.append, should_stop=should_stop)
    assert result.stopped and not result.complete
    assert list(result.cells) == finished and len(finished) == stop_after
    for cell in result.cells:  # no cell carries a cancel's partial numbers
        assert "cancel" not in cell.status


def test_grid_and_csv_hold_the_cells_numbers():
    result = survey(5, 6, method="backtrack", max_nodes=5000)
    grid = format_grid(result, "nodes").splitlines()
    assert grid[-1].split() == list("abcdef")
    for line_no, line in enumerate(grid[:-1]):
        rank, *texts = line.split()
        assert int(rank) == 5 - line_no
        for col, text in enumerate(texts):
            cell = result.cell(line_no, col)
            assert cell is not None
            if cell.status == "found":
                assert text == str(cell.nodes)
            elif cell.status == "gave_up":
                assert text == f"{cell.nodes}>"
            else:
                assert text == "-"
    rows = list(csv.DictReader(io.StringIO(format_csv(result))))
    assert tuple(rows[0]) == SURVEY_FIELDS and len(rows) == 30
    for row, cell in zip(rows, result.cells, strict=True):
        assert (row["square"], int(row["nodes"]), int(row["backtracks"]), row["status"]) == (
            cell.name, cell.nodes, cell.backtracks, cell.status)
    backtracks = format_grid(result, "backtracks")
    assert backtracks != format_grid(result, "nodes")
    with pytest.raises(ValueError, match="field must be"):
        format_grid(result, "seconds")


def test_a_partial_grid_marks_squares_not_surveyed():
    result = survey(4, 5, starts=["a1"])
    lines = format_grid(result).splitlines()
    assert lines[3].split()[1] == str(result.cells[0].nodes)
    assert lines[0].split()[1:] == ["."] * 5


def _cli(*argv):
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_cli_survey_prints_the_grid_of_nodes():
    code, text = _cli("6x6", "--survey", "--method", "backtrack", "--max-nodes", "20000")
    assert code == 0
    expected = survey(6, 6, method="backtrack", max_nodes=20000)
    assert text.rstrip("\n") == format_grid(expected, "nodes")


def test_cli_survey_json_and_csv_agree_with_the_library():
    code, text = _cli("5x5", "--survey", "--format", "json", "--block", "c3")
    data = json.loads(text)
    assert code == 0 and data["complete"] and data["blocked"] == ["c3"]
    assert data["method"] == "warnsdorff" and data["total"] == 24
    expected = survey(5, 5, blocked=["c3"])
    assert [(c["square"], c["status"], c["nodes"]) for c in data["cells"]] == [
        (c.name, c.status, c.nodes) for c in expected.cells]
    code, text = _cli("5x5", "--survey", "--format", "csv", "--start", "a1,e5")
    assert code == 0 and [r["square"] for r in csv.DictReader(io.StringIO(text))] == ["a1", "e5"]


def test_cli_survey_stopped_by_the_time_limit_exits_1(capsys):
    code, text = _cli("6x6", "--survey", "--method", "backtrack", "--max-nodes", "2000000",
                      "--time-limit", "0.2")
    assert code == 1 and "." in text
    assert "squares surveyed" in capsys.readouterr().err


def test_cli_survey_ctrl_c_prints_the_squares_finished_so_far():
    proc = subprocess.Popen(
        [sys.executable, "-m", "knight_py", "6x6", "--survey", "--method", "backtrack",
         "--max-nodes", "2000000", "--progress"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    first = proc.stderr.readline()  # the first square is done: interrupt the second
    assert first.startswith("... a6:"), first
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 1 and "Traceback" not in err
    assert "squares surveyed" in err
    grid = out.splitlines()
    assert grid[-1].split() == list("abcdef") and len(grid) == 7
    assert grid[0].split()[1] != "."  # a6 kept ...
    assert grid[-2].split()[1:] == ["."] * 6  # ... rank 1 never reached


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["6x6", "--format", "csv"], "--format csv works with --survey"),
        (["6x6", "--survey", "--count"], "--count and --survey do not go together"),
        (["6x6", "--survey", "--format", "moves"], "--format moves does not go with --survey"),
        (["6x6", "--survey", "--max-nodes", "0"], "max_nodes must be a whole number >= 1"),
        (["6x6", "--survey", "--start", "a1,zz99"], "starts: square 'zz99' is off"),
    ],
)
def test_cli_survey_bad_arguments_exit_2(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2 and message in capsys.readouterr().err


def test_a_count_reports_progress_and_a_stop_keeps_the_count_so_far():
    reports = []
    full = count_tours(6, 6, "a1", closed=True, max_nodes=60_000,
                       on_progress=lambda p, found: reports.append((p.nodes, found)),
                       progress_every=10_000)
    assert full.status == "gave_up" and "node budget" in full.reason
    assert [n for n, _ in reports] == sorted(n for n, _ in reports) and len(reports) >= 5
    assert [f for _, f in reports] == sorted(f for _, f in reports)
    assert full.value >= reports[-1][1]
    polls = [0]

    def stop():
        polls[0] += 1
        return polls[0] > 20

    stopped = count_tours(6, 6, "a1", closed=True, should_stop=stop)
    assert stopped.status == "gave_up" and "cancelled" in stopped.reason
    assert 0 < stopped.nodes < full.nodes
