"""The app icons, drawn here (a die face on the site's brown), written as PNG with the standard library."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable

BROWN = (121, 85, 72)
BONE = (250, 243, 230)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(size: int, pixel: Callable[[float, float], tuple[int, int, int]]) -> bytes:
    """A size x size RGB PNG whose colour at (x, y) is pixel(x / size, y / size)."""
    rows = bytearray()
    for y in range(size):
        rows.append(0)  # no filter
        for x in range(size):
            rows.extend(pixel((x + 0.5) / size, (y + 0.5) / size))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + _chunk(b"IEND", b"")
    )


def die_face(x: float, y: float) -> tuple[int, int, int]:
    """A three-pip die face, inside the safe zone of a maskable icon."""
    inset, corner = 0.24, 0.08
    dx = max(inset + corner - x, 0, x - (1 - inset - corner))
    dy = max(inset + corner - y, 0, y - (1 - inset - corner))
    inside = dx * dx + dy * dy <= corner * corner
    if not inside:
        return BROWN
    for px, py in ((0.37, 0.37), (0.5, 0.5), (0.63, 0.63)):
        if (x - px) ** 2 + (y - py) ** 2 <= 0.045**2:
            return BROWN
    return BONE


def icons() -> dict[str, bytes]:
    """File name -> PNG bytes, for the web app manifest."""
    return {f"icon-{size}.png": png(size, die_face) for size in (192, 512)}
