"""The command line: outputs and exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from knight_py import validate
from knight_py.cli import main


def _run(*argv):
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_board_format_numbers_every_square_once():
    code, text = _run("6x6", "--start", "a1", "--closed")
    assert code == 0
    numbers = [int(x) for x in text.split()]
    assert sorted(numbers) == list(range(1, 37))
    grid = [[int(x) for x in line.split()] for line in text.splitlines()]
    assert grid[5][0] == 1  # a1 is the bottom-left square
    order = sorted((n, (r, c)) for r, row in enumerate(grid) for c, n in enumerate(row))
    validate(6, 6, [sq for _, sq in order], closed=True)


def test_moves_format_is_a_tour_in_algebraic_names():
    code, text = _run("5x5", "--start", "c3", "--format", "moves")
    assert code == 0
    names = text.split()
    assert names[0] == "c3"
    validate(5, 5, names)


def test_json_format_holds_the_validated_path():
    code, text = _run("7x8", "--start", "b2", "--block", "d4,e4", "--format", "json")
    data = json.loads(text)
    assert code == 0 and data["status"] == "found"
    assert data["blocked"] == ["d4", "e4"]
    validate(7, 8, [tuple(p) for p in data["path"]], blocked=["d4", "e4"])


def test_impossible_exits_1_with_the_reason(capsys):
    code, text = _run("5x5", "--start", "a1", "--closed")
    assert code == 1 and text == ""
    assert "Schwenk" in capsys.readouterr().err


def test_gave_up_exits_1(capsys):
    code, _ = _run("8x8", "--start", "c3", "--method", "backtrack", "--max-nodes", "1000")
    assert code == 1
    assert "node budget of 1,000 nodes" in capsys.readouterr().err


def test_count(capsys):
    assert _run("5x5", "--start", "a1", "--count") == (0, "304\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["0x8"], "rows must be a whole number from 1 to 1000"),
        (["8by8"], "board size must look like 8x8"),
        (["8x8", "--start", "k9"], "start: square 'k9' is off the 8 x 8 board"),
        (["8x8", "--method", "magic"], "invalid choice: 'magic'"),
        (["8x8", "--block", "a1"], "start a1 is a blocked square"),
        (["8x8", "--format", "xml"], "invalid choice: 'xml'"),
    ],
)
def test_bad_arguments_exit_2_with_usage(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage:") and message in err


def test_python_dash_m_runs_as_a_program():
    done = subprocess.run([sys.executable, "-m", "knight_py", "8x8", "--start", "h8",
                           "--format", "moves"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.split()[0] == "h8"
    bad = subprocess.run([sys.executable, "-m", "knight_py", "8x8", "--start", "x"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_a_million_square_closed_tour_as_json():
    done = subprocess.run(
        [sys.executable, "-m", "knight_py", "1000x1000", "--start", "a1", "--closed",
         "--format", "json"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["status"] == "found" and data["moves"][0] == "a1"
    validate(1000, 1000, [r * 1000 + c for r, c in data["path"]], closed=True)
