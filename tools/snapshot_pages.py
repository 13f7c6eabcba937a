"""The memory snapshot's file layout: the heap without its zero pages.

Half of the 31 MB heap Pyodide snapshots is pages of zeros. Gunzipping them cost the page
about as much as the rest (DecompressionStream turns out ~150 MB/s on these machines, on
the critical path of a cold start), so the file leaves them out and the page's reader
(web/solver/snapshot-fetch.mjs) puts the kept pages back into a zeroed buffer.

Layout, before gzip (integers are unsigned 32-bit little-endian)::

    "KPG1"  raw size  page size  run count
    run count x (first page, page count)     the kept runs, in order, apart
    the kept pages' bytes, in order          (the last page of the heap may be short)

>>> heap = bytes(8192) + b"knight" + bytes(4090) + bytes(4096)
>>> packed = pack_pages(heap, page_bytes=4096)
>>> len(packed) < len(heap), unpack_pages(packed) == heap
(True, True)
"""

from __future__ import annotations

import struct

__all__ = ["MAGIC", "PAGE_BYTES", "pack_pages", "unpack_pages"]

MAGIC = b"KPG1"
PAGE_BYTES = 4096


def _kept_runs(data: bytes, page_bytes: int) -> list[tuple[int, int]]:
    """(first page, page count) of each run of pages that are not all zero."""
    runs: list[tuple[int, int]] = []
    zero = bytes(page_bytes)
    for page, start in enumerate(range(0, len(data), page_bytes)):
        chunk = data[start : start + page_bytes]
        if chunk == zero[: len(chunk)]:
            continue
        if runs and runs[-1][0] + runs[-1][1] == page:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((page, 1))
    return runs


def pack_pages(data: bytes, page_bytes: int = PAGE_BYTES) -> bytes:
    """`data` without its pages of zeros, in the layout above."""
    runs = _kept_runs(data, page_bytes)
    parts = [MAGIC, struct.pack("<III", len(data), page_bytes, len(runs))]
    parts += [struct.pack("<II", first, count) for first, count in runs]
    parts += [data[first * page_bytes : (first + count) * page_bytes] for first, count in runs]
    return b"".join(parts)


def unpack_pages(packed: bytes) -> bytes:
    """The bytes `pack_pages` was given (ValueError when `packed` is not in its layout)."""
    if packed[:4] != MAGIC or len(packed) < 16:
        raise ValueError("not a snapshot without its zero pages (no KPG1 header)")
    size, page_bytes, count = struct.unpack_from("<III", packed, 4)
    out = bytearray(size)
    at = 16 + 8 * count
    heap_pages = -(-size // page_bytes) if page_bytes else 0
    next_page = 0  # runs are in order and apart, as web/solver/snapshot-pages.mjs requires
    for n in range(count):
        first, pages = struct.unpack_from("<II", packed, 16 + 8 * n)
        start = first * page_bytes
        end = min(start + pages * page_bytes, size)
        if first < next_page or pages == 0 or first + pages > heap_pages:
            raise ValueError(f"run {n} overlaps or touches the one before, or is outside the heap")
        if at + end - start > len(packed):
            raise ValueError(f"run {n} lies past the file's end")
        next_page = first + pages + 1
        out[start:end] = packed[at : at + end - start]
        at += end - start
    if at != len(packed):
        raise ValueError(f"{len(packed) - at} bytes more or fewer than the header says")
    return bytes(out)
