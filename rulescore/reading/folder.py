"""The one reader of rules/: each TOML file with its text, its data and the line a key is on.

rulescore (numbers and assumptions) and sitegen (metadata, glossaries, topics, edition notes) read
rules/ through it, once per build, so every broken file is reported the same way: `file:line: reason`.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any


class RulesFileError(Exception):
    """A file in rules/ the build or the calculators cannot use: where it is and why, on one line."""

    def __init__(self, path: Path | str, line: int | None, reason: str) -> None:
        self.path = Path(path)
        self.line = line
        self.reason = reason
        where = f"{self.path}:{line}" if line else f"{self.path}"
        super().__init__(f"{where}: {reason}")


# The files of a ruleset folder that rulescore reads (sitegen reads the text and the rest).
METADATA = "ruleset.toml"
NUMBERS = "numbers.toml"
ASSUMPTIONS_FILE = "assumptions.toml"
GLOSSARY = "glossary.toml"  # read by rulescore.web, which marks game terms in an answer


class TomlFile:
    """One TOML file of rules/: where it is, its text (for line numbers) and what it says."""

    def __init__(self, path: Path, raw: str, data: dict[str, Any]) -> None:
        self.path, self.raw, self.data = path, raw, data
        self.lines = raw.splitlines()

    def line(self, table: str | None, key: str | None = None) -> int | None:
        """The line of `[table]` (or of `key` in it; a top-level key when table is None)."""
        inside = table is None
        for number, text in enumerate(self.lines, start=1):
            stripped = text.strip()
            if stripped.startswith("["):
                inside = stripped.strip("[] ") == table
                if inside and key is None:
                    return number
                continue
            if inside and key and stripped.split("=")[0].strip().strip('"') == key:
                return number
        return None

    def fail(self, table: str | None, key: str | None, reason: str) -> RulesFileError:
        return RulesFileError(self.path, self.line(table, key) or self.line(table), reason)


def line_of(text: str, needle: str) -> int | None:
    """The first line (1-based) of `text` holding `needle`: an entry a key alone does not find."""
    return next((number for number, line in enumerate(text.splitlines(), start=1) if needle in line), None)


def toml_line(error: Exception) -> int | None:
    """The line a TOML syntax error is on (its message says "at line N")."""
    match = re.search(r"at line (\d+)", str(error))
    return int(match.group(1)) if match else None


def read_toml(path: Path) -> TomlFile:
    """A TOML file read and parsed; a syntax error names the file and line."""
    import tomllib  # only where the TOML itself is read: at build time, or in a checkout

    data = path.read_bytes()
    try:
        raw = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise RulesFileError(path, line, f"not UTF-8 text (byte {data[error.start]:#04x})") from None
    try:
        file = TomlFile(path, raw, tomllib.loads(raw))
    except tomllib.TOMLDecodeError as error:
        raise RulesFileError(path, toml_line(error), f"not valid TOML: {error}") from None
    for text in _strings(file.data):
        if "<" in text or ">" in text:  # a contributed file is plain text: markup is never taken from it
            mark = "<" if "<" in text else ">"
            raise RulesFileError(
                path, line_of(raw, mark), f"'{mark}' in a value: rules files hold plain text, not markup"
            )
        reference = CHARACTER_REFERENCE.search(text)
        if reference:  # "&lt;" would show as "<" wherever an engine writes a title unescaped
            raise RulesFileError(
                path,
                line_of(raw, reference.group(0)),
                f"'{reference.group(0)}' in a value: rules files hold plain text, not markup; write the character itself",
            )
    return file


CHARACTER_REFERENCE = re.compile(r"&(#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")


def _strings(value: object) -> Iterator[str]:
    """Every string in a TOML value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


class RulesFolder(Mapping[str, TomlFile]):
    """Every TOML file of a rules/ folder, read once: "topics.toml", "<id>/numbers.toml", ... -> TomlFile;
    `folders` are the ruleset folders (every folder not hidden, a ruleset.toml or not)."""

    def __init__(self, root: Path, files: dict[str, TomlFile], folders: list[str]) -> None:
        self.root, self._files, self.folders = root, files, folders

    def __getitem__(self, name: str) -> TomlFile:
        return self._files[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._files)

    def __len__(self) -> int:
        return len(self._files)


def read_folder(root: Path) -> RulesFolder:
    """rules/ as the build reads it: its own TOML files, then each ruleset folder's, in name order."""
    folders = sorted(p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
    paths = sorted(root.glob("*.toml")) + [p for name in folders for p in sorted((root / name).glob("*.toml"))]
    return RulesFolder(root, {p.relative_to(root).as_posix(): read_toml(p) for p in paths}, folders)


# In the wheel: {"<id>/<name>": {"text": ..., "data": ...}}, what read_folder read at build time
# (sitegen/bundle/assets.py writes it), so a browser starts without importing and running a TOML parser
# (~30 ms on a fast machine, four times that on a slow phone).
PARSED = "rules.json"


# What rulescore reads of each ruleset folder.
READ = (METADATA, NUMBERS, ASSUMPTIONS_FILE, GLOSSARY)


def parsed_files(files: Mapping[str, TomlFile]) -> dict[str, dict[str, Any]]:
    """What the wheel carries of rules/, as rules.json holds it: each ruleset's files that rulescore reads."""
    return {
        name: {"text": file.raw, "data": file.data}
        for name, file in files.items()
        if "/" in name and name.split("/", 1)[1] in READ and f"{name.split('/')[0]}/{METADATA}" in files
    }


@cache  # read once: the mechanics read their files from it, rulescore.web its glossaries
def rules_files() -> Mapping[str, TomlFile]:
    """The wheel's rules.json, or the rules/ folder of the checkout rulescore sits in."""
    package = os.path.dirname(os.path.dirname(__file__))  # rules.json sits at the top of rulescore/
    try:
        parsed = __spec__.loader.get_data(f"{package}/{PARSED}")  # type: ignore[union-attr]  # the wheel's own loader reads data
    except OSError:
        return read_folder(Path(package).resolve().parent / "rules")
    return {
        name: TomlFile(Path("rules") / name, entry["text"], entry["data"]) for name, entry in json.loads(parsed).items()
    }
