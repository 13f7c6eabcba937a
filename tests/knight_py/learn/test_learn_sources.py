"""The Learn programs' two sources: the Chinese one is the English one with its comments
in Chinese, line for line, so a trace of either fits both."""

from __future__ import annotations

import io
import re
import tokenize

import pytest

from knight_py.learn.programs import COMMENTS_ZH, PROGRAM_IDS, PROGRAMS
from knight_py.learn.tracer import run

_CJK = re.compile(r"[\u4e00-\u9fff]")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ALLOWED_WORDS = {"Warnsdorff"}


def _tokens(source: str) -> list[tokenize.TokenInfo]:
    return list(tokenize.generate_tokens(io.StringIO(source).readline))


def _code(source: str) -> list[tuple[int, str, object]]:
    """Every token but the comments: (type, text, where it starts); a line end's column
    is left out (it follows the comment)."""
    ends = (tokenize.NL, tokenize.NEWLINE)
    return [(t.type, t.string, t.start[0] if t.type in ends else t.start)
            for t in _tokens(source) if t.type != tokenize.COMMENT]


def _comments(source: str) -> list[tokenize.TokenInfo]:
    return [t for t in _tokens(source) if t.type == tokenize.COMMENT]


def _without_comments(source: str) -> list[str]:
    """The lines with their comments cut off (and the spaces before them)."""
    lines = source.splitlines()
    for t in _comments(source):
        row, col = t.start
        lines[row - 1] = lines[row - 1][:col].rstrip()
    return lines


def _names(source: str) -> set[str]:
    return {t.string for t in _tokens(source) if t.type == tokenize.NAME}


def _tour(source: str) -> object:
    namespace: dict[str, object] = {}
    exec(compile(source, "<program>", "exec"), namespace)
    return namespace["tour"](5, 5, (4, 0))  # type: ignore[operator]


@pytest.mark.parametrize("pid", PROGRAM_IDS)
def test_same_code_line_for_line(pid: str) -> None:
    program = PROGRAMS[pid]
    assert program.source_zh != program.source
    assert _code(program.source_zh) == _code(program.source)
    en, zh = program.source.splitlines(), program.source_zh.splitlines()
    assert len(zh) == len(en)
    assert _without_comments(program.source_zh) == _without_comments(program.source)
    # The comments sit on the same lines, at the same columns.
    assert [t.start for t in _comments(program.source_zh)] == [t.start for t in _comments(program.source)]


@pytest.mark.parametrize("pid", PROGRAM_IDS)
def test_chinese_comments(pid: str) -> None:
    program = PROGRAMS[pid]
    allowed = _names(program.source) | _ALLOWED_WORDS
    comments = _comments(program.source_zh)
    assert comments
    for comment in comments:
        assert _CJK.search(comment.string), comment.string
        english = set(_WORD.findall(comment.string)) - allowed
        assert not english, (comment.string, english)


def test_every_translation_is_used() -> None:
    used = {t.string.removeprefix("#").strip() for p in PROGRAMS.values() for t in _comments(p.source)}
    assert used == set(COMMENTS_ZH)


@pytest.mark.parametrize("pid", PROGRAM_IDS)
def test_both_sources_run_alike(pid: str) -> None:
    program = PROGRAMS[pid]
    assert _tour(program.source_zh) == _tour(program.source)
    en = run(program.source, 5, 5, (4, 0), max_steps=200_000)
    zh = run(program.source_zh, 5, 5, (4, 0), max_steps=200_000)
    assert zh.status == en.status
    assert zh.steps == en.steps > 0
    assert zh.path == en.path
