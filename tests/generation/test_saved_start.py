"""The saved start as the site stores it: packed by the build (Python), put back by the worker's own
script (run here in Node), byte for byte; anything else refused."""

from __future__ import annotations

import base64
import hashlib
import json
import random
import subprocess
from pathlib import Path

import pytest

from sitegen.bundle import saved_start
from tests.helpers import ROOT, shipped_parts

UNPACK = """
import { readFileSync } from "node:fs";
const { unpackSavedStart } = await import(process.argv[1]);
const cases = JSON.parse(readFileSync(0, "utf8"));
const out = cases.map(([packed, size]) => {
  const bytes = Buffer.from(packed, "base64");
  const memory = unpackSavedStart(new Uint8Array(bytes).buffer, size);
  return memory && Buffer.from(memory).toString("base64");
});
console.log(JSON.stringify(out));
"""


def unpacked(*cases: tuple[bytes, int]) -> list[bytes | None]:
    """What calculators/worker/saved_start.js makes of each (packed, size)."""
    done = subprocess.run(
        ["node", "--input-type=module", "-e", UNPACK, str(ROOT / "calculators" / "worker" / "saved_start.js")],
        input=json.dumps([[base64.b64encode(packed).decode(), size] for packed, size in cases]),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return [memory and base64.b64decode(memory) for memory in json.loads(done.stdout)]


def memory_like(seed: int) -> bytes:
    """Bytes like a wasm memory: stretches of data between runs of zeros of every length that matters
    (shorter than a gap, exactly one, longer), at the start and at the end too."""
    pick = random.Random(seed)
    parts = []
    for _ in range(40):
        zeros = pick.choice([0, 1, 100, saved_start.LEAST_GAP - 1, saved_start.LEAST_GAP, 70_000])
        parts.append(bytes(zeros))
        parts.append(bytes(pick.randrange(256) for _ in range(pick.randrange(1, 3000))))
    parts.append(bytes(pick.choice([0, saved_start.LEAST_GAP, 9000])))
    return b"".join(parts)


@pytest.mark.parametrize("seed", range(4))
def test_a_packed_memory_comes_back_byte_for_byte(seed):
    memory = memory_like(seed)
    packed = saved_start.pack(memory)
    assert len(packed) < len(memory)  # the long runs of zeros were left out
    assert saved_start.whole_size(packed) == len(memory)
    assert unpacked((packed, len(memory))) == [memory]


def test_memory_with_nothing_to_leave_out_and_all_zeros():
    dense, empty = bytes(range(1, 256)) * 20, bytes(3 * saved_start.LEAST_GAP)
    assert unpacked((saved_start.pack(dense), len(dense)), (saved_start.pack(empty), len(empty))) == [dense, empty]
    assert len(saved_start.pack(empty)) == 12  # nothing kept: the header alone


def test_anything_but_a_saved_start_of_that_size_is_refused():
    memory = memory_like(7)
    packed = saved_start.pack(memory)
    nonsense = bytes([7]) * len(memory)
    assert (
        unpacked(
            (packed, len(memory) + 1),  # another build's size
            (packed[:-1], len(memory)),  # cut short
            (packed + b"\0", len(memory)),  # something after the end
            (packed[:8], len(memory)),  # the header alone, cut
            (nonsense, len(memory)),  # not packed at all: the old way, or anything
            (b"", len(memory)),
        )
        == [None] * 6
    )
    with pytest.raises(ValueError):
        saved_start.whole_size(nonsense)


@pytest.mark.browser
def test_the_site_ships_the_saved_start_packed_and_named_by_what_it_is_made_from(built_site):
    """What the site serves is the build's memory, packed; its name changes whenever what it is made
    from does (the runtime, the wheel, the makers, the packing), so a phone's copy of the same name is
    one made from the same inputs."""
    shipped = shipped_parts(built_site)
    packed = b"".join(part.read_bytes() for part in shipped)
    (memory,) = [
        path
        for path in (ROOT / "build" / "compiled").glob("*/snapshot.bin")
        if saved_start.pack(path.read_bytes()) == packed
    ]
    made_from = memory.parent.name.encode() + Path(saved_start.__file__).read_bytes()
    name = f"pyodide-{hashlib.sha256(made_from).hexdigest()[:10]}"
    assert [part.name for part in shipped] == [f"{name}-{number}.bin" for number in range(1, len(shipped) + 1)]
    # No file the offline copy keeps comes near the 10 MiB a phone short of space refuses (saved_start.PART_BYTES).
    assert len(shipped) > 1 and max(part.stat().st_size for part in shipped) <= saved_start.PART_BYTES
    whole = memory.read_bytes()
    assert saved_start.whole_size(packed) == len(whole) and len(packed) < 0.6 * len(whole)
    assert unpacked((packed, len(whole))) == [whole]


@pytest.mark.parametrize(
    "size", [0, 1, saved_start.PART_BYTES - 1, saved_start.PART_BYTES, 2 * saved_start.PART_BYTES + 5]
)
def test_a_saved_start_is_cut_into_parts_that_join_back(size):
    packed = bytes(range(256)) * (size // 256) + bytes(size % 256)
    cut = saved_start.parts(packed)
    assert b"".join(cut) == packed
    assert all(0 < len(part) <= saved_start.PART_BYTES for part in cut)
    assert len(cut) == -(-size // saved_start.PART_BYTES)  # as few as the size allows
