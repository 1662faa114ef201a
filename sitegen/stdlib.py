"""The precompiled, trimmed standard library the calculators boot with.

Pyodide's own `python_stdlib.zip` holds `.py` files only, so every start compiles about 120 modules
from source (over a second on a phone). `stdlib.mjs` runs every calculator inside the pinned
runtime in Node, keeps just the modules that imported and compiles them with that runtime's own
interpreter. The result is cached in build/ by what it depends on, so most builds reuse it.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

from sitegen.errors import SourceError

HERE = Path(__file__).resolve().parent
# What the zip is made from, besides the runtime and the wheel.
MAKERS = ("stdlib.mjs", "session.py", "pyc_zip.py")
# Members stored, not deflated: gzip over the stored zip is smaller (1.19 MB against 1.26 MB for
# Pyodide 0.29.5) and zipimport reads stored members without inflating them.
STORED = True


def precompiled_stdlib(runtime: Path, wheel: Path, cache: Path) -> Path:
    """The zip for this runtime and wheel, made now or taken from `cache`."""
    digest = hashlib.sha256()
    for path in [runtime / "package.json", runtime / "python_stdlib.zip", wheel, *(HERE / name for name in MAKERS)]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    digest.update(b"stored" if STORED else b"deflated")
    out = cache / f"stdlib-{digest.hexdigest()[:12]}.zip"
    if out.is_file():
        return out
    shutil.rmtree(cache, ignore_errors=True)
    cache.mkdir(parents=True)
    partial = out.with_suffix(".part")
    done = subprocess.run(
        ["node", str(HERE / "stdlib.mjs"), str(runtime), str(wheel), str(partial), "stored" if STORED else "deflated"],
        capture_output=True, text=True, timeout=600,
    )
    if done.returncode != 0 or not partial.is_file():
        raise SourceError(HERE / "stdlib.mjs", None, f"compiling the standard library in Pyodide failed: {done.stderr.strip()[-600:]}")
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    (cache / "modules.txt").write_text("\n".join(summary["files"]) + "\n")
    partial.rename(out)
    return out
