"""The validator's fast path: a whole path checked in a few C-level passes.

:func:`is_tour` answers the same question as the exact walk in
:mod:`knight_py.validate` (every free square once, every step a legal move), with a
fixed number of operations on byte strings and big integers instead of a Python
step per square, so a million squares cost about as much as one plain Python loop
over them.  When it says no, the validator walks the path to name the problem.

How:

1. **Steps by direction.**  On a board at least 5 columns wide the eight knight
   moves change the flat index ``row * cols + col`` by eight distinct amounts, so
   the index difference of a step names its direction.  The differences of all
   steps come from one big-integer subtraction (each square in its own 32-bit
   field, offset by 2**31 so no field borrows from the next); the four bytes of
   each field are classified with ``bytes.translate`` and ANDed into one byte per
   step: the direction's bit, or 0 when the difference is no knight move.
2. **One scatter.**  ``marks[square] = direction bit of the step leaving it`` for
   every square of the path but the last, in one C-level ``map``; an index off the
   board stops it.
3. **One table of legal moves.**  ``legal[square]`` has bit ``d`` when the move in
   direction ``d`` from ``square`` stays on the board, lands on a free square and,
   under the xiangqi rule, its leg is free.  ``marks & ~legal`` (one big-integer AND)
   is zero exactly when every step leaves its square by a legal move.

If every free square ends up marked (the last square of the path counts as marked)
and the path is as long as there are free squares, the n entries cover the n free
squares, so each appears once, and each step from ``p[k]`` is the legal move in the
direction that lands on ``p[k] + difference = p[k + 1]``.

>>> from knight_py.board import Board
>>> board = Board.create(5, 5)
>>> tour = [0, 7, 4, 13, 24, 17, 20, 11, 2, 9, 18, 21, 10, 1, 8, 19, 22, 15, 6, 3, 12, 5, 16, 23, 14]
>>> is_tour(board, array("i", tour))
True
>>> tour[3], tour[4] = tour[4], tour[3]
>>> is_tour(board, array("i", tour))
False
"""

from __future__ import annotations

import sys
from array import array
from collections import deque
from functools import lru_cache
from itertools import repeat
from operator import setitem

from .board import KNIGHT_STEPS, Board, leg

__all__ = ["MIN_COLS", "is_tour", "legal_moves"]

#: Narrower boards have colliding index differences; the exact walk checks them.
MIN_COLS = 5

_FIELD = 4  # bytes per square in the big integer
_OFFSET = 1 << 31  # keeps each field's difference in 0 .. 2**32


@lru_cache(maxsize=8)
def _direction_tables(cols: int) -> tuple[bytes, ...]:
    """Per byte position j of an offset difference, a table from that byte's value to
    the bits of the directions whose difference has that byte there."""
    tables = [bytearray(256) for _ in range(_FIELD)]
    for d, (dr, dc) in enumerate(KNIGHT_STEPS):
        field = (dr * cols + dc + _OFFSET).to_bytes(_FIELD, "little")
        for j in range(_FIELD):
            tables[j][field[j]] |= 1 << d
    return tuple(bytes(t) for t in tables)


def _step_directions(path: array[int], cols: int) -> bytes:
    """One byte per step: the bit of its knight direction, or 0 when it is none."""
    steps = len(path) - 1
    raw = path.tobytes()
    if sys.byteorder != "little":  # pragma: no cover - every platform we ship is little-endian
        swapped = array(path.typecode, path)
        swapped.byteswap()
        raw = swapped.tobytes()
    # Fields p[k] + 2**31 (flip the top bit of a non-negative index) for k >= 1 ...
    later = bytearray(raw)
    later[_FIELD - 1 :: _FIELD] = raw[_FIELD - 1 :: _FIELD].translate(_FLIP_TOP_BIT)
    # ... minus fields p[k] for k < steps: field k becomes p[k + 1] - p[k] + 2**31, in
    # 0 .. 2**32, so no field borrows from the next.  (A negative index may make
    # nonsense here; the caller's scatter rejects such a path whatever this says.)
    fields = (
        int.from_bytes(memoryview(later)[_FIELD:], "little")
        - int.from_bytes(memoryview(raw)[:-_FIELD], "little")
    ).to_bytes(_FIELD * steps, "little")
    tables = _direction_tables(cols)
    bits = -1
    for j in range(_FIELD):
        bits &= int.from_bytes(fields[j::_FIELD].translate(tables[j]), "little")
    return bits.to_bytes(steps, "little")


_FLIP_TOP_BIT = bytes(b ^ 0x80 for b in range(256))


@lru_cache(maxsize=4)
def _blank_legal_moves(rows: int, cols: int) -> bytes:
    """Legal-move bits of every square of a board without holes, built row pattern by
    row pattern (C-level byte work only)."""
    col_bits = bytes(
        sum(1 << d for d, (_, dc) in enumerate(KNIGHT_STEPS) if 0 <= c + dc < cols)
        for c in range(cols)
    )
    rows_out = []
    cache: dict[int, bytes] = {}
    for r in range(rows):
        row_bits = sum(1 << d for d, (dr, _) in enumerate(KNIGHT_STEPS) if 0 <= r + dr < rows)
        if row_bits not in cache:
            cache[row_bits] = col_bits.translate(bytes(b & row_bits for b in range(256)))
        rows_out.append(cache[row_bits])
    return b"".join(rows_out)


def legal_moves(board: Board) -> bytes:
    """Per square, a byte with bit ``d`` set when the move ``KNIGHT_STEPS[d]`` from it
    is legal on ``board`` (0 on holes).

    >>> moves = legal_moves(Board.create(3, 4))
    >>> [d for d in range(8) if moves[0] >> d & 1]  # a3: (1, 2) and (2, 1)
    [0, 1]
    """
    rows, cols = board.rows, board.cols
    blank = _blank_legal_moves(rows, cols)
    if not board.blocked:
        return blank
    legal = bytearray(blank)
    xiangqi = board.rule == "xiangqi"
    for hole in board.blocked:
        legal[hole] = 0
        hr, hc = divmod(hole, cols)
        for d, (dr, dc) in enumerate(KNIGHT_STEPS):
            # The square whose move in direction d lands on the hole.
            r, c = hr - dr, hc - dc
            if 0 <= r < rows and 0 <= c < cols:
                legal[r * cols + c] &= ~(1 << d)
            if xiangqi:
                # The square whose move in direction d has its leg on the hole.
                lr, lc = leg(0, 0, dr, dc)
                r, c = hr - lr, hc - lc
                if 0 <= r < rows and 0 <= c < cols:
                    legal[r * cols + c] &= ~(1 << d)
    return bytes(legal)


@lru_cache(maxsize=4)
def _illegal_moves(board: Board) -> int:
    """Per square (one byte each, as a big integer), the bits of the moves not allowed."""
    return int.from_bytes(legal_moves(board).translate(_COMPLEMENT), "little")


_COMPLEMENT = bytes(255 - b for b in range(256))


@lru_cache(maxsize=4)
def _free_marks(board: Board) -> bytes:
    """1 on every free square, 0 on holes."""
    marks = bytearray(b"\x01") * board.size
    for hole in board.blocked:
        marks[hole] = 0
    return bytes(marks)


# Any non-zero byte to 1.
_NON_ZERO = bytes([0]) + bytes([1]) * 255


def is_tour(board: Board, path: array[int]) -> bool:
    """True when ``path`` (flat indices) visits every free square of ``board`` once,
    each step a legal move of the board's rule.  The closing move is not checked.

    Boards narrower than :data:`MIN_COLS` columns, or paths of other item sizes,
    get the answer False (the exact walk then decides).
    """
    count = len(path)
    if count != board.free_count or board.cols < MIN_COLS or path.itemsize != _FIELD:
        return False
    if count < 2:
        # One square is a tour of a board whose only free square it is.
        return 0 <= path[0] < board.size and path[0] not in board.blocked
    try:
        directions = _step_directions(path, board.cols)
    except OverflowError:
        return False  # a negative index (the scatter below would reject it too)
    marks = bytearray(board.size)
    unsigned = array("I" if array("I").itemsize == _FIELD else "L")
    unsigned.frombytes(path.tobytes())  # a negative index reads as one off the board
    last = unsigned.pop()
    try:
        deque(map(setitem, repeat(marks, count - 1), unsigned, directions), maxlen=0)
        if marks[last]:
            return False  # the last square was visited before
    except IndexError:
        return False
    if last >= board.size:
        return False
    free = _free_marks(board)
    # Every free square but the last is left by a step with a direction (holes are
    # never marked by a tour, and an unmarked free square means a repeat or a bad step).
    visited = bytearray(marks.translate(_NON_ZERO))
    visited[last] = free[last]  # the last square leaves by no step
    if visited != free:
        return False
    # Each mark is one direction bit: the step must be legal from its square.
    return int.from_bytes(marks, "little") & _illegal_moves(board) == 0
