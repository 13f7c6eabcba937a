"""The web app's icons: PNGs of a 4 x 4 board with a knight's path drawn on its
squares' centres, written without any imaging library (zlib and struct). Run once to
(re)make web/icons/ (the files are committed: the build copies them like any web/ file):

    python -m tools.icons
"""

from __future__ import annotations

import itertools
import struct
import zlib
from pathlib import Path

from .project import WEB

__all__ = ["ICON_SIZES", "png", "write_icons"]

ICON_SIZES = (192, 512)
LIGHT, DARK, PATH = (0xF6, 0xF4, 0xEF), (0x18, 0x80, 0x38), (0xFF, 0xFF, 0xFF)
# An open knight's path on the 4 x 4 board: square centres in board units, an L each step.
STOPS = ((0.5, 0.5), (2.5, 1.5), (1.5, 3.5), (3.5, 2.5), (2.5, 0.5))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width: int, height: int, pixel: object) -> bytes:
    """An RGB PNG whose pixel (x, y) is `pixel(x, y)` (a callable returning (r, g, b))."""
    assert callable(pixel)
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # no filter
        for x in range(width):
            rows.extend(pixel(x, y))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + _chunk(b"IEND", b"")


def _near_path(x: float, y: float, width: float) -> bool:
    for (ax, ay), (bx, by) in itertools.pairwise(STOPS):
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
        if (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 <= width * width:
            return True
    return False


def icon(size: int) -> bytes:
    def pixel(x: int, y: int) -> tuple[int, int, int]:
        bx, by = 4 * (x + 0.5) / size, 4 * (y + 0.5) / size
        if _near_path(bx, by, 0.12):
            return PATH
        return DARK if (int(bx) + int(by)) % 2 else LIGHT

    return png(size, size, pixel)


def write_icons(folder: Path = WEB / "icons") -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for size in ICON_SIZES:
        path = folder / f"icon-{size}.png"
        path.write_bytes(icon(size))
        paths.append(path)
    return paths


if __name__ == "__main__":
    for path in write_icons():
        print(path, path.stat().st_size)
