"""The preset boards' tours, computed at build time so that a click draws one at once,
before Python has started in the page (web/presets/).

For each size the settings panel offers up to 12 x 12 (PRESET_SIZES), open and closed,
every start square: knight_py.solve with the page's defaults (method "auto", no holes,
the knight's rule), as the worker would answer. One file per size,
dist/presets/<rows>x<cols>.json: {"open": {index: tour}, "closed": {...}}, each tour in
the `tour` link's codec (web/tour-codec.js: varint start, varint moves, 3 bits a move,
base64url); squares without a tour (5 x 5 closed, half of 5 x 5 open) are left out, and
the page then waits for Python's answer. 12 x 12 is the largest: 19 KB, 10 KB gzipped.
Cached in build/presets/ by the package's content (knight_py.solve is deterministic).
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

from .project import ROOT, log

__all__ = ["KNIGHT_STEPS", "PRESET_SIZES", "add_presets", "encode_tour", "preset_tours"]

PRESET_SIZES = ((5, 5), (6, 6), (8, 8), (12, 12))
# web/core/squares.js's KNIGHT_STEPS: a move's code is its index here.
KNIGHT_STEPS = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))
CACHE = ROOT / "build" / "presets"


def _varint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def encode_tour(indices: list[int], cols: int) -> str:
    """web/tour-codec.js's encodeTour in Python (tests/web check both give the same text)."""
    head = _varint(indices[0]) + _varint(len(indices) - 1)
    bits = 0
    for i in range(1, len(indices)):
        step = (indices[i] // cols - indices[i - 1] // cols, indices[i] % cols - indices[i - 1] % cols)
        bits |= KNIGHT_STEPS.index(step) << (3 * (i - 1))
    body = bits.to_bytes(-(-3 * (len(indices) - 1) // 8), "little")
    return base64.urlsafe_b64encode(head + body).decode().rstrip("=")


def preset_tours(rows: int, cols: int) -> dict[str, dict[str, str]]:
    """{"open": {index: tour}, "closed": {...}} for every start square that has one."""
    from knight_py import solve  # the package itself, as the page's worker runs it

    out: dict[str, dict[str, str]] = {}
    for kind in ("open", "closed"):
        tours = {}
        for index in range(rows * cols):
            name = f"{chr(ord('a') + index % cols)}{rows - index // cols}"
            result = solve(rows, cols, name, closed=kind == "closed")
            if result.status == "found":
                tours[str(index)] = encode_tour([int(i) for i in result.indices], cols)
        out[kind] = tours
    return out


def add_presets(dist: Path, archive: Path) -> list[Path]:
    """Write dist/presets/<rows>x<cols>.json for PRESET_SIZES (cached); return their paths."""
    key = hashlib.sha256(archive.read_bytes() + Path(__file__).read_bytes()).hexdigest()[:16]
    cached = CACHE / f"{key}.json"
    if cached.exists():
        boards = json.loads(cached.read_text())
    else:
        log("computing the preset boards' tours (once per package change)")
        boards = {f"{r}x{c}": preset_tours(r, c) for r, c in PRESET_SIZES}
        CACHE.mkdir(parents=True, exist_ok=True)
        for old in CACHE.iterdir():
            old.unlink()
        cached.write_text(json.dumps(boards))
    paths = []
    for size, tours in boards.items():
        target = dist / "presets" / f"{size}.json"
        text = json.dumps(tours, separators=(",", ":"))
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_text() != text:
            target.write_text(text)
        paths.append(target)
    return paths
