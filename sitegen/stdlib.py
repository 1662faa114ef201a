"""The precompiled, trimmed standard library the calculators boot with, and our precompiled wheel.

Pyodide's own `python_stdlib.zip` holds `.py` files only, so every start compiles about 120 modules
from source (over a second on a phone). `stdlib.mjs` runs every calculator inside the pinned
runtime in Node, keeps just the modules that imported and compiles them with that runtime's own
interpreter; it compiles our wheel's modules the same way (an import 60-80 ms faster in the browser).
The result is cached in build/ by what it depends on, so most builds reuse it.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path
from typing import NamedTuple

from sitegen.errors import SourceError

HERE = Path(__file__).resolve().parent
# What the zip is made from, besides the runtime and the wheel.
MAKERS = ("stdlib.mjs", "session.py", "pyc_zip.py")
# Members stored, not deflated: gzip over the stored zip is smaller (1.19 MB against 1.26 MB for
# Pyodide 0.29.5) and zipimport reads stored members without inflating them.
STORED = True


class Compiled(NamedTuple):
    stdlib: Path  # the trimmed standard library, .pyc only
    wheel: Path  # our wheel with its modules compiled for the same runtime


def precompile(runtime: Path, wheel: Path, cache: Path) -> Compiled:
    """The standard library and wheel for this runtime and wheel, made now or taken from `cache`."""
    digest = hashlib.sha256()
    for path in [runtime / "package.json", runtime / "python_stdlib.zip", wheel, *(HERE / name for name in MAKERS)]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    digest.update(b"stored" if STORED else b"deflated")
    out = cache / digest.hexdigest()[:12]
    summary = out / "summary.json"
    if not summary.is_file():
        shutil.rmtree(cache, ignore_errors=True)
        out.mkdir(parents=True)
        done = subprocess.run(
            ["node", str(HERE / "stdlib.mjs"), str(runtime), str(wheel), str(out), "stored" if STORED else "deflated"],
            capture_output=True, text=True, timeout=600,
        )
        if done.returncode != 0:
            shutil.rmtree(out, ignore_errors=True)
            raise SourceError(HERE / "stdlib.mjs", None, f"compiling for Pyodide failed: {done.stderr.strip()[-600:]}")
        summary.write_text(done.stdout.strip().splitlines()[-1])
    made = json.loads(summary.read_text())
    return Compiled(out / "stdlib.zip", out / made["wheel"])
