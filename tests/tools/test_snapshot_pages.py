"""The snapshot file's layout without zero pages (tools/snapshot_pages.py)."""

from __future__ import annotations

import itertools
import random
import struct
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tools.project import ROOT
from tools.snapshot_pages import MAGIC, pack_pages, unpack_pages

PAGE = 16  # small pages, so that hypothesis reaches runs, gaps and a short last page


@st.composite
def heaps(draw: st.DrawFn) -> bytes:
    """Heaps of whole and partial pages, each all zeros or not."""
    pages = draw(st.lists(st.booleans(), max_size=24))
    out = b"".join(
        draw(st.binary(min_size=PAGE, max_size=PAGE)) if kept else bytes(PAGE) for kept in pages
    )
    return out[: len(out) - draw(st.integers(0, PAGE - 1))] if out else out


@given(heaps())
def test_packing_keeps_every_byte(heap: bytes) -> None:
    assert unpack_pages(pack_pages(heap, page_bytes=PAGE)) == heap


@given(heaps())
def test_only_pages_with_a_nonzero_byte_are_kept(heap: bytes) -> None:
    packed = pack_pages(heap, page_bytes=PAGE)
    assert packed[:4] == MAGIC
    size, page_bytes, count = struct.unpack_from("<III", packed, 4)
    assert (size, page_bytes) == (len(heap), PAGE)
    runs = [struct.unpack_from("<II", packed, 16 + 8 * n) for n in range(count)]
    kept = {first + i for first, pages in runs for i in range(pages)}
    nonzero = {p for p in range(0, -(-len(heap) // PAGE)) if any(heap[p * PAGE : (p + 1) * PAGE])}
    assert kept == nonzero
    # Runs are in order and apart (two touching runs would be one).
    assert all(a[0] + a[1] < b[0] for a, b in itertools.pairwise(runs))
    assert len(packed) == 16 + 8 * count + sum(len(heap[p * PAGE : (p + 1) * PAGE]) for p in kept)


def test_a_file_in_another_layout_or_cut_short_is_refused() -> None:
    heap = bytes(PAGE) + b"x" * PAGE
    packed = pack_pages(heap, page_bytes=PAGE)
    with pytest.raises(ValueError, match="KPG1"):
        unpack_pages(b"\x00snp" + packed[4:])
    with pytest.raises(ValueError, match="past the file's end"):
        unpack_pages(packed[:-1])
    with pytest.raises(ValueError, match="more or fewer"):
        unpack_pages(packed + b"\0")
    apart = pack_pages(b"x" * PAGE + bytes(PAGE) + b"y" * PAGE, page_bytes=PAGE)  # runs (0,1), (2,1)
    touching = apart[:24] + struct.pack("<II", 1, 1) + apart[32:]
    with pytest.raises(ValueError, match="run 1"):
        unpack_pages(touching)


def test_the_page_reads_what_the_build_packs(tmp_path: Path) -> None:
    """tools/snapshot_pages.py (Python) and pageReader (web/solver/snapshot-pages.mjs) agree."""
    rng = random.Random(5)
    heap = b"".join(
        bytes(4096) if rng.random() < 0.5 else rng.randbytes(4096) for _ in range(40)
    ) + rng.randbytes(100)
    (tmp_path / "packed").write_bytes(pack_pages(heap))
    script = f"""
        import {{ readFileSync, writeFileSync }} from "node:fs";
        import {{ pageReader }} from "{(ROOT / "web" / "solver" / "snapshot-pages.mjs").as_uri()}";
        const packed = new Uint8Array(readFileSync("{tmp_path / "packed"}"));
        const out = new Uint8Array({len(heap)});
        const pages = pageReader(out, "packed");
        for (let i = 0; i < packed.length; i += 5000) pages.write(packed.subarray(i, i + 5000));
        if (!pages.complete()) throw new Error("incomplete");
        writeFileSync("{tmp_path / "out"}", out);
    """
    subprocess.run(["node", "--input-type=module", "-e", script], check=True, timeout=60)
    assert (tmp_path / "out").read_bytes() == heap
