"""Runs inside Pyodide at build time: a standard library of precompiled modules, and our wheel
precompiled, both made by the runtime's own interpreter, so the bytecode always matches the runtime
(no host Python of the same version is needed).

Standard library only.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import marshal
import os
import zipfile

# A .pyc header: magic, flags 0 (timestamp-based), then mtime and size. With no .py beside it in
# the zip, zipimport does not check the timestamp, so zeros keep the output reproducible.
HEADER = importlib.util.MAGIC_NUMBER + bytes(12)
FIXED_DATE = (1980, 1, 1, 0, 0, 0)


# Docstrings and asserts left out (as `python -OO`): nothing the calculators run reads a docstring,
# and the standard library shrinks by a sixth (gzip 1.17 -> 0.98 MB for Pyodide 0.29.5).
OPTIMIZE = 2


def write(source_zip: str, files: list[str], out: str, stored: bool) -> int:
    """Compile each listed `.py` of `source_zip` to `.pyc` into `out`; return the number written."""
    method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(source_zip) as source, zipfile.ZipFile(out, "w", method) as target:
        for name in sorted(files):
            code = compile(source.read(name), f"{source_zip}/{name}", "exec", dont_inherit=True, optimize=OPTIMIZE)
            entry = zipfile.ZipInfo(name[:-3] + ".pyc", FIXED_DATE)
            entry.compress_type = method
            target.writestr(entry, HEADER + marshal.dumps(code))
    return len(files)


def compile_wheel(wheel: str, out_folder: str, python_tag: str) -> str:
    """A copy of a pure-Python wheel with every module compiled (no .py left); returns its path.

    The result runs only on this runtime's Python, so its tag names it (cp313, not py3).
    """
    name, version, _, abi, platform = os.path.basename(wheel)[:-4].split("-")
    out = f"{out_folder}/{name}-{version}-{python_tag}-{abi}-{platform}.whl"
    members: list[tuple[str, bytes]] = []
    record_name = ""
    with zipfile.ZipFile(wheel) as source:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                record_name = info.filename
                continue
            if info.filename.endswith(".dist-info/WHEEL"):
                data = data.replace(b"Tag: py3-none-any", f"Tag: {python_tag}-{abi}-{platform}".encode())
            if info.filename.endswith(".py"):
                code = compile(data, info.filename, "exec", dont_inherit=True, optimize=OPTIMIZE)
                members.append((info.filename[:-3] + ".pyc", HEADER + marshal.dumps(code)))
            else:
                members.append((info.filename, data))
    lines = []
    for member, data in members:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        lines.append(f"{member},sha256={digest},{len(data)}")
    lines.append(f"{record_name},,")
    members.append((record_name, ("\n".join(lines) + "\n").encode()))
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:  # the host's gzip does better across files
        for member, data in members:
            entry = zipfile.ZipInfo(member, FIXED_DATE)
            target.writestr(entry, data)
    return out
