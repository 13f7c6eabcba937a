"""cycle_cover: the 2-factor under the cycle-merge method, on boards known to have a tour."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from knight_py.board import Board
from knight_py.search.cycle_cover import CoverGraph, cover_graph, two_factor
from knight_py.theorems import closed_tour_exists
from tests.cases import Case, planted_board


@st.composite
def planted(draw: st.DrawFn) -> Case:
    """A knight's planted board up to 14 x 14 (closed only where the empty board has one)."""
    rows, cols = draw(st.integers(5, 14)), draw(st.integers(5, 14))
    closed = draw(st.booleans()) and closed_tour_exists(rows, cols)
    holes = draw(st.integers(0, rows * cols // 3))
    return planted_board(rows, cols, holes, closed, seed=draw(st.integers(0, 10_000)))


def _assert_two_factor(graph: CoverGraph) -> None:
    """Every node has two distinct partners, each a neighbour naming it back; fixed moves kept."""
    for v in graph.nodes:
        a, b = graph.pairs[v]
        assert a != b
        for u in (a, b):
            assert u in graph.adj[v] and v in graph.adj[u]
            assert graph.pairs[u].count(v) == 1
    for a, b in graph.fixed:
        assert b in graph.pairs[a]


@given(planted(), st.integers(0, 3))
def test_a_board_with_a_tour_has_a_cover_and_it_is_a_two_factor(case, seed):
    board = Board.create(case.rows, case.cols, case.blocked)
    graph = cover_graph(board, board.index(case.start), case.closed)
    assert graph is not None  # the planted tour's colours fit
    assert len(graph.nodes) - board.free_count == len(graph.virtual) == (0 if case.closed else len(graph.fixed))
    assert two_factor(graph.adj, graph.left, graph.pairs, graph.fixed, random.Random(seed))
    _assert_two_factor(graph)


def test_colour_counts_that_allow_no_tour_give_no_cover_graph():
    board = Board.create(8, 8, blocked=[(0, 0)])  # 31 squares of one colour, 32 of the other
    assert cover_graph(board, 1, closed=True) is None
    minority = next(v for v in board.free_squares if board.colour(v) == board.colour(0))
    assert cover_graph(board, minority, closed=False) is None
    assert cover_graph(board, 1, closed=False) is not None
