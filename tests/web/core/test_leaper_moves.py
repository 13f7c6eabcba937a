"""The page's moves of any leaper (web/core/leapers.js, web/core/board-rules.js) are the
package's (knight_py.board.Board.neighbours), and the page reads a rule as the package
does (knight_py.leaper.rule_key): one Node run over every (a, b) up to (4, 5), on boards
with and without holes, and the xiangqi horse with holes."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from knight_py.board import Board
from knight_py.leaper import rule_key

ROOT = Path(__file__).resolve().parents[3]

# Reads {boards: [{rows, cols, holes, rule}], spellings: [text]} on stdin; writes, for each
# board, the free squares' moves as the page computes them, and each spelling's rule.
_SCRIPT = """
import { readFileSync } from "node:fs";
import { knightTargets } from "./web/core/squares.js";
import { blockedSet, isMove } from "./web/core/board-rules.js";
import { parseRule, ruleSteps } from "./web/core/leapers.js";
const input = JSON.parse(readFileSync(0, "utf8"));
const moves = input.boards.map((board) => {
  const blocked = blockedSet(board);
  const out = [];
  for (let from = 0; from < board.rows * board.cols; from += 1) {
    if (blocked[from]) { out.push([]); continue; }
    const to = knightTargets(from, board.rows, board.cols, ruleSteps(board.rule));
    out.push(to.filter((b) => !blocked[b] && isMove(board, from, b, blocked)).sort((x, y) => x - y));
  }
  return out;
});
process.stdout.write(JSON.stringify({ moves, rules: input.spellings.map(parseRule) }));
"""

PAIRS = [(a, b) for a in range(5) for b in range(6) if (a, b) != (0, 0)]


def _boards() -> list[dict[str, object]]:
    rand = random.Random(52)
    boards: list[dict[str, object]] = []
    for a, b in PAIRS:
        for _ in range(3):
            rows, cols = rand.randint(1, 9), rand.randint(1, 9)
            holes = sorted({(rand.randrange(rows), rand.randrange(cols)) for _ in range(rand.randint(0, 6))})
            rule = f"leaper:{a},{b}" if rand.random() < 0.5 else f"leaper:{b},{a}"
            boards.append({"rows": rows, "cols": cols, "holes": [list(h) for h in holes], "rule": rule_key(rule)})
    for _ in range(10):
        rows, cols = rand.randint(3, 9), rand.randint(3, 9)
        holes = sorted({(rand.randrange(rows), rand.randrange(cols)) for _ in range(rand.randint(1, 8))})
        boards.append({"rows": rows, "cols": cols, "holes": [list(h) for h in holes], "rule": "xiangqi"})
    return boards


def _spellings() -> list[str]:
    named = ["knight", "xiangqi", "camel", "zebra", "giraffe", "antelope"]
    written = [f"leaper:{a},{b}" for a, b in PAIRS] + [f"{b},{a}" for a, b in PAIRS] + ["leaper: 1, 3", "(1, 3)", "((4,0))", "leaper:(2,3)"]
    bad = ["bishop", "Camel", "leaper:0,0", "leaper:1", "leaper:1,2,3", "leaper:-1,2", "leaper:1,1001",
           "leaper:1.5,2", "", "leaper:", "(1, 3)x", "leaper:1,3;", "1e1,2"]
    return named + written + bad


def _package_rule(text: str) -> str | None:
    try:
        return rule_key(text)
    except ValueError:
        return None


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_the_page_moves_and_reads_every_leaper_as_the_package_does() -> None:
    boards, spellings = _boards(), _spellings()
    run = subprocess.run(["node", "--input-type=module", "-e", _SCRIPT], cwd=ROOT, check=True, timeout=120,
                         input=json.dumps({"boards": boards, "spellings": spellings}), capture_output=True, text=True)
    page = json.loads(run.stdout)
    for board, moves in zip(boards, page["moves"], strict=True):
        holes = [tuple(h) for h in board["holes"]]  # type: ignore[union-attr]
        package = Board.create(board["rows"], board["cols"], blocked=holes, rule=board["rule"])
        assert [sorted(n) for n in package.neighbours] == moves, board
    for text, rule in zip(spellings, page["rules"], strict=True):
        assert rule == _package_rule(text), text
