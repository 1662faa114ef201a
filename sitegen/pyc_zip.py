"""Runs inside Pyodide at build time: a standard library of precompiled modules, made by the
runtime's own interpreter, so the bytecode always matches the runtime (no host Python needed).

Standard library only.
"""

from __future__ import annotations

import importlib.util
import marshal
import zipfile

# A .pyc header: magic, flags 0 (timestamp-based), then mtime and size. With no .py beside it in
# the zip, zipimport does not check the timestamp, so zeros keep the output reproducible.
HEADER = importlib.util.MAGIC_NUMBER + bytes(12)
FIXED_DATE = (1980, 1, 1, 0, 0, 0)


def write(source_zip: str, files: list[str], out: str, stored: bool) -> int:
    """Compile each listed `.py` of `source_zip` to `.pyc` into `out`; return the number written."""
    method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(source_zip) as source, zipfile.ZipFile(out, "w", method) as target:
        for name in sorted(files):
            code = compile(source.read(name), f"{source_zip}/{name}", "exec", dont_inherit=True)
            entry = zipfile.ZipInfo(name[:-3] + ".pyc", FIXED_DATE)
            entry.compress_type = method
            target.writestr(entry, HEADER + marshal.dumps(code))
    return len(files)
