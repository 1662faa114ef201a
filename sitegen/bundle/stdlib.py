"""The precompiled, trimmed standard library the calculators boot with, and our precompiled wheel.

Pyodide's own `python_stdlib.zip` holds `.py` files only, so every start compiles about 120 modules
from source (over a second on a phone). `stdlib.mjs` runs every calculator inside the pinned
runtime in Node, keeps just the modules that imported and compiles them with that runtime's own
interpreter; it compiles our wheel's modules the same way (an import 60-80 ms faster in the browser).
`snapshot.mjs` then boots that standard library and wheel as the browser does and saves Pyodide's
memory, which a returning visitor restores instead of starting Python.
The results are cached in build/ by what they depend on, so most builds reuse them.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import NamedTuple

from rulescore.reading.folder import RulesFileError

HERE = Path(__file__).resolve().parent
# What the zip, the compiled wheel and the snapshot are made from, besides the runtime and the wheel.
MAKERS = ("stdlib.mjs", "pyodide_answers.py", "pyodide_compile.py", "snapshot.mjs")
# Members stored, not deflated: gzip over the stored zip is smaller (1.19 MB against 1.26 MB for
# Pyodide 0.29.5) and zipimport reads stored members without inflating them.
STORED = True


class Compiled(NamedTuple):
    stdlib: Path  # the trimmed standard library, .pyc only
    wheel: Path  # our wheel with its modules compiled for the same runtime
    snapshot: Path  # Pyodide's memory after booting with both and importing all of rulescore


def _python_error(stderr: str) -> str:
    """What went wrong, from Node's stderr: Python's traceback if there is one (Node prints a megabyte of
    the runtime's minified source before it), else the end."""
    start = stderr.rfind("PythonError: Traceback")
    if start < 0:
        return stderr.strip()[-600:]
    lines = stderr[start:].splitlines()
    return "\n".join(line for line in lines if not line.lstrip().startswith("at "))[:1200].strip()


def _node(script: str, *args: str) -> str:
    """Run one of our build scripts in Node; its last line of output, or a build error naming it."""
    done = subprocess.run(["node", str(HERE / script), *args], capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise RulesFileError(HERE / script, None, f"running Pyodide at build time failed: {_python_error(done.stderr)}")
    return done.stdout.strip().splitlines()[-1]


def browser_modules(wheel: Path) -> list[str]:
    """Every module of a compiled wheel the browser may import (all but the command line's)."""
    names = [
        name[:-4].replace("/", ".").removesuffix(".__init__")
        for name in zipfile.ZipFile(wheel).namelist()
        if name.endswith(".pyc")
    ]
    return sorted(name for name in names if not name.endswith("__main__"))


def precompile(runtime: Path, wheel: Path, cache: Path) -> Compiled:
    """The standard library, wheel and snapshot for this runtime and wheel, made now or taken from `cache`."""
    digest = hashlib.sha256()
    for path in [runtime / "package.json", runtime / "python_stdlib.zip", wheel, *(HERE / name for name in MAKERS)]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    digest.update(b"stored" if STORED else b"deflated")
    out = cache / digest.hexdigest()[:12]
    summary = out / "summary.json"
    if not summary.is_file():
        # A few of the latest kept: undoing an edit finds its results again, as they were.
        kept = sorted((p for p in cache.glob("*") if p.is_dir()), key=lambda p: p.stat().st_mtime)
        for old in kept[: max(len(kept) - 2, 0)] + [out]:
            shutil.rmtree(old, ignore_errors=True)
        out.mkdir(parents=True)
        try:
            made = json.loads(
                _node("stdlib.mjs", str(runtime), str(wheel), str(out), "stored" if STORED else "deflated")
            )
            compiled = out / made["wheel"]
            made["snapshot"] = json.loads(
                _node(
                    "snapshot.mjs",
                    str(runtime),
                    str(out / "stdlib.zip"),
                    str(compiled),
                    str(out / "snapshot.bin"),
                    json.dumps(browser_modules(compiled)),
                )
            )
        except RulesFileError:
            shutil.rmtree(out, ignore_errors=True)
            raise
        summary.write_text(json.dumps(made))
    out.touch()  # the latest used, so the next clearing keeps it
    made = json.loads(summary.read_text())
    return Compiled(out / "stdlib.zip", out / made["wheel"], out / "snapshot.bin")
