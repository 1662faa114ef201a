"""Each ruleset's movement numbers, read from `rules/<id>/numbers.toml` beside its text.

Every value carries the section of the text it comes from, or the assumption (an id on the
assumptions page) that stands in where the text is silent. A table's `section` holds for its
values unless one names its own: `max_height = { value = 7, section = "climbing" }`. A ruleset
that is another with changes says `inherit = "<id>"` and gives only what differs.

The schema below is the whole vocabulary: a key, value or assumption it does not know stops the
load with `file:line: reason`. A mechanic a ruleset does not give is None: the calculators refuse it
rather than guess. The wheel carries a copy of rules/ (the build puts it there); in a checkout
rulescore reads the rules/ folder beside it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple

from rulescore.address import section_href, slugify
from rulescore.assumptions import GENERAL, Assumption
from rulescore.charging import read_move
from rulescore.falling import KINDS as FALL_KINDS
from rulescore.rolls import read_dice, read_injury, read_test
from rulescore.rule import OnFirstUse, Rule, RulesFileError

METADATA = "ruleset.toml"
NUMBERS = "numbers.toml"
ASSUMPTIONS_FILE = "assumptions.toml"


# What each kind of value may be: a reader that returns it or raises ValueError saying what is wrong.
def _inches(value: Any) -> int | Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise ValueError("must be a number of inches (0 or more)")
    return value if isinstance(value, int) else Fraction(str(value))


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError("must be a whole number, 1 or more")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("must be some words in quotes")
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("must be true or false")
    return value


def _one_of(*allowed: str) -> Callable[[Any], str]:
    def read(value: Any) -> str:
        if value not in allowed:
            raise ValueError(f"must be one of: {', '.join(repr(a) for a in allowed)}")
        return value

    return read


def _fraction(value: Any) -> Fraction:
    try:
        return Fraction(str(value))
    except ValueError:
        raise ValueError('must be a fraction such as "1/2"') from None


def _states(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError('must be a list of enemy states, e.g. ["fleeing", "stunned"]')
    return tuple(value)


def _barrier(value: Any) -> tuple[int, str]:
    words = str(value).rsplit(" ", 1)
    if len(words) != 2 or words[0] not in ("under", "up to") or not words[1].isdigit():
        raise ValueError("must be 'under N' or 'up to N' (inches)")
    return int(words[1]), words[0]


def _flee(value: Any) -> tuple:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError('must be two dice: Movement 6 or less, then more (["2D6", "3D6"])')
    return tuple(read_dice(v) for v in value)


def _hiding_stops(value: Any) -> str:
    """What an action this turn does to hiding: it may not hide at all, or it gives itself away."""
    return _one_of("cannot hide", "spotted")(value)


def _limit(value: Any) -> str | int:
    return "Movement" if value == "Movement" else _inches(value)


class Charge(NamedTuple):
    """How far a charge goes and what can stop it."""

    section: str  # where the charge calculator sits
    move: Rule  # DoubleMove or DiceMove (charging.py)
    cap: Rule | None = None  # greatest total a charge roll may take Movement to
    ends_within: Rule | None = None  # inches from the target that count as reaching it
    base_contact: Rule | None = None  # the text says a charge ends in base contact with its target
    detect_unseen: Rule | None = None  # an unseen target this close may be detected with a test
    needs_sight: Rule | None = None  # a target out of sight cannot be charged at all
    interception: Rule | None = None  # "blocks", "enemy-chooses" or "becomes-target"
    interception_range: Rule | None = None
    failed: Rule | None = None  # what a charger that falls short does
    stand_and_shoot: Rule | None = None  # more than this many times the charge move away: may shoot
    flee: Rule | None = None  # (dice when Movement <= 6, dice when more)
    strike_first: Rule | None = None
    intercept_fear: Rule | None = None  # Test: an interceptor that fears the charger must pass it to intercept
    engaged_holds: Rule | None = None  # a charged unit already in combat may only hold
    obstacles: Rule | None = None  # what a charge may go around, in our words


class Run(NamedTuple):
    section: str
    multiplier: Rule
    enemy_range: Rule  # no counting enemy within this many inches at the start of the turn
    ignored_states: Rule  # enemy states that do not stop a run


class JumpDown(NamedTuple):
    section: str
    max_height: Rule
    test_every: Rule  # one test per full this-many inches
    over_max: Rule  # "not-allowed" or "falls"
    fall_stops: Rule | None = None  # what a model that fell may not do after, in the text's terms
    measure_first: Rule | None = None  # may the drop be measured first (never as part of a charge)


class DivingCharge(NamedTuple):
    section: str
    enemy_range: Rule  # enemy within this many inches of the landing point
    max_height: Rule
    test_every: Rule
    bonus: Rule  # what a clean landing gives


class Gap(NamedTuple):
    section: str
    max_gap: Rule
    uses_movement: Rule
    measure_first: Rule  # may the player measure before jumping
    test: Rule | None = None  # an Initiative test after covering the distance, or None
    in_charge: Rule | None = None  # may be jumped as part of a charge or a run


class Climb(NamedTuple):
    section: str
    limit: Rule  # "Movement" (up to Movement) or a number of inches
    tests: Rule  # Initiative tests taken
    fail_up: Rule
    fail_down: Rule
    touching: Rule | None = None  # must touch what it climbs at the start of its movement phase
    no_run: Rule | None = None  # a model that climbs cannot run


class Hiding(NamedTuple):
    section: str
    spotted_within: Rule  # "Initiative": enemies spot hidden models within their I in inches
    also: Rule | None = None  # more the text says about hiding, in our words
    enemy_moves: Rule | None = None  # spotted when an enemy moves within range, not whenever one is there
    cannot_be_charged: Rule | None = None
    # What each thing the model did this turn does to hiding ("cannot hide" or "spotted"); None: nothing.
    moved: Rule | None = None  # a move of more than a half-move
    ran: Rule | None = None
    charged: Rule | None = None
    fled: Rule | None = None
    stunned: Rule | None = None
    fell: Rule | None = None
    shot: Rule | None = None
    cast: Rule | None = None


# The things a model may have done this turn that hiding rules name, as the hiding calculator asks them.
HIDING_ACTIONS = ("moved", "ran", "charged", "fled", "stunned", "fell", "shot", "cast")


# Table -> (its type, key -> reader). Each key of a type without a default is required.
TABLES: dict[str, tuple[type, dict[str, Callable[[Any], Any]]]] = {
    "charge": (
        Charge,
        {
            "move": read_move,
            "cap": _inches,
            "ends_within": _inches,
            "base_contact": _flag,
            "detect_unseen": _inches,
            "needs_sight": _flag,
            "interception": _one_of("blocks", "enemy-chooses", "becomes-target"),
            "interception_range": _inches,
            "failed": _text,
            "stand_and_shoot": _fraction,
            "flee": _flee,
            "strike_first": _flag,
            "intercept_fear": read_test,
            "engaged_holds": _flag,
            "obstacles": _text,
        },
    ),
    "run": (Run, {"multiplier": _count, "enemy_range": _inches, "ignored_states": _states}),
    "jump_down": (
        JumpDown,
        {
            "max_height": _inches,
            "test_every": _inches,
            "over_max": _one_of("not-allowed", "falls"),
            "fall_stops": _text,
            "measure_first": _flag,
        },
    ),
    "diving_charge": (
        DivingCharge,
        {"enemy_range": _inches, "max_height": _inches, "test_every": _inches, "bonus": _text},
    ),
    "gap": (
        Gap,
        {
            "max_gap": _inches,
            "uses_movement": _flag,
            "measure_first": _flag,
            "test": _one_of("initiative"),
            "in_charge": _flag,
        },
    ),
    "climb": (
        Climb,
        {"limit": _limit, "tests": _count, "fail_up": _text, "fail_down": _text, "touching": _flag, "no_run": _flag},
    ),
    "hiding": (
        Hiding,
        {
            "spotted_within": _one_of("Initiative"),
            "also": _text,
            "enemy_moves": _flag,
            "cannot_be_charged": _flag,
            **{action: _hiding_stops for action in HIDING_ACTIONS},
        },
    ),
    "fall": (
        None,
        {  # the kind is chosen by its key: hits (StrengthHits) or roll (WoundRoll)
            "hits": read_dice,
            "roll": read_test,
            "wounds_on": _count,
            "toughness": _one_of("modifier"),
            "injury": read_injury,
            "least": _inches,
        },
    ),
}
# Tables of any keys, each one value of the same kind: ground type -> inches spent per inch moved.
COSTS = {"terrain": _count}
# Single values at the top of the file: each gives its own section.
SINGLE: dict[str, Callable[[Any], Any]] = {
    "test": read_test,  # the characteristic test
    "edge_fall": _inches,  # a downed model this close to an edge may fall
    "barrier": _barrier,  # obstacles crossed at no cost
    "half_move": _text,  # a move that still lets the model shoot or hide
    "railings": _flag,  # no fall off an edge with railings or low walls on all sides
}


class Ruleset(NamedTuple):
    """The movement rules of one ruleset, as its numbers.toml gives them."""

    id: str
    title: str
    game: str
    chapter: str  # the chapter page's slug
    order: int
    test: Rule | None = None  # value: rolls.Test
    fall: Any = None  # falling.StrengthHits or falling.WoundRoll
    charge: Charge | None = None
    run: Run | None = None
    terrain: dict[str, Rule] | None = None  # ground type -> inches spent per inch moved
    jump_down: JumpDown | None = None
    diving_charge: DivingCharge | None = None
    gap: Gap | None = None
    climb: Climb | None = None
    hiding: Hiding | None = None
    edge_fall: Rule | None = None
    barrier: Rule | None = None  # (inches, "under" or "up to")
    half_move: Rule | None = None
    railings: Rule | None = None
    citations: tuple[Citation, ...] = ()  # where each value's section is written

    def href(self, section: str | None = None, root: str = "", page: bool = False) -> str:
        """Where a section is, from the site root (or from a page, given the way back to the root)."""
        return section_href(self.id, self.chapter, section, root, page)

    def sections(self) -> set[str]:
        """Every section this ruleset's numbers cite (the build checks each one exists)."""
        return {citation.section for citation in self.citations}


class Citation(NamedTuple):
    """Where a value's section is written: a file, a table (None at the top) and a key."""

    section: str
    file: _File
    table: str | None
    key: str

    @property
    def path(self) -> Path:
        return self.file.path

    @property
    def line(self) -> int | None:
        """Found only when asked (a wrong section at build time): a browser never reads it."""
        return self.file.line(self.table, self.key)


def toml_line(error) -> int | None:
    """The line a TOML syntax error is on (its message says "at line N")."""
    match = re.search(r"at line (\d+)", str(error))
    return int(match.group(1)) if match else None


class _File:
    """One TOML file of a ruleset: where it is, its text (for line numbers) and what it says."""

    def __init__(self, path: Path, raw: str, data: dict) -> None:
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


def _rule(
    file: _File,
    table: str | None,
    key: str,
    raw: Any,
    reader: Callable,
    default_section: str | None,
    known: Mapping[str, Assumption],
) -> tuple[Rule, int | None]:
    """One value with where it comes from; the line it is on, for the citation."""
    where = f"[{table}] {key}" if table else key
    section, assumption, raw_given = default_section, None, raw
    if isinstance(raw, dict):
        extra = set(raw) - {"value", "section", "assumption"}
        if "value" not in raw or extra:
            raise file.fail(
                table,
                key,
                f"{where}: a table here holds value, and section or assumption "
                f"({'unknown ' + ', '.join(sorted(extra)) if extra else 'no value'})",
            )
        section, assumption, raw = raw.get("section", section), raw.get("assumption"), raw["value"]
    if section is not None and not isinstance(section, str):
        raise file.fail(table, key, f"{where}: section must be a section anchor in quotes")
    if assumption is not None and assumption not in known:
        raise file.fail(
            table,
            key,
            f"{where}: unknown assumption '{assumption}' (give it in this folder's "
            f"{ASSUMPTIONS_FILE}, or use one of: {', '.join(known)})",
        )
    if not section and assumption is None:  # `section = ""` (not in this text) needs an assumption
        raise file.fail(
            table,
            key,
            f"{where}: say where this comes from: a section of the text (the table's "
            "`section`, or its own) or an assumption",
        )
    try:
        value = reader(raw)
    except ValueError as error:
        raise file.fail(
            table, key, f"{where} {error}" if str(error).startswith("must") else f"{where}: {error}"
        ) from None
    own_section = isinstance(raw_given, dict) and "section" in raw_given
    # The line a wrong section is reported at: where that section is written.
    return Rule(value, section or None, assumption), (table, key if own_section or table is None else "section")


def _read_numbers(file: _File, known: Mapping[str, Assumption]) -> tuple[str | None, dict]:
    """What one numbers.toml says: its `inherit`, and table -> key -> (Rule, file, where its section is)."""
    found: dict[str, dict[str, tuple[Rule, _File, tuple]]] = {}
    inherit = file.data.get("inherit")
    if inherit is not None and not isinstance(inherit, str):
        raise file.fail(None, "inherit", "inherit must be a ruleset id in quotes")
    for name, body in file.data.items():
        if name == "inherit":
            continue
        if name in SINGLE:
            rule, line = _rule(file, None, name, body, SINGLE[name], None, known)
            found[name] = {"": (rule, file, line)}
            continue
        if name not in TABLES and name not in COSTS:
            names = ", ".join(["inherit", *SINGLE, *TABLES, *COSTS])
            raise (
                file.fail(None, name, f"unknown key '{name}' (known: {names})")
                if not isinstance(body, dict)
                else RulesFileError(file.path, file.line(name), f"unknown table [{name}] (known: {names})")
            )
        if not isinstance(body, dict):
            raise file.fail(None, name, f"'{name}' must be a table: [{name}]")
        section = body.get("section")
        readers = TABLES[name][1] if name in TABLES else None
        found[name] = {}
        for key, raw in body.items():
            if key == "section":
                continue
            if readers is not None and key not in readers:
                raise file.fail(name, key, f"[{name}] has no key '{key}' (known: section, {', '.join(readers)})")
            rule, line = _rule(file, name, key, raw, readers[key] if readers else COSTS[name], section, known)
            found[name][key] = (rule, file, line)
        if name in TABLES and section is not None:
            found[name][""] = (Rule(section, section), file, (name, "section"))  # the table's own section
    return inherit, found


def _resolve(
    files: dict[str, _File], ruleset_id: str, ids: set[str], known: Mapping[str, Assumption], seen: tuple[str, ...] = ()
) -> dict:
    """A ruleset's numbers with what it inherits filled in (its own values win, key by key)."""
    file = files.get(f"{ruleset_id}/{NUMBERS}")
    if file is None:
        return {}
    inherit, own = _read_numbers(file, known)
    if inherit is None:
        return own
    if inherit not in ids or inherit in seen + (ruleset_id,):
        why = "inherits from itself" if inherit in seen + (ruleset_id,) else "is not a ruleset folder in rules/"
        raise file.fail(None, "inherit", f"inherit '{inherit}' {why}")
    merged = {
        table: dict(values) for table, values in _resolve(files, inherit, ids, known, seen + (ruleset_id,)).items()
    }
    for table, values in own.items():
        merged.setdefault(table, {}).update(values)
    return merged


def _build(file: _File | None, meta: dict, numbers: dict) -> Ruleset:
    """One ruleset from its metadata and resolved numbers; `file` (its numbers.toml) is named in errors."""
    parts: dict[str, Any] = {}
    citations = []
    for table, values in numbers.items():
        for rule, source, line in values.values():
            if rule.section:
                citations.append(Citation(rule.section, source, *line))
        rules = {key: rule for key, (rule, _, _) in values.items()}
        if table in SINGLE:
            parts[table] = rules[""]
        elif table in COSTS:
            parts[table] = rules
        else:
            section = rules.pop("", Rule(None, None)).value
            if not section:
                raise file.fail(table, None, f"[{table}] needs a section: where the calculator sits")
            kind = TABLES[table][0]
            if table == "fall":
                chosen = [name for name in FALL_KINDS if name in rules]
                if len(chosen) != 1:
                    raise file.fail(
                        table,
                        None,
                        "[fall] needs exactly one of " + " or ".join(FALL_KINDS) + " (which kind of fall this is)",
                    )
                kind = FALL_KINDS[chosen[0]]
            unknown = set(rules) - set(kind._fields)
            missing = [f for f in kind._fields if f != "section" and f not in rules and f not in kind._field_defaults]
            if unknown or missing:
                what = f"needs {', '.join(missing)}" if missing else f"does not take {', '.join(sorted(unknown))} here"
                raise file.fail(table, None, f"[{table}] {what}")
            parts[table] = kind(section=section, **rules)
    tested = [name for name in ("jump_down", "diving_charge", "climb", "edge_fall") if name in parts]
    tested += ["gap"] if "gap" in parts and parts["gap"].test else []
    tested += ["charge"] if "charge" in parts and parts["charge"].detect_unseen else []
    if tested and "test" not in parts:
        raise RulesFileError(
            file.path,
            file.line(tested[0]) or file.line(None, tested[0]),
            f"{tested[0]} takes Initiative tests: give the ruleset's test, e.g. "
            'test = { value = "D6 under, a 6 fails", section = "..." }',
        )
    return Ruleset(
        id=meta["id"],
        title=meta["title"],
        game=meta["game"],
        chapter=slugify(meta["chapter"]),
        order=meta.get("order", 100),
        citations=tuple(citations),
        **parts,
    )


def _read_assumptions(file: _File, known: dict[str, Assumption]) -> None:
    """A ruleset's assumptions.toml: [[assumption]] entries with id, title, text and source, added to `known`."""
    path = file.path
    for key in file.data:
        if key != "assumption":
            raise file.fail(None, key, f"unknown key '{key}': this file holds [[assumption]] entries only")
    for entry in file.data.get("assumption", []):
        where = next((n for n, text in enumerate(file.lines, start=1) if f'id = "{entry.get("id")}"' in text), None)
        fields = ("id", "title", "text", "source")
        if set(entry) != set(fields) or not all(isinstance(entry[f], str) and entry[f].strip() for f in fields):
            raise RulesFileError(path, where, "each [[assumption]] needs exactly id, title, text and source, as text")
        if entry["id"] in known:
            raise RulesFileError(
                path, where, f"assumption '{entry['id']}' is already given (ids are shared by every ruleset)"
            )
        known[entry["id"]] = Assumption(*(entry[f] for f in fields))


def read_folder(rules_dir: Path) -> dict[str, _File]:
    """What rulescore reads of a rules/ folder, read with tomllib: "<id>/<name>" -> its file, for
    every folder with a ruleset.toml (its numbers and assumptions too, where it has them)."""
    import tomllib  # only where the TOML itself is read: at build time, or in a checkout

    found = {}
    for folder in sorted(p for p in rules_dir.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))):
        for name in (METADATA, NUMBERS, ASSUMPTIONS_FILE):
            path = folder / name
            if path.is_file() and (folder / METADATA).is_file():
                raw = path.read_text(encoding="utf-8")
                try:
                    found[f"{folder.name}/{name}"] = _File(path, raw, tomllib.loads(raw))
                except tomllib.TOMLDecodeError as error:
                    raise RulesFileError(path, toml_line(error), f"not valid TOML: {error}") from None
    return found


def _load(files: dict[str, _File]) -> tuple[dict[str, Ruleset], dict[str, Assumption]]:
    """Every ruleset in `files`, in the order players see them, and every assumption: the code's own,
    then each ruleset's."""
    ids = sorted({name.split("/")[0] for name in files})
    metas = {ruleset_id: files[f"{ruleset_id}/{METADATA}"].data for ruleset_id in ids}
    known = dict(GENERAL)
    for ruleset_id in sorted(ids, key=lambda i: (metas[i].get("order", 100), i)):
        if f"{ruleset_id}/{ASSUMPTIONS_FILE}" in files:
            _read_assumptions(files[f"{ruleset_id}/{ASSUMPTIONS_FILE}"], known)
    found = []
    for ruleset_id in ids:
        meta = metas[ruleset_id]
        missing = [key for key in ("id", "title", "game", "chapter") if not isinstance(meta.get(key), str)]
        if missing:
            raise RulesFileError(files[f"{ruleset_id}/{METADATA}"].path, None, f"missing required field '{missing[0]}'")
        found.append(_build(files.get(f"{ruleset_id}/{NUMBERS}"), meta, _resolve(files, ruleset_id, set(ids), known)))
    return {r.id: r for r in sorted(found, key=lambda r: (r.order, r.id))}, known


def load_all(rules_dir: Path) -> tuple[dict[str, Ruleset], dict[str, Assumption]]:
    """Every ruleset and assumption of a rules/ folder."""
    return _load(read_folder(rules_dir))


def load(rules_dir: Path) -> dict[str, Ruleset]:
    """Every ruleset in `rules_dir`, in the order players see them."""
    return load_all(rules_dir)[0]


# In the wheel: {"<id>/<name>": {"text": ..., "data": ...}}, what read_folder read at build time
# (sitegen/assets.py writes it), so a browser starts without importing and running a TOML parser
# (~30 ms on a fast machine, four times that on a slow phone).
PARSED = "rules.json"


def parsed_files(rules_dir: Path) -> dict[str, dict]:
    """What the wheel carries of rules/, as rules.json holds it."""
    return {name: {"text": file.raw, "data": file.data} for name, file in read_folder(rules_dir).items()}


def rules_files() -> dict[str, _File]:
    """The wheel's rules.json, or the rules/ folder of the checkout rulescore sits in."""
    here = os.path.dirname(__file__)
    try:
        parsed = __spec__.loader.get_data(f"{here}/{PARSED}")
    except OSError:
        return read_folder(Path(here).resolve().parent / "rules")
    return {
        name: _File(Path("rules") / name, entry["text"], entry["data"]) for name, entry in json.loads(parsed).items()
    }


_read: tuple[dict[str, Ruleset], dict[str, Assumption]] = ()


def read_rules() -> tuple[dict[str, Ruleset], dict[str, Assumption]]:
    """Every ruleset and assumption rulescore carries, read once."""
    global _read
    if not _read:
        _read = _load(rules_files())
    return _read


RULESETS: Mapping[str, Ruleset] = OnFirstUse(lambda: read_rules()[0])
# The general assumptions, then each ruleset's (read with the rulesets, which check their ids).
ASSUMPTIONS: Mapping[str, Assumption] = OnFirstUse(lambda: read_rules()[1])
