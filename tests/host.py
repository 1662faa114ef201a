"""What a real host and a phone's link do, for the test server: the headers a build asks a host to send,
compression as a host does it, and one slow link every response shares."""

from __future__ import annotations

import gzip
import hashlib
import threading
import time
from pathlib import Path


def host_headers(folder: Path | None) -> list[tuple[str, str, str]]:
    """(path pattern, header, value) from a built site's `_headers` file (none if it has none)."""
    if folder is None or not (Path(folder) / "_headers").is_file():
        return []
    found, pattern = [], "/*"
    for line in (Path(folder) / "_headers").read_text(encoding="utf-8").splitlines():
        if line and not line[0].isspace():
            pattern = line.strip()
        elif line.strip():
            name, _, value = line.strip().partition(":")
            found.append((pattern, name.strip(), value.strip()))
    return found


_PACKED: dict[tuple[str, bytes], bytes] = {}
_PACKING = threading.Lock()


def packed(data: bytes, encoding: str) -> bytes:
    """`data` gzipped (level 6, a server's default) or brotli'd (quality 11, as a host precompresses
    static files); each content is compressed once per process, as a host compresses a file once."""
    key = (encoding, hashlib.sha256(data).digest())
    with _PACKING:
        if key not in _PACKED:
            if encoding == "br":
                import brotli  # the benchmark's host only

                _PACKED[key] = brotli.compress(data, quality=11)
            else:
                _PACKED[key] = gzip.compress(data, 6)
        return _PACKED[key]


class Link:
    """One slow link that every response shares: a block is sent when the link is free for it."""

    def __init__(self, rate: int) -> None:
        self.rate = rate
        self.free_at = 0.0
        self.lock = threading.Lock()

    def reserve(self, size: int) -> float:
        """Book `size` bytes on the link; the seconds to wait before sending them."""
        with self.lock:
            now = time.monotonic()
            self.free_at = max(now, self.free_at) + size / self.rate
            return self.free_at - now
