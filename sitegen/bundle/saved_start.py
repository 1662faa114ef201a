"""A returning visitor's saved start as the site stores it: Pyodide's memory without its long runs of
zeros, which are half of it, so the offline copy keeps and the worker reads half the bytes.

The layout, in little-endian 32-bit words: MAGIC, the memory's whole size, the number of kept runs,
each run's (offset, length), then the runs' bytes one after another, cut into parts (`parts`).
calculators/saved_start.js puts the memory back together in the browser.
"""

from __future__ import annotations

import re
import struct

MAGIC = 0x31535352  # "RSS1" as bytes on disk; the worker refuses anything else
# Runs of zeros shorter than this are kept: a run costs 8 bytes to describe, and few short ones save little.
LEAST_GAP = 4096


def pack(memory: bytes) -> bytes:
    """`memory` with its runs of LEAST_GAP or more zero bytes left out."""
    kept: list[tuple[int, int]] = []
    at = 0
    for gap in re.finditer(rb"\0{%d,}" % LEAST_GAP, memory):
        if gap.start() > at:
            kept.append((at, gap.start() - at))
        at = gap.end()
    if at < len(memory):
        kept.append((at, len(memory) - at))
    head = struct.pack(f"<3I{2 * len(kept)}I", MAGIC, len(memory), len(kept), *(n for run in kept for n in run))
    return head + b"".join(memory[start : start + length] for start, length in kept)


def whole_size(packed: bytes) -> int:
    """The size of the memory a packed saved start holds."""
    magic, size = struct.unpack_from("<2I", packed)
    if magic != MAGIC:
        raise ValueError("not a packed saved start")
    return int(size)


# Each part a file the offline copy keeps: Chromium's service worker fails to keep a response over 10 MiB
# on a phone with less than about 4 GB free (measured here, NetworkError), so none comes near it.
PART_BYTES = 4 * 1024 * 1024


def parts(packed: bytes) -> list[bytes]:
    """`packed` cut into files of at most PART_BYTES, in order: the worker joins them."""
    return [packed[at : at + PART_BYTES] for at in range(0, len(packed), PART_BYTES)]
